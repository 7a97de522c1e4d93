/**
 * The reports' snapshot of each community: shifts, LOAs, members and roles, read in API pages of
 * 100 and kept in the store (they survive restarts and are shared by every report, every process
 * and every Discord server reading the same community), refreshed only as the monthly allowance's
 * pace allows.
 *
 * Refresh: the API does not say in what order its lists come, nor offer a filter by time (see
 * docs/api-decisions.md), so there is no "stop at the first known record": a list is refreshed page
 * by page instead, the oldest saved page first, across all four lists. A page never read is read
 * (up to MAX_NEW_PAGES per call); a saved page older than the list freshness
 * (CACHE_TTL_LIST_SECONDS) is read again (`refresh`), which the API layer grants only when the
 * pace does; the first page the pace refuses (or the API fails on) ends the refresh, and the saved
 * pages are served with their age. Records are merged by id, the newest page winning.
 *
 * The refresh's requests carry the purpose `report` (or `digest`, when a scheduled digest asked) in
 * the wait context, for the metrics (src/api/wait.ts); reports asked for at once share one refresh,
 * counted under the purpose of the one that started it.
 */
import type { Loa, Member, Role, Shift } from '../../generated/api.js';
import { NotSavedError, PacedError } from '../api/errors.js';
import { mergeSources, pageInfo, pageItems, type Source } from '../api/pages.js';
import type { Fetched, PageQuery, ReadOptions, Resources } from '../api/types.js';
import { currentPurpose, withPurpose } from '../api/wait.js';
import { heldBytes } from '../base/held-bytes.js';
import type { Logger } from '../base/log.js';
import { Slicer, type Slicing } from '../base/slices.js';
import { say, UserError } from '../discord/replies.js';
import {
  DEFAULT_REPORT_SETTINGS,
  type ReportData,
  type ReportSettings,
  type ReportSource,
  readReportSettings,
} from '../reports/source.js';
import { StoreError } from '../store/errors.js';
import {
  SNAPSHOT_RESOURCES,
  type SnapshotPage,
  type SnapshotResource,
  type SnapshotStore,
} from '../store/snapshot.js';

/** Pages never read before that one call may read (each is one request). */
export const MAX_NEW_PAGES = 20;
/** Pages already saved that one call may read again (each waits for the pace). */
const MAX_REFRESHED_PAGES = 20;
const PAGE = 100;

type ListRead = (query: PageQuery, options?: ReadOptions) => Promise<Fetched<{ data?: unknown[] }>>;

function reader(resources: Resources, resource: SnapshotResource): ListRead {
  switch (resource) {
    case 'shifts':
      return (q, o) => resources.listShifts(q, o);
    case 'loas':
      return (q, o) => resources.listLoas(q, o);
    case 'members':
      return (q, o) => resources.listMembers(q, o);
    case 'roles':
      return (q, o) => resources.listRoles(q, o);
  }
}

interface SnapshotSourceOptions {
  /** The community's key: its credential's hash (never the token). */
  community: string;
  resources: Resources;
  store: () => Promise<SnapshotStore>;
  /** A saved page younger than this is not read again (CACHE_TTL_LIST_SECONDS). */
  freshMs: number;
  logger: Logger;
  /** The server's settings: stored ones (hosted mode) over these defaults (the environment). */
  defaults?: ReportSettings;
  /** Hosted mode: where the server's own settings are kept. */
  guildId?: string;
  now?: () => number;
  /** How reading and merging the saved pages gives the event loop back (src/base/slices.ts); tests inject it. */
  slicing?: Slicing;
}

/**
 * One report source per community; `inFlight` (refreshes running, by community) is shared by the sources
 * of one process, so reports asked for at once share one refresh.
 */
export function snapshotSource(
  options: SnapshotSourceOptions,
  inFlight: Map<string, Promise<ReportData>> = new Map(),
  memory: SnapshotMemory = new SnapshotMemory(),
): ReportSource {
  const defaults = options.defaults ?? DEFAULT_REPORT_SETTINGS;
  const { guildId } = options;
  const source: ReportSource = {
    data(readOptions = { purpose: 'ask' }) {
      const running = inFlight.get(options.community);
      if (running && readOptions.purpose !== 'refresh') return running;
      // Its requests are counted as a report's, or as a digest's when a scheduled digest asked.
      const purpose = currentPurpose() === 'digest' ? 'digest' : 'report';
      const work = withPurpose(purpose, () => refreshAndLoad(options, readOptions, memory))
        .catch((error: unknown) => {
          if (error instanceof StoreError) {
            options.logger.warn({ err: error }, 'the store did not answer a report');
            throw new UserError(say.storeUnavailable);
          }
          throw error;
        })
        .finally(() => {
          if (inFlight.get(options.community) === work) inFlight.delete(options.community);
        });
      // A saved-only read refreshes nothing: a report asked meanwhile must not wait on it for its refresh.
      if (readOptions.purpose !== 'saved-only') inFlight.set(options.community, work);
      return work;
    },
    async settings() {
      if (guildId === undefined) return defaults;
      const store = await options.store();
      return readReportSettings(await store.reportSettings(guildId), defaults);
    },
  };
  if (guildId !== undefined) {
    source.saveSettings = async (settings) => {
      const store = await options.store();
      await store.saveReportSettings(guildId, settings);
    };
  }
  return source;
}

