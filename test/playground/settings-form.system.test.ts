/**
 * The report settings form in the playground's page, in Chromium: /rollcall-admin reports typed in
 * the command box opens the form as Discord draws it (title; each label with its description; the
 * channel selects, with their <label>, listing the server's text channels; the radio and checkbox
 * groups as fieldsets with a legend; the saved values chosen), and a changed value submitted from the
 * page is answered "Changed: …". The admin command exists in hosted mode only (`npm run playground`
 * runs one community), so the page is served (servePlayground) for a session on a hosted world.
 */
import { PermissionFlagsBits as P } from 'discord.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordsFor } from '../../src/i18n/words.js';
import { generateDataset } from '../../test/doubles/sandbox/data.js';
import { startHostedWorld } from '../../test/reports/hosted-world.js';
import { browserMissing, launchBrowser } from '../../tools/playground/browser.js';
import { type Playground, servePlayground } from '../../tools/playground/server.js';
import { PlaygroundSession } from '../../tools/playground/session.js';

const missing = browserMissing();
const required = process.env.CI === 'true' || process.env.CI === '1';
const WAIT = 10_000;
const GUILD = '1300000000000000583';
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
    const hosted = await startHostedWorld({
      guildId: GUILD,
      sandbox: {
        dataset: generateDataset({ seed: 33, members: 12, loas: 8, shifts: 8, logs: 3, auditLogs: 3 }),
      },
      guild: {
        // The playground acts as its Moderator: here one who may manage the server (the admin command).
        roles: [
          {
            name: 'Moderator',
            permissions: P.ViewChannel | P.SendMessages | P.ManageGuild | P.ModerateMembers,
          },
          { name: 'Member' },
        ],
        channels: [{ name: 'general' }, { name: 'leave-reminders' }],
      },
      keyByte: 13,
    });
    playground = await servePlayground(hosted.world, new PlaygroundSession(hosted.world), 0);
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

  it('opens the form with the saved values and submits a changed one', async () => {
    await page.locator('#command').fill('/rollcall-admin reports');
    await page.locator('#command').press('Enter');
    const modal = page.locator('discord-modal');
    await modal.locator('dialog[open]').waitFor();
    expect(await modal.getAttribute('modal-title')).toBe(FORM.reportsTitle);

    const digest = page.getByLabel(FORM.digestChannel);
    expect(await digest.evaluate((s) => s.tagName)).toBe('SELECT');
    expect(await digest.locator('option').allTextContents()).toEqual(['—', '#general', '#leave-reminders']);
    expect(await page.getByText(FORM.digestChannelHint).isVisible()).toBe(true);
    const week = page.getByRole('group', { name: FORM.weekStart });
    expect(await week.getByRole('radio', { name: 'Monday' }).isChecked()).toBe(true);
    const switches = page.getByRole('group', { name: FORM.switches });
    expect(await switches.getByRole('checkbox', { name: FORM.charts }).isChecked()).toBe(true);
    expect(await switches.getByRole('checkbox', { name: FORM.reminders }).isChecked()).toBe(false);

    await week.getByRole('radio', { name: 'Sunday' }).check();
    await modal.locator('button[type="submit"]').click();
    await modal.locator('dialog[open]').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await page.locator('discord-message').last().textContent()) ?? '', { timeout: WAIT })
      .toContain(FORM.changed(FORM.item.weekStart));
  }, 60_000);
});
