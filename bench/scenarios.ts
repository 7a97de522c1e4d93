/**
 * The scenarios and the runner: for each, a fresh sandbox API and Discord double on 127.0.0.1, the
 * commands registered through Rollcall's own deploy code, the bot started in its own process with
 * the scenario's settings, the workload driven through the double, then the records collected.
 * Every wait is bounded; a scenario that overruns its deadline stops dispatching and is reported as such.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDeployConfig } from '../src/base/config.js';
import { registerCommands } from '../src/deploy-commands.js';
import {
  type DiscordDouble,
  type DoubleUser,
  type InteractionHandle,
  type ResponseMessage,
  startDiscordDouble,
} from '../test/doubles/discord/double.js';
import type { InteractionRecord } from '../test/doubles/discord/interactions.js';
import { snowflakeOnShard } from '../test/doubles/discord/snowflake.js';
import {
  type Dataset,
  type FaultOptions,
  type LatencyOptions,
  type QuotaOptions,
  type RateLimitOptions,
  type RequestLogEntry,
  startSandbox,
  type WindowMode,
} from '../test/doubles/sandbox/index.js';
import { freePort, OwnRedis } from '../test/support/redis.js';
import { type BotEntry, type BotLogCounts, type ProcSample, startBot } from './bot-process.js';
import {
  type BurstItem,
  type Control,
  createRandom,
  DEFAULT_PACE,
  generateBurst,
  generateWorkload,
  type MonthReport,
  monthCeiling,
  monthReports,
  type OptionSpec,
  type Pace,
  type Step,
  type Workload,
  type WorkloadData,
} from './workload.js';

/** Discord's window for the first response. */
export const DEADLINE_MS = 3_000;
/** How long the runner waits for one interaction's final answer before giving up on it. */
const RESPONSE_TIMEOUT_MS = 45_000;

export interface SandboxSpec {
  latency: LatencyOptions;
  rateLimit: RateLimitOptions;
  faults?: FaultOptions;
  /** How long a 'timeout' fault holds the request (the "stall"). */
  timeoutHoldMs?: number;
  /** The API's long allowance (the month scenario: 100 per compressed month). */
  quota?: QuotaOptions;
}

export interface ScenarioSpec {
  name: string;
  title: string;
  /** What it measures, one sentence (printed in the report). */
  description: string;
  /** Rollcall settings on top of the connection settings. */
  env: Record<string, string>;
  sandbox: SandboxSpec;
  workload:
    | { kind: 'sessions'; interactions: number; moderators: number; pace: Pace }
    | { kind: 'burst'; interactions: number; windowMs: number; moderators: number }
    | { kind: 'month'; interactions: number; moderators: number; pace: Pace; windowMs: number };
  /** The month scenario: the compressed month's length W and its allowance (for the report). */
  /**
   * The month scenario: W, the allowance, the fewest interactions that must be dispatched, and
   * whether the month has its report use and weekly digest (monthReports; a digest channel).
   */
  month?: { windowMs: number; quota: number; minimum: number; reports?: boolean };
  /** Stop dispatching after this long (the run is then marked as cut short). */
  deadlineMs: number;
  /**
   * Several bot processes: Rollcall under the shard manager with `shards` processes (one shard
   * each), one Redis of the run's own for all (CACHE_URL) and one DATA_DIR (the SQLite store, which
   * keeps the month's count); one Discord server per shard, the moderators spread over them.
   */
  processes?: {
    shards: number;
    /** Started before the wait for the month's boundary (quick mode), instead of at it. */
    startFirst: boolean;
  };
  /** Faults during the month: FLUSHALL on the run's Redis at `flushAt` (a share of W) into the period. */
  faults?: { flushAt: number };
  /**
   * Access by community roles (month-access): ACCESS_ROLE_IDS is the community's first role, which
   * the run links (`linkedChatRoleId`) to the Discord role the moderators hold.
   */
  access?: { linked: boolean };
}

/** What one scenario left behind, before any statistics. */
export interface ScenarioRaw {
  spec: ScenarioSpec;
  /** Interactions the double dispatched, oldest first. */
  interactions: InteractionRecord[];
  /**
   * The last answer each interaction sent (a reply, an update, an edit or a follow-up, place-in-line
   * notices left out), by interaction id, with when it reached the double: the double's own "final"
   * is the first edit after a defer, which for a queued read is the notice.
   */
  answers: Map<string, { at: number; message: unknown }>;
  /** The bot's callback calls that the double refused (an interaction left unanswered), by interaction id. */
  refusedCallbacks: Map<string, { status: number; error: string }>;
  /** Requests the sandbox received. */
  requests: RequestLogEntry[];
  /** `performance.timeOrigin`, to put sandbox times (epoch ms) on the double's clock. */
  timeOrigin: number;
  planned: number;
  /** Steps not dispatched because the control they needed was not on the message, by step ("click back", "open"). */
  skipped: Record<string, number>;
  /** Steps the double refused to dispatch (a workload bug; should be 0), with the first reasons. */
  driverErrors: { count: number; first: string[] };
  /** response() gave up (no acknowledgement within 3 s, or no final answer within the timeout). */
  responseFailures: number;
  cutShort: boolean;
  wallMs: number;
  /** The month scenario with reports: API requests by purpose (the bot's /metrics), and digests posted. */
  purposes?: Record<string, number>;
  digestsPosted?: number;
  /** The faults made (month-faults): what, when (epoch ms, and share of W into the period), and Redis's reply. */
  faults?: Array<{ what: string; at: number; atShare: number; reply: string }>;
  /** The month scenario: the ceiling of its planned workload for a per-record budget (monthCeiling). */
  ceiling?: (budget: number) => { asks: number; unserved: number };
  bot: {
    /** /proc after the bot connected, before the workload. */
    startup: ProcSample | undefined;
    /** /proc right after the workload. */
    end: ProcSample | undefined;
    /** Largest RSS seen by sampling during the workload (VmHWM covers the whole life). */
    maxSampledRss: number;
    heap: { heapUsed: number; heapTotal: number; samples: number };
    logs: BotLogCounts;
    exit: { code: number | null; signal: string | null; graceful: boolean };
    startMs: number;
  };
}