interface Target {
  resource: SnapshotResource;
  page: number;
  /** When the saved copy was read; undefined: never read. */
  fetchedAt: number | undefined;
}

/**
 * How many pages a list has, as the page of it read last says (a list that grew while its pages were
 * read counts the pages its newest answer names, not page 1's older count); undefined: none read.
 */
function pageCountOf(pages: ReadonlyMap<number, SnapshotPage>): number | undefined {
  let newest: SnapshotPage | undefined;
  for (const page of pages.values()) if (!newest || page.fetchedAt >= newest.fetchedAt) newest = page;
  return newest ? Math.max(1, newest.totalPages) : undefined;
}

/** What to read next: a page never read first, then the oldest page past its freshness. */
function nextTarget(
  saved: Map<SnapshotResource, Map<number, SnapshotPage>>,
  now: number,
  freshMs: number,
  done: Set<string>,
  budget: { fresh: number; known: number },
): Target | undefined {
  const targets: Target[] = [];
  for (const resource of SNAPSHOT_RESOURCES) {
    const pages = saved.get(resource) ?? new Map();
    const count = pageCountOf(pages) ?? 1;
    for (let page = 1; page <= count; page++) {
      if (done.has(`${resource}:${page}`)) continue;
      const kept = pages.get(page);
      if (!kept) {
        if (budget.fresh > 0) targets.push({ resource, page, fetchedAt: undefined });
      } else if (now - kept.fetchedAt >= freshMs && budget.known > 0) {
        targets.push({ resource, page, fetchedAt: kept.fetchedAt });
      }
    }
  }
  // Never-read pages first, taking the lists in turn (page 1 of each, then page 2 of each…), so
  // every list has its start when a call's page budget runs out; then the oldest saved page.
  targets.sort((a, b) => {
    if (a.fetchedAt === undefined || b.fetchedAt === undefined) {
      if (a.fetchedAt !== b.fetchedAt) return a.fetchedAt === undefined ? -1 : 1;
      return a.page - b.page;
    }
    return a.fetchedAt - b.fetchedAt;
  });
  return targets[0];
}

