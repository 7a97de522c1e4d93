/**
 * The container image without a Docker engine: the Dockerfile's shape (multi-stage, Node 24,
 * production dependencies only at runtime, non-root, exec-form CMD, HEALTHCHECK on /readyz), and its
 * steps replayed in a clean copy of the tracked files: the build stage's COPYs and build, the
 * runtime stage's COPYs and `npm ci --omit=dev`, then its CMD started with no settings (fails fast)
 * and with settings against the doubles (its HEALTHCHECK turns healthy, SIGTERM exits 0).
 *
 * Slow-ish (a production `npm ci` and a TypeScript build): about 40 s here; 90 s fails the test.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordDouble, startDiscordDouble } from '../discord/double.js';
import { type Sandbox, startSandbox } from '../sandbox/server.js';
import { freePort } from '../support/redis.js';
import { envOf, type Instruction, readDockerfile, type Stage } from './dockerfile.js';
import { probe, secret, until } from './support.js';

const exec = promisify(execFile);
/** execFile that, on failure, says what the command printed. */
const run = (
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string; stderr: string }> =>
  exec(command, args, { ...options, encoding: 'utf8' }).catch(
    (error: { code?: number; stdout?: string; stderr?: string }) => {
      throw Object.assign(
        new Error(
          `${command} ${args.join(' ')} failed (${error.code}):\n${error.stdout ?? ''}${error.stderr ?? ''}`,
        ),
        { code: error.code, stdout: String(error.stdout ?? ''), stderr: String(error.stderr ?? '') },
      );
    },
  );
const root = new URL('../..', import.meta.url).pathname;
const dockerfile = readDockerfile(join(root, 'Dockerfile'));
const build = dockerfile.stages.find((s) => s.name === 'build');
const runtime = dockerfile.stages.at(-1) as Stage;
const of = (stage: Stage | undefined, keyword: string) =>
  stage?.instructions.filter((i) => i.keyword === keyword) ?? [];

describe('the Dockerfile', () => {
  it('builds in one stage and runs Node 24 with production dependencies only in another', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    expect(build).toBeDefined();
    for (const stage of dockerfile.stages) expect(stage.base).toMatch(/^node:24(\.|-|$)/);
    expect(runtime.base).toMatch(/slim/);
    const installs = of(runtime, 'RUN').map((r) => r.args);
    expect(installs.some((a) => /\bnpm ci\b.*--omit=dev/.test(a))).toBe(true);
    expect(installs.some((a) => /\bnpm (ci|install)\b(?!.*--omit=dev)/.test(a.split('&&')[0] ?? ''))).toBe(
      false,
    );
    // the runtime stage gets compiled code from the build stage, never sources or dev tooling
    const copies = of(runtime, 'COPY');
    expect(copies.some((c) => c.flags.from === 'build' && c.words[0] === '/app/dist')).toBe(true);
    for (const c of copies.filter((x) => !x.flags.from))
      for (const source of c.words.slice(0, -1))
        expect(['package.json', 'package-lock.json']).toContain(source);
  });

  it('runs as a non-root user, node as PID 1 (exec form), with a HEALTHCHECK that node itself runs', () => {
    const user = of(runtime, 'USER').at(-1)?.words[0];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    const cmd = of(runtime, 'CMD').at(-1);
    expect(cmd?.exec?.[0]).toBe('node'); // with package.json start's flags (test/bench/start-command.test.ts)
    expect(cmd?.exec?.at(-1)).toBe('dist/src/main.js');
    expect(of(runtime, 'ENTRYPOINT')).toEqual([]);
    const health = of(runtime, 'HEALTHCHECK').at(-1);
    expect(health?.exec?.[0]).toBe('node');
    expect(health?.exec?.[1]).toBe('dist/src/ops/healthcheck.js');
    expect(envOf(runtime).HEALTH_PORT).toMatch(/^\d+$/);
  });

  it('keeps .env and build output out of the build context', () => {
    const ignored = readFileSync(join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['.env', 'node_modules', 'dist', '.git']) expect(ignored).toContain(entry);
  });
});

/** Copy the tracked files a COPY names (file or folder) into `dest` (relative to the stage's WORKDIR). */
function copyTracked(tracked: string[], sources: string[], dest: string, workdir: string): void {
  const target = join(workdir, dest);
  const intoDir = dest.endsWith('/') || sources.length > 1;
  for (const source of sources) {
    const clean = source.replace(/\/+$/, '');
    const files = tracked.filter((f) => f === clean || f.startsWith(`${clean}/`));
    if (files.length === 0) throw new Error(`COPY ${source}: no tracked file`);
    for (const file of files) {
      const relative =
        file === clean ? (intoDir ? file.split('/').at(-1) : '') : file.slice(clean.length + 1);
      const to = relative ? join(target, relative as string) : target;
      mkdirSync(dirname(to), { recursive: true });
      cpSync(join(root, file), to);
    }
  }
}

/** What a stage's instructions do, replayed in `workdir` (RUNs are handed to `onRun`). */
async function replay(
  stage: Stage,
  workdir: string,
  tracked: string[],
  fromStage: Record<string, string>,
  onRun: (instruction: Instruction) => Promise<void>,
): Promise<void> {
  for (const instruction of stage.instructions) {
    if (instruction.keyword === 'COPY') {
      const sources = instruction.words.slice(0, -1);
      const dest = instruction.words.at(-1) as string;
      const from = instruction.flags.from;
      if (from) {
        const base = fromStage[from];
        if (!base) throw new Error(`COPY --from=${from}: no such stage replayed`);
        for (const source of sources)
          cpSync(join(base, source.replace(/^\/app\/?/, '')), join(workdir, dest), { recursive: true });
      } else copyTracked(tracked, sources, dest, workdir);
    } else if (instruction.keyword === 'RUN') await onRun(instruction);
  }
}

