/**
 * Scenario `reports-large` (`npm run bench -- --scenario reports-large`; reported on its own): does
 * a large community's report hold the bot's event loop? One community of 10,000 members, 5,000
 * LOAs and 100,000 shifts (1,000 / 500 / 10,000 with `--quick`) in the sandbox; its whole snapshot
 * (every page of shifts, LOAs, members and roles, 1,152 pages) read through Rollcall's own API
 * client and saved in the store under the bot's DATA_DIR before the bot starts (building it through
 * the bot would take 58 report calls at 20 new pages each), fresh for the hour. Then Rollcall as
 * shipped, in its own process, with quotas on every role (REPORTS_QUOTAS):
 *
 * - two "reporters" run the largest reports at once, each step after the last one's answer: the
 *   first `/quota check` reads the whole snapshot from SQLite (the coldest path), then the totals,
 *   an "Export CSV" of each (10,000 quota rows), `/loa active`, another period, and `/member view`
 *   of the member on duty last (the staff record's chart);
 * - meanwhile four moderators each send `/role list` (answered from the cache) every 150 ms.
 *
 * reports-large runs the bot twice over the same saved snapshot, side by side: REPORTS_CHARTS=false,
 * then on (the charts of /shift totals, /quota check and the staff record drawn in the bot's thread,
 * each one's time there and PNG size read from its `chart drawn` debug line, and the RSS at the end
 * with the thread alive), each with the machine's load average.
 *
 * Measured from the outside: every interaction's acknowledgement (dispatch → the bot's first
 * callback, the double's ledger) and answer time, and the event loop's delay inside the bot
 * (`perf_hooks.monitorEventLoopDelay`, through bench/heap-probe.mjs, counted from just before the
 * first report to the last answer). Targets: max delay <= 50 ms, every interaction acknowledged
 * within 1.6 s.
 *
 * Scenario `hostile-pages` (`--scenario hostile-pages`): the same run over hostile but
 * contract-valid records, which the bot's snapshot refreshes read again at every report (its saved
 * pages are 5 s fresh, CACHE_TTL_LIST_SECONDS=5; saved as in reports-large first): every shift,
 * LOA and member carries extra fields (HOSTILE_EXTRA: a chain nested 50 deep ending in 1,000
 * records, and 80,000 characters of text), about 200 KB a record, so each API page of 100 is about
 * 20 MB (API_MAX_RESPONSE_BYTES raised to 32 MiB to let them in). 1,000 shifts, 300 LOAs and
 * 300 members (300 / 100 / 100 with `--quick`): 17 pages, each read again by every report call.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi } from '../src/api/client.js';
import { pageInfo, pageItems } from '../src/api/pages.js';
import type { Fetched, PageQuery } from '../src/api/types.js';
import { loadConfig, loadDeployConfig } from '../src/base/config.js';
import { createLogger } from '../src/base/log.js';
import { registerCommands } from '../src/deploy-commands.js';
import { tokenHash } from '../src/store/crypto.js';
import { openStore } from '../src/store/index.js';
import { SNAPSHOT_RESOURCES, type SnapshotResource } from '../src/store/snapshot.js';
import {
  type DiscordDouble,
  type DoubleUser,
  type InteractionHandle,
  type ResponseMessage,
  startDiscordDouble,
} from '../test/doubles/discord/double.js';
import { generateDataset, type Sandbox, startSandbox } from '../test/doubles/sandbox/index.js';
import { type BotEntry, type LoopDelay, startBot } from './bot-process.js';
import { LATENCY } from './scenarios.js';

/** Largest event-loop delay allowed while the reports run. */
export const LOOP_TARGET_MS = 50;
/** Every interaction acknowledged within this (the responder defers at 1.5 s). */
export const ACK_TARGET_MS = 1_600;
const LIGHT_EVERY_MS = 150;
const LIGHT_MODERATORS = 4;
const ANSWER_TIMEOUT_MS = 120_000;

export interface ReportsLargeOptions {
  quick: boolean;
  /** Scenario `hostile-pages`: hostile records, read by the bot (see the module). */
  hostile?: boolean;
  seed: number;
  entry: BotEntry;
  log: (line: string) => void;
}

export interface Asked {
  what: string;
  heavy: boolean;
  /** Dispatch → first callback (null: none). */
  ackMs: number | null;
  /** Dispatch → the answer (null: none within the timeout). */
  answerMs: number | null;
  deferred: boolean;
  /** The answer carries a picture (a chart). */
  charted: boolean;
}

