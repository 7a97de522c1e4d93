/**
 * The playground in a real browser (Debian's Chromium through playwright-core): the page drives the
 * real bot between the sandbox API and the Discord double, and shows its answers with the
 * Discord-like renderer. One browser and one playground for the file; every wait is bounded.
 * With CI=true a missing browser fails the file; without CI it is skipped with the reason.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { browserMissing, launchBrowser } from '../../tools/playground/browser.js';
import { type Playground, startPlayground } from '../../tools/playground/server.js';

const missing = browserMissing();
const required = process.env.CI === 'true' || process.env.CI === '1';
const WAIT = 10_000;

/** The value of the focused option of an autocomplete interaction's data, at any depth. */
function focusedValue(data: unknown): unknown {
  const options = (data as { options?: unknown[] } | undefined)?.options ?? [];
  for (const option of options as Array<{ focused?: boolean; value?: unknown }>) {
    if (option.focused) return option.value;
    const inner = focusedValue(option);
    if (inner !== undefined) return inner;
  }
  return undefined;
}
/** The viewer's time zone: far from UTC, so a timestamp written in UTC would be seen as wrong. */
const ZONE = 'Pacific/Kiritimati';

const title = missing && !required ? `in Chromium (skipped: ${missing})` : 'in Chromium';

if (missing && required) {
  describe('in Chromium', () => {
    it('runs: with CI=true the browser tests are mandatory', () => {
      throw new Error(`CI requires the browser tests: ${missing}`);
    });
  });
}

