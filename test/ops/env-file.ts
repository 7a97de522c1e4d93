/**
 * .env.example as a newcomer uses it: copied, the required values filled in (and any optional line
 * uncommented with a value), for tests that read it the ways Rollcall's set-up does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/** The five settings a newcomer must fill in (single-community mode), with values of the right shape. */
export const REQUIRED_EXAMPLE = {
  DISCORD_TOKEN: 'MTA.bot.token',
  DISCORD_APPLICATION_ID: '100000000000000001',
  DISCORD_GUILD_ID: '100000000000000002',
  API_BASE_URL: 'https://api.example.test/api/v1',
  API_TOKEN: 'community-token',
};

export function readEnvExample(): string {
  return readFileSync(join(root, '.env.example'), 'utf8');
}

/**
 * `text` with each named setting given its value: an assignment (`NAME=`) filled in, or a
 * commented-out example (`# NAME=...`) uncommented and replaced. Throws on a name the file lacks.
 */
export function fillEnv(text: string, values: Record<string, string>): string {
  let filled = text;
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^(?:#\\s*)?${name}=.*$`, 'm');
    if (!line.test(filled)) throw new Error(`${name} is not in the file`);
    filled = filled.replace(line, `${name}=${value}`);
  }
  return filled;
}

/** `text` with every commented-out example (`# NAME=value`) uncommented, as written. */
export function uncommentAll(text: string): string {
  return text.replace(/^#\s*([A-Z][A-Z0-9_]*=)/gm, '$1');
}
