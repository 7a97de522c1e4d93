/**
 * Scenario `communities` (`npm run bench -- --scenario communities`; reported on its own): one
 * Rollcall process in hosted mode serving 1,000 and then 10,000 linked communities (no quick
 * variant: the smallest useful run takes over a minute), with SQLite (under the bot's DATA_DIR) and with PostgreSQL (127.0.0.1:5432, database
 * `test`, a schema of the run's own, dropped after). Each community is one Discord server of the
 * double linked to a token of its own; the sandbox serves every token (they share one small dataset:
 * 60 members, 40 LOAs, 150 shifts, so a snapshot is 4 pages).
 *
 * The store is seeded directly through Rollcall's own store API before the bot starts (per server:
 * `saveCredential`, `saveSettings`, `digests.save` and `digests.schedule`, as the admin command and
 * the scheduler leave them), not through 10,000 modal round trips. Every server has a daily digest
 * (time on duty, quotas, leave) in a channel of its own: one in 24 at the current UTC hour (due at
 * start, as a day's digests are spread over its hours), the others twelve hours away.
 *
 * Measured from the outside, for each count: the bot's peak RSS (/proc VmHWM), start-up to /readyz
 * 200, the digest rounds (the store's statements, counted in the bot's process by
 * bench/query-probe.mjs: the `due` queries, their rows and time, and each digest's own statements),
 * the digests posted and when, then 2% of the communities active (one moderator each, three list
 * commands): first response p50 / p95 (the double's ledger) and the bot's CPU and store statements
 * per interaction. Targets (issue 38): at the largest count, peak RSS <= 300 MB, ready <= 10 s,
 * one `due` query per batch of due digests and <= 1 s a round, first response p95 and CPU per
 * interaction within 1.25 x the smaller run's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionFlagsBits } from 'discord.js';
import pg from 'pg';
import { loadDeployConfig } from '../src/base/config.js';
import { registerCommands } from '../src/deploy-commands.js';
import { nextInstant } from '../src/reports/digest.js';
import { openStore, type Store } from '../src/store/index.js';
import {
  type DiscordDouble,
  type DoubleUser,
  type GuildSpec,
  startDiscordDouble,
} from '../test/doubles/discord/double.js';
import { generateDataset, type Sandbox, startSandbox } from '../test/doubles/sandbox/index.js';
import { freePort } from '../test/support/redis.js';
import { type BotEntry, startBot } from './bot-process.js';
import { LATENCY } from './scenarios.js';

export type Backend = 'sqlite' | 'postgres';
export const PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** Share of communities active in the run (one moderator each). */
export const ACTIVE_SHARE = 0.02;
/** One daily digest in this many is due at start (a day's digests spread over its hours). */
export const DUE_ONE_IN = 24;
/** The targets at the largest count (issue 38). */
export const TARGETS = { peakRssMb: 300, readyMs: 10_000, roundMs: 1_000, growth: 1.25 };
const COMMANDS: Array<[string, string]> = [
  ['role', 'list'],
  ['member', 'list'],
  ['loa', 'list'],
];
const DIGEST_WAIT_MS = 240_000;
const ANSWER_TIMEOUT_MS = 60_000;
const GUILD_BASE = 1_300_000_000_000_000_000n;
const CHANNEL_BASE = 1_310_000_000_000_000_000n;
const SECRET = Buffer.alloc(32, 38).toString('base64');

export interface CommunitiesOptions {
  seed: number;
  entry: BotEntry;
  log: (line: string) => void;
  backends?: Backend[];
  /** The counts of communities (default 1,000 and 10,000). */
  counts?: number[];
}

/** One statement the probe saw in the bot's process. */
interface Statement {
  t: number;
  ms: number;
  q: string;
  rows?: number;
  /** A wait for one of pg's pooled connections (no SQL). */
  wait?: boolean;
}