export interface RunContext {
  dataset: Dataset;
  workloadData: WorkloadData;
  seed: number;
  entry: BotEntry;
  /** Progress lines (stderr in the CLI). */
  log: (line: string) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The sandbox's clock: epoch ms on the same base as `performance.now()`, so the two logs line up. */
const clock = () => performance.timeOrigin + performance.now();

/** Action letters of Rollcall's custom_ids (`rc1:<action>:...`) for each control. */
const ACTION: Record<Control, string[]> = {
  next: ['n'],
  prev: ['p'],
  first: ['f'],
  last: ['l'],
  refresh: ['r'],
  back: ['b'],
  shortcut: ['s', 't'],
};
/** What to try when a control is disabled (first/last page). */
const FALLBACK: Partial<Record<Control, Control>> = {
  next: 'prev',
  prev: 'next',
  first: 'next',
  last: 'prev',
};

interface LooseComponent {
  type?: number;
  custom_id?: string;
  disabled?: boolean;
  placeholder?: string;
  options?: Array<{ value: string }>;
  components?: LooseComponent[];
}

function components(message: ResponseMessage | null): LooseComponent[] {
  const out: LooseComponent[] = [];
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const c of list as LooseComponent[]) {
      out.push(c);
      walk(c.components);
    }
  };
  walk(message?.components);
  return out;
}

/** The enabled button on `message` that does `control` (or its fallback), if any. */
function findControl(message: ResponseMessage | null, control: Control): string | undefined {
  for (const wanted of [control, FALLBACK[control]]) {
    if (!wanted) continue;
    const found = components(message).find(
      (c) =>
        c.type === 2 &&
        !c.disabled &&
        typeof c.custom_id === 'string' &&
        ACTION[wanted].includes(c.custom_id.split(':')[1] ?? ''),
    );
    if (found?.custom_id) return found.custom_id;
  }
  return undefined;
}

function findOpen(
  message: ResponseMessage | null,
  pick: number,
): { customId: string; value: string } | undefined {
  const select = components(message).find((c) => c.type === 3 && typeof c.custom_id === 'string');
  const options = select?.options ?? [];
  if (!select?.custom_id || options.length === 0) return undefined;
  return { customId: select.custom_id, value: (options[pick % options.length] as { value: string }).value };
}

interface Driver {
  double: DiscordDouble;
  users: Map<string, DoubleUser>;
  /** The server each moderator works in (several processes: one server per shard); the default one without. */
  guildOf: (mod: DoubleUser) => string | undefined;
  deadline: number;
  skipped: Record<string, number>;
  responseFailures: number;
  driverErrors: { count: number; first: string[] };
}

function driverError(driver: Driver, error: unknown): void {
  driver.driverErrors.count++;
  if (driver.driverErrors.first.length < 5) {
    driver.driverErrors.first.push(error instanceof Error ? error.message.slice(0, 200) : String(error));
  }
}

function skip(driver: Driver, step: Step): void {
  const what =
    step.kind === 'click' ? `click ${step.control}` : step.kind === 'open' ? 'open' : `/${step.command}`;
  driver.skipped[what] = (driver.skipped[what] ?? 0) + 1;
}

function optionValues(driver: Driver, options: Record<string, OptionSpec> | undefined) {
  const out: Record<string, string | boolean | DoubleUser> = {};
  for (const [name, value] of Object.entries(options ?? {})) {
    if (typeof value === 'object') {
      const user = driver.users.get(value.user);
      if (!user) throw new Error(`no double user ${value.user}`);
      out[name] = user;
    } else out[name] = value;
  }
  return out;
}

/** Dispatch one step as `mod`; undefined when it cannot be dispatched on `current`. */
async function dispatch(
  driver: Driver,
  mod: DoubleUser,
  step: Step,
  current: ResponseMessage | null,
): Promise<InteractionHandle | undefined> {
  const { double } = driver;
  try {
    if (step.kind === 'slash') {
      const guildId = driver.guildOf(mod);
      return await double.slash(mod, step.command, {
        ...(step.subcommand ? { subcommand: step.subcommand } : {}),
        ...(guildId ? { guildId } : {}),
        options: optionValues(driver, step.options),
      });
    }
    if (!current) return undefined;
    if (step.kind === 'open') {
      const open = findOpen(current, step.pick);
      return open ? await double.select(mod, current, open.customId, [open.value]) : undefined;
    }
    const customId = findControl(current, step.control);
    return customId ? await double.click(mod, current, customId) : undefined;
  } catch (error) {
    driverError(driver, error);
    return undefined;
  }
}

