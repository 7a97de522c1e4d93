/**
 * A newcomer copies .env.example to .env and fills in the five required values: that must start.
 * Optional settings are commented out there, so none of them is set empty (an empty SHARDS, for
 * one, is read by discord.js itself). The same file is read four ways, which must agree: Node's
 * parser (`npm start`'s process.loadEnvFile, the scripts' --env-file-if-exists, parseEnv), a POSIX
 * shell (`set -a; . ./.env`) and compose / `docker run --env-file` (which keeps quotes as written:
 * Rollcall drops them).
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv, promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/base/config.js';
import { fillEnv, REQUIRED_EXAMPLE, readEnvExample, uncommentAll } from './env-file.js';

const run = promisify(execFile);
const text = readEnvExample();
const example = parseEnv(text) as Record<string, string>;
const temp = mkdtempSync(join(tmpdir(), 'rollcall-env-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The copied .env as written to disk: five values filled in, and optionally every example uncommented. */
const variants = {
  'as copied, the five required values filled in': fillEnv(text, REQUIRED_EXAMPLE),
  'with every optional example uncommented too': uncommentAll(fillEnv(text, REQUIRED_EXAMPLE)),
};

/** The settings `shell` exports after `set -a; . ./file; set +a`, from an empty environment. */
async function sourced(
  shell: string,
  file: string,
): Promise<{ env: Record<string, string>; stderr: string }> {
  // stdin not a socket, or bash takes itself for a remote shell and reads ~/.bashrc
  const child = spawn(shell, ['-c', 'set -e; set -a; . "$1"; set +a; env -0', shell, file], {
    env: { PATH: process.env.PATH },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const [code] = (await once(child, 'close')) as [number];
  if (code !== 0) throw new Error(`${shell} exited ${code}: ${stderr}`);
  const env = Object.fromEntries(
    stdout
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
  return { env, stderr };
}

/** What Node's --env-file-if-exists (deploy-commands' flag) puts into process.env. */
async function nodeEnvFile(file: string): Promise<Record<string, string>> {
  const { stdout } = await run(
    process.execPath,
    [`--env-file-if-exists=${file}`, '-e', 'process.stdout.write(JSON.stringify(process.env))'],
    { env: { PATH: process.env.PATH }, encoding: 'utf8' },
  );
  return JSON.parse(stdout) as Record<string, string>;
}

describe('.env.example as a newcomer uses it', () => {
  it('sets nothing but the five required settings, all left for the user to fill in', () => {
    expect(Object.keys(example).sort()).toEqual(Object.keys(REQUIRED_EXAMPLE).sort());
    expect(Object.values(example).every((value) => value === '')).toBe(true);
  });

  it('with the five required values filled in, is a valid configuration', () => {
    const loaded = loadConfig({ ...example, ...REQUIRED_EXAMPLE });
    expect(loaded.ok ? [] : loaded.errors).toEqual([]);
  });

  for (const [name, written] of Object.entries(variants)) {
    describe(name, () => {
      const file = join(temp, `${name.length}.env`);
      writeFileSync(file, written);
      const parsed = parseEnv(written) as Record<string, string>;

      it('a POSIX shell and bash source it without a word of complaint and read what Node reads', async () => {
        expect(Object.keys(parsed).length).toBeGreaterThanOrEqual(5);
        for (const shell of ['sh', 'bash']) {
          const { env, stderr } = await sourced(shell, file);
          expect(stderr, shell).toBe('');
          for (const [key, value] of Object.entries(parsed)) expect(env[key], `${shell}: ${key}`).toBe(value);
        }
      });

      it("the scripts' --env-file-if-exists reads what parseEnv reads, and that is a valid configuration", async () => {
        const env = await nodeEnvFile(file);
        for (const [key, value] of Object.entries(parsed)) expect(env[key], key).toBe(value);
        const loaded = loadConfig(parsed);
        expect(loaded.ok ? [] : loaded.errors).toEqual([]);
      });
    });
  }

  it('quotes the values with spaces (the digest schedule), and Rollcall reads them quoted as docker run keeps them', () => {
    expect(text).toMatch(/^# DIGEST_SCHEDULE="weekly monday 9"$/m);
    for (const line of uncommentAll(text)
      .split('\n')
      .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l)))
      expect(line.slice(line.indexOf('=') + 1), line).toMatch(/^("[^"]*"|[^\s"'`$\\;&|<>()]*)$/);
    // `docker run --env-file` passes `"weekly monday 9"` with its quotes
    const loaded = loadConfig({ ...REQUIRED_EXAMPLE, DIGEST_SCHEDULE: '"daily 7"', LOG_LEVEL: "'warn'" });
    expect(loaded.ok && loaded.config.DIGEST_SCHEDULE).toEqual({ cadence: 'daily', day: 'monday', hour: 7 });
    expect(loaded.ok && loaded.config.LOG_LEVEL).toBe('warn');
  });

  it('deploy-commands and store:reencrypt read .env when it is there (the bot itself: container.system.test.ts)', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    for (const script of ['deploy-commands', 'store:reencrypt'])
      expect(pkg.scripts[script], script).toMatch(/\bnode --env-file-if-exists=\.env /);
  });
});
