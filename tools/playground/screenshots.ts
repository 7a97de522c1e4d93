/**
 * `npm run screenshots`: one picture per command family, one of a user command (right-click a
 * member, Apps), one of the message command (right-click a report, Apps, Check player), the report
 * settings form of /rollcall-admin reports (on a hosted world), a detail view, the status view, a sentence in German (a moderator whose Discord is in German) and the morning's digest and leave reminders the channel opens on, taken
 * from the playground in Chromium,
 * into docs/images/<family>.png (cropped to the message), with docs/images/manifest.json recording
 * the hash of what they were made from (see manifest.ts). Reproducible: a fixed sandbox seed, the
 * bot's clock and the browser's clock start at the same fixed instant, a fixed time zone and locale.
 *
 * Families without a scene below are pictured by their first subcommand that needs no options.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type APIApplicationCommand,
  ApplicationCommandOptionType,
  ComponentType,
} from 'discord-api-types/v10';
import type { BrowserContext } from 'playwright-core';
import UPNG from 'upng-js';
import type { Dataset } from '../../test/doubles/sandbox/data.js';
import { browserMissing, launchBrowser } from './browser.js';
import { IMAGES_DIR, inputsHash, MANIFEST_PATH, type Manifest } from './manifest.js';

export const SEED = 1;
/** The instant the pictures are taken at (the bot's and the browser's clocks start here). */
export const CLOCK = '2026-11-20T15:00:00.000Z';
export const TIME_ZONE = 'UTC';

/** What to run for each family, from the sandbox's sample values. */
function scenes(dataset: Dataset): Record<string, string[]> {
  const s = dataset.samples;
  return {
    loa: ['/loa list'],
    log: [`/log user username:${s.busyUsernames[0] ?? ''}`],
    'audit-log': ['/audit-log list'],
    shift: ['/shift totals period:last-month'],
    quota: ['/quota check period:last-month'],
    role: ['/role list'],
    member: ['/member list'],
    application: ['/application list'],
    'join-request': [`/join-request view user-id:${s.joinRequestUserIds[0] ?? ''}`],
    rollcall: ['/rollcall help'],
  };
}

/** Who runs a family's scene, when not the moderator (a username of the playground's community). */
const SCENE_ACTORS: Record<string, string> = { me: 'robin' };

/**
 * Runs the bot on a clock that starts at CLOCK and runs at the real pace (message times, "data as
 * of" and the like), so the pictures do not depend on the day they are taken.
 */
function startClockAt(iso: string): void {
  const RealDate = Date;
  const offset = RealDate.parse(iso) - RealDate.now();
  class ShiftedDate extends RealDate {
    constructor(...args: ConstructorParameters<typeof Date> | []) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as ConstructorParameters<typeof Date>));
    }
    static override now(): number {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}