/** A place-in-line notice ("Waiting for the API allowance: …"): shown while waiting, never an answer. */
export const isQueueNotice = (message: unknown): boolean =>
  /^Waiting for the API allowance/.test(String((message as { content?: unknown } | null)?.content ?? ''));

/** Wait for the final answer; the message to act on next (unchanged when the answer was a notice). */
async function settle(
  driver: Driver,
  handle: InteractionHandle,
  current: ResponseMessage | null,
): Promise<ResponseMessage | null> {
  try {
    const response = await handle.response({ timeoutMs: RESPONSE_TIMEOUT_MS });
    let message: unknown = response.message;
    if (isQueueNotice(message)) {
      // The first edit was the place-in-line notice: the answer replaces it later (a control's
      // notice is a follow-up, deleted once the answer is in).
      const deadline = performance.now() + RESPONSE_TIMEOUT_MS;
      while (
        (isQueueNotice(handle.message()) || handle.followUps().some(isQueueNotice)) &&
        performance.now() < deadline
      ) {
        await sleep(50);
      }
      message = handle.message();
    }
    const shown = message as ResponseMessage | null;
    return shown && (shown.embeds?.length ?? 0) > 0 ? shown : current;
  } catch {
    driver.responseFailures++;
    return current;
  }
}

async function runSessions(driver: Driver, workload: Workload, mods: DoubleUser[]): Promise<void> {
  await Promise.all(
    workload.moderators.map(async (script) => {
      const mod = mods[script.index] as DoubleUser;
      for (const session of script.sessions) {
        let current: ResponseMessage | null = null;
        for (const step of session.steps) {
          if (performance.now() + step.thinkMs > driver.deadline) return;
          await sleep(step.thinkMs);
          const handle = await dispatch(driver, mod, step, current);
          if (!handle) {
            skip(driver, step);
            continue;
          }
          current = await settle(driver, handle, current);
        }
      }
    }),
  );
}

/** At most this many sessions run at once in the month scenario (the rest start late). */
const MONTH_MAX_SESSIONS = 48;

/**
 * A compressed month: every moderator's sessions start at times drawn over the month W (30 days of
 * W/30 each; each moderator works an 8-hour shift of their own each day), each session runs its
 * steps in order (a click needs the answer before it), and sessions of different moderators (or of
 * one moderator on different days) overlap freely, so the driver keeps up with the schedule.
 */
async function runMonth(
  driver: Driver,
  workload: Workload,
  reports: MonthReport[],
  mods: DoubleUser[],
  windowMs: number,
  seed: number,
): Promise<void> {
  const random = createRandom(seed ^ 0x6d6f6e74);
  const dayMs = windowMs / 30;
  const starts: Array<{ at: number; mod: DoubleUser; session: { steps: Step[] } }> =
    workload.moderators.flatMap((script) => {
      const shiftStart = (script.index * 7) % 24; // hour (UTC) this moderator's shift starts
      return script.sessions.map((session) => {
        const day = Math.floor(random() * 30);
        const hour = (shiftStart + random() * 8) % 24;
        return { at: day * dayMs + (hour / 24) * dayMs, mod: mods[script.index] as DoubleUser, session };
      });
    });
  for (const report of reports) {
    starts.push({
      at: report.day * dayMs + (report.hour / 24) * dayMs,
      mod: mods[report.moderator] as DoubleUser,
      session: report,
    });
  }
  starts.sort((a, b) => a.at - b.at);
  const t0 = performance.now();
  let running = 0;
  const slots: Array<() => void> = [];
  const acquire = async () => {
    while (running >= MONTH_MAX_SESSIONS) await new Promise<void>((resolve) => slots.push(resolve));
    running++;
  };
  const release = () => {
    running--;
    slots.shift()?.();
  };
  const tasks: Promise<void>[] = [];
  for (const start of starts) {
    const wait = t0 + start.at - performance.now();
    if (wait > 0) await sleep(wait);
    if (performance.now() > driver.deadline) break;
    await acquire();
    tasks.push(
      (async () => {
        try {
          let current: ResponseMessage | null = null;
          for (const [i, step] of start.session.steps.entries()) {
            if (performance.now() > driver.deadline) return;
            if (i > 0) await sleep(step.thinkMs);
            const handle = await dispatch(driver, start.mod, step, current);
            if (!handle) {
              skip(driver, step);
              continue;
            }
            current = await settle(driver, handle, current);
          }
        } finally {
          release();
        }
      })(),
    );
  }
  await Promise.all(tasks);
}

async function runBurst(driver: Driver, items: BurstItem[], mods: DoubleUser[]): Promise<void> {
  const start = performance.now();
  const pending: Promise<unknown>[] = [];
  for (const item of items) {
    const wait = start + item.atMs - performance.now();
    if (wait > 0) await sleep(wait);
    const handle = await dispatch(driver, mods[item.moderator] as DoubleUser, item.step, null);
    if (handle) pending.push(settle(driver, handle, null));
    else skip(driver, item.step);
  }
  await Promise.all(pending);
}

