/**
 * The report settings form in the playground's page, in Chromium: /rollcall-admin reports typed in
 * the command box opens the form as Discord draws it (title; each label with its description; the
 * channel selects, with their <label>, listing the server's text channels; the radio and checkbox
 * groups as fieldsets with a legend; the saved values chosen), and a changed value submitted from the
 * page is answered "Changed: …" and the form opens again on it; the server settings form's role select
 * lists the server's roles, and the roles picked there are saved. The admin command exists in hosted
 * mode only: the playground runs here as `npm run playground -- --hosted` does.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsFor } from '../../src/i18n/words.js';
import { browserMissing, launchBrowser } from '../../tools/playground/browser.js';
import type { Playground } from '../../tools/playground/server.js';
import { startHostedPlayground } from './hosted-playground.js';

const missing = browserMissing();
const required = process.env.CI === 'true' || process.env.CI === '1';
const WAIT = 10_000;
const FORM = wordsFor('en-US').admin.form;

if (missing && required) {
  describe('the settings form in Chromium', () => {
    it('runs: with CI=true the browser tests are mandatory', () => {
      throw new Error(`CI requires the browser tests: ${missing}`);
    });
  });
}

describe.skipIf(missing !== null)('the settings form in the playground, in Chromium', () => {
  let playground: Playground;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    playground = await startHostedPlayground(33);
    browser = await launchBrowser();
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1100, height: 900 } });
    context.setDefaultTimeout(WAIT);
    page = await context.newPage();
    await page.goto(playground.url, { timeout: 60_000 });
    await page.locator('#actor option').first().waitFor({ state: 'attached' });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await playground?.close();
  });

  /** Types `line` in the command box: the form it opens, once drawn. */
  async function openForm(line: string) {
    await page.locator('#command').fill(line);
    await page.locator('#command').press('Enter');
    const modal = page.locator('discord-modal');
    await modal.locator('dialog[open]').waitFor();
    return modal;
  }

  /** Submits the open form; waits until the last message (the answer) says `changed`. */
  async function submitForm(changed: string): Promise<void> {
    const modal = page.locator('discord-modal');
    await modal.locator('button[type="submit"]').click();
    await modal.locator('dialog[open]').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await page.locator('discord-message').last().textContent()) ?? '', { timeout: WAIT })
      .toContain(changed);
  }

  it('opens the form with the saved values and submits a changed one', async () => {
    const modal = await openForm('/rollcall-admin reports');
    expect(await modal.getAttribute('modal-title')).toBe(FORM.reportsTitle);

    const digest = page.getByLabel(FORM.digestChannel);
    expect(await digest.evaluate((s) => s.tagName)).toBe('SELECT');
    expect(await digest.locator('option').allTextContents()).toEqual([
      '—',
      '#general',
      '#staff',
      '#leave-reminders',
    ]);
    expect(await page.getByText(FORM.digestChannelHint).isVisible()).toBe(true);
    const week = page.getByRole('group', { name: FORM.weekStart });
    expect(await week.getByRole('radio', { name: 'Monday' }).isChecked()).toBe(true);
    const switches = page.getByRole('group', { name: FORM.switches });
    expect(await switches.getByRole('checkbox', { name: FORM.charts }).isChecked()).toBe(true);
    expect(await switches.getByRole('checkbox', { name: FORM.reminders }).isChecked()).toBe(false);

    await week.getByRole('radio', { name: 'Sunday' }).check();
    await submitForm(FORM.changed(FORM.item.weekStart));

    // Applied: the form opens again with Sunday chosen.
    await openForm('/rollcall-admin reports');
    const again = page.getByRole('group', { name: FORM.weekStart });
    expect(await again.getByRole('radio', { name: 'Sunday' }).isChecked()).toBe(true);
    expect(await again.getByRole('radio', { name: 'Monday' }).isChecked()).toBe(false);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.locator('dialog[open]').waitFor({ state: 'detached' });
  }, 60_000);

  it('opens the server settings form with the server’s roles to pick, and saves the picked ones', async () => {
    const modal = await openForm('/rollcall-admin settings');
    expect(await modal.getAttribute('modal-title')).toBe(FORM.settingsTitle);
    const roles = page.getByLabel(FORM.discordRoles);
    expect(await roles.locator('option').allTextContents()).toEqual(['@Moderator', '@Member']);
    await roles.selectOption({ label: '@Moderator' });
    await page
      .getByRole('group', { name: FORM.visibility })
      .getByRole('radio', { name: FORM.public })
      .check();
    await submitForm(FORM.changed(`${FORM.item.discordRoles}, ${FORM.item.visibility}`));

    // Applied: the form opens again with @Moderator picked and answers posted for everyone.
    await openForm('/rollcall-admin settings');
    const picked = await page.getByLabel(FORM.discordRoles).locator('option:checked').allTextContents();
    expect(picked).toEqual(['@Moderator']);
    const shown = page.getByRole('group', { name: FORM.visibility });
    expect(await shown.getByRole('radio', { name: FORM.public }).isChecked()).toBe(true);
  }, 60_000);
});