async function refreshAndLoad(
  options: SnapshotSourceOptions,
  readOptions: ReadOptions,
  memory: SnapshotMemory,
): Promise<ReportData> {
  const now = options.now ?? Date.now;
  const store = await options.store();
  const slicer = new Slicer(options.slicing);
  const saved = await loadPages(store, options.community, memory, slicer);
  const budget = { fresh: MAX_NEW_PAGES, known: MAX_REFRESHED_PAGES };
  const done = new Set<string>();
  // The refresh button asks for everything saved to count as old.
  const freshMs = readOptions.purpose === 'refresh' ? 0 : options.freshMs;
  let requests = 0;
  let held: Source | undefined;
  let failure: unknown;
  /** When the pace allows the next read, if it held back a page never read. */
  let pacedUntil: number | undefined;
  for (;;) {
    // 'saved-only': the saved pages as they are, without a read (a view that only adds to its answer).
    const target =
      readOptions.purpose === 'saved-only' ? undefined : nextTarget(saved, now(), freshMs, done, budget);
    if (!target) break;
    done.add(`${target.resource}:${target.page}`);
    if (target.fetchedAt === undefined) budget.fresh--;
    else budget.known--;
    let fetched: Fetched<{ data?: unknown[] }>;
    try {
      fetched = await reader(options.resources, target.resource)(
        { page: target.page, limit: PAGE },
        // Every page waits for the pace, a page never read too (reports never take the share of the
        // monthly allowance kept for the first reads of what moderators ask), and a saved one also
        // when this process has no copy of it in its cache (after a restart).
        { purpose: 'snapshot', refresh: target.fetchedAt !== undefined },
      );
    } catch (error) {
      if (!(error instanceof PacedError)) failure = error;
      else if (target.fetchedAt === undefined) pacedUntil = error.nextAt;
      else {
        const servedAt = now();
        held = {
          fetchedAt: target.fetchedAt,
          fromCache: true,
          stale: false,
          saving: { nextFreshAt: error.nextAt, servedAt, spent: false },
        };
      }
      break;
    }
    if (!fetched.fromCache) requests++;
    // The pace refused (a saved copy came back instead) or the API failed: stop here.
    if (fetched.saving || fetched.stale) {
      held = fetched;
      if (target.fetchedAt !== undefined) break;
    }
    const items = pageItems(fetched.data);
    const info = pageInfo(fetched.data, target.page, items.length);
    const page: SnapshotPage = {
      page: target.page,
      items,
      totalPages: info.totalPages,
      fetchedAt: fetched.fetchedAt,
    };
    const known = target.fetchedAt ?? Number.NEGATIVE_INFINITY;
    if (page.fetchedAt > known) {
      await store.savePage(options.community, target.resource, page);
      bytesOf(page);
      const pages = saved.get(target.resource) ?? new Map<number, SnapshotPage>();
      pages.set(page.page, page);
      if (page.page === 1)
        for (const n of [...pages.keys()]) if (n > Math.max(1, page.totalPages)) pages.delete(n);
      saved.set(target.resource, pages);
    }
    if (held) break;
  }
  const all = [...saved.values()].flatMap((pages) => [...pages.values()]);
  if (all.length === 0 && readOptions.purpose === 'saved-only')
    throw new NotSavedError('no report snapshot saved');
  if (all.length === 0 && failure !== undefined) throw failure;
  if (all.length === 0 && pacedUntil !== undefined)
    throw new UserError(say.reportPaced(Math.ceil(pacedUntil / 1000)));
  if (requests > 0) options.logger.info({ requests }, 'report snapshot refreshed');
  if (failure !== undefined)
    options.logger.warn({ err: failure }, 'report snapshot refresh failed; serving saved pages');
  return assemble(
    saved,
    memory,
    options.community,
    {
      requests,
      held,
      failed: failure !== undefined,
      servedAt: now(),
      nextReadAt: pacedUntil ?? held?.saving?.nextFreshAt,
    },
    slicer,
  );
}

type Saved = Map<SnapshotResource, Map<number, SnapshotPage>>;

/** What this process last read of one community's snapshot: its pages, and the lists merged from them. */
interface Remembered {
  pages: Saved;
  signature?: string;
  lists?: Record<SnapshotResource, unknown[]>;
}

/** Communities whose snapshot a process keeps in memory (least recently used dropped first). */
const MEMORY_COMMUNITIES = 50;

/** Default of REPORTS_MEMORY_MAX_BYTES: 32 MiB, as the answer cache's CACHE_MAX_BYTES. */
export const DEFAULT_MEMORY_MAX_BYTES = 32 * 1024 * 1024;

/** A page's bytes, measured once (a page kept in memory is the same object from read to read). */
const pageBytes = new WeakMap<SnapshotPage, number>();

function bytesOf(page: SnapshotPage): number {
  let bytes = pageBytes.get(page);
  if (bytes === undefined) {
    bytes = page.bytes ?? heldBytes(JSON.stringify(page.items));
    pageBytes.set(page, bytes);
  }
  return bytes;
}

/**
 * What this process last read of each community's snapshot, least recently used first out once
 * more than MEMORY_COMMUNITIES communities or more than `maxBytes` bytes are held. A community's bytes
 * are its pages' records serialised, counted as the answer cache counts (`heldBytes`): the merged
 * lists point at the same records. A snapshot over `maxBytes` alone is not kept (it is read from the
 * store at each report instead).
 */
export class SnapshotMemory {
  private readonly kept = new Map<string, { remembered: Remembered; bytes: number }>();
  private held = 0;

  constructor(private readonly maxBytes: number = DEFAULT_MEMORY_MAX_BYTES) {}

  get size(): number {
    return this.kept.size;
  }

  /** Bytes held (see the class). */
  get bytes(): number {
    return this.held;
  }

  get(community: string): Remembered | undefined {
    return this.kept.get(community)?.remembered;
  }