/** Discord's error body in one line: the message and the first failing field. */
function describeError(body: unknown): string {
  const b = body as { message?: string; errors?: unknown } | null;
  let path = '';
  let detail = '';
  const walk = (node: unknown, at: string[]) => {
    if (detail || typeof node !== 'object' || node === null) return;
    const errors = (node as { _errors?: Array<{ message?: string }> })._errors;
    if (errors?.[0]) {
      path = at.join('.');
      detail = errors[0].message ?? '';
      return;
    }
    for (const [key, value] of Object.entries(node)) walk(value, [...at, key]);
  };
  walk(b?.errors, []);
  return `${b?.message ?? 'error'}${path ? ` at ${path}: ${detail}` : ''}`;
}

/** Run one scenario end to end. Never leaves a process or a server behind. */
export async function runScenario(spec: ScenarioSpec, ctx: RunContext): Promise<ScenarioRaw> {
  const sandbox = await startSandbox({
    dataset: ctx.dataset,
    seed: ctx.seed,
    latency: spec.sandbox.latency,
    rateLimit: spec.sandbox.rateLimit,
    quota: spec.sandbox.quota ?? null,
    faults: spec.sandbox.faults ?? null,
    timeoutHoldMs: spec.sandbox.timeoutHoldMs,
    now: clock,
  });
  // Several processes: one server per shard (its id puts it on that shard), one Redis for all.
  const shards = spec.processes?.shards;
  const guildIds = shards
    ? Array.from({ length: shards }, (_, i) => snowflakeOnShard(i, shards, i + 1))
    : undefined;
  const double = await startDiscordDouble(
    guildIds
      ? {
          guildId: guildIds[0] as string,
          extraGuilds: guildIds.slice(1).map((id, i) => ({ id, name: `Server ${i + 2}` })),
          recommendedShards: shards,
        }
      : {},
  );
  const redis = shards ? await OwnRedis.create() : undefined;
  let bot: ReturnType<typeof startBot> | undefined;
  try {
    await redis?.start();
    const connection = {
      DISCORD_TOKEN: 'bench-discord-bot-token',
      DISCORD_APPLICATION_ID: double.applicationId,
      DISCORD_GUILD_ID: guildIds?.join(',') ?? double.guildId,
      DISCORD_API_URL: double.restUrl,
      API_BASE_URL: sandbox.url,
      API_TOKEN: sandbox.token,
      LOG_LEVEL: 'info',
    };
    const deploy = loadDeployConfig(connection);
    if (!deploy.ok) throw new Error(deploy.errors.join('; '));
    await within(registerCommands(deploy.config), 15_000, 'registering the commands');

    let planned: number;
    let userIds: string[];
    let run: (driver: Driver, mods: DoubleUser[]) => Promise<void>;
    let moderatorCount: number;
    let ceiling: ScenarioRaw['ceiling'];
    // Waited for before the bot starts (the month: its period boundary).
    let prelude = async () => {};
    if (spec.workload.kind === 'month') {
      const { windowMs } = spec.workload;
      const workload = generateWorkload(ctx.workloadData, {
        seed: ctx.seed,
        interactions: spec.workload.interactions,
        moderators: spec.workload.moderators,
        pace: spec.workload.pace,
      });
      planned = workload.interactions;
      userIds = workload.userIds;
      moderatorCount = spec.workload.moderators;
      const reports = spec.month?.reports
        ? monthReports(ctx.seed, spec.workload.moderators, spec.workload.pace)
        : [];
      planned += reports.reduce((n: number, r: MonthReport) => n + r.steps.length, 0);
      run = (driver, mods) => runMonth(driver, workload, reports, mods, windowMs, ctx.seed);
      ceiling = (budget) => monthCeiling(workload, budget);
      // The month starts at the API's next period boundary (the bot's and the sandbox's periods are
      // both aligned to the epoch), so the whole month is one period with one allowance, as a real
      // month is; the wait is at most W. The bot starts then too: nothing it reads before the month
      // (its digest at start) spends or ages in the period before.
      prelude = () => sleep(windowMs - (Date.now() % windowMs));
    } else if (spec.workload.kind === 'sessions') {
      const workload = generateWorkload(ctx.workloadData, {
        seed: ctx.seed,
        interactions: spec.workload.interactions,
        moderators: spec.workload.moderators,
        pace: spec.workload.pace,
      });
      planned = workload.interactions;
      userIds = workload.userIds;
      moderatorCount = spec.workload.moderators;
      run = (driver, mods) => runSessions(driver, workload, mods);
    } else {
      const burst = generateBurst(ctx.workloadData, {
        seed: ctx.seed,
        interactions: spec.workload.interactions,
        windowMs: spec.workload.windowMs,
        moderators: spec.workload.moderators,
      });
      planned = burst.items.length;
      userIds = burst.userIds;
      moderatorCount = spec.workload.moderators;
      run = (driver, mods) => runBurst(driver, burst.items, mods);
    }
    const mods = Array.from({ length: moderatorCount }, (_, i) =>
      double.user({ username: `moderator${i + 1}`, roles: ['Moderator'] }),
    );
    const users = new Map(userIds.map((id) => [id, double.user({ id, username: `member${id.slice(-6)}` })]));

    // Several processes take seconds to start (a third of the quick month): in quick mode they start
    // first, and the month begins at the next boundary after they connected. Otherwise the bot
    // starts at the boundary.
    const startFirst = spec.processes?.startFirst === true;
    if (!startFirst) await prelude();
    const bootStarted = performance.now();
    // Each run counts from zero: limit counters in a directory of its own.
    const dataDir = mkdtempSync(join(tmpdir(), 'rollcall-bench-'));
    // The month's reports: a digest channel, two roles with a weekly quota, /metrics for the
    // requests by purpose.
    const healthPort = spec.month?.reports ? await freePort() : undefined;
    const reportEnv: Record<string, string> =
      spec.month?.reports && healthPort !== undefined
        ? {
            DIGEST_CHANNEL_ID: double.channel().id,
            DIGEST_SCHEDULE: 'weekly monday 9',
            REPORTS_QUOTAS: ctx.dataset.roles
              .slice(0, 2)
              .map((r, i) => `${r.id}=${2 + 2 * i}`)
              .join(','),
            HEALTH_PORT: String(healthPort),
          }
        : {};
    const processEnv: Record<string, string> =
      redis && shards ? { CACHE_URL: redis.url, SHARDS: String(shards) } : {};
    const accessEnv = spec.access ? linkAccessRole(sandbox.dataset, double, spec.access.linked) : {};
    bot = startBot({
      env: { ...connection, DATA_DIR: dataDir, ...spec.env, ...reportEnv, ...processEnv, ...accessEnv },
      entry: ctx.entry,
      manager: shards !== undefined,
    });
    // A minute either way: a loaded machine once took over 30 s to connect one bot.
    await bot.ready(60_000);
    const startMs = performance.now() - bootStarted;
    if (startFirst) await prelude();
    await sleep(300); // let start-up work (JIT, first GC) settle before the baseline
    const startup = bot.sample();
    let maxSampledRss = startup?.rss ?? 0;
    const sampler = setInterval(() => {
      const s = bot?.sample();
      if (s) maxSampledRss = Math.max(maxSampledRss, s.rss);
    }, 250);

    const driver: Driver = {
      double,
      users,
      guildOf: (mod) => guildIds?.[mods.indexOf(mod) % guildIds.length],
      deadline: performance.now() + spec.deadlineMs,
      skipped: {},
      responseFailures: 0,
      driverErrors: { count: 0, first: [] },
    };
    const started = performance.now();
    ctx.log(`  ${spec.name}: ${planned} interactions, bot up in ${Math.round(startMs)} ms`);
    const faults = scheduleFaults(spec, redis, ctx.log);
    // The runner itself is bounded: the deadline stops new steps, each wait has its own timeout.
    try {
      await within(
        run(driver, mods),
        spec.deadlineMs + RESPONSE_TIMEOUT_MS + 10_000,
        `scenario ${spec.name}`,
      );
    } finally {
      faults?.cancel();
    }
    const wallMs = performance.now() - started;
    await sleep(200);
    clearInterval(sampler);
    const end = bot.sample();
    if (end) maxSampledRss = Math.max(maxSampledRss, end.rss);
    const heap = bot.heapPeak();
    const purposes = healthPort !== undefined ? await requestsByPurpose(healthPort) : undefined;
    const digestsPosted = healthPort !== undefined ? double.channelMessages.length : undefined;
    const exit = await bot.stop(15_000);
    const logs = bot.logs();
    const refusedCallbacks = new Map<string, { status: number; error: string }>();
    for (const call of double.callsTo(/^POST \/interactions\/\d+\/[^/]+\/callback$/)) {
      if (
        call.interactionId &&
        (call.status < 200 || call.status >= 300) &&
        !refusedCallbacks.has(call.interactionId)
      ) {
        refusedCallbacks.set(call.interactionId, {
          status: call.status,
          error: describeError(call.response),
        });
      }
    }
    const answers = new Map<string, { at: number; message: unknown }>();
    for (const call of double.calls) {
      if (!call.interactionId || call.status < 200 || call.status >= 300) continue;
      if (call.method !== 'POST' && call.method !== 'PATCH') continue;
      const body = call.body as { type?: number; data?: unknown } | null;
      const message =
        call.route === 'callback' ? (body?.type === 4 || body?.type === 7 ? body.data : undefined) : body;
      if (message === undefined || call.route === 'commands' || isQueueNotice(message)) continue;
      if (call.route !== 'callback' && call.route !== 'webhook') continue;
      answers.set(call.interactionId, { at: call.t, message });
    }
    return {
      spec,
      answers,
      interactions: double.interactions(),
      refusedCallbacks,
      requests: [...sandbox.requests],
      timeOrigin: performance.timeOrigin,
      planned,
      skipped: driver.skipped,
      driverErrors: driver.driverErrors,
      responseFailures: driver.responseFailures,
      cutShort: performance.now() > driver.deadline,
      wallMs,
      ...(ceiling ? { ceiling } : {}),
      ...(faults ? { faults: faults.made } : {}),
      ...(purposes ? { purposes } : {}),
      ...(digestsPosted !== undefined ? { digestsPosted } : {}),
      bot: { startup, end, maxSampledRss, heap, logs, exit, startMs },
    };
  } finally {
    await bot?.stop(5_000).catch(() => undefined);
    await double.close().catch(() => undefined);
    await sandbox.close().catch(() => undefined);
    await redis?.kill().catch(() => undefined);
  }
}

