/**
 * Figures of one scenario, from the two records the bench trusts: the Discord double's interaction
 * ledger (when each interaction was dispatched, acknowledged and answered, and with what) and the
 * sandbox's request log (every API request and its status). The bot's process is read from /proc.
 */
import type { InteractionRecord } from '../test/doubles/discord/interactions.js';
import { DEADLINE_MS, type ScenarioRaw } from './scenarios.js';

export interface Distribution {
  n: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

export interface ScenarioResult {
  name: string;
  title: string;
  description: string;
  settings: { env: Record<string, string>; sandbox: unknown; workload: unknown };
  planned: number;
  dispatched: number;
  /** Steps not dispatched (their control was not on the message), by step. */
  skipped: Record<string, number>;
  driverErrors: { count: number; first: string[] };
  cutShort: boolean;
  wallMs: number;
  /** Dispatch → first callback request reaching Discord (reply, update or defer). */
  firstResponseMs: Distribution;
  /** Dispatch → the answer with the embed shown (answers that carry an embed). */
  embedMs: Distribution;
  answered: { embed: number; notice: number; none: number };
  deferred: number;
  deadlineMisses: number;
  /** Why interactions missed the deadline: what they were and what happened to their first callback. */
  deadlineMissDetails: Array<{ what: string; firstCallbackMs: number | null; callback: string }>;
  /** Notices (answers without an embed) by text, digits masked, most frequent first. */
  notices: Array<{ text: string; count: number }>;
  api: {
    requests: number;
    perInteraction: number | null;
    status429: number;
    /** Requests that got no answer (stalled: the sandbox held them and dropped the connection). */
    noAnswer: number;
    byStatus: Record<string, number>;
  };
  cache: {
    /** Share of embed answers that waited on no API request (see README: "answered from cache"). */
    hitRatio: number | null;
    hits: number;
    /** First response of those answers. */
    hitFirstResponseMs: Distribution;
  };
  /**
   * The physical floor: distinct (resource, API page) keys the bot read per freshness window of
   * its kind (list pages: CACHE_TTL_LIST_SECONDS; roles and forms: CACHE_TTL_STABLE_SECONDS;
   * records: CACHE_TTL_ITEM_SECONDS), from the sandbox's log. No bot can show that data fresh with
   * fewer requests; requests / floor is what the bot spent above it.
   */
  floor: { keys: number; ratio: number | null };
  /** The month scenario's figures (absent elsewhere). */
  month?: MonthFigures;
  /**
   * The faults made during the run (month-faults: FLUSHALL on the bots' Redis): when (share of W
   * into its quota period), Redis's reply, and the API requests of that period before and after it.
   */
  faults?: Array<{ what: string; atShare: number; reply: string; before: number; after: number }>;
  bot: {
    startMs: number;
    startupRssBytes: number | null;
    peakRssBytes: number | null;
    endRssBytes: number | null;
    peakHeapUsedBytes: number | null;
    cpuMsTotal: number | null;
    cpuMsPerInteraction: number | null;
    errorLogLines: number;
    errorLogSamples: string[];
    /** The bot's warning lines by message (e.g. the month's count restored from the database). */
    warnings: Record<string, number>;
    exit: { code: number | null; signal: string | null; graceful: boolean };
  };
}

export interface MonthFigures {
  windowMs: number;
  quota: number;
  /** Interactions that must be dispatched. */
  minimum: number;
  /** Requests in the busiest quota period (the API's clock-aligned windows of W) ÷ the quota. */
  requestsPerQuota: number;
  /** Requests in each quota period the run touched. */
  perPeriod: number[];
  /** Answers with an embed ÷ interactions dispatched. */
  withData: number | null;
  /** Interactions answered without data (a sentence) or not at all. */
  noData: number;
  /** Age of the data shown (answer time − the embed's timestamp) as a share of W. */
  ageShare: { p50: number | null; p95: number | null };
  /**
   * Share of W (in 1% slices) in which a moderator asking again for a list they had been shown
   * got no data.
   */
  deadShare: number;
  deadAnswers: number;
  /** The answers without data by what was asked (command, or control) and the sentence given. */
  noDataBy: Record<string, number>;
  /**
   * Requests in each period by kind: `first` (a resource and page not asked before in the run),
   * `again` (asked before: a refresh of something saved), and by endpoint.
   */
  requestKinds: Array<{ first: number; again: number; byPath: Record<string, number> }>;
  /**
   * The most any bot could answer with data (monthCeiling): the allowance less the list pages this run
   * read (each counted once) buys per-record reads, chosen knowing the whole month in advance.
   */
  ceiling: { listPages: number; budget: number; unserved: number; share: number | null } | null;
  /**
   * The month's report use (monthReports) and weekly digest: report commands asked and answered with
   * data, the bot's API requests by purpose (`read`, `report`, `digest`; its /metrics), digests posted.
   */
  reports: {
    asked: number;
    withData: number;
    requests: Record<string, number>;
    digestsPosted: number;
  } | null;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export function distribution(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? (sorted[sorted.length - 1] as number) : null,
  };
}

/** Whether any time in `sorted` lies in (from, to]. */
function anyWithin(sorted: number[], from: number, to: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) <= from) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && (sorted[lo] as number) <= to;
}

