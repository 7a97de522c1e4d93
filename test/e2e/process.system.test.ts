/**
 * Rollcall as shipped: `npm start` in its own process (build included), `npm run deploy-commands`,
 * and the configuration error a fresh install prints.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordDouble, startDiscordDouble } from '../doubles/discord/double.js';
import { type Sandbox, startSandbox } from '../doubles/sandbox/server.js';
import { embedOf } from './world.js';

const run = promisify(execFile);
const cwd = new URL('../..', import.meta.url).pathname;

/** The environment a child gets: this process's PATH and friends, none of Rollcall's settings. */
function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
  return env;
}

describe('npm start', () => {
  it('with no settings prints one message naming every missing setting and exits 1', async () => {
    const result = await run('npm', ['start', '--silent'], { cwd, env: baseEnv() }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Rollcall cannot start; fix these settings');
    for (const name of ['DISCORD_TOKEN', 'DISCORD_APPLICATION_ID', 'API_BASE_URL', 'ROLLCALL_SECRET_KEY']) {
      expect(result.stderr).toContain(`${name} is required`);
    }
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  }, 120_000);

  it('in hosted mode, a database it cannot reach is one line and exit 1', async () => {
    const result = await run('npm', ['start', '--silent'], {
      cwd,
      env: baseEnv({
        DISCORD_TOKEN: 'discord-token-child',
        DISCORD_APPLICATION_ID: '123456789012345678',
        API_BASE_URL: 'http://127.0.0.1:9/api/v1',
        ROLLCALL_SECRET_KEY: Buffer.alloc(32, 3).toString('base64'),
        DATABASE_URL: 'postgres://rollcall:db-password-123@127.0.0.1:1/rollcall',
        LOG_LEVEL: 'silent',
      }),
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Rollcall could not start: The database at postgres:\/\/127\.0\.0\.1:1\/rollcall cannot be reached \(ECONNREFUSED\); check DATABASE_URL/,
      ),
    ]);
    expect(result.stderr).not.toContain('db-password-123');
  }, 120_000);

  it('a Discord it cannot find is said once, in one line with what to check, and exit 1', async () => {
    const result = await run('npm', ['start', '--silent'], {
      cwd,
      env: baseEnv({
        DISCORD_TOKEN: 'discord-token-child',
        DISCORD_APPLICATION_ID: '123456789012345678',
        DISCORD_GUILD_ID: '223456789012345678',
        // .invalid never resolves (RFC 2606): the lookup fails as discord.com's does off the network.
        DISCORD_API_URL: 'http://discord.invalid/api',
        API_BASE_URL: 'http://127.0.0.1:9/api/v1',
        API_TOKEN: 'api-token-child',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'rollcall-dns-')),
      }),
    }).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      "Rollcall could not start: discord.invalid cannot be found (getaddrinfo ENOTFOUND discord.invalid); check this machine's network and DNS",
    ]);
    // The log's fatal line (stdout, at the default level) points to it rather than saying it again.
    expect(`${result.stdout}${result.stderr}`.split('ENOTFOUND discord.invalid')).toHaveLength(2);
    expect(result.stdout).toContain('could not start; the reason is the line on stderr');
  }, 120_000);

  describe('with settings', () => {
    let sandbox: Sandbox;
    let double: DiscordDouble;
    let child: ChildProcess;
    let output = '';
    let env: NodeJS.ProcessEnv;

    beforeAll(async () => {
      sandbox = await startSandbox();
      double = await startDiscordDouble();
      env = baseEnv({
        DISCORD_TOKEN: 'discord-token-child',
        DISCORD_APPLICATION_ID: double.applicationId,
        DISCORD_GUILD_ID: double.guildId,
        DISCORD_API_URL: double.restUrl,
        API_BASE_URL: sandbox.url,
        API_TOKEN: sandbox.token,
        API_LIMITS: '1000/1s',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'rollcall-process-')),
        LOG_LEVEL: 'info',
      });
    }, 60_000);

    afterAll(async () => {
      if (child?.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await double?.close();
      await sandbox?.close();
    });

    it('registers the commands with npm run deploy-commands', async () => {
      const { stdout } = await run('npm', ['run', '--silent', 'deploy-commands'], { cwd, env });
      expect(stdout).toMatch(/^Registered \d+ commands for server \d+\.$/m);
      expect(double.registeredCommands(double.guildId).map((c) => c.name)).toContain('loa');
    }, 120_000);

    it('connects, answers /loa list, and exits cleanly on SIGTERM', async () => {
      // A process group of its own, like a terminal job: Ctrl-C or a service manager signals all of it.
      child = spawn('npm', ['start', '--silent'], {
        cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child.stdout?.on('data', (chunk) => {
        output += String(chunk);
      });
      child.stderr?.on('data', (chunk) => {
        output += String(chunk);
      });
      // npm start builds first: on a loaded two-core machine that alone can take half a minute
      await double.waitForGateway((stats) => stats.identifies > 0, 90_000);
      await waitFor(() => output.includes('connected to Discord'), 30_000);

      const mod = double.user({ username: 'moderator', roles: ['Moderator'] });
      const answer = await (await double.slash(mod, 'loa', { subcommand: 'list' })).response();
      expect(embedOf(answer.message).title).toBe('Leaves of absence');

      // A second process on the same DATA_DIR would count the month from its own copy: refused.
      const second = await run(process.execPath, ['dist/src/main.js'], { cwd, env }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(second.code).toBe(1);
      expect(second.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^Rollcall could not start: DATA_DIR .* is in use by Rollcall process \d+ on .*: run one process per DATA_DIR, or set CACHE_URL/,
        ),
      ]);

      const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.once('close', (code, signal) => resolve({ code, signal })),
      );
      process.kill(-child.pid!, 'SIGTERM');
      // npm itself ends by the signal; the bot inside finishes its shutdown and exits.
      const { code, signal } = await exit;
      expect(code === 0 || signal === 'SIGTERM').toBe(true);
      expect(output).toContain('"msg":"stopped"');
      expect(output).not.toContain('"level":50');
      expect(output).not.toContain('discord-token-child');
      expect(output).not.toContain(sandbox.token);
    }, 120_000);
  });
});

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