/** The charts one run drew, from the bot's `chart drawn` lines (LOG_LEVEL=debug). */
interface Drawn {
  kind: string;
  /** The drawing's time in the thread. */
  drawMs: number;
  /** The PNG's size. */
  bytes: number;
}

/** One run of the bot over the saved snapshot: charts off or on (REPORTS_CHARTS). */
export interface ReportsLargeRun {
  charts: boolean;
  /** The first report after the bot started (it opens the store), measured on its own. */
  first: { asked: Asked | undefined; loop: LoopDelay | undefined };
  asked: Asked[];
  loop: LoopDelay | undefined;
  wallMs: number;
  cpuMs: number | undefined;
  /** The bot's RSS at the end (the drawing thread, when charts are on, still alive) and its peak. */
  rss: number | undefined;
  peakRss: number | undefined;
  drawn: Drawn[];
  /** The machine's 1-minute load average at this run's start and end. */
  load: [number, number];
  errors: string[];
}

export interface ReportsLargeResult {
  hostile: boolean;
  size: { members: number; loas: number; shifts: number; pages: number };
  /** Reading the snapshot through the API client and saving it, before the bot starts. */
  seedMs: number;
  /** reports-large: charts off, then on, over the same saved snapshot; hostile-pages: charts on. */
  runs: ReportsLargeRun[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const clock = () => performance.timeOrigin + performance.now();

type ListRead = (q: PageQuery) => Promise<Fetched<{ data?: unknown[] }>>;

/** Every page of the four snapshot lists, read through Rollcall's API client and saved as the bot saves them. */
async function seedSnapshot(sandbox: Sandbox, dataDir: string, together: number): Promise<number> {
  const loaded = loadConfig({
    DISCORD_TOKEN: 'bench',
    DISCORD_APPLICATION_ID: '123456789012345678',
    DISCORD_GUILD_ID: '223456789012345678',
    API_BASE_URL: sandbox.url,
    API_TOKEN: sandbox.token,
    API_LIMITS: '100000/60s',
    // hostile-pages' pages are about 20 MB, each a few seconds on a loaded machine.
    API_MAX_RESPONSE_BYTES: String(32 * 1024 * 1024),
    API_TIMEOUT_MS: '60000',
    DATA_DIR: dataDir,
  });
  if (!loaded.ok) throw new Error(loaded.errors.join('; '));
  const logger = createLogger({ level: 'silent', format: 'json' });
  const api = createApi(loaded.config, logger);
  const store = await openStore({ dataDir });
  const community = tokenHash(sandbox.token);
  const readers: Record<SnapshotResource, ListRead> = {
    shifts: (q) => api.resources.listShifts(q),
    loas: (q) => api.resources.listLoas(q),
    members: (q) => api.resources.listMembers(q),
    roles: (q) => api.resources.listRoles(q),
  };
  let pages = 0;
  try {
    for (const resource of SNAPSHOT_RESOURCES) {
      const read = async (page: number) => {
        const fetched = await readers[resource]({ page, limit: 100 });
        const items = pageItems(fetched.data);
        const info = pageInfo(fetched.data, page, items.length);
        await store.snapshots.savePage(community, resource, {
          page,
          items,
          totalPages: info.totalPages,
          fetchedAt: fetched.fetchedAt,
        });
        return info.totalPages;
      };
      const total = await read(1);
      // `together` at a time (64; 4 of hostile pages): the sandbox answers each after 100–200 ms.
      for (let next = 2; next <= total; next += together) {
        const batch = Array.from({ length: Math.min(together, total - next + 1) }, (_, i) => next + i);
        await Promise.all(batch.map(read));
      }
      pages += total;
    }
  } finally {
    await store.close();
    await api.close();
  }
  return pages;
}

function exportButton(message: ResponseMessage | null): string | undefined {
  const found: string[] = [];
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const c of list as Array<{ custom_id?: string; components?: unknown }>) {
      if (c.custom_id?.split(':')[1] === 'x') found.push(c.custom_id);
      walk(c.components);
    }
  };
  walk(message?.components);
  return found[0];
}

/** One interaction, answered or not: its times from the double. */
async function ask(
  what: string,
  heavy: boolean,
  start: () => Promise<InteractionHandle>,
  asked: Asked[],
): Promise<ResponseMessage | null> {
  const handle = await start();
  const entry: Asked = { what, heavy, ackMs: null, answerMs: null, deferred: false, charted: false };
  asked.push(entry);
  try {
    const answer = await handle.response({ timeoutMs: ANSWER_TIMEOUT_MS });
    entry.ackMs = answer.msToFirstCallback;
    entry.answerMs = answer.msToFinal;
    entry.deferred = answer.callbackType === 5 || answer.callbackType === 6;
    entry.charted = (answer.message?.attachments ?? []).some((a) => a.filename.endsWith('-chart.png'));
    return answer.message;
  } catch {
    return null;
  }
}