async function main(): Promise<void> {
  const missing = browserMissing();
  if (missing) throw new Error(missing);
  const browser = await launchBrowser();
  let closePlayground: (() => Promise<unknown>) | undefined;
  try {
    const context = await browser.newContext({
      timezoneId: TIME_ZONE,
      locale: 'en-US',
      viewport: { width: 640, height: 1400 },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    // The page's clock runs from CLOCK as the bot's does, both started here: a time the bot saved
    // seconds ago reads "2 seconds ago" (against a page frozen at CLOCK it read "in 2 seconds").
    // Installed before this process's clock is shifted: Playwright sets the page's clock against
    // this process's Date, and after the shift the page would read the real day.
    await page.clock.install({ time: new Date(CLOCK) });
    startClockAt(CLOCK);
    // Imported after the clock is set, so everything the bot creates reads the shifted clock.
    const { startPlayground } = await import('./server.js');
    const playground = await startPlayground({
      port: 0,
      world: { env: { LOG_LEVEL: 'silent' }, sandbox: { seed: SEED } },
    });
    closePlayground = () => playground.close();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(playground.url);
    await page.locator('#actor option').first().waitFor({ state: 'attached', timeout: 10_000 });

    const wanted = scenes(playground.world.sandbox.dataset);
    const families = playground.session.state().commands.map((c) => c.name);
    const pictures: Manifest['pictures'] = {};
    mkdirSync(IMAGES_DIR, { recursive: true });
    for (const old of readdirSync(IMAGES_DIR)) if (old.endsWith('.png')) rmSync(join(IMAGES_DIR, old));
    // The morning's posts the channel opens on (tools/playground/schedules.ts): the digest's leave
    // sections and the leave reminders, from the digest to the last reminder, on a taller page.
    const posted = playground.session.state().messages.filter((m) => m.scheduled);
    const digest = posted[0];
    if (!digest || posted.length < 2) throw new Error('the playground opened on no digest and reminders');
    await page.setViewportSize({ width: 900, height: 2400 });
    await picture(
      'digest.png',
      'digests and leave reminders',
      'the digest (leave) and leave reminders',
      digest.id,
    );
    await page.setViewportSize({ width: 640, height: 1400 });

    for (const family of families) {
      const steps = wanted[family] ?? fallback(playground.session.state().commands, family);
      if (!steps) {
        console.log(`${family}: skipped (every subcommand needs options; add a scene in screenshots.ts)`);
        continue;
      }
      // /me is a staff member's own record: taken as robin (staff, on duty), not as the moderator.
      const actor = SCENE_ACTORS[family];
      if (actor) playground.session.actAs(actor);
      for (const line of steps) {
        const result = await playground.session.slash(line);
        if (!result.ok) throw new Error(`${line}: ${result.error}`);
      }
      await picture(`${family}.png`, family, `${actor ? `as ${actor}: ` : ''}${steps.join(' → ')}`);
      if (actor) playground.session.actAs(playground.world.mod.id);
    }
    // The user commands (right-click a member, Apps): LOAs of the community's busiest member.
    const alex = playground.session.state().members.find((m) => m.username === 'alex');
    if (!alex) throw new Error('the playground has no member alex to right-click');
    const menu = await playground.session.userCommand('LOAs', alex.id);
    if (!menu.ok) throw new Error(`LOAs: ${menu.error}`);
    await picture('user-menu.png', 'user commands', 'right-click alex → Apps → LOAs');
    // A detail view (the busiest member's newest LOA) and the status view.
    const dataset = playground.world.sandbox.dataset;
    const loaId = dataset.loasByMember.get(dataset.samples.busyMemberIds[0] ?? '')?.[0]?.id;
    if (!loaId) throw new Error('the sandbox has no LOA of its busiest member');
    for (const [file, family, line] of [
      ['loa-view.png', 'a detail view', `/loa view id:${loaId}`],
      ['status.png', 'status', '/rollcall status'],
      ['shift-active.png', 'who is on duty', '/shift active'],
      ['inactive.png', 'who went quiet', '/quota inactive days:30'],
    ] as const) {
      const result = await playground.session.slash(line);
      if (!result.ok) throw new Error(`${line}: ${result.error}`);
      await picture(file, family, line);
    }
    // The staff record as a scorecard (from the snapshot the reports above saved), of a staff member
    // on duty now.
    const robin = playground.session.state().members.find((m) => m.username === 'robin');
    if (!robin) throw new Error('the playground has no staff member robin to right-click');
    const record = await playground.session.userCommand('Staff record', robin.id);
    if (!record.ok) throw new Error(`Staff record: ${record.error}`);
    await picture('staff-record.png', 'user commands', 'right-click robin → Apps → Staff record');
    // Check player: right-click a report in the channel → Apps → Check player, then the first name
    // it offers: that player's record (one request).
    const report = playground.session.posts()[0];
    if (!report) throw new Error('the playground has no report naming players to right-click');
    const picked = await playground.session.messageCommand('Check player', report.id);
    if (!picked.ok) throw new Error(`Check player: ${picked.error}`);
    const picker = playground.session.state().messages.at(-1);
    type Loose = { type: number; custom_id?: string; options?: Array<{ value: string }> };
    const select = (picker?.message.components ?? [])
      .flatMap((row) => (row as { components?: Loose[] }).components ?? [])
      .find((c) => c.type === ComponentType.StringSelect);
    const first = select?.options?.[0]?.value;
    if (!picker || !select?.custom_id || !first) throw new Error('Check player offered no name');
    const opened = await playground.session.select(picker.id, select.custom_id, [first]);
    if (!opened.ok) throw new Error(`Check player ${first}: ${opened.error}`);
    await picture(
      'check-player.png',
      'message commands',
      `right-click a report → Apps → Check player → ${first}`,
    );
    // A screen in the reader's language: a moderator whose Discord client is in German.
    const asGerman = playground.session.actAs('moderator-de');
    if (!asGerman.ok) throw new Error(`act as moderator-de: ${asGerman.error}`);
    const german = '/loa list';
    const answered = await playground.session.slash(german);
    if (!answered.ok) throw new Error(`${german}: ${answered.error}`);
    await picture('translated.png', 'languages', `as moderator-de (German) ${german}`);
    await settingsForm(context);

    /**
     * The last message of the conversation, cropped to it, as `file`; with `fromId`, the messages
     * from that one to the last.
     */
    async function picture(file: string, family: string, run: string, fromId?: string): Promise<void> {
      const count = playground.session.state().messages.length;
      const message = page.locator('discord-message').nth(count - 1);
      await page.waitForFunction(`document.querySelectorAll('discord-message').length >= ${count}`, null, {
        timeout: 10_000,
      });
      await page.evaluate('document.fonts.ready.then(() => true)');
      const first = fromId ? page.locator(`discord-message[data-message-id="${fromId}"]`) : message;
      await first.scrollIntoViewIfNeeded();
      // Crop to the messages: their height, and their width up to the widest embed or row of buttons.
      const top = await first.boundingBox();
      const bottom = await message.boundingBox();
      if (!top || !bottom) throw new Error(`${family}: the message is not on the page`);
      const box = { x: top.x, y: top.y, width: top.width, height: bottom.y + bottom.height - top.y };
      let right = box.x + 420;
      for (const edge of fromId ? [first, message] : [message]) {
        for (const part of await edge.locator('discord-embed, discord-action-row, discord-command').all()) {
          const partBox = await part.boundingBox();
          if (partBox) right = Math.max(right, partBox.x + partBox.width);
        }
      }
      const shot = await page.screenshot({
        animations: 'disabled',
        timeout: 10_000,
        clip: { x: box.x, y: box.y, width: Math.min(box.width, right - box.x + 16), height: box.height },
      });
      writeFileSync(join(IMAGES_DIR, file), quantize(shot));
      pictures[file] = { family, run };
      console.log(`${file}: ${run}`);
    }
    /**
     * The report settings form of /rollcall-admin reports (hosted mode only, so not in the
     * playground's one community): the playground in hosted mode (`npm run playground -- --hosted`,
     * hosted.ts), the form opened from the command box, cropped to its box.
     */
    async function settingsForm(inside: BrowserContext): Promise<void> {
      const { generateDataset } = await import('../../test/doubles/sandbox/data.js');
      const baseTime = Math.floor(Date.parse(CLOCK) / 1000);
      const served = await startPlayground({
        port: 0,
        hosted: true,
        world: {
          env: { LOG_LEVEL: 'silent' },
          sandbox: { dataset: generateDataset({ seed: SEED, baseTime }) },
        },
      });
      try {
        const formPage = await inside.newPage();
        await formPage.clock.setFixedTime(new Date(CLOCK));
        await formPage.setViewportSize({ width: 640, height: 1000 });
        await formPage.goto(served.url);
        await formPage.locator('#actor option').first().waitFor({ state: 'attached', timeout: 10_000 });
        const line = '/rollcall-admin reports';
        const opened = await served.session.slash(line);
        if (opened.kind !== 'modal') throw new Error(`${line}: no form (${opened.error ?? opened.kind})`);
        const box = formPage.locator('discord-modal div.discord-modal-box');
        await box.waitFor({ state: 'visible', timeout: 10_000 });
        await formPage.evaluate('document.fonts.ready.then(() => true)');
        // The box and its footer (Cancel, Submit), which reaches below the box's own height.
        const edge = await box.boundingBox();
        const submit = await formPage.locator('discord-modal button[type="submit"]').boundingBox();
        if (!edge || !submit) throw new Error('the settings form is not on the page');
        const bottom = Math.max(edge.y + edge.height, submit.y + submit.height + 16);
        const shot = await formPage.screenshot({
          animations: 'disabled',
          timeout: 10_000,
          clip: { x: edge.x, y: edge.y, width: edge.width, height: bottom - edge.y },
        });
        writeFileSync(join(IMAGES_DIR, 'settings-form.png'), quantize(shot));
        pictures['settings-form.png'] = { family: 'rollcall-admin', run: `${line} (hosted mode)` };
        console.log(`settings-form.png: ${line} (hosted mode)`);
        await formPage.close();
      } finally {
        await served.close();
      }
    }
    const manifest: Manifest = {
      inputs: inputsHash(),
      seed: SEED,
      clock: CLOCK,
      timeZone: TIME_ZONE,
      pictures,
    };
    writeFileSync(MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`wrote ${Object.keys(pictures).length} pictures and ${MANIFEST_PATH}`);
  } finally {
    await browser.close();
    await closePlayground?.();
  }
}

/** The PNG with at most 256 colours (a fraction of the size; text stays sharp). */
function quantize(png: Buffer): Buffer {
  const image = UPNG.decode(new Uint8Array(png).buffer);
  const rgba = UPNG.toRGBA8(image)[0];
  if (!rgba) throw new Error('the screenshot has no frame');
  return Buffer.from(UPNG.encode([rgba], image.width, image.height, 256));
}

/** The first subcommand of `family` that needs no options, as a typed line; null when there is none. */
function fallback(commands: readonly APIApplicationCommand[], family: string): string[] | null {
  const options = commands.find((c) => c.name === family)?.options ?? [];
  const nested = options.filter((o) => o.type === ApplicationCommandOptionType.Subcommand);
  if (nested.length === 0) {
    const grouped = options.some((o) => o.type === ApplicationCommandOptionType.SubcommandGroup);
    return grouped || options.some((o) => o.required) ? null : [`/${family}`];
  }
  const free = nested.find((o) => !(o.options ?? []).some((x) => x.required));
  return free ? [`/${family} ${free.name}`] : null;
}

main().catch((error: unknown) => {
  console.error('screenshots: failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
