/**
 * The container image without a Docker engine: the Dockerfile's shape (multi-stage, Node 24,
 * production dependencies only at runtime, non-root, exec-form CMD, HEALTHCHECK on /readyz, DATA_DIR
 * in the volume /data), and its steps replayed in a clean copy of the tracked files, each stage's
 * absolute paths mapped into a folder of its own: the build stage's COPYs and build, the runtime
 * stage's COPYs, `npm ci --omit=dev`, mkdir and chown, then its CMD started as the image's user
 * (when the tests run as root) with no settings (fails fast), with a DATA_DIR it may not write (one
 * sentence), and with settings against the doubles, from the environment, from a copied .env and
 * from compose's bot environment (its HEALTHCHECK turns healthy, SIGTERM exits 0).
 *
 * Slow-ish (a production `npm ci` and a TypeScript build): about 40 s here; 90 s fails the test.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { parseEnv, promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordDouble, startDiscordDouble } from '../doubles/discord/double.js';
import { type Sandbox, startSandbox } from '../doubles/sandbox/server.js';
import { freePort } from '../support/redis.js';
import { environmentOf, interpolate, rollcallServices } from './compose.js';
import { envOf, readDockerfile, type Stage } from './dockerfile.js';
import { fillEnv, readEnvExample } from './env-file.js';
import { probe, secret, until } from './support.js';

const exec = promisify(execFile);
/** execFile that, on failure, says what the command printed. */
const run = (
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; uid?: number; gid?: number } = {},
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
    // the lockfile pair, and the emoji images deploy-commands uploads (data, not code)
    for (const c of copies.filter((x) => !x.flags.from))
      for (const source of c.words.slice(0, -1))
        expect(['package.json', 'package-lock.json', 'assets']).toContain(source);
  });

  it('runs as a non-root user, node as PID 1 (exec form), with a HEALTHCHECK that node itself runs', () => {
    const user = of(runtime, 'USER').at(-1)?.words[0];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    const cmd = of(runtime, 'CMD').at(-1);
    expect(cmd?.exec?.[0]).toBe('node'); // with package.json start's flags (test/bench/start-command.unit.test.ts)
    expect(cmd?.exec?.at(-1)).toBe('dist/src/main.js');
    expect(of(runtime, 'ENTRYPOINT')).toEqual([]);
    const health = of(runtime, 'HEALTHCHECK').at(-1);
    expect(health?.exec?.[0]).toBe('node');
    expect(health?.exec?.[1]).toBe('dist/src/ops/healthcheck.js');
    expect(envOf(runtime).HEALTH_PORT_DEFAULT).toMatch(/^\d+$/);
  });

  it("keeps DATA_DIR in the volume /data, made and given to the image's user before it runs", () => {
    expect(envOf(runtime).DATA_DIR).toBe('/data');
    expect(of(runtime, 'VOLUME').flatMap((v) => v.exec ?? v.words)).toContain('/data');
    const user = of(runtime, 'USER').at(-1)?.words[0] as string;
    const steps = runtime.instructions;
    const made = steps.findIndex((i) => i.keyword === 'RUN' && /\bmkdir\b.*\s\/data\b/.test(i.args));
    const given = steps.findIndex(
      (i) => i.keyword === 'RUN' && new RegExp(`\\bchown ${user}(:${user})?\\s+\\/data\\b`).test(i.args),
    );
    expect(made).toBeGreaterThanOrEqual(0);
    expect(given).toBeGreaterThanOrEqual(made);
    expect(given).toBeLessThan(steps.findIndex((i) => i.keyword === 'USER'));
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toMatch(/docker run [^\n]*-v rollcall-data:\/data/);
  });

  it('keeps .env and build output out of the build context', () => {
    const ignored = readFileSync(join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['.env', 'node_modules', 'dist', '.git']) expect(ignored).toContain(entry);
  });
});

/** The official image's users and groups by name (uid = gid): what USER and chown name. */
const IMAGE_USERS: Record<string, number> = { root: 0, node: 1000 };
/** As root, the replay sets owners as the image has them and runs the CMD as the image's USER. */
const asRoot = process.getuid?.() === 0;

/**
 * A stage's filesystem in a folder of the host: the image's absolute paths live under `root`
 * (/data is `<root>/data`), relative ones under the WORKDIR.
 */
interface StageFs {
  root: string;
  workdir: string;
}
const inImage = (fs: StageFs, path: string) =>
  isAbsolute(path) ? join(fs.root, path) : join(fs.workdir, path);

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