  /** Keep (or replace) a community's snapshot as the most recently used, and evict to the bounds. */
  set(community: string, remembered: Remembered): void {
    this.delete(community);
    let bytes = 0;
    for (const pages of remembered.pages.values()) for (const page of pages.values()) bytes += bytesOf(page);
    if (bytes > this.maxBytes) return;
    this.kept.set(community, { remembered, bytes });
    this.held += bytes;
    for (const [oldest, entry] of this.kept) {
      if (this.kept.size <= MEMORY_COMMUNITIES && this.held <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.held -= entry.bytes;
    }
  }

  delete(community: string): void {
    const entry = this.kept.get(community);
    if (!entry) return;
    this.kept.delete(community);
    this.held -= entry.bytes;
  }
}

/** Saved pages read from the store in one query at most (SQLite's driver reads, and each page's JSON is parsed, at once). */
export const LOAD_CHUNK_PAGES = 5;

/**
 * The saved pages of a community: their times from the store, and the records only of the pages
 * that changed since this process last read them (the rest from memory). They are read
 * LOAD_CHUNK_PAGES at a time, in slices (src/base/slices.ts): a community of 1,000 pages never holds the
 * event loop while its JSON is read and parsed.
 */
async function loadPages(
  store: SnapshotStore,
  community: string,
  memory: SnapshotMemory,
  slicer: Slicer,
): Promise<Saved> {
  const times = await store.pageTimes(community);
  const known = memory.get(community);
  memory.delete(community);
  const saved: Saved = new Map();
  for (const resource of SNAPSHOT_RESOURCES) {
    const mine = times.filter((t) => t.resource === resource);
    const kept = known?.pages.get(resource);
    const stale = mine.filter((t) => kept?.get(t.page)?.fetchedAt !== t.fetchedAt).map((t) => t.page);
    const fresh = new Map<number, SnapshotPage>();
    for (let i = 0; i < stale.length; i += LOAD_CHUNK_PAGES) {
      for (const page of await store.pages(community, resource, stale.slice(i, i + LOAD_CHUNK_PAGES))) {
        fresh.set(page.page, page);
        // Measured now, in its slice: the memory's bound counts every page's bytes.
        bytesOf(page);
        await slicer.step(page.items.length);
      }
    }
    const pages = new Map<number, SnapshotPage>();
    for (const t of mine) {
      const page = kept?.get(t.page)?.fetchedAt === t.fetchedAt ? kept.get(t.page) : fresh.get(t.page);
      if (page) pages.set(t.page, page);
    }
    saved.set(resource, pages);
  }
  memory.set(community, { ...known, pages: saved });
  return saved;
}

async function assemble(
  saved: Saved,
  memory: SnapshotMemory,
  community: string,
  how: {
    requests: number;
    held: Source | undefined;
    failed: boolean;
    servedAt: number;
    /** When the pace allows the next read, when it held one back (the coverage's `nextReadAt`). */
    nextReadAt: number | undefined;
  },
  slicer: Slicer,
): Promise<ReportData> {
  let complete = true;
  const progress = {} as NonNullable<ReportData['pages']>;
  let oldest = how.servedAt;
  const signature = SNAPSHOT_RESOURCES.map((r) =>
    [...(saved.get(r)?.values() ?? [])].map((p) => `${p.page}:${p.fetchedAt}`).join(','),
  ).join('|');
  const remembered = memory.get(community);
  const reuse = remembered?.signature === signature ? remembered.lists : undefined;
  const lists = reuse ?? ({} as Record<SnapshotResource, unknown[]>);
  for (const resource of SNAPSHOT_RESOURCES) {
    const pages = [...(saved.get(resource)?.values() ?? [])].sort((a, b) => a.fetchedAt - b.fetchedAt);
    const count = saved.get(resource)?.has(1) ? pageCountOf(saved.get(resource)!) : undefined;
    if (count === undefined || pages.length < count) complete = false;
    progress[resource] = { read: pages.length, total: count };
    const byId = new Map<unknown, unknown>();
    const anonymous: unknown[] = [];
    for (const page of pages) oldest = Math.min(oldest, page.fetchedAt);
    if (reuse) continue;
    // Oldest page first, so a record seen on a newer page wins.
    for (const page of pages) {
      for (const item of page.items) {
        const id = (item as { id?: unknown }).id;
        if (typeof id === 'string') byId.set(id, item);
        else anonymous.push(item);
      }
      await slicer.step(page.items.length);
    }
    const list: unknown[] = [];
    for (const item of byId.values()) {
      list.push(item);
      if (list.length % PAGE === 0) await slicer.step(PAGE);
    }
    list.push(...anonymous);
    lists[resource] = list;
  }
  memory.set(community, { pages: saved, signature, lists });
  const parts: Source[] = [{ fetchedAt: oldest, fromCache: how.requests === 0, stale: how.failed }];
  if (how.held) parts.push({ ...how.held, fetchedAt: oldest });
  return {
    shifts: lists.shifts as Shift[],
    loas: lists.loas as Loa[],
    members: lists.members as Member[],
    roles: lists.roles as Role[],
    source: mergeSources(parts),
    servedAt: how.servedAt,
    complete,
    pages: progress,
    requests: how.requests,
    ...(how.nextReadAt !== undefined && Number.isFinite(how.nextReadAt)
      ? { nextReadAt: how.nextReadAt }
      : {}),
  };
}
