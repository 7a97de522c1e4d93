/**
 * Scenario `scale` (`npm run bench -- --scenario scale`): Rollcall as shipped under the shard
 * manager (SHARDS=2: two processes, one shard each) with one Redis of its own, three Discord
 * servers of one community (one API token) spread over both shards, and the session workload of
 * bench/workload.ts, each moderator in one of the servers. Mid-run the process of shard 1 is killed
 * (SIGKILL); a probe asks its server every 250 ms until it answers again.
 *
 * Read from the outside only: the sandbox's request log (requests in every window of the API's own
 * limit, 429s), the double (answers, by server), the manager's /metrics (cache hits summed over the
 * processes) and its /readyz.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDeployConfig } from '../src/base/config.js';
import { registerCommands } from '../src/deploy-commands.js';
import {
  type DiscordDouble,
  type DoubleUser,
  type InteractionHandle,
  type InteractionResponse,
  type ResponseMessage,
  startDiscordDouble,
} from '../test/doubles/discord/double.js';
import { snowflakeOnShard } from '../test/doubles/discord/snowflake.js';
import { type Dataset, type Sandbox, startSandbox } from '../test/doubles/sandbox/index.js';
import { freePort, OwnRedis } from '../test/support/redis.js';
import { type BotEntry, SHIPPED_MAIN, shippedNodeFlags } from './bot-process.js';
import { LATENCY } from './scenarios.js';
import { type Control, generateWorkload, type Step, type WorkloadData } from './workload.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The API's own limit for the one token, and the bot's API_LIMITS: two processes must share it. */
export const SCALE_LIMIT = { requests: 30, windowSeconds: 10 };
const SHARDS = 2;
/** Servers by shard: two on shard 0, one on shard 1 (the one killed). */
const PLACEMENT = [0, 0, 1];
/** Time for an interaction to get its final answer before it counts as unanswered. */
const RESPONSE_TIMEOUT_MS = 30_000;
const PROBE_EVERY_MS = 250;

export interface ScaleOptions {
  quick: boolean;
  seed: number;
  dataset: Dataset;
  workloadData: WorkloadData;
  entry: BotEntry;
  log: (line: string) => void;
}

interface Outcome {
  shard: number;
  at: number;
  answered: boolean;
  firstMs?: number;
}

export interface ScaleResult {
  interactions: number;
  /** Interactions in the servers of the shard that was not killed: dispatched and answered. */
  survivor: { dispatched: number; answered: number; firstP50: number; firstP95: number; over3s: number };
  /** The killed shard's server: answered before the kill, lost while it was away, answered after. */
  killed: { before: number; lost: number; after: number };
  /** From SIGKILL to the first answer in the killed shard's server, and to /readyz 200 again. */
  recoveryMs: number;
  readyAgainMs: number;
  api: { requests: number; rateLimited: number; maxInWindow: number; limit: string };
  /** The same list asked in a server of each shard: requests the second process made (0: served from the shared cache). */
  crossProcessRequests: number;
  cacheHits: number;
  shutdown: { code: number | null; ms: number };
  wallMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const clock = () => performance.timeOrigin + performance.now();

const ACTION: Record<Control, string[]> = {
  next: ['n'],
  prev: ['p'],
  first: ['f'],
  last: ['l'],
  refresh: ['r'],
  back: ['b'],
  shortcut: ['s', 't'],
};

interface Loose {
  type?: number;
  custom_id?: string;
  disabled?: boolean;
  options?: Array<{ value: string }>;
  components?: Loose[];
}

function flat(message: ResponseMessage | null): Loose[] {
  const out: Loose[] = [];
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const c of list as Loose[]) {
      out.push(c);
      walk(c.components);
    }
  };
  walk(message?.components);
  return out;
}