/**
 * The month's faults on the API's clock: FLUSHALL on the run's Redis at `flushAt` of W into the
 * current period (the month started at its boundary), whatever the workload is doing then.
 */
function scheduleFaults(
  spec: ScenarioSpec,
  redis: OwnRedis | undefined,
  log: (line: string) => void,
): { made: NonNullable<ScenarioRaw['faults']>; cancel: () => void } | undefined {
  const windowMs = spec.month?.windowMs;
  if (!spec.faults || !redis || !windowMs) return undefined;
  const made: NonNullable<ScenarioRaw['faults']> = [];
  const periodStart = Math.floor(Date.now() / windowMs) * windowMs;
  const timer = setTimeout(
    () => {
      const at = Date.now();
      const reply = redis.cli('FLUSHALL').trim();
      const atShare = (at - periodStart) / windowMs;
      made.push({ what: 'FLUSHALL', at, atShare, reply });
      log(`  ${spec.name}: FLUSHALL at ${(atShare * 100).toFixed(1)}% of W: ${reply}`);
    },
    Math.max(0, periodStart + spec.faults.flushAt * windowMs - Date.now()),
  );
  return { made, cancel: () => clearTimeout(timer) };
}

/** `rollcall_api_requests_total` summed by its `purpose` label, from the bot's /metrics. */
async function requestsByPurpose(port: number): Promise<Record<string, number>> {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) })
    .then((r) => r.text())
    .catch(() => '');
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^rollcall_api_requests_total\{([^}]*)\} (\d+)/.exec(line);
    const purpose = match ? /purpose="([^"]+)"/.exec(match[1] as string)?.[1] : undefined;
    if (match && purpose) out[purpose] = (out[purpose] ?? 0) + Number(match[2]);
  }
  return out;
}