/** "/log user username=x" or "click rc1:n:loa.all:…" for the report. */
function describeInteraction(record: InteractionRecord): string {
  if (record.commandName) {
    const data = record.payload.data as {
      options?: Array<{ options?: Array<{ name: string; value: unknown }> }>;
    };
    const options = (data.options?.[0]?.options ?? []).map((o) => `${o.name}=${String(o.value)}`).join(' ');
    return `/${record.commandName}${options ? ` ${options}` : ''}`;
  }
  const data = record.payload.data as { custom_id?: string; values?: string[] };
  return `${data.values ? 'select' : 'click'} ${data.custom_id ?? '?'}${data.values ? ` ${data.values.join(',')}` : ''}`;
}

/** The action letter of a control's custom_id (the part after the version), for grouping. */
function controlAction(record: InteractionRecord): string {
  const id = (record.payload.data as { custom_id?: string }).custom_id ?? '?';
  return id.split(':').slice(1, 3).join(':');
}

function hasEmbed(message: unknown): boolean {
  const embeds = (message as { embeds?: unknown[] } | undefined)?.embeds;
  return Array.isArray(embeds) && embeds.length > 0;
}

export function measure(raw: ScenarioRaw): ScenarioResult {
  const first: number[] = [];
  const embed: number[] = [];
  const hitFirst: number[] = [];
  const answered = { embed: 0, notice: 0, none: 0 };
  let deferred = 0;
  let deadlineMisses = 0;
  const missDetails: ScenarioResult['deadlineMissDetails'] = [];
  const notices = new Map<string, number>();
  // When each API request was answered (or dropped), on the double's clock.
  const completions = raw.requests.map((r) => r.at - raw.timeOrigin + r.ms).sort((a, b) => a - b);

  for (const record of raw.interactions) {
    if (record.firstCallbackAt !== null) first.push(record.firstCallbackAt - record.createdAt);
    if (record.ack === null || record.ack.at - record.createdAt > DEADLINE_MS) {
      deadlineMisses++;
      if (missDetails.length < 10) {
        const refused = raw.refusedCallbacks.get(record.id);
        missDetails.push({
          what: describeInteraction(record),
          firstCallbackMs: record.firstCallbackAt === null ? null : record.firstCallbackAt - record.createdAt,
          callback: refused
            ? `refused ${refused.status}: ${refused.error}`
            : record.firstCallbackAt === null
              ? 'none'
              : 'too late',
        });
      }
    }
    if (record.ack && (record.ack.type === 5 || record.ack.type === 6)) deferred++;
    const last = raw.answers.get(record.id);
    const final =
      last ?? (record.final ? { at: record.final.at, message: record.final.message?.message } : null);
    if (!final) {
      answered.none++;
      continue;
    }
    const message = final.message;
    if (hasEmbed(message)) {
      answered.embed++;
      embed.push(final.at - record.createdAt);
      // An answer that waited on the API has a request answered while it waited; one with none
      // was served from the cache (a lower bound: an unrelated request finishing meanwhile hides a hit).
      if (!anyWithin(completions, record.createdAt, final.at) && record.firstCallbackAt !== null) {
        hitFirst.push(record.firstCallbackAt - record.createdAt);
      }
    } else {
      answered.notice++;
      const text = String(
        (message as { content?: string } | undefined)?.content ?? `(${record.final?.kind ?? 'answer'})`,
      )
        .replace(/\d+/g, 'N')
        .slice(0, 100);
      notices.set(text, (notices.get(text) ?? 0) + 1);
    }
  }

  const month = raw.spec.month ? monthFigures(raw, raw.spec.month) : undefined;
  const byStatus: Record<string, number> = {};
  for (const r of raw.requests) byStatus[String(r.status)] = (byStatus[String(r.status)] ?? 0) + 1;
  const dispatched = raw.interactions.length;
  const { startup, end } = raw.bot;
  const cpuMsTotal = startup && end ? end.cpuMs - startup.cpuMs : null;
  const errorLogLines = Object.entries(raw.bot.logs.byLevel)
    .filter(([level]) => Number(level) >= 50)
    .reduce((sum, [, n]) => sum + n, 0);

  return {
    name: raw.spec.name,
    title: raw.spec.title,
    description: raw.spec.description,
    settings: { env: raw.spec.env, sandbox: raw.spec.sandbox, workload: raw.spec.workload },
    planned: raw.planned,
    dispatched,
    skipped: raw.skipped,
    driverErrors: raw.driverErrors,
    cutShort: raw.cutShort,
    wallMs: raw.wallMs,
    firstResponseMs: distribution(first),
    embedMs: distribution(embed),
    answered,
    deferred,
    deadlineMisses,
    deadlineMissDetails: missDetails,
    notices: [...notices.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([text, count]) => ({ text, count })),
    api: {
      requests: raw.requests.length,
      perInteraction: dispatched > 0 ? raw.requests.length / dispatched : null,
      status429: byStatus['429'] ?? 0,
      noAnswer: byStatus['0'] ?? 0,
      byStatus,
    },
    floor: floorOf(raw),
    ...(month ? { month } : {}),
    ...(raw.faults ? { faults: faultFigures(raw) } : {}),
    cache: {
      hitRatio: answered.embed > 0 ? hitFirst.length / answered.embed : null,
      hits: hitFirst.length,
      hitFirstResponseMs: distribution(hitFirst),
    },
    bot: {
      startMs: raw.bot.startMs,
      startupRssBytes: startup?.rss ?? null,
      peakRssBytes: end?.peakRss ?? (raw.bot.maxSampledRss || null),
      endRssBytes: end?.rss ?? null,
      peakHeapUsedBytes: raw.bot.heap.samples > 0 ? raw.bot.heap.heapUsed : null,
      cpuMsTotal,
      cpuMsPerInteraction: cpuMsTotal !== null && dispatched > 0 ? cpuMsTotal / dispatched : null,
      errorLogLines,
      errorLogSamples: raw.bot.logs.errors,
      warnings: raw.bot.logs.warnings,
      exit: raw.bot.exit,
    },
  };
}