async function dispatch(
  double: DiscordDouble,
  users: Map<string, DoubleUser>,
  mod: DoubleUser,
  guildId: string,
  step: Step,
  current: ResponseMessage | null,
): Promise<InteractionHandle | undefined> {
  if (step.kind === 'slash') {
    const options: Record<string, string | boolean | DoubleUser> = {};
    for (const [name, value] of Object.entries(step.options ?? {}))
      options[name] = typeof value === 'object' ? (users.get(value.user) as DoubleUser) : value;
    return double.slash(mod, step.command, {
      ...(step.subcommand ? { subcommand: step.subcommand } : {}),
      options,
      guildId,
    });
  }
  if (!current) return undefined;
  if (step.kind === 'open') {
    const select = flat(current).find((c) => c.type === 3 && c.custom_id);
    const value = select?.options?.[step.pick % (select.options?.length || 1)]?.value;
    return select?.custom_id && value ? double.select(mod, current, select.custom_id, [value]) : undefined;
  }
  const button = flat(current).find(
    (c) => c.type === 2 && !c.disabled && ACTION[step.control].includes(c.custom_id?.split(':')[1] ?? ''),
  );
  return button?.custom_id ? double.click(mod, current, button.custom_id) : undefined;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Most requests the API received in any window of `seconds` (sliding). */
function maxInWindow(times: number[], seconds: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let max = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= seconds * 1000) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
}

interface Manager {
  child: ChildProcess;
  lines: Array<Record<string, unknown>>;
  exited: Promise<number | null>;
}

