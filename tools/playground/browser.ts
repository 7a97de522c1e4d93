/**
 * Debian's Chromium for the playground's browser tests and pictures, driven by playwright-core (which
 * brings no browser of its own). CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Why the browser cannot run here, or null when it can. */
export function browserMissing(): string | null {
  return existsSync(CHROMIUM_PATH)
    ? null
    : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`;
}

/** A headless Chromium without network access beyond this machine; `env` is the browser's environment. */
export function launchBrowser(options: { env?: Record<string, string | undefined> } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    ...(options.env ? { env: options.env } : {}),
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--font-render-hinting=none', '--disable-lcd-text'],
  });
}
