/**
 * A digest is written in its server's language: the server's preferred locale (a Community server's
 * setting, here German), unless its admins chose one with /rollcall-admin reports language (here
 * French); "server default" gives the server's own back. The real bot, the Discord double and the
 * sandbox API, as in digest.e2e.test.ts.
 */
import { Locale } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.js';
import type { World } from '../e2e/world.js';
import { type HostedWorld, startHostedWorld } from './hosted-world.js';

const GUILD = '1300000000000000082';
const TOKEN = 'digest-language-token-5d6e7f';

let hosted: HostedWorld;
let world: World;

beforeAll(async () => {
  hosted = await startHostedWorld({
    guildId: GUILD,
    sandbox: { communities: { [TOKEN]: { seed: 82, label: 'digest-language' } } },
    token: TOKEN,
    guild: { preferredLocale: Locale.German, channels: [{ name: 'general' }, { name: 'staff-digest' }] },
    keyByte: 9,
  });
  ({ world } = hosted);
}, 60_000);

afterAll(async () => {
  await hosted?.close();
});

const adminReports = (options: Record<string, unknown>) => hosted.adminReports(options);

/** Make the saved digest's latest instant due again, as if saved long ago and never posted. */
const dueAgain = () => hosted.digestDueAgain();

/**
 * Post the due digest and give every embed: its three reports (time on duty, quota, on leave now),
 * the leave report followed by the week's returns and starts (src/render/reminders.ts).
 */
async function posted() {
  const before = world.double.channelMessages.length;
  expect(await world.app.digests?.tick()).toBe(1);
  const messages = world.double.channelMessages.slice(before);
  expect(messages).toHaveLength(1);
  return messages[0]?.embeds ?? [];
}

/** English interface words a digest's embeds show (titles, totals, states, footers). */
const ENGLISH_WORDS =
  /Time on duty|Quota check|On leave now|This week|Last week|Returning|Starting|\bmembers?\b|\bpass\b|\bfail\b|\bback\b|\bfrom\b|no return date|Nobody|No leave|Page \d|Data as of|Saved data|shifts?\b/;

describe('the language of a digest', () => {
  it("is the server's preferred locale (German) when its admins chose none", async () => {
    const set = await adminReports({
      digest: 'weekly',
      'digest-channel': 'staff-digest',
      'digest-day': 'monday',
      'digest-hour': 9,
    });
    expect(set).toContain('Digest language: server default (Deutsch).');
    await dueAgain();
    const embeds = await posted();
    expect(embeds.map((e) => e.title?.split(' · ')[0])).toEqual([
      'Dienstzeit',
      'Quotenprüfung',
      'Gerade abwesend',
      'Rückkehr diese Woche',
      'Beginn diese Woche',
      'Wartet auf Prüfung',
    ]);
    expect(embeds[0]?.title).toContain('Letzte Woche (');
    for (const embed of embeds) {
      // A post cannot be paged: how many it shows and the command for all, or its whole total.
      expect(embed.footer?.text).not.toMatch(/Seite \d+ von/);
      // (A section with nothing read yet has no count: "not every page read yet" comes first.)
      expect(embed.footer?.text).toMatch(
        /^(\d+ von \d+ gezeigt · alle mit \/[a-z]+ [a-z]+( [a-z]+:[a-z]+)? · |\d+ \S+ · |noch nicht alle Seiten gelesen)/,
      );
      expect(embed.footer?.text).toMatch(/(Daten vom|Gespeicherte Daten \(.+ alt\) vom)$/);
      // Slash commands keep their one name in every language ("/shift totals"): not words to translate.
      const footer = embed.footer?.text?.replace(/\/[a-z-]+ [a-z-]+/g, '');
      expect(`${embed.title}\n${embed.description}\n${footer}`).not.toMatch(ENGLISH_WORDS);
    }
  });

  it('is the language its admins chose (French), and the server default again when they say so', async () => {
    expect(await adminReports({ language: 'fr' })).toContain('Digest language: Français.');
    expect((await (world.app.store() as Store).snapshots.reportSettings(GUILD)) as unknown).toMatchObject({
      language: 'fr',
    });
    await dueAgain();
    const french = await posted();
    expect(french.map((e) => e.title?.split(' · ')[0])).toEqual([
      'Temps de service',
      'Contrôle des quotas',
      'Absents en ce moment',
      'Retours cette semaine',
      'Départs cette semaine',
      'En attente d’examen',
    ]);
    expect(french[0]?.title).toContain('La semaine dernière (');
    for (const embed of french) {
      expect(embed.footer?.text).not.toMatch(/Page \d+ sur/);
      expect(embed.footer?.text).toMatch(
        /^(\d+ sur \d+ affichés · tous avec \/[a-z]+ [a-z]+( [a-z]+:[a-z]+)? · |\d+ \S+ · |pages pas encore toutes lues)/,
      );
      expect(`${embed.title}\n${embed.description}`).not.toMatch(ENGLISH_WORDS);
    }

    expect(await adminReports({ language: 'server' })).toContain(
      'Digest language: server default (Deutsch).',
    );
    await dueAgain();
    expect((await posted())[0]?.title).toMatch(/^Dienstzeit · /);
  });
});
