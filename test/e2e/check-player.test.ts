/**
 * "Check player" (right-click a message → Apps), end to end: the real bot through discord.js, the
 * sandbox API and the Discord double (the command registered by the real deploy code, the message
 * sent resolved as Discord sends it). The names a message carries are offered, each opening the
 * player's record with one request per 100 of their logs; a message naming nobody opens the modal at once.
 */
import { Locale } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { control, embedOf, startWorld, type World } from './world.js';

let world: World;
let busy: string;

beforeAll(async () => {
  world = await startWorld();
  busy = world.sandbox.dataset.samples.busyUsernames[0] as string;
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const userLogReads = (username: string) =>
  world.sandbox.requests.filter((r) => r.path.endsWith(`/logs/user/${encodeURIComponent(username)}`)).length;

describe('Check player', () => {
  it('is registered as a MESSAGE command with the slash commands', () => {
    const registered = world.double.registeredCommands(world.double.guildId);
    expect(registered.filter((c) => c.type === 3).map((c) => c.name)).toEqual(['Check player']);
  });

  it('offers the names a report names, privately, and opens a record with one request per page of their logs', async () => {
    const reporter = world.double.user({ username: 'reporter' });
    const picked = await (
      await world.double.messageCommand(world.mod, 'Check player', {
        author: reporter,
        content: `Report: Player: ${busy} was spawn killing`,
        embeds: [{ title: 'Ticket', fields: [{ name: 'Suspect', value: 'Nobody_Known_1' }] }],
      })
    ).response();
    expect(picked.ephemeral).toBe(true);
    expect(embedOf(picked.message).title).toBe('Players named in this message');
    expect(embedOf(picked.message).description).toContain(busy);
    const before = userLogReads(busy);
    const record = await (
      await world.double.select(world.mod, picked.message!, control(picked.message, 'Open…'), [busy])
    ).response();
    const embed = embedOf(record.message);
    expect(embed.title).toContain(`Player ${busy}`);
    const entries = embed.fields?.find((f) => f.name === 'Entries')?.value ?? '';
    const expected = world.sandbox.dataset.logs.filter((l) => l.username === busy).length;
    // Every page read (the API gives no order: the newest and a ban in effect can be on any page).
    expect(entries).toBe(expected.toLocaleString('en-US'));
    expect(userLogReads(busy)).toBe(before + Math.ceil(expected / 100));
    expect(control(record.message, 'All their logs')).toMatch(/^rc1:s:/);
  });

  it('a username the API does not know: one sentence', async () => {
    const picked = await (
      await world.double.messageCommand(world.mod, 'Check player', {
        author: world.double.user({ username: 'r2' }),
        content: 'IGN: Nobody_Known_1',
      })
    ).response();
    const answer = await (
      await world.double.select(world.mod, picked.message!, control(picked.message, 'Open…'), [
        'Nobody_Known_1',
      ])
    ).response();
    expect(answer.message?.content).toBe(MESSAGES.noPlayerLogs);
  });

  it('a message naming nobody opens the modal; what is typed (spaces and / too) is read percent-encoded', async () => {
    const asked = await (
      await world.double.messageCommand(world.mod, 'Check player', {
        author: world.double.user({ username: 'r3' }),
        content: 'someone was rude in chat',
      })
    ).response();
    expect(asked.modal?.title).toBe('Check player');
    const modalId = asked.modal?.custom_id as string;
    const typed = 'odd name/with slash';
    await (await world.double.submitModal(world.mod, modalId, { value: typed })).response();
    expect(world.sandbox.requests.some((r) => r.path.endsWith('/logs/user/odd%20name%2Fwith%20slash'))).toBe(
      true,
    );
    const found = await (await world.double.submitModal(world.mod, modalId, { value: busy })).response();
    expect(embedOf(found.message).title).toContain(`Player ${busy}`);
  });

  it('"Type a username…" on the picker opens the same modal, for its owner only', async () => {
    const picked = await (
      await world.double.messageCommand(world.mod, 'Check player', {
        author: world.double.user({ username: 'r4' }),
        content: `Player: ${busy}`,
      })
    ).response();
    const ask = control(picked.message, 'Type a username…');
    const opened = await (await world.double.click(world.mod, picked.message!, ask)).response();
    expect(opened.modal?.title).toBe('Check player');
  });

  it("speaks the moderator's language: the names, the button, the modal and the record", async () => {
    const mod = world.double.user({ username: 'moderator-de', roles: ['Moderator'], locale: Locale.German });
    const asked = await (
      await world.double.messageCommand(mod, 'Check player', {
        author: world.double.user({ username: 'r5' }),
        content: 'jemand war unhöflich',
      })
    ).response();
    expect(asked.modal?.title).toBe('Spieler prüfen');
    expect(JSON.stringify(asked.modal)).toContain('Spielername');
    const picked = await (
      await world.double.messageCommand(mod, 'Check player', {
        author: world.double.user({ username: 'r6' }),
        content: `Spieler: ${busy}`,
      })
    ).response();
    expect(embedOf(picked.message).title).toBe('In dieser Nachricht genannte Spieler');
    expect(control(picked.message, 'Spielernamen eingeben…')).toMatch(/^rc1:/);
    const record = await (
      await world.double.select(mod, picked.message!, control(picked.message, 'Öffnen…'), [busy])
    ).response();
    const embed = embedOf(record.message);
    expect(embed.title).toContain(`Spieler ${busy}`);
    expect(embed.fields?.map((f) => f.name)).toContain('Einträge');
    expect(control(record.message, 'Alle Protokolle des Spielers')).toMatch(/^rc1:s:/);
  });
});