/**
 * One command of a RUN (`a && b` is two), on the stage's filesystem: `npm` is handed to `npm`;
 * `mkdir` and `chown` act on the mapped paths (chown only as root, and only to the image's users).
 * Anything else fails the test, so a new kind of step is taught here rather than skipped.
 */
async function replayCommand(
  words: string[],
  fs: StageFs,
  npm: (args: string[]) => Promise<void>,
): Promise<void> {
  const [command = '', ...args] = words;
  const operands = args.filter((a) => !a.startsWith('-'));
  if (command === 'npm') return npm(args);
  if (command === 'mkdir') {
    for (const path of operands) mkdirSync(inImage(fs, path), { recursive: args.includes('-p') });
    return;
  }
  if (command === 'chown') {
    const [owner = '', ...paths] = operands;
    const [user = '', group = user] = owner.split(':');
    const uid = IMAGE_USERS[user];
    const gid = IMAGE_USERS[group];
    if (uid === undefined || gid === undefined) throw new Error(`chown ${owner}: not a user of the image`);
    for (const path of paths) {
      const target = inImage(fs, path);
      if (!existsSync(target)) throw new Error(`chown ${path}: no such file in the image`);
      if (asRoot) chownSync(target, uid, gid);
    }
    return;
  }
  throw new Error(
    `the replay does not know \`${words.join(' ')}\`: teach it (test/ops/container.system.test.ts)`,
  );
}

/** What a stage's instructions do, replayed on `fs` (npm commands of its RUNs are handed to `npm`). */
async function replay(
  stage: Stage,
  fs: StageFs,
  tracked: string[],
  fromStage: Record<string, StageFs>,
  npm: (args: string[], fs: StageFs) => Promise<void>,
): Promise<void> {
  for (const instruction of stage.instructions) {
    if (instruction.keyword === 'WORKDIR') {
      fs.workdir = inImage(fs, instruction.words[0] as string);
      mkdirSync(fs.workdir, { recursive: true });
    } else if (instruction.keyword === 'COPY') {
      const sources = instruction.words.slice(0, -1);
      const dest = instruction.words.at(-1) as string;
      const from = instruction.flags.from;
      if (from) {
        const base = fromStage[from];
        if (!base) throw new Error(`COPY --from=${from}: no such stage replayed`);
        for (const source of sources) cpSync(inImage(base, source), inImage(fs, dest), { recursive: true });
      } else copyTracked(tracked, sources, dest, fs.workdir);
    } else if (instruction.keyword === 'RUN') {
      for (const command of instruction.args.split('&&'))
        await replayCommand(command.trim().split(/\s+/), fs, (args) => npm(args, fs));
    }
  }
}