describe.skipIf(missing !== null)(title, () => {
  let playground: Playground;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const requests: string[] = [];

  beforeAll(async () => {
    playground = await startPlayground({ port: 0, world: { env: { LOG_LEVEL: 'silent' } } });
    browser = await launchBrowser();
    context = await browser.newContext({
      timezoneId: ZONE,
      locale: 'en-US',
      viewport: { width: 1100, height: 900 },
    });
    context.setDefaultTimeout(WAIT);
    page = await context.newPage();
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(playground.url, { timeout: 60_000 });
    await page.locator('#actor option').first().waitFor({ state: 'attached' });
  });
  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  const last = (): Locator => page.locator('discord-message').last();
  const button = (message: Locator, label: string): Locator =>
    message.locator('discord-button', { hasText: label }).first();
  const text = async (locator: Locator): Promise<string> => (await locator.textContent()) ?? '';
  /** A data- attribute the page keeps on <body>: busy (requests under way), actor, messages (count). */
  const bodyData = async (name: string): Promise<string> =>
    (await page.locator('body').getAttribute(`data-${name}`)) ?? '';
  const messageCount = async (): Promise<number> => Number(await bodyData('messages'));
  const settle = () => expect.poll(() => bodyData('busy'), { timeout: WAIT }).toBe('0');

  async function run(line: string): Promise<void> {
    const before = await messageCount();
    await page.locator('#command').fill(line);
    await page.locator('#command').press('Enter');
    await expect.poll(messageCount, { timeout: WAIT }).toBeGreaterThan(before);
  }

  it("opens on Rollcall's own posts of the morning: the digest's leave sections, then leave reminders", async () => {
    const scheduled = page.locator('discord-message[data-scheduled]');
    await expect.poll(() => scheduled.count(), { timeout: WAIT }).toBeGreaterThan(1);
    const digest = scheduled.first();
    expect(await digest.getAttribute('author')).toBe(playground.world.double.bot.username);
    expect(await digest.getAttribute('ephemeral')).toBeNull();
    expect(await digest.locator('discord-command').count()).toBe(0); // no "used /command": nobody asked
    const titles = await digest
      .locator('discord-embed')
      .evaluateAll((embeds) => embeds.map((e) => e.getAttribute('embed-title')));
    expect(titles).toEqual([
      'On leave now',
      'Returning this week',
      'Starting this week',
      'Waiting for review',
    ]);
    // The mark is the application's emoji, drawn as its image, with its name as the text.
    expect(await text(scheduled.nth(1))).toMatch(/Leave ends tomorrow: @?\S+ is back /);
    const mark = scheduled.nth(1).locator('img.rc-emoji').first();
    expect(await mark.getAttribute('alt')).toBe(':rc_on_leave:');
    await expect
      .poll(() => mark.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: WAIT,
      })
      .toBe(128);
    // They answer nobody: the hint to type a command is still shown.
    expect(await page.locator('#empty').isVisible()).toBe(true);
  });

  it('/loa list picked from the command box: an ephemeral embed with colour bar, fields of text, footer and buttons', async () => {
    const box = page.locator('#command');
    await box.click();
    await box.pressSequentially('/lo');
    await expect.poll(() => text(page.locator('.suggestion').first()), { timeout: WAIT }).toContain('/loa');
    await box.press('Tab');
    await box.pressSequentially('li');
    await expect
      .poll(() => text(page.locator('.suggestion').first()), { timeout: WAIT })
      .toContain('/loa list');
    await box.press('Tab');
    expect(await box.inputValue()).toBe('/loa list ');
    // option hints for what is left to type
    await expect.poll(() => text(page.locator('#suggestions')), { timeout: WAIT }).toContain('public:');
    await box.press('Enter');
    await page.locator('discord-message:not([data-posted]):not([data-scheduled])').first().waitFor();

    const message = last();
    expect(await message.locator('discord-command').getAttribute('command')).toBe('/loa list');
    expect(await message.getAttribute('ephemeral')).not.toBeNull();
    expect(await text(message.locator('.discord-message-ephemeral'))).toContain('Only you can see this');
    const embed = message.locator('discord-embed');
    expect(await embed.getAttribute('embed-title')).toMatch(/Leaves of absence/);
    expect(await text(embed.locator('discord-embed-footer'))).toMatch(/Page 1 of \d+/);
    // the colour bar is the embed's colour
    const sent = playground.world.double.messages().at(-1)?.message.embeds?.[0]?.color;
    const bar = await embed.evaluate((el) => {
      const border = el.shadowRoot?.querySelector('.discord-left-border');
      return border ? el.ownerDocument.defaultView?.getComputedStyle(border).backgroundColor : null;
    });
    const hex = (sent ?? 0).toString(16).padStart(6, '0');
    const rgb = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ');
    expect(bar).toBe(`rgb(${rgb})`);
    expect(await text(button(message, '/'))).toMatch(/^1 \/ \d+$/);
    expect(await button(message, '◀').getAttribute('disabled')).not.toBeNull();
  });

  it('writes Discord timestamps in the viewer’s time zone', async () => {
    const stamp = last().locator('discord-time[data-style="d"]').first();
    const seconds = Number(await stamp.getAttribute('data-ts'));
    const expected = new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(seconds * 1000));
    expect(await text(stamp)).toBe(expected);
  });

  it('goes to the next and the last page, editing the message in place', async () => {
    const count = await page.locator('discord-message').count();
    await button(last(), '▶').click();
    await expect.poll(() => text(button(last(), '/')), { timeout: WAIT }).toMatch(/^2 \/ \d+$/);
    await button(last(), '⏭').click();
    await expect.poll(() => text(button(last(), '/')), { timeout: WAIT }).toMatch(/^(\d+) \/ \1$/);
    expect(await button(last(), '▶').getAttribute('disabled')).not.toBeNull();
    expect(await page.locator('discord-message').count()).toBe(count);
  });

  it('jumps to a page through the go-to-page modal', async () => {
    await button(last(), '/').click();
    const modal = page.locator('discord-modal');
    await modal.locator('dialog[open]').waitFor();
    expect(await modal.getAttribute('modal-title')).toMatch(/page/i);
    await modal.locator('discord-input-text input, discord-input-text textarea').first().fill('7');
    await modal.locator('button[type="submit"]').click();
    await expect.poll(() => text(button(last(), '/')), { timeout: WAIT }).toMatch(/^7 \/ \d+$/);
    await expect
      .poll(() => text(last().locator('discord-embed-footer')), { timeout: WAIT })
      .toMatch(/Page 7 of/);
  });

  it('opens an LOA from "Open…" and goes back to the list page', async () => {
    const menu = last().locator('discord-string-select-menu');
    const option = menu.locator('discord-string-select-menu-option').first();
    const value = (await option.getAttribute('data-value')) ?? '';
    expect(value).not.toBe('');
    await menu.click();
    await option.click();
    await expect
      .poll(() => last().locator('discord-embed').getAttribute('embed-title'), { timeout: WAIT })
      .toContain(value);
    await button(last(), 'Back').click();
    await expect
      .poll(() => text(last().locator('discord-embed-footer')), { timeout: WAIT })
      .toMatch(/Page 7 of/);
  });

  it('a public reply has no "only you" mark; another moderator’s click on it is refused, privately', async () => {
    await run('/loa list public:true');
    const mine = last();
    const id = (await mine.getAttribute('data-message-id')) ?? '';
    expect(await mine.getAttribute('ephemeral')).toBeNull();
    expect(await mine.locator('.discord-message-ephemeral').count()).toBe(0);

    await page.locator('#actor').selectOption('other-mod');
    await expect.poll(() => bodyData('actor'), { timeout: WAIT }).toBe('other-mod');
    // the first moderator's ephemeral lists are not shown to the other one; the public one is
    const shown = await page
      .locator('discord-message')
      .evaluateAll((all) => all.map((m) => m.getAttribute('ephemeral')));
    expect(shown.every((e) => e === null)).toBe(true);
    const publicList = page.locator(`discord-message[data-message-id="${id}"]`);
    await button(publicList, '▶').click();
    await expect.poll(() => text(last()), { timeout: WAIT }).toContain(MESSAGES.notYours);
    expect(await last().getAttribute('ephemeral')).not.toBeNull();
    await settle();
    expect(await text(button(publicList, '/'))).toMatch(/^1 \/ \d+$/);

    await page.locator('#actor').selectOption('moderator');
    await expect.poll(() => bodyData('actor'), { timeout: WAIT }).toBe('moderator');
    expect(await text(page.locator('discord-messages'))).not.toContain(MESSAGES.notYours);
  });

  it('shows the bot’s autocomplete choices for a role and runs the picked one', async () => {
    const role = playground.world.sandbox.dataset.roles.find(
      (r) => typeof r.name === 'string' && r.name.length >= 3,
    );
    const typed = String(role?.name).slice(0, 3);
    const box = page.locator('#command');
    await box.fill('');
    await box.pressSequentially(`/role view role:${typed}`);
    await expect
      .poll(() => text(page.locator('#suggestions .head')), { timeout: WAIT })
      .toContain('choices from Rollcall');
    // Each keystroke asked Rollcall; the page shows the newest answer it has. Once the question about
    // the whole typed text is answered (`choices` is null until then), the page shows exactly its
    // choices (an earlier keystroke's question may be answered after it, or not at all).
    const lastAnswer = () => {
      const asked = playground.world.double
        .interactions()
        .filter((r) => r.type === 4 && focusedValue(r.payload.data) === typed)
        .at(-1);
      return asked?.choices ? asked.choices.map((c) => c.name) : undefined;
    };
    await expect
      .poll(
        async () => {
          const answer = lastAnswer();
          const shown = await page.locator('.suggestion .name').allTextContents();
          return answer === undefined ? 'not answered yet' : { shown, answer };
        },
        { timeout: WAIT },
      )
      .toSatisfy((v) => typeof v === 'object' && JSON.stringify(v.shown) === JSON.stringify(v.answer));
    const shown = await page.locator('.suggestion .name').allTextContents();
    expect(shown).toContain(role?.name);
    await page
      .locator('.suggestion', { hasText: String(role?.name) })
      .first()
      .dispatchEvent('mousedown');
    expect(await box.inputValue()).toMatch(/^\/role view role:\S+ $/);
    const before = await messageCount();
    await box.press('Enter');
    await expect.poll(messageCount, { timeout: WAIT }).toBeGreaterThan(before);
    expect(await last().locator('discord-embed').getAttribute('embed-title')).toContain(String(role?.name));
  });

  it('shows answers to interactions made elsewhere as they happen (events from the double)', async () => {
    const before = await messageCount();
    // straight through the double, not through the page
    const handle = await playground.world.double.slash(playground.world.mod, 'role', { subcommand: 'list' });
    await handle.response();
    await expect.poll(messageCount, { timeout: WAIT }).toBe(before + 1);
    expect(await last().locator('discord-command').getAttribute('command')).toBe('/role list');
  });

  it('shows "is thinking…" while a slow answer is deferred, then the answer in its place', async () => {
    playground.world.sandbox.set({ latency: { minMs: 2_500, maxMs: 2_500 } });
    try {
      const before = await messageCount();
      // The audit log: no page of it saved yet (the morning's digest read the report snapshot, and
      // with it the first page of /shift list).
      await page.locator('#command').fill('/audit-log list');
      await page.locator('#command').press('Enter');
      await expect.poll(() => text(last()), { timeout: WAIT }).toContain('Rollcall is thinking…');
      await expect
        .poll(() => text(last().locator('discord-embed-footer')), { timeout: WAIT })
        .toMatch(/Page 1 of/);
      expect(await text(last())).not.toContain('is thinking');
      expect(await messageCount()).toBe(before + 1);
    } finally {
      playground.world.sandbox.set({ latency: null });
    }
  });

  it('a mistyped command gets one sentence under the box, and nothing was loaded from outside', async () => {
    await page.locator('#command').fill('/loa lisst');
    await page.locator('#command').press('Enter');
    await expect.poll(() => text(page.locator('#error')), { timeout: WAIT }).toContain('/loa needs one of');
    const outside = requests.filter((url) => !url.startsWith(playground.url) && !url.startsWith('data:'));
    expect(outside).toEqual([]);
    expect(requests.some((url) => url.includes('/vendor/@skyra/discord-components-core/'))).toBe(true);
  });

  it('"Dismiss message" hides a private answer on this page only', async () => {
    const before = await messageCount();
    const target = last();
    const id = (await target.getAttribute('data-message-id')) ?? '';
    expect(await target.getAttribute('ephemeral')).not.toBeNull();
    await target.locator('.discord-message-ephemeral-link').click();
    await expect.poll(messageCount, { timeout: WAIT }).toBe(before - 1);
    expect(await page.locator(`discord-message[data-message-id="${id}"]`).count()).toBe(0);
    expect(playground.world.double.message(id)).toBeDefined();
  });
  it('right-click a member, Apps: a user command answers privately under "used LOAs ▸ alex", and pages', async () => {
    await page.locator('#members-toggle').click();
    await page.locator('#members .member', { hasText: 'alex' }).click({ button: 'right' });
    const menu = page.locator('#user-menu');
    await menu.waitFor({ state: 'visible' });
    expect(await menu.locator('.item').allTextContents()).toEqual(['Staff record', 'LOAs', 'Join request']);
    const before = await messageCount();
    await menu.locator('.item', { hasText: 'LOAs' }).click();
    await expect.poll(messageCount, { timeout: WAIT }).toBeGreaterThan(before);
    expect(await menu.isHidden()).toBe(true);
    const message = last();
    const used = message.locator('discord-command');
    expect(await used.getAttribute('type')).toBe('user_command');
    expect(await used.getAttribute('command')).toBe('LOAs');
    expect(await used.getAttribute('context-user-name')).toBe('alex');
    expect(await message.getAttribute('ephemeral')).not.toBeNull();
    const memberId = playground.world.sandbox.dataset.samples.busyMemberIds[0]!;
    expect(await message.locator('discord-embed').getAttribute('embed-title')).toContain(memberId);
    await button(message, '▶').click();
    await expect.poll(() => text(button(last(), '/')), { timeout: WAIT }).toMatch(/^2 \/ \d+$/);
  });

  it('right-click a report in the channel, Apps → Check player: the names it offers, a record read once per page', async () => {
    const sample = playground.world.sandbox.dataset.samples.playerMessages[0];
    const name = sample?.names[0] ?? '';
    expect(name).not.toBe('');
    const report = page.locator('discord-message[data-posted]', { hasText: name }).first();
    expect(await report.getAttribute('author')).not.toBe('Rollcall');
    await report.click({ button: 'right' });
    const menu = page.locator('#user-menu');
    await menu.waitFor({ state: 'visible' });
    expect(await menu.locator('.item').allTextContents()).toEqual(['Check player']);
    const before = await messageCount();
    await menu.locator('.item', { hasText: 'Check player' }).click();
    await expect.poll(messageCount, { timeout: WAIT }).toBeGreaterThan(before);
    const picker = last();
    const used = picker.locator('discord-command');
    expect(await used.getAttribute('type')).toBe('message_command');
    expect(await used.getAttribute('command')).toBe('Check player');
    expect(await used.getAttribute('context-user-name')).toBe(await report.getAttribute('author'));
    expect(await picker.getAttribute('ephemeral')).not.toBeNull();
    expect(await picker.locator('discord-embed').getAttribute('embed-title')).toBe(
      'Players named in this message',
    );
    // the first name offered opens that player's record, one request per page of their logs (every page)
    const reads = () =>
      playground.world.sandbox.requests.filter((r) =>
        r.path.endsWith(`/logs/user/${encodeURIComponent(name)}`),
      ).length;
    const readsBefore = reads();
    const select = picker.locator('discord-string-select-menu');
    await select.click();
    await select.locator('discord-string-select-menu-option', { hasText: name }).first().click();
    await expect
      .poll(() => last().locator('discord-embed').getAttribute('embed-title'), { timeout: WAIT })
      .toMatch(/Player /);
    expect(
      (await last().locator('discord-embed').getAttribute('embed-title'))?.replaceAll('\\', ''),
    ).toContain(name);
    const logs = playground.world.sandbox.dataset.logs.filter((l) => l.username === name).length;
    expect(reads()).toBe(readsBefore + Math.ceil(logs / 100));

    // a message typed without a slash is posted in the channel, and can be right-clicked the same way
    const typed = `Player: ${sample?.names[1] ?? name} is at it again`;
    const count = await messageCount();
    await page.locator('#command').fill(typed);
    await page.locator('#command').press('Enter');
    await expect.poll(messageCount, { timeout: WAIT }).toBe(count + 1);
    const mine = last();
    expect(await mine.getAttribute('data-posted')).not.toBeNull();
    expect(await mine.getAttribute('author')).toBe('moderator');
    await mine.click({ button: 'right' });
    await menu.locator('.item', { hasText: 'Check player' }).click();
    await expect.poll(messageCount, { timeout: WAIT }).toBe(count + 2);
    expect(await text(last().locator('discord-embed'))).toContain((sample?.names[1] ?? name).slice(0, 5));
  });
});