describe('the image, replayed in a clean copy of the tracked files', () => {
  const temp = mkdtempSync(join(tmpdir(), 'rollcall-image-'));
  const buildDir = join(temp, 'build');
  const appDir = join(temp, 'app');
  let sandbox: Sandbox;
  let double: DiscordDouble;
  let child: ChildProcess | undefined;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    const tracked = (await run('git', ['ls-files', '-z'], { cwd: root })).stdout.split('\0').filter(Boolean);
    mkdirSync(buildDir, { recursive: true });
    mkdirSync(appDir, { recursive: true });
    let started = performance.now();
    // Build stage: its COPYs from the tracked files; its `npm ci` is the dev tree's node_modules
    // (the same lockfile), its `npm run build` is run for real.
    await replay(build as Stage, buildDir, tracked, {}, async (instruction) => {
      if (/^npm ci\b/.test(instruction.args)) {
        symlinkSync(join(root, 'node_modules'), join(buildDir, 'node_modules'), 'dir');
        return;
      }
      const [command = '', ...args] = instruction.words;
      await run(command, args, { cwd: buildDir });
    });
    timings.build = performance.now() - started;
    started = performance.now();
    // Runtime stage: its COPYs, and the first command of its RUN (`npm cache clean` would empty the
    // machine's shared cache), with --prefer-offline.
    await replay(runtime, appDir, tracked, { build: buildDir }, async (instruction) => {
      const first = (instruction.args.split('&&')[0] ?? '').trim().split(/\s+/);
      const [command = '', ...args] = first;
      await run(command, [...args, '--prefer-offline'], {
        cwd: appDir,
        env: { ...process.env, NODE_ENV: '' },
      });
    });
    timings.install = performance.now() - started;
    sandbox = await startSandbox();
    double = await startDiscordDouble();
  }, 120_000);

  afterAll(async () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await double?.close();
    await sandbox?.close();
    rmSync(temp, { recursive: true, force: true });
  });

  /** The image's environment: PATH and HOME, the Dockerfile's ENV, then `extra`. */
  const imageEnv = (extra: Record<string, string> = {}) => ({
    PATH: process.env.PATH,
    HOME: appDir,
    ...envOf(runtime),
    ...extra,
  });
  const cmd = () => of(runtime, 'CMD').at(-1)?.exec ?? [];

  it('has production dependencies only, and took well under the 90 s guard (about 40 s)', () => {
    expect(timings.build! + timings.install!, JSON.stringify(timings)).toBeLessThan(90_000);
    expect(existsSync(join(appDir, 'dist/src/main.js'))).toBe(true);
    expect(existsSync(join(appDir, 'node_modules/discord.js/package.json'))).toBe(true);
    expect(existsSync(join(appDir, 'node_modules/prom-client/package.json'))).toBe(true);
    for (const dev of ['typescript', 'vitest', 'tsx', '@biomejs/biome'])
      expect(existsSync(join(appDir, 'node_modules', dev)), dev).toBe(false);
    expect(existsSync(join(appDir, 'src'))).toBe(false);
  });

  it('with no settings, fails fast: exit 1 and one message naming the missing settings', async () => {
    const [command = '', ...args] = cmd();
    const started = performance.now();
    const result = await run(command, args, { cwd: appDir, env: imageEnv() }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    const ms = performance.now() - started;
    expect(result.code).toBe(1);
    expect(ms).toBeLessThan(5_000);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith('Rollcall cannot start; fix these settings (see .env.example):\n')).toBe(
      true,
    );
    expect(result.stderr.match(/Rollcall cannot start/g)).toHaveLength(1);
    for (const name of ['DISCORD_TOKEN', 'DISCORD_APPLICATION_ID', 'API_BASE_URL'])
      expect(result.stderr).toContain(`  - ${name} is required`);
    // no API_TOKEN means hosted mode, which needs the key that seals the stored tokens
    expect(result.stderr).toContain('  - ROLLCALL_SECRET_KEY is required without API_TOKEN');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('with settings against the doubles, its HEALTHCHECK turns healthy; SIGTERM exits 0', async () => {
    const port = await freePort();
    const discordToken = secret('image-discord-token');
    const env = imageEnv({
      DISCORD_TOKEN: discordToken,
      DISCORD_APPLICATION_ID: double.applicationId,
      DISCORD_GUILD_ID: double.guildId,
      DISCORD_API_URL: double.restUrl,
      API_BASE_URL: sandbox.url,
      API_TOKEN: sandbox.token,
      HEALTH_PORT: String(port),
    });
    const [command = '', ...args] = cmd();
    const started = spawn(command, args, { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let output = '';
    started.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    started.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
    const [hcCommand = '', ...hcArgs] = of(runtime, 'HEALTHCHECK').at(-1)?.exec ?? [];
    const healthcheck = () =>
      run(hcCommand, hcArgs, { cwd: appDir, env }).then(
        () => 0,
        (error: { code: number }) => error.code,
      );
    const base = `http://127.0.0.1:${port}`;
    await until(async () => (await probe(base, '/healthz')).status === 200, 20_000, 'listening');
    await until(async () => (await healthcheck()) === 0, 20_000, `healthy (output: ${output})`);
    expect((await probe(base, '/readyz')).status).toBe(200);
    expect((await probe(base, '/metrics')).body).toContain('rollcall_api_limit_remaining');
    started.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await healthcheck()).toBe(1);
    expect(output).not.toContain(discordToken);
    expect(output).not.toContain(sandbox.token);
  }, 60_000);
});