type Step = { what: string; slash?: [string, string, Record<string, string>]; exportOfLast?: true };

/** The reporters' steps; `memberId`: the staff record `/member view` opens (it draws the member's chart). */
const reporterSteps = (memberId: string): Step[][] => [
  [
    { what: '/quota check 30-days', slash: ['quota', 'check', { period: '30-days' }] },
    { what: 'Export CSV of /quota check', exportOfLast: true },
    { what: '/shift totals this-month', slash: ['shift', 'totals', { period: 'this-month' }] },
    { what: '/quota check this-month', slash: ['quota', 'check', { period: 'this-month' }] },
    { what: '/member view', slash: ['member', 'view', { 'member-id': memberId }] },
  ],
  [
    { what: '/shift totals 30-days', slash: ['shift', 'totals', { period: '30-days' }] },
    { what: 'Export CSV of /shift totals', exportOfLast: true },
    { what: '/loa active', slash: ['loa', 'active', {}] },
    { what: '/shift totals last-month', slash: ['shift', 'totals', { period: 'last-month' }] },
    { what: '/member view', slash: ['member', 'view', { 'member-id': memberId }] },
  ],
];

async function runReporter(double: DiscordDouble, mod: DoubleUser, steps: Step[], asked: Asked[]) {
  let last: ResponseMessage | null = null;
  for (const step of steps) {
    if (step.slash) {
      const [command, subcommand, options] = step.slash;
      last = await ask(step.what, true, () => double.slash(mod, command, { subcommand, options }), asked);
    } else {
      const id = exportButton(last);
      if (!last || !id) continue;
      const message = last;
      await ask(step.what, true, () => double.click(mod, message, id), asked);
    }
  }
}

/** Nested `levels` deep around `leaf`. */
function nestedAround(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { level: i, down: value };
  return value;
}

/**
 * The extra fields of every hostile record (contract-valid: records may carry extra fields), about
 * 200 KB as JSON: a chain nested 50 deep (under the 64 levels Rollcall reads) ending in 1,000
 * records, and 80,000 characters of text. One object shared by every record (the sandbox writes it
 * out for each).
 */
export const HOSTILE_EXTRA = {
  auditTrail: nestedAround(
    50,
    Array.from({ length: 1_000 }, (_, i) => ({ step: i, note: `${'n'.repeat(90)}${i}` })),
  ),
  notes: 'hostile '.repeat(10_000),
};