/** Sizes and pacing of one bench invocation. */
export interface BenchPlan {
  quick: boolean;
  shippedSize: number;
  stallSize: number;
  burstSize: number;
  growthSizes: number[];
  moderators: number;
  pace: Pace;
  deadlineMs: number;
  /**
   * The month scenario: W (ms), interactions planned, moderators, and the fewest that must be
   * dispatched (a few planned clicks find no control to click, e.g. "next" on a one-page list).
   */
  month: { windowMs: number; interactions: number; moderators: number; minimum: number };
  /**
   * month-faults: interactions planned and the fewest dispatched. The full month's workload asks for
   * more than the allowance buys, so a lost count would show; the quick month's 400 ask for less
   * (about 90 requests' worth), so quick mode plans more, enough that a second allowance would be spent.
   */
  monthFaults: { interactions: number; minimum: number };
  /** Scenarios also run against these sandbox window modes of the short limit (besides `fixed`). */
  modeRuns: { modes: WindowMode[]; scenarios: ScenarioName[] };
}

export const FULL_PLAN: BenchPlan = {
  quick: false,
  shippedSize: 1_000,
  stallSize: 400,
  burstSize: 300,
  growthSizes: [250, 1_000, 3_000],
  moderators: 12,
  pace: DEFAULT_PACE,
  deadlineMs: 240_000,
  month: { windowMs: 480_000, interactions: 3_300, moderators: 20, minimum: 3_000 },
  monthFaults: { interactions: 3_300, minimum: 3_000 },
  modeRuns: { modes: ['sliding', 'clock'], scenarios: ['shipped', 'naive', 'stall', 'burst'] },
};

export const QUICK_PLAN: BenchPlan = {
  quick: true,
  shippedSize: 80,
  stallSize: 40,
  burstSize: 60,
  growthSizes: [40, 80, 120],
  moderators: 6,
  pace: { stepMs: [20, 120], sessionGapMs: [50, 200] },
  deadlineMs: 20_000,
  month: { windowMs: 30_000, interactions: 400, moderators: 20, minimum: 340 },
  monthFaults: { interactions: 800, minimum: 680 },
  modeRuns: { modes: ['sliding', 'clock'], scenarios: ['burst'] },
};

/** The sandbox's realistic behaviour: 100-200 ms per answer, and a per-token limit. */
export const LATENCY: LatencyOptions = { minMs: 100, maxMs: 200 };
/**
 * The API's per-token limit in the steady scenarios, and the bot's budget set to the same (as the
 * README tells operators). Set above what even the naive bot needs for this workload, so the
 * shipped/naive comparison is about requests made, not about who got throttled (burst tests that).
 */
export const STEADY_LIMIT: RateLimitOptions = { requests: 3_000, windowSeconds: 60 };
export const BURST_LIMIT: RateLimitOptions = { requests: 30, windowSeconds: 10 };
/**
 * The bot's short limit in the burst: the API's own, as operators are told to set it. The log of
 * the last requests (src/api/limits/request-log.ts) keeps it over the window and 2 s more
 * (SPAN_MARGIN_MS), the margin for requests that reach the API later than they were counted.
 */
export const BURST_BUDGET = { requests: 30, windowSeconds: 10 };
/** How long a burst's callers may wait for the short limit (API_QUEUE_MAX_WAIT_MS). */
export const BURST_MAX_WAIT_MS = 60_000;
/** Share of API calls that stall in the stall scenario, and for how long. */
export const STALL = { rate: 0.1, holdMs: 10_000 };