/** Each fault with the requests of its quota period (the sandbox's log) before and after it. */
function faultFigures(raw: ScenarioRaw): NonNullable<ScenarioResult['faults']> {
  const windowMs = raw.spec.month?.windowMs;
  return (raw.faults ?? []).map(({ what, at, atShare, reply }) => {
    const period = windowMs ? Math.floor(at / windowMs) : undefined;
    const inPeriod = raw.requests.filter(
      (r) => period === undefined || Math.floor(r.at / (windowMs as number)) === period,
    );
    const before = inPeriod.filter((r) => r.at < at).length;
    return { what, atShare, reply, before, after: inPeriod.length - before };
  });
}

/** Seconds of a cache setting in the scenario's env, else its default. */
function envSeconds(raw: ScenarioRaw, name: string, fallback: number): number {
  const value = Number(raw.spec.env[name]);
  return Number.isFinite(value) && raw.spec.env[name] !== undefined ? value : fallback;
}

function floorOf(raw: ScenarioRaw): ScenarioResult['floor'] {
  const list = envSeconds(raw, 'CACHE_TTL_LIST_SECONDS', 60) * 1000;
  const item = envSeconds(raw, 'CACHE_TTL_ITEM_SECONDS', 300) * 1000;
  const stable = envSeconds(raw, 'CACHE_TTL_STABLE_SECONDS', 3_600) * 1000;
  const answered = raw.requests.filter((r) => r.status >= 200 && r.status < 500 && r.status !== 429);
  const t0 = Math.min(...answered.map((r) => r.at));
  const keys = new Set<string>();
  for (const r of answered) {
    const page = r.query.page ?? (r.query.pageSize || r.query.limit ? '1' : undefined);
    const kind = /\/(roles|forms|applications)(\/|$)/.test(r.path)
      ? stable
      : page !== undefined
        ? list
        : item;
    const window = kind > 0 ? Math.floor((r.at - t0) / kind) : r.at;
    keys.add(`${r.path}?page=${page ?? ''}#${window}`);
  }
  return { keys: keys.size, ratio: keys.size > 0 ? raw.requests.length / keys.size : null };
}

/** The report commands of the month's report use. */
const REPORT_COMMANDS = new Set(['shift totals', 'loa active', 'quota check']);