/** A process's exit code, stdout and stderr, whether it succeeded or not. */
const settle = (pending: Promise<{ stdout: string; stderr: string }>) =>
  pending.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('the image, replayed in a clean copy of the tracked files', () => {
  // The image's user must reach the copy, as it reaches / in the image: as root (whose TMPDIR may be
  // private), under /tmp, which every user may enter.
  const temp = mkdtempSync(join(asRoot ? '/tmp' : tmpdir(), 'rollcall-image-'));
  chmodSync(temp, 0o755);
  const buildFs: StageFs = { root: join(temp, 'build'), workdir: join(temp, 'build') };
  const runtimeFs: StageFs = { root: join(temp, 'runtime'), workdir: join(temp, 'runtime') };
  let appDir = '';
  let sandbox: Sandbox;
  let double: DiscordDouble;
  let apiToken = '';
  const children = new Set<ChildProcess>();
  /** The CMD's user: the Dockerfile's USER (as root; otherwise whoever runs the tests). */
  const imageUser = () => {
    const uid = IMAGE_USERS[of(runtime, 'USER').at(-1)?.words[0] ?? ''];
    return asRoot && uid !== undefined ? { uid, gid: uid } : {};
  };

  beforeAll(async () => {
    const tracked = (await run('git', ['ls-files', '-z'], { cwd: root })).stdout.split('\0').filter(Boolean);
    // Build stage: its COPYs from the tracked files; its `npm ci` is the dev tree's node_modules
    // (the same lockfile), its `npm run build` is run for real.
    await replay(build as Stage, buildFs, tracked, {}, async (args, fs) => {
      if (args[0] === 'ci') symlinkSync(join(root, 'node_modules'), join(fs.workdir, 'node_modules'), 'dir');
      else await run('npm', args, { cwd: fs.workdir });
    });
    // Runtime stage: its COPYs, `npm ci` with --prefer-offline, not `npm cache clean` (it would empty
    // the machine's shared cache), and its mkdir and chown on the mapped paths.
    await replay(runtime, runtimeFs, tracked, { build: buildFs }, async (args, fs) => {
      if (args[0] === 'cache') return;
      await run('npm', [...args, '--prefer-offline'], {
        cwd: fs.workdir,
        env: { ...process.env, NODE_ENV: '' },
      });
    });
    appDir = runtimeFs.workdir;
    apiToken = secret('image-api-token');
    sandbox = await startSandbox({ tokens: { [apiToken]: { permission: 'all', label: 'image' } } });
    double = await startDiscordDouble();
    // Two `npm ci`-like installs and a build: minutes under half a core (a limit for a hang).
  }, 600_000);

  afterAll(async () => {
    for (const child of children)
      if (child.pid && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await double?.close();
    await sandbox?.close();
    rmSync(temp, { recursive: true, force: true });
  });

  /** The image's environment: PATH and HOME, the Dockerfile's ENV (its paths mapped), then `extra`. */
  const imageEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: appDir,
    ...Object.fromEntries(
      Object.entries(envOf(runtime)).map(([k, v]) => [k, isAbsolute(v) ? inImage(runtimeFs, v) : v]),
    ),
    ...extra,
  });
  /** The settings of single-community mode against the doubles (what a filled-in .env holds). */
  const doubleSettings = () => ({
    DISCORD_TOKEN: secret('image-discord-token'),
    DISCORD_APPLICATION_ID: double.applicationId,
    DISCORD_GUILD_ID: double.guildId,
    DISCORD_API_URL: double.restUrl,
    API_BASE_URL: sandbox.url,
    API_TOKEN: apiToken,
  });
  const cmd = () => of(runtime, 'CMD').at(-1)?.exec ?? [];
  /** The CMD, run to its end as the image's user. */
  const runCmd = (env: NodeJS.ProcessEnv) => {
    const [command = '', ...args] = cmd();
    return settle(run(command, args, { cwd: appDir, env, ...imageUser() }));
  };

  /**
   * Start the CMD as the image's user with `env`, wait until its HEALTHCHECK passes, check
   * /readyz and /metrics on `port`, then SIGTERM: it exits 0 and the HEALTHCHECK fails. Returns what
   * it printed (which must hold no secret of `env`).
   */
  async function bootUntilHealthy(env: NodeJS.ProcessEnv, port: number): Promise<string> {
    const [command = '', ...args] = cmd();
    const started = spawn(command, args, {
      cwd: appDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...imageUser(),
    });
    children.add(started);
    let output = '';
    started.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    started.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
    const [hcCommand = '', ...hcArgs] = of(runtime, 'HEALTHCHECK').at(-1)?.exec ?? [];
    const healthcheck = async () => (await settle(run(hcCommand, hcArgs, { cwd: appDir, env }))).code;
    const base = `http://127.0.0.1:${port}`;
    await until(
      async () => (await probe(base, '/healthz')).status === 200,
      20_000,
      `listening (output: ${output})`,
    );
    await until(async () => (await healthcheck()) === 0, 20_000, `healthy (output: ${output})`);
    expect((await probe(base, '/readyz')).status).toBe(200);
    expect((await probe(base, '/metrics')).body).toContain('rollcall_api_limit_remaining');
    started.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await healthcheck()).toBe(1);
    for (const name of ['DISCORD_TOKEN', 'API_TOKEN', 'DATABASE_PASSWORD'])
      if (env[name]) expect(output, name).not.toContain(env[name]);
    return output;
  }

  it('has production dependencies only', () => {
    expect(existsSync(join(appDir, 'dist/src/main.js'))).toBe(true);
    expect(existsSync(join(appDir, 'node_modules/discord.js/package.json'))).toBe(true);
    expect(existsSync(join(appDir, 'node_modules/prom-client/package.json'))).toBe(true);
    for (const dev of ['typescript', 'vitest', 'tsx', '@biomejs/biome'])
      expect(existsSync(join(appDir, 'node_modules', dev)), dev).toBe(false);
    expect(existsSync(join(appDir, 'src'))).toBe(false);
  });

  it("has DATA_DIR's /data, owned by the image's user", () => {
    const data = inImage(runtimeFs, envOf(runtime).DATA_DIR as string);
    expect(statSync(data).isDirectory()).toBe(true);
    if (asRoot) expect(statSync(data).uid).toBe(IMAGE_USERS.node);
  });

  it('with no settings, fails fast: exit 1 and one message naming the missing settings', async () => {
    // Fast is counted, not timed (loading the code takes seconds under half a core): the process
    // exits on its own before any timer of its fired (every timeout, retry and backoff is one) and
    // with no connection or lookup made, so it waited on nothing (test/support/waits-probe.mjs).
    const probeDir = join(temp, 'waits');
    mkdirSync(probeDir, { mode: 0o777 });
    chmodSync(probeDir, 0o777); // the image's user writes what it saw there
    cpSync(join(root, 'test/support/waits-probe.mjs'), join(probeDir, 'waits-probe.mjs'));
    const result = await runCmd({
      ...imageEnv(),
      NODE_OPTIONS: `--import=${join(probeDir, 'waits-probe.mjs')}`,
    });
    expect(result.code, result.stderr).toBe(1);
    const waits = JSON.parse(readFileSync(join(probeDir, 'waits.json'), 'utf8')) as {
      timers: Array<{ ms: number; fired: boolean }>;
      network: Record<string, number>;
    };
    expect(waits.timers.filter((t) => t.fired)).toEqual([]);
    expect(waits.network).toEqual({});
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

  it('a DATA_DIR its user cannot write is one sentence on stderr and exit 1, never a stack trace', async () => {
    // a read-only folder, and the default ./data under /app (root's, read-only to the image's user)
    const readOnly = join(temp, 'read-only');
    mkdirSync(readOnly, { mode: 0o555 });
    chmodSync(readOnly, 0o555);
    const appMode = statSync(appDir).mode & 0o777;
    if (!asRoot) chmodSync(appDir, 0o555); // as root, the image's user meets root's /app as it is
    try {
      for (const [dataDir, shown] of [
        [join(readOnly, 'data'), join(readOnly, 'data')],
        ['', join(appDir, 'data')],
      ] as const) {
        const result = await runCmd(
          imageEnv({ ...doubleSettings(), DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
        );
        expect(result.code, result.stderr).toBe(1);
        expect(result.stderr.trim().split('\n'), dataDir).toEqual([
          `Rollcall could not start: DATA_DIR ${shown} cannot be created or written (EACCES); set DATA_DIR to a folder this user may write (the image's is /data: mount a volume there)`,
        ]);
        expect(existsSync(join(readOnly, 'data'))).toBe(false);
      }
    } finally {
      chmodSync(appDir, appMode);
    }
  });

  it('with settings against the doubles and HEALTH_PORT= left empty, its HEALTHCHECK turns healthy on the default port; SIGTERM exits 0', async () => {
    const port = await freePort();
    // HEALTH_PORT= in an --env-file replaces the image's value with an empty one
    await bootUntilHealthy(
      imageEnv({ ...doubleSettings(), HEALTH_PORT: '', HEALTH_PORT_DEFAULT: String(port) }),
      port,
    );
  }, 60_000);

  it('the shipped command reads a .env copied from .env.example with the required values filled in', async () => {
    const port = await freePort();
    const dotenv = join(appDir, '.env');
    writeFileSync(dotenv, fillEnv(readEnvExample(), doubleSettings()));
    try {
      // nothing but the image's own ENV in the environment: every setting comes from the file
      await bootUntilHealthy(imageEnv({ HEALTH_PORT_DEFAULT: String(port) }), port);
    } finally {
      rmSync(dotenv);
    }
  }, 60_000);

  it("compose's bot environment (its .env, its settings, the services' addresses made local) reaches ready", async () => {
    const port = await freePort();
    const password = 'kX9/+Lm2Qw==@:';
    const bot = rollcallServices().bot;
    expect(bot?.env_file).toBe('.env');
    const dotenv = parseEnv(fillEnv(readEnvExample(), doubleSettings())) as Record<string, string>;
    const composed = Object.fromEntries(
      Object.entries(environmentOf(bot ?? {})).map(([name, value]) => [
        name,
        interpolate(value, { POSTGRES_PASSWORD: password })
          .replace('redis://redis:6379', 'redis://127.0.0.1:6379')
          .replace('@postgres:5432/', '@127.0.0.1:5432/'),
      ]),
    );
    expect(composed.DATABASE_PASSWORD).toBe(password);
    await bootUntilHealthy(imageEnv({ ...dotenv, ...composed, HEALTH_PORT_DEFAULT: String(port) }), port);
  }, 60_000);
});
