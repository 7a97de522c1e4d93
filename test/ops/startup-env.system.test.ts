/**
 * `npm start`'s settings file and the names it is given, as shipped (`node dist/src/main.js`, run
 * from a folder of its own holding the .env under test): a .env that cannot be read is one sentence
 * and exit 1, no stack; a name that resembles a setting is named, with that setting, before the bot
 * connects (or among the settings to fix, when it cannot start).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordDouble, startDiscordDouble } from '../doubles/discord/double.js';
import { type Sandbox, startSandbox } from '../doubles/sandbox/server.js';

const run = promisify(execFile);
const main = new URL('../../dist/src/main.js', import.meta.url).pathname;
/** `npm start`'s command, from another folder (its own .env). */
const START = ['--max-semi-space-size=2', main];

/** A folder of its own, with `.env` made by `make`. */
function folderWith(make: (envPath: string) => void): string {
  const cwd = mkdtempSync(join(tmpdir(), 'rollcall-start-'));
  make(join(cwd, '.env'));
  return cwd;
}

/** The environment a child gets: this process's PATH and HOME, none of Rollcall's settings. */
function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
}

async function start(
  cwd: string,
  env = baseEnv(),
): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, START, { cwd, env, encoding: 'utf8' }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** One line on stderr, exit 1, no stack trace. */
function expectOneSentence(result: { code: number; stderr: string }, sentence: RegExp) {
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(sentence)]);
  expect(result.stderr).not.toMatch(/\n\s+at |Error:/);
}

describe('an unreadable .env', () => {
  it('a directory is one sentence and exit 1', async () => {
    const result = await start(folderWith((path) => mkdirSync(path)));
    expectOneSentence(
      result,
      /^Rollcall could not start: the settings file \.env is a directory; put the settings in a file of that name \(see \.env\.example\), or remove it$/,
    );
  }, 60_000);

  it('bytes that are not UTF-8 are one sentence naming the line, and exit 1', async () => {
    const result = await start(
      folderWith((path) =>
        writeFileSync(
          path,
          Buffer.concat([Buffer.from('LOG_LEVEL=info\nAPI_TOKEN=ab'), Buffer.from([0xff, 0xfe, 0x0a])]),
        ),
      ),
    );
    expectOneSentence(
      result,
      /^Rollcall could not start: the settings file \.env is not UTF-8 text \(line 2\); save it as UTF-8$/,
    );
  }, 60_000);

  // root reads any file whatever its mode: the refusal can only be seen as another user.
  it.skipIf(process.getuid?.() === 0)(
    'a file this user may not read is one sentence and exit 1',
    async () => {
      const result = await start(
        folderWith((path) => {
          writeFileSync(path, 'LOG_LEVEL=info\n');
          chmodSync(path, 0o000);
        }),
      );
      expectOneSentence(
        result,
        /^Rollcall could not start: the settings file \.env cannot be read \(EACCES\); let the user running Rollcall read it, or remove it$/,
      );
    },
    60_000,
  );
});

describe('a setting whose name is misspelt', () => {
  it('is named among the settings to fix when Rollcall cannot start', async () => {
    const result = await start(
      folderWith((path) => writeFileSync(path, 'DISCORD_TOKN=secret-value-1\n')),
      baseEnv({ API_LIMIT: '60/1m' }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('  - DISCORD_TOKEN is required\n');
    expect(result.stderr).toContain(
      '  - DISCORD_TOKN (in .env) is not a setting Rollcall reads, so it is ignored; did you mean DISCORD_TOKEN?',
    );
    expect(result.stderr).toContain(
      '  - API_LIMIT (in the environment) is not a setting Rollcall reads, so it is ignored; did you mean API_LIMITS?',
    );
    expect(result.stderr).not.toContain('secret-value-1');
    expect(result.stderr).not.toMatch(/PATH|HOME/);
  }, 60_000);

  describe('with settings that start', () => {
    let sandbox: Sandbox;
    let double: DiscordDouble;
    let child: ChildProcess | undefined;

    beforeAll(async () => {
      sandbox = await startSandbox();
      double = await startDiscordDouble();
    }, 60_000);

    afterAll(async () => {
      if (child?.exitCode === null) child.kill('SIGKILL');
      await double?.close();
      await sandbox?.close();
    });

    it('logs one warning each, naming the setting it resembles, before connecting', async () => {
      const cwd = folderWith((path) => writeFileSync(path, 'LOGLEVEL=debug\n'));
      child = spawn(process.execPath, START, {
        cwd,
        env: baseEnv({
          DISCORD_TOKEN: 'discord-token-child',
          DISCORD_APPLICATION_ID: double.applicationId,
          DISCORD_GUILD_ID: double.guildId,
          DISCORD_API_URL: double.restUrl,
          API_BASE_URL: sandbox.url,
          API_TOKEN: sandbox.token,
          API_LIMIT: '60/1m',
          DATA_DIR: join(cwd, 'data'),
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const connected = new Promise<void>((resolve, reject) => {
        const read = (chunk: Buffer) => {
          output += String(chunk);
          if (output.includes('connected to Discord')) resolve();
        };
        child?.stdout?.on('data', read);
        child?.stderr?.on('data', read);
        child?.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      await connected;
      const stopped = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await stopped;
      const lines = output.split('\n').filter(Boolean);
      const at = (text: string) => lines.findIndex((line) => line.includes(text));
      const warnings = lines.filter((line) => line.includes('is not a setting Rollcall reads'));
      expect(warnings.map((line) => (JSON.parse(line) as { level: number; msg: string }).msg).sort()).toEqual(
        [
          'API_LIMIT (in the environment) is not a setting Rollcall reads, so it is ignored; did you mean API_LIMITS?',
          'LOGLEVEL (in .env) is not a setting Rollcall reads, so it is ignored; did you mean LOG_LEVEL?',
        ],
      );
      expect(warnings.every((line) => (JSON.parse(line) as { level: number }).level === 40)).toBe(true);
      expect(Math.max(at('did you mean API_LIMITS'), at('did you mean LOG_LEVEL'))).toBeLessThan(
        at('connected to Discord'),
      );
    }, 90_000);
  });
});
