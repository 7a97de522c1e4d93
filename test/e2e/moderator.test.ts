/**
 * Seen as a moderator would, end to end: the real bot, through discord.js, against the sandbox API
 * and the Discord double, on a dataset patched with the awkward records a real server has (two
 * roles sharing a name, a role whose id can never be opened, an unnamed role, a timestamp past
 * year 9999).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { type Dataset, generateDataset } from '../doubles/sandbox/data.js';
import { injectSelectOption } from '../reliability/support.js';
import { control, controls, embedOf, startWorld, type World } from './world.js';

const TWIN = 'Twin Role';
const FAR_FUTURE = 253_402_300_800;

function patchedDataset(): Dataset {
  const ds = generateDataset();
  const [first, second, dots, unnamed, named] = ds.roles;
  first!.name = TWIN;
  second!.name = TWIN.toLowerCase();
  (dots as { id: string }).id = '..';
  unnamed!.name = '';
  const member = ds.members[0]!;
  (member as { roles?: string[] }).roles = [
    named!.id,
    unnamed!.id,
    named!.id === first!.id ? second!.id : first!.id,
  ];
  const loa = ds.loas.find((l) => typeof l.memberId === 'string' && l.memberId !== '')!;
  loa.startedAt = FAR_FUTURE;
  return ds;
}

let world: World;
let ds: Dataset;

beforeAll(async () => {
  ds = patchedDataset();
  world = await startWorld({ sandbox: { dataset: ds } });
});
afterAll(async () => {
  await world?.close();
});

function selectOptionsOf(message: { components?: unknown[] } | null | undefined) {
  const rows = (message?.components ?? []) as Array<{ components: Array<Record<string, unknown>> }>;
  const select = rows.flatMap((r) => r.components).find((c) => c.placeholder === 'Open…');
  return (select?.options ?? []) as Array<{ label: string; value: string; description?: string }>;
}

describe('two roles with the same name', () => {
  it('autocomplete shows each with its id beside the name', async () => {
    const answer = await (
      await world.double.autocomplete(world.mod, 'role', 'view', 'role', 'twin')
    ).response();
    expect(answer.choices).toEqual(
      expect.arrayContaining([
        { name: `${TWIN} (${ds.roles[0]!.id})`, value: ds.roles[0]!.id },
        { name: `${TWIN.toLowerCase()} (${ds.roles[1]!.id})`, value: ds.roles[1]!.id },
      ]),
    );
  });

  it('a typed shared name is answered with one sentence naming both with their ids, nothing read', async () => {
    world.sandbox.resetLog();
    const answer = await (
      await world.double.slash(world.mod, 'role', { subcommand: 'view', options: { role: 'TWIN ROLE' } })
    ).response();
    expect(answer.ephemeral).toBe(true);
    expect(answer.message?.content).toBe(
      `TWIN ROLE is the name of 2 roles: ${TWIN} (\`${ds.roles[0]!.id}\`), ${TWIN.toLowerCase()} (\`${ds.roles[1]!.id}\`). Pick one from the list, or give its id.`,
    );
    expect(world.sandbox.requests.filter((r) => /\/roles\/./.test(r.path))).toEqual([]);
  });
});

describe('a record whose id can never be opened', () => {
  it('is listed but not offered in Open…; a forged pick says it cannot be opened, nothing sent', async () => {
    const answer = await (await world.double.slash(world.mod, 'role', { subcommand: 'list' })).response();
    const options = selectOptionsOf(answer.message);
    expect(options.length).toBeGreaterThan(0);
    expect(options.map((o) => o.value)).not.toContain('..');
    expect(embedOf(answer.message).description).toContain('`..`');
    const open = control(answer.message, 'Open…');
    injectSelectOption(world.double, answer.message!.id, open, '..');
    world.sandbox.resetLog();
    const picked = await (await world.double.select(world.mod, answer.message!.id, open, ['..'])).response();
    expect(picked.message?.content).toBe(MESSAGES.cannotOpen);
    expect(world.sandbox.requests.map((r) => r.path)).toEqual([]);
  });
});

describe('LOA → member → back', () => {
  it('the member opened from an LOA has "↩ Back to LOA", which shows that LOA again', async () => {
    const loa = ds.loas.find((l) => l.startedAt === FAR_FUTURE)!;
    const view = await (
      await world.double.slash(world.mod, 'loa', { subcommand: 'view', options: { id: loa.id } })
    ).response();
    expect(embedOf(view.message).fields?.find((f) => f.name === 'Started')?.value).toBe(
      `${FAR_FUTURE} (not a valid date)`,
    );
    const member = await (
      await world.double.click(world.mod, view.message!, control(view.message, 'Member'))
    ).response();
    expect(embedOf(member.message).title).toBe(`Member ${loa.memberId}`);
    expect(controls(member.message).has('↩ Back to LOA')).toBe(true);
    const back = await (
      await world.double.click(world.mod, member.message!, control(member.message, '↩ Back to LOA'))
    ).response();
    expect(embedOf(back.message).title).toContain(loa.id);
  });
});

describe('an unnamed role', () => {
  it('shows as its id in a member role list, never as a gap between commas', async () => {
    const m = ds.members[0]!;
    const answer = await (
      await world.double.slash(world.mod, 'member', { subcommand: 'view', options: { 'member-id': m.id } })
    ).response();
    const roles = embedOf(answer.message).fields?.find((f) => f.name === 'Roles')?.value ?? '';
    expect(roles).toContain(`\`${ds.roles[3]!.id}\``);
    expect(roles).not.toMatch(/,\s*,|^,|,\s*$/);
    const list = await (await world.double.slash(world.mod, 'member', { subcommand: 'list' })).response();
    const option = selectOptionsOf(list.message).find((o) => o.value === m.id);
    expect(option?.description).toContain(ds.roles[3]!.id);
    expect(option?.description).not.toMatch(/,\s*,|^,|,\s*$/);
  });
});
