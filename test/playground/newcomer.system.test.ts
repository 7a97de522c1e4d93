/**
 * A newcomer's first minutes in the playground, in a real browser (Debian's Chromium through
 * playwright-core) that has no colour-emoji font (its fontconfig rejects every emoji font, whatever
 * this machine has installed): type `/shift totals period:Last month` as docs/commands.md writes it,
 * get the report, open its "Open…" menu at the bottom of the page, export it and download the CSV;
 * and every glyph of the messages is drawn: emoji by the Twemoji the page serves, digits, `#` and
 * every other letter by the normal fonts, each with a width.
 * With CI=true a missing browser fails the file; without CI it is skipped with the reason.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserMissing, launchBrowser } from '../../tools/playground/browser.js';
import { type Playground, startPlayground } from '../../tools/playground/server.js';

const missing = browserMissing();
const required = process.env.CI === 'true' || process.env.CI === '1';
const WAIT = 15_000;
const title =
  missing && !required ? `a newcomer in Chromium (skipped: ${missing})` : 'a newcomer in Chromium';

if (missing && required) {
  describe('a newcomer in Chromium', () => {
    it('runs: with CI=true the browser tests are mandatory', () => {
      throw new Error(`CI requires the browser tests: ${missing}`);
    });
  });
}

/** A fontconfig of this machine's fonts without any emoji font (colour or not). */
function fontsWithoutEmoji(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rollcall-fonts-'));
  const file = join(dir, 'fonts.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont>
    <rejectfont>
      <glob>*[Ee]moji*</glob>
      <pattern><patelt name="color"><bool>true</bool></patelt></pattern>
    </rejectfont>
  </selectfont>
</fontconfig>
`,
  );
  return file;
}

/** A box on the page, in CSS pixels. */
interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  height: number;
  width: number;
}

/**
 * In the page: every visible grapheme (not white space) under the message with this id, shadow roots
 * included, whose box has no width. Text that is not drawn at all (a closed menu's options) is left out.
 */
const ZERO_WIDTH_GLYPHS = `(messageId) => {
  const bad = [];
  const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
  const visit = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const value = node.nodeValue ?? '';
      const whole = document.createRange();
      whole.selectNodeContents(node);
      if (whole.getClientRects().length === 0) return;
      for (const { segment, index } of segmenter.segment(value)) {
        if (segment.trim() === '') continue;
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + segment.length);
        if (range.getBoundingClientRect().width <= 0) bad.push(segment + ' in "' + value.slice(0, 40) + '"');
      }
      return;
    }
    if (node.shadowRoot) visit(node.shadowRoot);
    for (const child of node.childNodes) visit(child);
  };
  visit(document.querySelector('discord-message[data-message-id="' + messageId + '"]'));
  return bad;
}`;

/** An emoji (a pictographic character, or one shown as emoji by U+FE0F). */
const EMOJI = /\p{Extended_Pictographic}|\uFE0F/u;

interface TextNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue?: string;
  attributes?: string[];
  children?: TextNode[];
  shadowRoots?: TextNode[];
}

/** The text nodes under the message with this id, shadow roots included. */
function textNodesOf(root: TextNode, messageId: string): TextNode[] {
  const found: TextNode[] = [];
  const walk = (node: TextNode, inside: boolean): void => {
    const attrs = node.attributes ?? [];
    const here =
      inside ||
      (node.nodeName === 'DISCORD-MESSAGE' && attrs[attrs.indexOf('data-message-id') + 1] === messageId);
    if (here && node.nodeType === 3 && (node.nodeValue ?? '').trim() !== '') found.push(node);
    for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) walk(child, here);
  };
  walk(root, false);
  return found;
}

describe.skipIf(missing !== null)(title, () => {
  let playground: Playground;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;

  beforeAll(async () => {
    playground = await startPlayground({ port: 0, world: { env: { LOG_LEVEL: 'silent' } } });
    browser = await launchBrowser({ env: { ...process.env, FONTCONFIG_FILE: fontsWithoutEmoji() } });
    context = await browser.newContext({
      timezoneId: 'UTC',
      locale: 'en-US',
      viewport: { width: 1100, height: 800 },
      acceptDownloads: true,
    });
    context.setDefaultTimeout(WAIT);
    page = await context.newPage();
    cdp = await context.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    await page.goto(playground.url, { timeout: 60_000 });
    await page.locator('#actor option').first().waitFor({ state: 'attached' });
  });
  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  const last = (): Locator => page.locator('discord-message').last();
  const text = async (locator: Locator): Promise<string> => (await locator.textContent()) ?? '';

  /** The fonts that drew each text node of a message (by CDP), with the node's text. */
  async function fontsOf(messageId: string): Promise<Array<{ text: string; fonts: string[] }>> {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    const out: Array<{ text: string; fonts: string[] }> = [];
    for (const node of textNodesOf(root as TextNode, messageId)) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: node.nodeId });
      if (fonts.length === 0) continue; // not drawn (a closed menu's options)
      out.push({ text: node.nodeValue ?? '', fonts: fonts.map((f) => f.familyName) });
    }
    return out;
  }

  /** Every visible grapheme of a message (shadow roots included) whose box has no width. */
  function zeroWidthGlyphs(messageId: string): Promise<string[]> {
    return page.evaluate(`(${ZERO_WIDTH_GLYPHS})(${JSON.stringify(messageId)})`);
  }

  /** `hasEmoji`: the message is known to show emoji (and digits), so both must have been checked. */
  async function expectEveryGlyphDrawn(message: Locator, hasEmoji = true): Promise<void> {
    const id = (await message.getAttribute('data-message-id')) ?? '';
    expect(await zeroWidthGlyphs(id)).toEqual([]);
    const drawn = await fontsOf(id);
    const withEmoji = drawn.filter((d) => EMOJI.test(d.text));
    const plain = drawn.filter((d) => !EMOJI.test(d.text));
    expect(withEmoji.length > 0).toBe(hasEmoji);
    expect(plain.some((d) => /[0-9]/.test(d.text))).toBe(true);
    // emoji by Twemoji (no empty boxes), and nothing else by it (digits and # by the normal fonts)
    expect(withEmoji.filter((d) => !d.fonts.some((f) => /twemoji/i.test(f)))).toEqual([]);
    expect(plain.filter((d) => d.fonts.some((f) => /twemoji/i.test(f)))).toEqual([]);
  }

  it('has no emoji font but the page’s Twemoji (the machine of a newcomer)', async () => {
    await page.evaluate(`{
      const probe = document.createElement('span');
      probe.id = 'font-probe';
      probe.style.fontFamily = 'sans-serif';
      probe.textContent = '\u{1F600}';
      document.body.append(probe);
    }`);
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#font-probe' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    expect(fonts.map((f) => f.familyName).filter((f) => /emoji/i.test(f))).toEqual([]);
    await page.evaluate(`document.getElementById('font-probe').remove()`);
  });

  it('types /shift totals period:Last month as the docs write it, and gets the report', async () => {
    const box = page.locator('#command');
    await box.click();
    await box.pressSequentially('/shift totals period:Last');
    // the hints offer the choices by name, as Discord's client does
    await expect.poll(() => text(page.locator('#suggestions')), { timeout: WAIT }).toContain('Last month');
    await box.pressSequentially(' month');
    await box.press('Enter');
    await expect
      .poll(async () => (await page.locator('discord-embed').last().getAttribute('embed-title')) ?? '', {
        timeout: 60_000,
      })
      .toMatch(/^Time on duty · Last month/);
    expect(await text(page.locator('#error'))).toBe('');
    expect(await last().locator('discord-command').getAttribute('command')).toBe('/shift totals');
  }, 90_000);

  it('draws every glyph of the report: emoji with Twemoji, digits and text with the normal fonts', async () => {
    await expectEveryGlyphDrawn(last());
  });

  it('opens the "Open…" menu upward when there is no room below it', async () => {
    const menu = last().locator('discord-string-select-menu');
    await menu.click();
    await expect.poll(() => menu.getAttribute('data-opens'), { timeout: WAIT }).toBe('up');
    const boxes = await page.evaluate<Record<'list' | 'label' | 'visible', Box>>(`{
      const menu = [...document.querySelectorAll('discord-string-select-menu')].at(-1);
      const box = (node) => node.getBoundingClientRect().toJSON();
      ({
        list: box(menu.shadowRoot.querySelector('.discord-string-select-menu-option-slot')),
        label: box(menu.shadowRoot.querySelector('label')),
        visible: box(document.getElementById('scroll')),
      });
    }`);
    expect(boxes.list.height).toBeGreaterThan(50);
    expect(boxes.list.bottom).toBeLessThanOrEqual(boxes.label.top + 1);
    expect(boxes.list.top).toBeGreaterThanOrEqual(boxes.visible.top);
    expect(boxes.list.bottom).toBeLessThanOrEqual(boxes.visible.bottom);
    // its first option is where a click lands (not under the command box)
    const option = menu.locator('discord-string-select-menu-option').first();
    await option.waitFor({ state: 'visible' });
    const hit = await page.evaluate<boolean>(`{
      const option = [...document.querySelectorAll('discord-string-select-menu')]
        .at(-1)
        .querySelector('discord-string-select-menu-option');
      const r = option.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      at === option || option.contains(at) || at?.closest('discord-string-select-menu-option') === option;
    }`);
    expect(hit).toBe(true);
    await menu.locator('label').first().click(); // close it again
    await expect.poll(() => menu.getAttribute('data-opens'), { timeout: WAIT }).toBeNull();
  });

  it('opens the Apps menu of a right-click upward when the pointer is near the bottom', async () => {
    const height = page.viewportSize()?.height ?? 800;
    // a right-click at the bottom of the window (a MouseEvent, as the browser sends it)
    await page.evaluate(`{
      const alex = [...document.querySelectorAll('#members .member')].find((m) => m.textContent.includes('alex'));
      alex.dispatchEvent(new MouseEvent('contextmenu', { clientX: 200, clientY: ${height - 10}, bubbles: true, cancelable: true, button: 2 }));
    }`);
    const menu = page.locator('#user-menu');
    await menu.waitFor({ state: 'visible' });
    const box = await menu.boundingBox();
    expect(box?.height).toBeGreaterThan(40);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(height - 10 + 1);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it('exports the report as Discord shows it: the file attached, downloaded with its rows', async () => {
    const before = await page.locator('discord-file-attachment').count();
    await last().locator('discord-button', { hasText: 'Export CSV' }).click();
    await expect
      .poll(() => page.locator('discord-file-attachment').count(), { timeout: 60_000 })
      .toBe(before + 1);
    const message = page.locator('discord-message', { has: page.locator('discord-file-attachment') }).last();
    const content = await text(message);
    const rows = Number(/Exported ([\d,]+) rows? in 1 CSV file/.exec(content)?.[1]?.replace(/,/g, ''));
    expect(rows).toBeGreaterThan(0);
    const attachment = message.locator('discord-file-attachment');
    const name = (await attachment.getAttribute('name')) ?? '';
    expect(name).toMatch(/\.csv$/);
    expect(await attachment.getAttribute('bytes-unit')).toMatch(/^(bytes|KB|MB)$/);
    expect(await text(attachment.locator('discord-link'))).toContain(name);

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT }),
      attachment.locator('discord-link').click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(rows + 1);
    expect(lines[0]).toMatch(/member/i);
    await expectEveryGlyphDrawn(message, false);
  }, 90_000);
});