/** The bot's API_LIMITS for a short limit (no monthly allowance: these scenarios measure requests). */
const budgetEnv = (limit: { requests: number; windowSeconds: number }) => ({
  API_LIMITS: `${limit.requests}/${limit.windowSeconds}s`,
});

export const SCENARIO_NAMES = [
  'shipped',
  'naive',
  'stall',
  'burst',
  'growth',
  'month',
  'month-faults',
  'month-access',
] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** The scenario specs of a plan, in run order. Growth runs at the shipped size reuse the shipped run. */
export function scenarioSpecs(plan: BenchPlan, only?: ScenarioName[]): ScenarioSpec[] {
  const wanted = (name: ScenarioName) => !only || only.length === 0 || only.includes(name);
  const steady: SandboxSpec = { latency: LATENCY, rateLimit: STEADY_LIMIT };
  const sessions = (interactions: number) =>
    ({ kind: 'sessions', interactions, moderators: plan.moderators, pace: plan.pace }) as const;
  const shipped = (name: string, size: number): ScenarioSpec => ({
    name,
    title: name === 'shipped' ? 'shipped' : `growth ${formatSize(size)}`,
    description: 'Rollcall with its defaults (budget set to the API limit).',
    env: budgetEnv(STEADY_LIMIT),
    sandbox: steady,
    workload: sessions(size),
    deadlineMs: plan.deadlineMs,
  });
  const specs: ScenarioSpec[] = [];
  if (wanted('shipped')) specs.push(shipped('shipped', plan.shippedSize));
  if (wanted('naive')) {
    specs.push({
      name: 'naive',
      title: 'naive',
      description:
        'The same bot with the cache (CACHE_MAX_ENTRIES=0) and coalescing (API_COALESCE=false) off.',
      env: { ...budgetEnv(STEADY_LIMIT), CACHE_MAX_ENTRIES: '0', API_COALESCE: 'false' },
      sandbox: steady,
      workload: sessions(plan.shippedSize),
      deadlineMs: plan.deadlineMs,
    });
  }
  if (wanted('stall')) {
    specs.push({
      name: 'stall',
      title: 'stall',
      description: `${STALL.rate * 100}% of API calls get no answer for ${STALL.holdMs / 1000} s (then the connection drops).`,
      env: budgetEnv(STEADY_LIMIT),
      sandbox: { ...steady, faults: { rate: STALL.rate, kinds: ['timeout'] }, timeoutHoldMs: STALL.holdMs },
      workload: sessions(plan.stallSize),
      deadlineMs: plan.deadlineMs,
    });
  }
  if (wanted('burst')) {
    specs.push({
      name: 'burst',
      title: 'burst',
      description: `${plan.burstSize} slash commands within 1 s; API limit ${BURST_LIMIT.requests}/${BURST_LIMIT.windowSeconds} s, bot limit ${BURST_BUDGET.requests}/${BURST_BUDGET.windowSeconds} s, waits up to ${BURST_MAX_WAIT_MS / 1000} s.`,
      // A deferred answer may be completed for 15 minutes: waiting a minute for the short limit
      // beats telling the moderator "busy, try again".
      env: { ...budgetEnv(BURST_BUDGET), API_QUEUE_MAX_WAIT_MS: String(BURST_MAX_WAIT_MS) },
      sandbox: { latency: LATENCY, rateLimit: BURST_LIMIT },
      workload: {
        kind: 'burst',
        interactions: plan.burstSize,
        windowMs: 1_000,
        moderators: Math.max(plan.moderators, 30),
      },
      deadlineMs: plan.deadlineMs,
    });
  }
  // The same scenarios against the API's other ways of counting its short window.
  for (const mode of plan.modeRuns.modes) {
    for (const base of specs.filter((s) => (plan.modeRuns.scenarios as string[]).includes(s.name))) {
      specs.push({
        ...base,
        name: `${base.name}-${mode}`,
        title: `${base.title} (${mode})`,
        description: `${base.description} The API counts its short limit in ${mode === 'sliding' ? 'a sliding window' : 'windows aligned to the clock'}.`,
        sandbox: { ...base.sandbox, rateLimit: { ...base.sandbox.rateLimit, mode } },
      });
    }
  }
  if (wanted('growth')) {
    for (const size of plan.growthSizes) {
      if (size === plan.shippedSize && wanted('shipped')) continue; // the shipped run is this point
      specs.push(shipped(`growth-${size}`, size));
    }
  }
  if (wanted('month')) specs.push(monthSpec(plan));
  // Quick mode runs these only when named: two processes' start, another month and the waits for a
  // period boundary would double the quick run.
  const named = (name: ScenarioName) => only?.includes(name) ?? false;
  if (plan.quick ? named('month-faults') : wanted('month-faults')) specs.push(monthFaultsSpec(plan));
  if (plan.quick ? named('month-access') : wanted('month-access')) specs.push(monthAccessSpec(plan));
  return specs;
}

/**
 * The month of monthSpec with access by community roles (access-roles): the community's first role,
 * linked to the Discord role every moderator holds, so every access check is decided from the
 * interaction's roles. Its share of moderators' interactions answered with data stands beside the
 * plain month's.
 */