export interface CommunitiesRun {
  backend: Backend;
  communities: number;
  seedMs: number;
  /** Spawn to the first /readyz 200. */
  readyMs: number;
  rssAtReadyMb: number;
  peakRssMb: number;
  /** Largest RSS and V8 heap (used) sampled in each phase (every 200 ms; MB). */
  phases: Record<'start' | 'digests' | 'interactions', { rssMb: number; heapMb: number }>;
  digests: {
    due: number;
    posted: number;
    /** The scheduler's `due` queries: how many, and the longest. */
    dueQueries: number;
    /** Each `due` query: ms after the bot was ready, and the rows it answered. */
    rounds: Array<{ atMs: number; rows: number }>;
    /** The first round (its `due` queries, each within 2 s of the one before): queries, rows, first start to last end. */
    firstRound: { queries: number; rows: number; ms: number };
    dueQueryMaxMs: number;
    /** From the first `due` query to the last digest posted (NaN: not all posted in time). */
    allPostedMs: number;
    /** The store's statements in the digest phase, less the `due` queries, per digest posted. */
    statementsPerDigest: number;
    /** The commonest statements of the digest phase, with their counts. */
    commonest: Array<[string, number]>;
  };
  interactions: {
    active: number;
    dispatched: number;
    answered: number;
    firstP50: number;
    firstP95: number;
    /** Bot CPU over the interaction phase, per interaction. */
    cpuMsPer: number;
    statementsPer: number;
    commonest: Array<[string, number]>;
    /** The store's statements in the phase (ms each), and the waits for a pooled connection (PostgreSQL). */
    statementMs: { p50: number; p95: number; max: number };
    poolWaitMs: { p50: number; p95: number; max: number; count: number };
    /** Why the unanswered ones were not answered (the double's words, ids taken out), with their counts. */
    unanswered: Record<string, number>;
    /** Their first callback, if the bot made one: p50 / max ms after dispatch, and how many made none. */
    unansweredFirst: { p50: number; max: number; none: number };
  };
  errors: string[];
  /** The bot's warnings, by message, with their counts. */
  warnings: Record<string, number>;
  wallMs: number;
}

export interface CommunitiesResult {
  runs: CommunitiesRun[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** mulberry32: the moderators' pauses, the same for a seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const guildOf = (i: number) => String(GUILD_BASE + BigInt(i));
const channelOf = (i: number) => String(CHANNEL_BASE + BigInt(i));
const tokenOf = (i: number) => `bench-community-${i}-token`; // the sandbox's tokens, not secrets
const isDue = (i: number) => i % DUE_ONE_IN === 0;
const isActive = (i: number, n: number) => i % Math.round(1 / ACTIVE_SHARE) === 1 && i < n;

function readStatements(file: string): Statement[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Statement];
      } catch {
        return [];
      }
    });
}

/** Transaction control is not a query of its own. */
const isQuery = (s: Statement) => !s.wait && !/^(begin|commit|rollback|end)\b/i.test(s.q);
const isWait = (s: Statement) => s.wait === true;