export async function runReportsLarge(options: ReportsLargeOptions): Promise<ReportsLargeResult> {
  const { log } = options;
  const hostile = options.hostile === true;
  const size = hostile
    ? options.quick
      ? { members: 100, loas: 100, shifts: 300 }
      : { members: 300, loas: 300, shifts: 1_000 }
    : options.quick
      ? { members: 1_000, loas: 500, shifts: 10_000 }
      : { members: 10_000, loas: 5_000, shifts: 100_000 };
  const dataset = generateDataset({
    seed: options.seed,
    baseTime: Math.floor(Date.now() / 1000) - 3600,
    roles: 20,
    ...size,
  });
  if (hostile)
    for (const record of [...dataset.shifts, ...dataset.loas, ...dataset.members])
      Object.assign(record, { extra: HOSTILE_EXTRA });
  const dataDir = mkdtempSync(join(tmpdir(), 'rollcall-bench-reports-large-'));
  let sandbox: Sandbox | undefined;
  try {
    sandbox = await startSandbox({
      dataset,
      seed: options.seed,
      latency: LATENCY,
      rateLimit: { requests: 100_000, windowSeconds: 60 },
      faults: null,
      now: clock,
    });
    const seedStarted = performance.now();
    const pages = await seedSnapshot(sandbox, dataDir, hostile ? 4 : 64);
    const seedMs = performance.now() - seedStarted;
    log(
      `  ${hostile ? 'hostile-pages' : 'reports-large'}: ${pages} snapshot pages saved in ${(seedMs / 1000).toFixed(1)} s`,
    );
    const runs: ReportsLargeRun[] = [];
    const env = botEnv(sandbox, dataDir, dataset.roles, hostile);
    for (const charts of hostile ? [true] : [false, true]) {
      log(`  ${hostile ? 'hostile-pages' : 'reports-large'}: charts ${charts ? 'on' : 'off'}`);
      runs.push(await runSide(env, charts, latestOnDuty(dataset.shifts), options.entry));
    }
    return { hostile, size: { ...size, pages }, seedMs, runs };
  } finally {
    await sandbox?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The member of the latest shift: their staff record has days on duty to draw. */
function latestOnDuty(shifts: ReadonlyArray<{ memberId?: string; createdAt?: number }>): string {
  let latest = { memberId: '', createdAt: -1 };
  for (const s of shifts)
    if ((s.createdAt ?? -1) > latest.createdAt && s.memberId)
      latest = { memberId: s.memberId, createdAt: s.createdAt ?? -1 };
  return latest.memberId;
}

/** The bot's settings for the saved snapshot (REPORTS_CHARTS is each run's). */
function botEnv(sandbox: Sandbox, dataDir: string, roles: ReadonlyArray<{ id: string }>, hostile: boolean) {
  return {
    DISCORD_TOKEN: 'bench-discord-bot-token',
    API_BASE_URL: sandbox.url,
    API_TOKEN: sandbox.token,
    API_LIMITS: '3000/60s',
    DATA_DIR: dataDir,
    // reports-large: the saved pages stay fresh for the run, the reports read the snapshot, not
    // the API. hostile-pages: every saved page is 5 s old at most, so each report refreshes the
    // snapshot (20 pages of about 20 MB a call) while the others are asked.
    CACHE_TTL_LIST_SECONDS: hostile ? '5' : '3600',
    REPORTS_QUOTAS: roles.map((r) => `${r.id}=4`).join(','),
    // debug: the charts' `chart drawn` lines (their time in the thread, their size); the snapshot
    // is fresh, so the other debug lines (API requests) are few.
    LOG_LEVEL: 'debug',
    // Pages of about 20 MB: let them in (the default is 5 MiB), and give each up to 30 s.
    ...(hostile ? { API_MAX_RESPONSE_BYTES: String(32 * 1024 * 1024), API_TIMEOUT_MS: '30000' } : {}),
  };
}

/** One bot, its own Discord double, over the saved snapshot: the first report, then the measured ones. */
async function runSide(
  base: Record<string, string>,
  charts: boolean,
  memberId: string,
  entry: BotEntry,
): Promise<ReportsLargeRun> {
  const loadAtStart = loadavg()[0] ?? 0;
  let double: DiscordDouble | undefined;
  let bot: ReturnType<typeof startBot> | undefined;
  try {
    double = await startDiscordDouble({});
    const env: Record<string, string> = {
      ...base,
      DISCORD_APPLICATION_ID: double.applicationId,
      DISCORD_GUILD_ID: double.guildId,
      DISCORD_API_URL: double.restUrl,
      REPORTS_CHARTS: String(charts),
    };
    const deploy = loadDeployConfig(env);
    if (!deploy.ok) throw new Error(deploy.errors.join('; '));
    await registerCommands(deploy.config);
    const drawn: Drawn[] = [];
    bot = startBot({
      env,
      entry,
      onLog: (line) => {
        if (line.msg === 'chart drawn')
          drawn.push({ kind: String(line.chart), drawMs: Number(line.drawMs), bytes: Number(line.bytes) });
      },
    });
    await bot.ready(60_000);
    const measured = await measure(double, bot, reporterSteps(memberId));
    // Read before the bot stops: the drawing thread is still alive (it stops after an idle minute).
    const proc = bot.sample();
    return {
      charts,
      ...measured,
      rss: proc?.rss,
      peakRss: proc?.peakRss,
      drawn,
      load: [loadAtStart, loadavg()[0] ?? 0],
      errors: bot.logs().errors,
    };
  } finally {
    await bot?.stop(10_000).catch(() => undefined);
    await double?.close().catch(() => undefined);
  }
}

/** The warm-up, the first report on its own, then the reporters and the light interactions together. */
async function measure(d: DiscordDouble, bot: ReturnType<typeof startBot>, steps: Step[][]) {
  const reporters = steps.map((_, i) => d.user({ username: `reporter${i + 1}`, roles: ['Moderator'] }));
  const light = Array.from({ length: LIGHT_MODERATORS }, (_, i) =>
    d.user({ username: `moderator${i + 1}`, roles: ['Moderator'] }),
  );
  const asked: Asked[] = [];
  // The role list once, so the light interactions are answered from the cache.
  await ask(
    '/role list (warm-up)',
    false,
    () => d.slash(light[0] as DoubleUser, 'role', { subcommand: 'list' }),
    [],
  );
  // The first report after start opens the store (loading its database driver, once per
  // process): measured on its own.
  bot.resetLoopDelay();
  await sleep(300);
  const firstAsked: Asked[] = [];
  await ask(
    '/loa active (first report)',
    true,
    () => d.slash(reporters[0] as DoubleUser, 'loa', { subcommand: 'active' }),
    firstAsked,
  );
  await sleep(300);
  const first = { asked: firstAsked[0], loop: bot.loopDelay() };
  const cpuBefore = bot.sample()?.cpuMs;
  bot.resetLoopDelay();
  await sleep(300);
  const started = performance.now();
  let heavyDone = false;
  const lightRuns = light.map(async (mod) => {
    while (!heavyDone) {
      await ask('/role list', false, () => d.slash(mod, 'role', { subcommand: 'list' }), asked);
      await sleep(LIGHT_EVERY_MS);
    }
  });
  await Promise.all(steps.map((list, i) => runReporter(d, reporters[i] as DoubleUser, list, asked)));
  heavyDone = true;
  await Promise.all(lightRuns);
  const wallMs = performance.now() - started;
  // The probe writes every 100 ms: wait for a line that covers the end.
  await sleep(300);
  const loop = bot.loopDelay();
  const cpuAfter = bot.sample()?.cpuMs;
  // With a CPU profile asked for, the long gaps go beside it for `bench/holds.ts`.
  if (process.env.XPROF && loop)
    writeFileSync(join(process.env.XPROF, 'gaps.json'), JSON.stringify(loop.longGaps, null, 2));
  const cpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  return { first, asked, loop, wallMs, cpuMs };
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

/** Whether a run met both targets. */
export function reportsLargePass(r: ReportsLargeRun): { loop: boolean; acks: boolean } {
  return {
    loop: r.loop !== undefined && r.loop.maxMs <= LOOP_TARGET_MS,
    acks: r.asked.every((a) => a.ackMs !== null && a.ackMs <= ACK_TARGET_MS),
  };
}

function delay(loop: LoopDelay | undefined): string {
  return loop
    ? `${loop.p50Ms.toFixed(1)} / ${loop.p99Ms.toFixed(1)} / ${loop.maxMs.toFixed(1)} ms (${loop.samples.toLocaleString('en-US')} samples)`
    : 'no probe line';
}

const n = (x: number) => x.toLocaleString('en-US');
const ms = (x: number | null | undefined) =>
  x === null || x === undefined || !Number.isFinite(x) ? 'none' : `${n(Math.round(x))} ms`;
const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const mib = (bytes: number | undefined) =>
  bytes === undefined ? 'none' : `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** The charts a run drew: how many, their time in the thread (p50 / max) and PNG sizes (p50 / max). */
function drawnText(r: ReportsLargeRun): string {
  if (r.drawn.length === 0) return r.charts ? 'none drawn' : 'off';
  const kinds = [...new Set(r.drawn.map((d) => d.kind))].join(', ');
  const times = r.drawn.map((d) => d.drawMs);
  const sizes = r.drawn.map((d) => d.bytes / 1024);
  return `${r.drawn.length} (${kinds}): ${ms(quantile(times, 0.5))} / ${ms(Math.max(...times))}; ${quantile(sizes, 0.5).toFixed(0)} / ${Math.max(...sizes).toFixed(0)} KiB`;
}

/** Each heavy interaction's acknowledgement / answer, by what was asked (in asking order). */
function heavyRows(runs: ReportsLargeRun[]): string[] {
  const whats = [...new Set(runs.flatMap((r) => r.asked.filter((a) => a.heavy).map((a) => a.what)))];
  return whats.map((what) => {
    const cells = runs.map((r) =>
      r.asked
        .filter((a) => a.heavy && a.what === what)
        .map(
          (a) =>
            `${ms(a.ackMs)}${a.deferred ? ' (deferred)' : ''} / ${ms(a.answerMs)}${a.charted ? ' (chart)' : ''}`,
        )
        .join('; '),
    );
    const ok = runs.every((r) =>
      r.asked.filter((a) => a.what === what).every((a) => a.ackMs !== null && a.ackMs <= ACK_TARGET_MS),
    );
    return `| ${what}: acknowledged / answered | ${cells.join(' | ')} | ack <= ${n(ACK_TARGET_MS)} ms ${mark(ok)} |`;
  });
}

function runRows(runs: ReportsLargeRun[]): string[] {
  const row = (figure: string, cell: (r: ReportsLargeRun) => string, target = '') =>
    `| ${figure} | ${runs.map(cell).join(' | ')} | ${target} |`;
  const lightAcks = (r: ReportsLargeRun) =>
    r.asked.filter((a) => !a.heavy).map((a) => a.ackMs ?? Number.POSITIVE_INFINITY);
  const late = (r: ReportsLargeRun) =>
    r.asked.filter((a) => a.ackMs === null || a.ackMs > ACK_TARGET_MS).length;
  return [
    row(
      'machine load average (1 min) at start / end',
      (r) => `${r.load[0].toFixed(2)} / ${r.load[1].toFixed(2)}`,
    ),
    row(
      'event loop delay p50 / p99 / max',
      (r) => `${delay(r.loop)} ${mark(reportsLargePass(r).loop)}`,
      `max <= ${LOOP_TARGET_MS} ms`,
    ),
    row('longest hold in CPU time (upper bound)', (r) =>
      r.loop ? `${r.loop.cpuMaxMs.toFixed(1)} ms` : 'none',
    ),
    row("longest hold in the main thread's own CPU time", (r) =>
      r.loop?.mainCpuMaxMs !== undefined ? `${r.loop.mainCpuMaxMs.toFixed(1)} ms` : 'not measured',
    ),
    row('longest garbage-collection pause (kind)', (r) =>
      r.loop ? `${r.loop.gcMaxMs.toFixed(1)} ms (${r.loop.gcMaxKind || 'none'})` : 'none',
    ),
    row(
      `interactions acknowledged within ${n(ACK_TARGET_MS)} ms`,
      (r) => `${n(r.asked.length - late(r))} of ${n(r.asked.length)} ${mark(reportsLargePass(r).acks)}`,
      'all',
    ),
    row('`/role list` meanwhile: count; acknowledged p50 / p99 / max', (r) => {
      const acks = lightAcks(r);
      return `${n(acks.length)}; ${ms(quantile(acks, 0.5))} / ${ms(quantile(acks, 0.99))} / ${ms(Math.max(...acks))}`;
    }),
    ...heavyRows(runs),
    row('charts drawn: count (kinds); time in the thread p50 / max; PNG p50 / max', drawnText),
    row(
      'bot RSS at the end (drawing thread alive when on); peak RSS',
      (r) => `${mib(r.rss)}; ${mib(r.peakRss)}`,
    ),
    row('wall time; bot CPU', (r) => `${ms(r.wallMs)}; ${ms(r.cpuMs)}`),
    row(
      `before those: the first report after start: acknowledged / answered; delay max; CPU hold`,
      (r) =>
        `${ms(r.first.asked?.ackMs)} / ${ms(r.first.asked?.answerMs)}; ${r.first.loop ? `${r.first.loop.maxMs.toFixed(1)} ms` : 'none'}; ${r.first.loop ? `${r.first.loop.cpuMaxMs.toFixed(1)} ms${r.first.loop.mainCpuMaxMs !== undefined ? ` (the main thread's own ${r.first.loop.mainCpuMaxMs.toFixed(1)} ms)` : ''}` : 'none'}`,
    ),
    row('bot errors logged', (r) => (r.errors.length === 0 ? '0' : r.errors.join('; ')), '0'),
  ];
}

export function formatReportsLarge(r: ReportsLargeResult): string {
  const lines = [
    r.hostile
      ? `hostile-pages: ${n(r.size.members)} members, ${n(r.size.loas)} LOAs, ${n(r.size.shifts)} shifts, each record about 200 KB (${n(r.size.pages)} API pages of about 20 MB, saved ${(r.seedMs / 1000).toFixed(1)} s before the bot started, refreshed by every report: CACHE_TTL_LIST_SECONDS=5)`
      : `reports-large: ${n(r.size.members)} members, ${n(r.size.loas)} LOAs, ${n(r.size.shifts)} shifts (${n(r.size.pages)} snapshot pages, saved in ${(r.seedMs / 1000).toFixed(1)} s before the bot started)`,
    '',
    `| figure | ${r.runs.map((x) => `charts ${x.charts ? 'on' : 'off'}`).join(' | ')} | target |`,
    `|---|${r.runs.map(() => '---|').join('')}---|`,
    ...runRows(r.runs),
    '',
  ];
  return lines.join('\n');
}
