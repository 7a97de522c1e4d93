/**
 * One list of settings: every environment name the deployment files give Rollcall (compose.yaml's
 * Rollcall services, the Dockerfile's ENV, .env.example) is one src/base/config.ts reads, and every one it
 * reads is documented in .env.example and in the settings table of docs/settings.md (linked from the
 * README). Written against the
 * schema's keys, so settings added later are covered without touching this file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from '../../src/base/config.js';
import { environmentOf, rollcallServices } from './compose.js';
import { envOf, readDockerfile } from './dockerfile.js';

const root = new URL('../..', import.meta.url).pathname;
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** Names assigned in .env.example, including commented-out examples (`# NAME=value`). */
function envExampleNames(): string[] {
  return [...read('.env.example').matchAll(/^(?:#\s*)?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string);
}

/**
 * The first cells of the settings reference's table (the one headed `| Setting | Default | Meaning |`),
 * from its header to the first line that is not a table row.
 */
function settingsTableNames(markdown: string): string[] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\|\s*Setting\s*\|\s*Default\s*\|\s*Meaning\s*\|$/.test(line));
  if (header < 0) return [];
  const rows = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|')[1]?.trim() ?? '');
  }
  return rows;
}

describe('settings: one list across config.ts, .env.example, compose.yaml, the Dockerfile and docs/settings.md', () => {
  const known = new Set(SETTING_NAMES);

  it('config.ts exposes the names it reads', () => {
    expect(SETTING_NAMES.length).toBeGreaterThan(10);
    for (const name of ['DISCORD_TOKEN', 'API_TOKEN', 'HEALTH_PORT', 'HEALTH_HOST'])
      expect(known).toContain(name);
  });

  it('every name in .env.example is read by config.ts, and every name config.ts reads is in .env.example', () => {
    const example = envExampleNames();
    expect(example.filter((n) => !known.has(n))).toEqual([]);
    expect(SETTING_NAMES.filter((n) => !example.includes(n))).toEqual([]);
    expect(example.filter((n, i) => example.indexOf(n) !== i)).toEqual([]); // each once
  });

  it('compose.yaml runs Rollcall with settings from .env and only names config.ts reads', () => {
    const services = rollcallServices();
    expect(Object.keys(services).length).toBeGreaterThanOrEqual(2); // the bot and the registration
    for (const [name, service] of Object.entries(services)) {
      const files = [service.env_file ?? []].flat();
      expect(files, `${name} env_file`).toContain('.env');
      const env = environmentOf(service);
      expect(
        Object.keys(env).filter((n) => !known.has(n)),
        `${name} environment`,
      ).toEqual([]);
      // and the values it sets are valid settings
      const loaded = loadConfig({
        DISCORD_TOKEN: 'token',
        DISCORD_APPLICATION_ID: '123456789012345678',
        API_BASE_URL: 'https://api.example/api/v1',
        API_TOKEN: 'token',
        DISCORD_GUILD_ID: '223456789012345678',
        ...env,
      });
      expect(loaded.ok ? [] : loaded.errors, `${name} environment values`).toEqual([]);
    }
  });

  it("the Dockerfile's ENV names only settings config.ts reads", () => {
    const { stages } = readDockerfile(join(root, 'Dockerfile'));
    for (const stage of stages)
      expect(
        Object.keys(envOf(stage)).filter((n) => !known.has(n)),
        stage.name,
      ).toEqual([]);
  });

  it('every setting config.ts reads has a row of its own in the settings table the README links to', () => {
    expect(read('README.md')).toContain('](docs/settings.md)');
    const names = settingsTableNames(read('docs/settings.md'));
    const missing = SETTING_NAMES.filter((n) => !names.includes(`\`${n}\``));
    expect(missing).toEqual([]);
  });
});