/** p50 / p95 / max of the times (ms). */
function spread(values: number[]): { p50: number; p95: number; max: number } {
  return { p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(0, ...values) };
}
const isDueQuery = (s: Statement) => /from "digest_settings" where \(+"next_at" <=/.test(s.q);

/** The most frequent statements (their first 70 characters), most first. */
function commonest(statements: Statement[], top: number): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const s of statements) counts.set(s.q.slice(0, 70), (counts.get(s.q.slice(0, 70)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
}

/** The first round's `due` queries: each within 2 s of the end of the one before. */
function firstRoundOf(queries: Statement[]): { queries: number; rows: number; ms: number } {
  const first = queries[0];
  if (!first) return { queries: 0, rows: 0, ms: Number.NaN };
  let end = first.t + first.ms;
  let count = 0;
  let rows = 0;
  for (const q of queries) {
    if (count > 0 && q.t > end + 2_000) break;
    count++;
    rows += q.rows ?? 0;
    end = Math.max(end, q.t + q.ms);
  }
  return { queries: count, rows, ms: end - first.t };
}

/** Seed `n` linked servers through the store's own API, 50 at a time. */
async function seedStore(store: Store, n: number, now: number): Promise<void> {
  const hour = new Date(now).getUTCHours();
  // Instants before `since` are never posted: the due ones' instant is this hour's start.
  const since = Math.floor(now / 3_600_000) * 3_600_000 - 60_000;
  const one = async (i: number) => {
    const guildId = guildOf(i);
    await store.saveCredential(guildId, { token: tokenOf(i), linkedBy: '1200000000000000001' });
    await store.saveSettings(guildId, { defaultVisibility: 'private' });
    const settings = {
      channelId: channelOf(i),
      cadence: 'daily' as const,
      day: 'monday' as const,
      hour: isDue(i) ? hour : (hour + 12) % 24,
      reports: ['totals' as const, 'quota' as const, 'leave' as const],
      since,
    };
    await store.digests.save(guildId, settings);
    // Where the scheduler leaves a digest after looking at it: due ones at this hour's instant.
    await store.digests.schedule(guildId, isDue(i) ? since + 60_000 : nextInstant(settings, 'UTC', now));
  };
  for (let start = 0; start < n; start += 50)
    await Promise.all(Array.from({ length: Math.min(50, n - start) }, (_, k) => one(start + k)));
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

async function readyz(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === 200;
  } catch {
    return false;
  }
}

/** One count on one backend: a fresh world, store, bot. */
async function runOne(options: CommunitiesOptions, backend: Backend, n: number): Promise<CommunitiesRun> {
  const { log } = options;
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'rollcall-bench-communities-'));
  const queryLog = join(dataDir, 'statements.jsonl');
  writeFileSync(queryLog, '');
  const schema = `bench_communities_${process.pid}_${n}`;
  const databaseUrl =
    backend === 'postgres'
      ? `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`
      : undefined;
  let sandbox: Sandbox | undefined;
  let double: DiscordDouble | undefined;
  let bot: ReturnType<typeof startBot> | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const dataset = generateDataset({
      seed: options.seed,
      baseTime: Math.floor(Date.now() / 1000) - 3600,
      roles: 8,
      members: 60,
      loas: 40,
      shifts: 150,
    });
    sandbox = await startSandbox({
      dataset,
      seed: options.seed,
      latency: LATENCY,
      rateLimit: { requests: 100_000, windowSeconds: 60 },
      faults: null,
      tokens: Object.fromEntries(Array.from({ length: n }, (_, i) => [tokenOf(i), { permission: 'all' }])),
    });
    const guilds: GuildSpec[] = Array.from({ length: n }, (_, i) => ({
      id: guildOf(i),
      name: `Community ${i + 1}`,
      channels: [{ id: channelOf(i), name: 'digests' }],
    }));
    double = await startDiscordDouble({
      guildId: guildOf(0),
      guild: guilds[0],
      extraGuilds: guilds.slice(1),
    });

    const seedStarted = performance.now();
    if (backend === 'postgres') await dropSchema(schema);
    const store = await openStore({
      ...(databaseUrl ? { databaseUrl: PG_URL, schema } : { dataDir }),
      secretKey: Buffer.from(SECRET, 'base64'),
    });
    try {
      await seedStore(store, n, Date.now());
    } finally {
      await store.close();
    }
    const seedMs = performance.now() - seedStarted;
    log(`  communities: ${backend}, ${n} servers linked in ${(seedMs / 1000).toFixed(1)} s`);

    const healthPort = await freePort();
    const env: Record<string, string> = {
      DISCORD_TOKEN: 'bench-discord-bot-token',
      DISCORD_APPLICATION_ID: double.applicationId,
      DISCORD_API_URL: double.restUrl,
      API_BASE_URL: sandbox.url,
      ROLLCALL_SECRET_KEY: SECRET,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // A paid plan's pace: a snapshot's pages are read at once.
      API_LIMITS: '1000/1s',
      HEALTH_PORT: String(healthPort),
      LOG_LEVEL: 'info',
    };
    const deploy = loadDeployConfig(env);
    if (!deploy.ok) throw new Error(deploy.errors.join('; '));
    await registerCommands(deploy.config);

    const spawnedAt = performance.now();
    bot = startBot({
      env: { ...env, BENCH_QUERY_LOG: queryLog },
      entry: options.entry,
      preload: [new URL('./query-probe.mjs', import.meta.url).href],
    });
    const b = bot;
    // Each phase's largest RSS, sampled every 200 ms (VmHWM is the whole run's).
    let phaseRss = 0;
    sampler = setInterval(() => {
      phaseRss = Math.max(phaseRss, b.sample()?.rss ?? 0);
    }, 200);
    const phases = {} as CommunitiesRun['phases'];
    const endPhase = (name: keyof CommunitiesRun['phases']) => {
      phaseRss = Math.max(phaseRss, b.sample()?.rss ?? 0);
      phases[name] = { rssMb: mb(phaseRss), heapMb: mb(b.heapPeak().heapUsed) };
      phaseRss = 0;
      b.resetHeapPeak();
    };
    const readyUrl = `http://127.0.0.1:${healthPort}/readyz`;
    const readyFailed = b.ready(120_000).then(
      () => undefined,
      (error: unknown) => error,
    );
    let readyMs = Number.NaN;
    while (performance.now() - spawnedAt < 120_000) {
      if (await readyz(readyUrl)) {
        readyMs = performance.now() - spawnedAt;
        break;
      }
      const failed = await Promise.race([readyFailed, sleep(50).then(() => undefined)]);
      if (failed) throw failed;
    }
    if (Number.isNaN(readyMs)) throw new Error('not ready within 120 s');
    const readyAt = Date.now();
    const rssAtReadyMb = mb(b.sample()?.rss ?? 0);
    endPhase('start');
    log(`  communities: ready after ${Math.round(readyMs)} ms, RSS ${rssAtReadyMb} MB`);

    // The digests due at start: posted in their channels.
    const d = double;
    const due = Array.from({ length: n }, (_, i) => i).filter(isDue);
    const dueChannels = new Set(due.map(channelOf));
    const posted = () => {
      const seen = new Set<string>();
      for (const m of d.channelMessages) if (dueChannels.has(m.channel_id)) seen.add(m.channel_id);
      return seen.size;
    };
    const digestDeadline = performance.now() + DIGEST_WAIT_MS;
    while (posted() < due.length && performance.now() < digestDeadline) await sleep(200);
    const lastPostedAt = Date.now();
    await sleep(300); // the probe writes every 100 ms
    const digestStatements = readStatements(queryLog).filter(isQuery);
    const dueQueries = digestStatements.filter(isDueQuery);
    const postedCount = posted();
    endPhase('digests');
    log(`  communities: ${postedCount} of ${due.length} digests posted`);

    // Two percent of the communities active: one moderator each, three list commands.
    const activeIds = Array.from({ length: n }, (_, i) => i).filter((i) => isActive(i, n));
    const next = random(options.seed + n);
    const firsts: number[] = [];
    let dispatched = 0;
    let answered = 0;
    const unanswered: Record<string, number> = {};
    const lateFirsts: number[] = [];
    let noCallback = 0;
    const cpuBefore = b.sample()?.cpuMs ?? 0;
    const statementsBefore = digestStatements.length;
    const interactionsFrom = Date.now();
    await Promise.all(
      activeIds.map(async (i) => {
        const mod: DoubleUser = d.user({
          username: `moderator-${i}`,
          roles: ['Moderator'],
          permissions: PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ModerateMembers,
          guilds: [guildOf(i)],
        });
        await sleep(next() * 10_000);
        for (const [command, subcommand] of COMMANDS) {
          await sleep(500 + next() * 1_500);
          dispatched++;
          let handle: Awaited<ReturnType<typeof d.slash>> | undefined;
          try {
            handle = await d.slash(mod, command, { subcommand, guildId: guildOf(i) });
            const answer = await handle.response({ timeoutMs: ANSWER_TIMEOUT_MS });
            firsts.push(answer.msToFirstCallback);
            if (answer.message) answered++;
          } catch (error) {
            // Counted as not answered, with why, and when (if ever) the bot's first callback came.
            const why = (error instanceof Error ? error.message : String(error))
              .replace(/\d{17,20}/g, '<id>')
              .replace(/:.*$/s, '');
            unanswered[why] = (unanswered[why] ?? 0) + 1;
            const first = handle?.msToFirstCallback ?? null;
            if (first === null) noCallback++;
            else lateFirsts.push(first);
          }
        }
      }),
    );
    await sleep(300);
    endPhase('interactions');
    clearInterval(sampler);
    const cpuMs = (b.sample()?.cpuMs ?? cpuBefore) - cpuBefore;
    const all = readStatements(queryLog);
    const during = all.filter(isQuery).slice(statementsBefore);
    const waits = all.filter((s) => isWait(s) && s.t >= interactionsFrom);
    if (process.env.BENCH_STATEMENTS)
      writeFileSync(join(process.env.BENCH_STATEMENTS, `${backend}-${n}.jsonl`), readFileSync(queryLog));
    const peakRssMb = mb(b.sample()?.peakRss ?? 0);
    const { errors, warnings } = b.logs();
    const firstDue = dueQueries[0]?.t;
    return {
      backend,
      communities: n,
      seedMs,
      readyMs,
      rssAtReadyMb,
      peakRssMb,
      phases,
      digests: {
        due: due.length,
        posted: postedCount,
        dueQueries: dueQueries.length,
        rounds: dueQueries.map((q) => ({ atMs: q.t - readyAt, rows: q.rows ?? Number.NaN })),
        firstRound: firstRoundOf(dueQueries),
        dueQueryMaxMs: Math.max(0, ...dueQueries.map((s) => s.ms)),
        allPostedMs:
          postedCount === due.length && firstDue !== undefined ? lastPostedAt - firstDue : Number.NaN,
        statementsPerDigest:
          postedCount > 0 ? (digestStatements.length - dueQueries.length) / postedCount : Number.NaN,
        commonest: commonest(digestStatements, 8),
      },
      interactions: {
        active: activeIds.length,
        dispatched,
        answered,
        firstP50: percentile(firsts, 50),
        firstP95: percentile(firsts, 95),
        cpuMsPer: dispatched > 0 ? cpuMs / dispatched : Number.NaN,
        statementsPer: dispatched > 0 ? during.length / dispatched : Number.NaN,
        commonest: commonest(during, 6),
        statementMs: spread(during.map((s) => s.ms)),
        poolWaitMs: { ...spread(waits.map((s) => s.ms)), count: waits.length },
        unanswered,
        unansweredFirst: {
          p50: percentile(lateFirsts, 50),
          max: Math.max(0, ...lateFirsts),
          none: noCallback,
        },
      },
      errors,
      warnings,
      wallMs: performance.now() - started,
    };
  } finally {
    clearInterval(sampler);
    await bot?.stop(10_000).catch(() => undefined);
    await double?.close().catch(() => undefined);
    await sandbox?.close().catch(() => undefined);
    if (backend === 'postgres') await dropSchema(schema).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every backend at each count, smaller first. */
export async function runCommunities(options: CommunitiesOptions): Promise<CommunitiesResult> {
  const counts = options.counts ?? [1_000, 10_000];
  const runs: CommunitiesRun[] = [];
  for (const backend of options.backends ?? (['sqlite', 'postgres'] as const))
    for (const n of counts) {
      options.log(`communities: ${backend}, ${n} linked communities in one process`);
      runs.push(await runOne(options, backend, n));
    }
  return { runs };
}

export function formatCommunities(result: CommunitiesResult): string {
  const n = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : 'n/a');
  const ms = (v: number) => `${n(v)} ms`;
  const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const lines = [
    'communities: one process, hosted mode',
    '',
    '| backend | communities | seed | ready | RSS at ready / peak | digests posted (due) | first round: `due` queries, rows, time | all posted after | statements per digest | interactions answered | first response p50 / p95 | CPU per interaction | statements per interaction |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...result.runs.map(
      (r) =>
        `| ${r.backend} | ${n(r.communities)} | ${(r.seedMs / 1000).toFixed(1)} s | ${ms(r.readyMs)} | ${r.rssAtReadyMb} / ${r.peakRssMb} MB | ${n(r.digests.posted)} (${n(r.digests.due)}) | ${r.digests.firstRound.queries}, ${r.digests.firstRound.rows}, ${ms(r.digests.firstRound.ms)} | ${ms(r.digests.allPostedMs)} | ${r.digests.statementsPerDigest.toFixed(1)} | ${r.interactions.answered}/${r.interactions.dispatched} | ${ms(r.interactions.firstP50)} / ${ms(r.interactions.firstP95)} | ${r.interactions.cpuMsPer.toFixed(1)} ms | ${r.interactions.statementsPer.toFixed(1)} |`,
    ),
    '',
  ];
  for (const backend of ['sqlite', 'postgres'] as const) {
    const runs = result.runs.filter((r) => r.backend === backend);
    const small = runs[0];
    const large = runs.at(-1);
    if (!small || !large || small === large) continue;
    const batches = Math.ceil(large.digests.due / 100);
    lines.push(
      `${backend} at ${n(large.communities)}: peak RSS ${large.peakRssMb} MB (<= ${TARGETS.peakRssMb}) ${mark(large.peakRssMb <= TARGETS.peakRssMb)}; ready ${ms(large.readyMs)} (<= ${n(TARGETS.readyMs)}) ${mark(large.readyMs <= TARGETS.readyMs)}; first digest round ${large.digests.firstRound.queries} \`due\` queries for ${batches} batches ${mark(large.digests.firstRound.queries <= batches)}, ${ms(large.digests.firstRound.ms)} (<= ${n(TARGETS.roundMs)}) ${mark(large.digests.firstRound.ms <= TARGETS.roundMs)}; first response p95 ${(large.interactions.firstP95 / small.interactions.firstP95).toFixed(2)} x ${mark(large.interactions.firstP95 <= TARGETS.growth * small.interactions.firstP95)}; CPU per interaction ${(large.interactions.cpuMsPer / small.interactions.cpuMsPer).toFixed(2)} x ${mark(large.interactions.cpuMsPer <= TARGETS.growth * small.interactions.cpuMsPer)}`,
    );
  }
  lines.push(
    'largest RSS / V8 heap used in each phase (start to ready; digests; interactions):',
    ...result.runs.map(
      (r) =>
        `  ${r.backend} ${n(r.communities)}: ${(['start', 'digests', 'interactions'] as const).map((p) => `${r.phases[p]?.rssMb ?? 'n/a'} / ${r.phases[p]?.heapMb ?? 'n/a'} MB`).join('; ')}`,
    ),
    '',
  );
  lines.push(
    "the store in the interaction phase: statements' time p50 / p95 / max; waits for a pooled connection p50 / p95 / max (count); commonest statements:",
    ...result.runs.map((r) => {
      const s = r.interactions.statementMs;
      const w = r.interactions.poolWaitMs;
      const top = r.interactions.commonest.map(([q, c]) => `${c} × ${q}`).join('; ');
      return `  ${r.backend} ${n(r.communities)}: ${s.p50.toFixed(1)} / ${s.p95.toFixed(1)} / ${s.max.toFixed(1)} ms; ${w.count > 0 ? `${w.p50.toFixed(1)} / ${w.p95.toFixed(1)} / ${w.max.toFixed(1)} ms (${w.count})` : 'none'}; ${top}`;
    }),
    '',
  );
  lines.push(
    'interactions not answered (why; their first callback p50 / max, none made):',
    ...result.runs.map((r) => {
      const u = r.interactions.unansweredFirst;
      const why = Object.entries(r.interactions.unanswered).map(([msg, count]) => `${msg} (${count})`);
      return `  ${r.backend} ${n(r.communities)}: ${why.join('; ') || 'none'}${why.length > 0 ? `; ${ms(u.p50)} / ${ms(u.max)}, ${u.none} none` : ''}`;
    }),
    '',
  );
  const errors = result.runs.flatMap((r) => r.errors.map((e) => `${r.backend} ${r.communities}: ${e}`));
  lines.push(`bot errors logged: ${errors.length === 0 ? '0' : errors.join('; ')}`);
  const warnings = result.runs.flatMap((r) =>
    Object.entries(r.warnings).map(([msg, count]) => `${r.backend} ${r.communities}: ${msg} (${count})`),
  );
  lines.push(`bot warnings logged: ${warnings.length === 0 ? '0' : warnings.join('; ')}`, '');
  return lines.join('\n');
}