function startManager(env: Record<string, string>, entry: BotEntry): Manager {
  const flags = shippedNodeFlags();
  const args = entry === 'source' ? [...flags, '--import', 'tsx', 'src/main.ts'] : [...flags, SHIPPED_MAIN];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: Array<Record<string, unknown>> = [];
  let rest = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr?.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

async function probe(url: string): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    return { status: response.status, body: await response.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
}

export async function runScale(options: ScaleOptions): Promise<ScaleResult> {
  const { log } = options;
  const interactions = options.quick ? 60 : 400;
  const moderators = options.quick ? 6 : 12;
  const guilds = PLACEMENT.map((shard, i) => snowflakeOnShard(shard, SHARDS, i + 1));
  let sandbox: Sandbox | undefined;
  let double: DiscordDouble | undefined;
  let manager: Manager | undefined;
  const redis = await OwnRedis.create();
  try {
    sandbox = await startSandbox({
      dataset: options.dataset,
      seed: options.seed,
      latency: LATENCY,
      rateLimit: SCALE_LIMIT,
      faults: null,
      now: clock,
    });
    double = await startDiscordDouble({
      guildId: guilds[0] as string,
      extraGuilds: guilds.slice(1).map((id, i) => ({ id, name: `Server ${i + 2}` })),
      recommendedShards: SHARDS,
    });
    await redis.start();
    const healthPort = await freePort();
    const env: Record<string, string> = {
      DISCORD_TOKEN: 'bench-discord-bot-token',
      DISCORD_APPLICATION_ID: double.applicationId,
      DISCORD_GUILD_ID: guilds.join(','),
      DISCORD_API_URL: double.restUrl,
      API_BASE_URL: sandbox.url,
      API_TOKEN: sandbox.token,
      API_LIMITS: `${SCALE_LIMIT.requests}/${SCALE_LIMIT.windowSeconds}s`,
      API_QUEUE_MAX_WAIT_MS: '20000',
      CACHE_URL: redis.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rollcall-bench-scale-')),
      HEALTH_PORT: String(healthPort),
      SHARDS: 'auto',
      LOG_LEVEL: 'info',
    };
    const deploy = loadDeployConfig(env);
    if (!deploy.ok) throw new Error(deploy.errors.join('; '));
    await registerCommands(deploy.config);
    const health = `http://127.0.0.1:${healthPort}`;

    const workload = generateWorkload(options.workloadData, {
      seed: options.seed,
      interactions,
      moderators,
    });
    const mods = Array.from({ length: moderators }, (_, i) =>
      (double as DiscordDouble).user({ username: `moderator${i + 1}`, roles: ['Moderator'] }),
    );
    const users = new Map(
      workload.userIds.map((id) => [
        id,
        (double as DiscordDouble).user({ id, username: `member${id.slice(-6)}` }),
      ]),
    );

    manager = startManager(env, options.entry);
    const m = manager;
    await until(async () => (await probe(`${health}/readyz`)).status === 200, 60_000, 'both shards ready');
    log(`  scale: both shards ready; ${workload.interactions} interactions from ${moderators} moderators`);

    // The same list in a server of each shard: the second process should not ask the API.
    const reads = () => sandbox?.requests.filter((r) => r.operationId === 'listRoles').length ?? 0;
    const probeMod = double.user({ username: 'prober', roles: ['Moderator'] });
    await (await double.slash(probeMod, 'role', { subcommand: 'list', guildId: guilds[0] })).response();
    const afterFirst = reads();
    await (await double.slash(probeMod, 'role', { subcommand: 'list', guildId: guilds[2] })).response();
    const crossProcessRequests = reads() - afterFirst;

    const outcomes: Outcome[] = [];
    const started = performance.now();
    const runDeadline = started + (options.quick ? 30_000 : 90_000);
    const runMods = Promise.all(
      workload.moderators.map(async (script) => {
        const mod = mods[script.index] as DoubleUser;
        const guildId = guilds[script.index % guilds.length] as string;
        const shard = PLACEMENT[script.index % guilds.length] as number;
        for (const session of script.sessions) {
          let current: ResponseMessage | null = null;
          for (const step of session.steps) {
            if (performance.now() > runDeadline) return;
            await sleep(step.thinkMs);
            const at = performance.now();
            const handle: InteractionHandle | undefined = await dispatch(
              double as DiscordDouble,
              users,
              mod,
              guildId,
              step,
              current,
            ).catch(() => undefined);
            if (!handle) continue;
            try {
              const answer: InteractionResponse = await handle.response({ timeoutMs: RESPONSE_TIMEOUT_MS });
              outcomes.push({ shard, at, answered: true, firstMs: answer.msToFirstCallback });
              if (answer.message && (answer.message.embeds?.length ?? 0) > 0) current = answer.message;
            } catch {
              outcomes.push({ shard, at, answered: false });
              current = null; // the message is gone with its process's answer; start the session over
            }
          }
        }
      }),
    );

    // Kill shard 1's process a third of the way through the workload; probe its server until it answers again.
    let workloadDone = false;
    void runMods.finally(() => {
      workloadDone = true;
    });
    await until(
      () => workloadDone || outcomes.length >= workload.interactions / 3,
      120_000,
      'a third of the workload',
    );
    const victim = [...m.lines].reverse().find((l) => l.msg === 'shard process started' && l.shard === 1)
      ?.processId as number | undefined;
    if (!victim) throw new Error('no process id for shard 1 in the manager log');
    const killedAt = performance.now();
    process.kill(victim, 'SIGKILL');
    log(`  scale: killed shard 1 (pid ${victim})`);
    let recoveryMs = Number.NaN;
    let readyAgainMs = Number.NaN;
    const readyWatch = (async () => {
      await until(
        async () => (await probe(`${health}/readyz`)).status === 503,
        10_000,
        'not ready after the kill',
      );
      await until(async () => (await probe(`${health}/readyz`)).status === 200, 60_000, 'ready again');
      readyAgainMs = performance.now() - killedAt;
    })();
    // A probe every PROBE_EVERY_MS, without waiting for the previous one: the first answered
    // probe's answer time is when the server answers again.
    const probes: Promise<void>[] = [];
    while (performance.now() - killedAt < 60_000 && Number.isNaN(recoveryMs)) {
      const handle = await double.slash(probeMod, 'role', { subcommand: 'list', guildId: guilds[2] });
      probes.push(
        handle.response({ timeoutMs: 5_000 }).then(
          () => {
            const answeredAt = performance.now() - killedAt;
            if (Number.isNaN(recoveryMs) || answeredAt < recoveryMs) recoveryMs = answeredAt;
          },
          () => undefined,
        ),
      );
      await sleep(PROBE_EVERY_MS);
    }
    await Promise.all(probes);
    log(`  scale: shard 1's server answered again after ${Math.round(recoveryMs)} ms`);
    await readyWatch;
    await runMods;
    const wallMs = performance.now() - started;

    const metrics = (await probe(`${health}/metrics`)).body;
    const cacheHits = metrics
      .split('\n')
      .filter((l) => l.startsWith('rollcall_cache_hits_total'))
      .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);

    const stopAt = performance.now();
    process.kill(m.child.pid as number, 'SIGTERM');
    const code = await m.exited;
    const shutdown = { code, ms: Math.round(performance.now() - stopAt) };

    const survivors = outcomes.filter((o) => o.shard === 0);
    const firsts = survivors.filter((o) => o.firstMs !== undefined).map((o) => o.firstMs as number);
    const killedShard = outcomes.filter((o) => o.shard === 1);
    const requests = sandbox.requests;
    return {
      interactions: outcomes.length,
      survivor: {
        dispatched: survivors.length,
        answered: survivors.filter((o) => o.answered).length,
        firstP50: percentile(firsts, 50),
        firstP95: percentile(firsts, 95),
        over3s: firsts.filter((ms) => ms > 3_000).length,
      },
      killed: {
        before: killedShard.filter((o) => o.at < killedAt && o.answered).length,
        lost: killedShard.filter((o) => !o.answered).length,
        after: killedShard.filter((o) => o.at >= killedAt && o.answered).length,
      },
      recoveryMs,
      readyAgainMs,
      api: {
        requests: requests.length,
        rateLimited: requests.filter((r) => r.status === 429).length,
        maxInWindow: maxInWindow(
          requests.map((r) => r.at),
          SCALE_LIMIT.windowSeconds,
        ),
        limit: `${SCALE_LIMIT.requests}/${SCALE_LIMIT.windowSeconds}s`,
      },
      crossProcessRequests,
      cacheHits,
      shutdown,
      wallMs,
    };
  } finally {
    const pid = manager?.child.pid;
    if (pid && manager?.child.exitCode === null) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    await double?.close().catch(() => undefined);
    await sandbox?.close().catch(() => undefined);
    await redis.kill().catch(() => undefined);
  }
}