function monthFigures(
  raw: ScenarioRaw,
  spec: { windowMs: number; quota: number; minimum: number },
): MonthFigures {
  const { windowMs, quota } = spec;
  const periods = new Map<number, number>();
  for (const r of raw.requests) {
    const period = Math.floor(r.at / windowMs);
    periods.set(period, (periods.get(period) ?? 0) + 1);
  }
  const perPeriod = [...periods.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
  const asked = new Set<string>();
  const kinds = new Map<number, { first: number; again: number; byPath: Record<string, number> }>();
  for (const r of [...raw.requests].sort((a, b) => a.at - b.at)) {
    const period = Math.floor(r.at / windowMs);
    const k = kinds.get(period) ?? { first: 0, again: 0, byPath: {} };
    kinds.set(period, k);
    const key = `${r.path}?page=${r.query.page ?? ''}`;
    if (asked.has(key)) k.again++;
    else k.first++;
    asked.add(key);
    const kind = r.path.replace(/\/server\/([a-z-]+)(\/user|\/chat)?\/.*/, '/$1$2/:id');
    k.byPath[kind] = (k.byPath[kind] ?? 0) + 1;
  }
  const listPages = new Set(
    raw.requests
      .filter((r) => r.query.page !== undefined || r.query.pageSize !== undefined)
      .filter((r) => !/\/(user|chat)\//.test(r.path))
      .map((r) => `${r.path}?page=${r.query.page ?? '1'}`),
  ).size;
  const budget = Math.max(0, quota - listPages);
  const bound = raw.ceiling?.(budget);
  const ceiling = bound
    ? {
        listPages,
        budget,
        unserved: bound.unserved,
        share:
          raw.interactions.length > 0
            ? Math.max(0, raw.interactions.length - bound.unserved) / raw.interactions.length
            : null,
      }
    : null;
  const requestKinds = [...kinds.entries()].sort((a, b) => a[0] - b[0]).map(([, k]) => k);
  const ages: number[] = [];
  let noData = 0;
  const seen = new Set<string>();
  const deadSlices = new Set<number>();
  let deadAnswers = 0;
  const reportAsks = { asked: 0, withData: 0 };
  const noDataBy: Record<string, number> = {};
  const start = Math.min(...raw.interactions.map((r) => r.createdAt));
  for (const record of raw.interactions) {
    const last = raw.answers.get(record.id);
    const final =
      last ?? (record.final ? { at: record.final.at, message: record.final.message?.message } : null);
    const message = final?.message as
      | { embeds?: Array<{ timestamp?: string }>; content?: string }
      | undefined;
    const embed = message?.embeds?.[0];
    const listKey = record.commandName
      ? `${record.user?.id ?? ''} ${describeInteraction(record)}`
      : undefined;
    if (record.commandName && REPORT_COMMANDS.has(record.commandName)) {
      reportAsks.asked++;
      if (embed && final) reportAsks.withData++;
    }
    const isList = listKey !== undefined && / list\b| member\b|^\S+ \/log /.test(listKey);
    if (embed && final) {
      if (embed.timestamp) {
        const shownAt = raw.timeOrigin + final.at;
        ages.push(Math.max(0, shownAt - Date.parse(embed.timestamp)) / windowMs);
      }
      if (isList) seen.add(listKey);
    } else {
      noData++;
      const asked = record.commandName ?? `click ${controlAction(record)}`;
      const said = (message?.content ?? 'no answer').replace(/<t:\d+(:\w)?>/g, '<t>').slice(0, 60);
      const by = `${asked}: ${said}`;
      noDataBy[by] = (noDataBy[by] ?? 0) + 1;
      if (isList && seen.has(listKey)) {
        deadAnswers++;
        deadSlices.add(Math.floor(((record.createdAt - start) / windowMs) * 100));
      }
    }
  }
  const sorted = ages.sort((a, b) => a - b);
  return {
    windowMs,
    quota,
    minimum: spec.minimum,
    requestsPerQuota: Math.max(0, ...perPeriod) / quota,
    perPeriod,
    withData:
      raw.interactions.length > 0 ? (raw.interactions.length - noData) / raw.interactions.length : null,
    noData,
    ageShare: { p50: percentile(sorted, 50), p95: percentile(sorted, 95) },
    deadShare: deadSlices.size / 100,
    deadAnswers,
    noDataBy,
    requestKinds,
    ceiling,
    reports: raw.purposes
      ? { ...reportAsks, requests: raw.purposes, digestsPosted: raw.digestsPosted ?? 0 }
      : null,
  };
}