function monthAccessSpec(plan: BenchPlan): ScenarioSpec {
  const month = monthSpec(plan);
  return {
    ...month,
    name: 'month-access',
    title: 'month-access',
    description: `The month (${MONTH_QUOTA} requests in ${Math.round(plan.month.windowMs / 1000)} s) with access by a community role (ACCESS_ROLE_IDS) linked to the Discord role the moderators hold.`,
    access: { linked: true },
  };
}

/**
 * ACCESS_ROLE_IDS for the month-access run: the dataset's first role, linked to the double's
 * Moderator role when `linked` (its link cleared otherwise). Changes the run's dataset in place:
 * month-access is the last scenario of a plan, so no other run sees the link.
 */
function linkAccessRole(
  dataset: { roles: ReadonlyArray<{ id: string; linkedChatRoleId?: string }> },
  double: { role(name: string): { id: string } },
  linked: boolean,
): Record<string, string> {
  const role = dataset.roles[0];
  if (!role) throw new Error('the dataset has no role to give access by');
  role.linkedChatRoleId = linked ? double.role('Moderator').id : '';
  return { ACCESS_ROLE_IDS: role.id };
}

/** The free tier's allowance: requests per (compressed) month. */
export const MONTH_QUOTA = 100;
/** A real month, for scaling the cache's times into the compressed one. */
const REAL_MONTH_SECONDS = 30 * 86_400;

/**
 * A free-tier month compressed into W: the API allows 100 requests per W (the sandbox's quota,
 * windows aligned to the clock) and 3,000 per minute; the bot's month is W too (API_MONTH_SECONDS),
 * and the cache's times are the defaults scaled by W / 30 days (at least 1 s), saved copies kept for
 * the whole (compressed) month.
 */
function monthSpec(plan: BenchPlan): ScenarioSpec {
  const { windowMs, interactions, moderators } = plan.month;
  const seconds = Math.round(windowMs / 1000);
  const scaled = (s: number) => String(Math.max(1, Math.round((s * seconds) / REAL_MONTH_SECONDS)));
  return {
    name: 'month',
    title: 'month',
    description: `A free-tier month (${MONTH_QUOTA} requests) compressed into ${seconds} s: ${moderators} moderators on daily shifts, ${interactions} interactions; cache times scaled by the same factor.`,
    env: {
      API_LIMITS: `${MONTH_QUOTA}/month,${STEADY_LIMIT.requests}/${STEADY_LIMIT.windowSeconds}s`,
      API_MONTH_SECONDS: String(seconds),
      CACHE_TTL_LIST_SECONDS: scaled(60),
      CACHE_TTL_ITEM_SECONDS: scaled(300),
      CACHE_TTL_STABLE_SECONDS: scaled(3_600),
      CACHE_TTL_NOT_FOUND_SECONDS: scaled(30),
      CACHE_STALE_SECONDS: scaled(REAL_MONTH_SECONDS),
    },
    sandbox: {
      latency: LATENCY,
      rateLimit: STEADY_LIMIT,
      quota: { requests: MONTH_QUOTA, window: { seconds } },
    },
    workload: {
      kind: 'month',
      interactions,
      moderators,
      pace: { stepMs: [20, 150], sessionGapMs: [0, 0] },
      windowMs,
    },
    month: { windowMs, quota: MONTH_QUOTA, minimum: plan.month.minimum, reports: true },
    // The run waits for the next period boundary first (at most W); the deadline counts from there.
    deadlineMs: windowMs + 30_000,
  };
}

/** Bot processes in the month-faults scenario, and when (share of W) their Redis is emptied. */
export const MONTH_FAULTS = { shards: 2, flushAt: 0.5 };

/**
 * The month of monthSpec served by two processes (the shard manager, one shard each, one server per
 * shard) sharing one Redis and one store, with FLUSHALL on that Redis half way through W: the cache,
 * the paging state and the limits' counts are gone, and only the month's count kept in the store
 * (the ledger) stands between the bot and a second allowance. The API sends no X-RateLimit-* for
 * its allowance here (its description shows none), so a lost count is not put right from the API's.
 */
function monthFaultsSpec(plan: BenchPlan): ScenarioSpec {
  const month = monthSpec({ ...plan, month: { ...plan.month, ...plan.monthFaults } });
  const quota = month.sandbox.quota as QuotaOptions;
  return {
    ...month,
    name: 'month-faults',
    title: 'month-faults',
    description: `The month (${MONTH_QUOTA} requests in ${Math.round(plan.month.windowMs / 1000)} s, ${plan.monthFaults.interactions} interactions) served by ${MONTH_FAULTS.shards} processes (SHARDS=${MONTH_FAULTS.shards}) sharing one Redis (CACHE_URL) and one SQLite store (DATA_DIR); FLUSHALL on that Redis at ${MONTH_FAULTS.flushAt * 100}% of W; the API sends no headers for its allowance.`,
    sandbox: { ...month.sandbox, quota: { ...quota, headers: false } },
    // Quick mode's month is 30 s and two processes take about 10 s to start: they start first. A full
    // month's processes start at the boundary, as the month's bot does: what they read at start then
    // falls in the month, and its saved copies (kept for W) do not expire before the month ends.
    processes: { shards: MONTH_FAULTS.shards, startFirst: plan.quick },
    faults: { flushAt: MONTH_FAULTS.flushAt },
  };
}

export function formatSize(n: number): string {
  return n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}