export function formatScale(r: ScaleResult): string {
  const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n).toLocaleString('en-US')} ms` : 'n/a');
  const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  return [
    'scale: SHARDS=2 (two processes), one Redis, three servers of one community (two on shard 0, one on shard 1)',
    `  interactions                 ${r.interactions} in ${ms(r.wallMs)}`,
    `  API requests                 ${r.api.requests}; most in any ${r.api.limit.split('/')[1]} window ${r.api.maxInWindow} of ${r.api.limit.split('/')[0]}  ${mark(r.api.maxInWindow <= SCALE_LIMIT.requests)}`,
    `  429s                         ${r.api.rateLimited}  ${mark(r.api.rateLimited === 0)}`,
    `  cache across processes       second process's requests for a list the first read: ${r.crossProcessRequests}  ${mark(r.crossProcessRequests === 0)}; cache hits (both) ${r.cacheHits}`,
    `  shard 0 (kept)               ${r.survivor.answered}/${r.survivor.dispatched} answered  ${mark(r.survivor.answered === r.survivor.dispatched)}; first response p50 ${ms(r.survivor.firstP50)}, p95 ${ms(r.survivor.firstP95)}, over 3 s ${r.survivor.over3s}`,
    `  shard 1 (killed)             answered before ${r.killed.before}, unanswered ${r.killed.lost}, answered after ${r.killed.after}`,
    `  shard 1 answering again      ${ms(r.recoveryMs)} after SIGKILL (bound 15,000 ms)  ${mark(r.recoveryMs <= 15_000)}; /readyz 200 again after ${ms(r.readyAgainMs)}`,
    `  SIGTERM to the manager       exit ${r.shutdown.code} after ${ms(r.shutdown.ms)}  ${mark(r.shutdown.code === 0)}`,
    '',
  ].join('\n');
}
