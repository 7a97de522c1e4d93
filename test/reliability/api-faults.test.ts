/**
 * The API misbehaving, end to end (the real bot between the sandbox API and the Discord double):
 * 500s, timeouts, connection refused, 429 storms, HTML error pages, JSON of the wrong shape, empty
 * bodies, cut-off JSON and enormous pages. Each gets its clear sentence, the last good data is served
 * where it exists, nothing crashes, and the next request works.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import type { SlashInput } from '../doubles/discord/double.js';
import { type FaultKind, startSandbox } from '../doubles/sandbox/server.js';
import { embedOf } from '../e2e/world.js';
import {
  ask,
  auditEverything,
  logRecords,
  type ReliableWorld,
  recordError,
  startReliableWorld,
  visibleText,
} from './support.js';

const STALE = /API unavailable: saved data as of$/;
const FRESH = /Data as of$/;
const RATE_LIMITED = /^The community server API is busy with Rollcall's requests; try again in \d+ s\.$/;

let world: ReliableWorld;

beforeAll(async () => {
  // Freshness 0: every read goes to the API, and what it last answered is kept to stand in on failure.
  world = await startReliableWorld({
    env: { CACHE_TTL_LIST_SECONDS: '0', CACHE_TTL_ITEM_SECONDS: '0', CACHE_TTL_STABLE_SECONDS: '0' },
  });
});
afterEach(() => {
  world.sandbox.set({ latency: null, faults: null, rateLimit: null });
  world.restoreTokens();
});
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await world?.close();
  for (const cleanup of cleanups) await cleanup();
});

/** Attempts a fault takes to reach the moderator: 500s and timeouts are retried once (API_RETRIES=1). */
const attempts = (kind: FaultKind) => (kind === '500' || kind === 'timeout' ? 2 : 1);

/** No error-level line (a handler failure) was logged since `mark`. */
function noHandlerFailureSince(mark: number) {
  const errors = world.logLines
    .slice(mark)
    .map((l) => JSON.parse(l) as { level: number; msg: string })
    .filter((r) => r.level >= 50);
  expect(errors).toEqual([]);
}

describe.each([
  { kind: '500', sentence: MESSAGES.unavailable },
  { kind: 'timeout', sentence: MESSAGES.unavailable },
  { kind: 'html', sentence: MESSAGES.malformed },
  { kind: 'empty', sentence: MESSAGES.malformed },
  { kind: 'not-json', sentence: MESSAGES.malformed },
  { kind: 'deep', sentence: MESSAGES.malformed },
] as Array<{ kind: FaultKind; sentence: string }>)('API fault $kind', ({ kind, sentence }) => {
  it('without saved data: one clear sentence, privately; then the next request works', async () => {
    const mark = world.logLines.length;
    const id = world.sandbox.dataset.loas[100 + FAULT_INDEX[kind]]!.id;
    world.sandbox.failNext(attempts(kind), kind);
    const failed = await ask(world, 'loa', { subcommand: 'view', options: { id } });
    expect(failed.message?.content).toBe(sentence);
    expect(failed.ephemeral).toBe(true);
    expect(failed.message?.embeds ?? []).toEqual([]);

    const ok = await ask(world, 'loa', { subcommand: 'view', options: { id } });
    expect(embedOf(ok.message).title).toContain(id);
    expect(embedOf(ok.message).footer?.text).toMatch(FRESH);
    noHandlerFailureSince(mark);
  });

  it('with saved data: the last good answer, marked as saved; then fresh data again', async () => {
    const id = world.sandbox.dataset.loas[200 + FAULT_INDEX[kind]]!.id;
    const first = await ask(world, 'loa', { subcommand: 'view', options: { id } });
    expect(embedOf(first.message).footer?.text).toMatch(FRESH);

    world.sandbox.failNext(attempts(kind), kind);
    const saved = await ask(world, 'loa', { subcommand: 'view', options: { id } });
    expect(embedOf(saved.message).title).toContain(id);
    expect(embedOf(saved.message).footer?.text).toMatch(STALE);

    const list = await ask(world, 'loa', { subcommand: 'list' });
    world.sandbox.failNext(attempts(kind), kind);
    const savedList = await ask(world, 'loa', { subcommand: 'list' });
    expect(embedOf(savedList.message).description).toBe(embedOf(list.message).description);
    expect(embedOf(savedList.message).footer?.text).toMatch(STALE);

    const again = await ask(world, 'loa', { subcommand: 'list' });
    expect(embedOf(again.message).footer?.text).toMatch(FRESH);
  });
});

const FAULT_INDEX: Record<FaultKind, number> = {
  '500': 0,
  timeout: 1,
  html: 2,
  empty: 3,
  'not-json': 4,
  'wrong-shape': 5,
  enormous: 6,
  deep: 7,
};

describe('API answers of the wrong shape', () => {
  it('a record with wrong types, nulls and missing fields is shown with dashes, not garbage', async () => {
    const id = world.sandbox.dataset.loas[300]!.id;
    world.sandbox.failNext(1, 'wrong-shape');
    const answer = await ask(world, 'loa', { subcommand: 'view', options: { id } });
    const text = visibleText(answer.message);
    expect(text).toContain('—');
    expect(text).not.toMatch(/undefined|NaN|\[object Object\]|Invalid Date/);
  });

  it('a page whose items are null or strings: the saved page, or a clear sentence without one', async () => {
    world.sandbox.failNext(1, 'wrong-shape');
    const unsaved = await ask(world, 'shift', { subcommand: 'list' });
    expect(unsaved.message?.content).toBe(MESSAGES.malformed);

    await ask(world, 'shift', { subcommand: 'list' });
    world.sandbox.failNext(1, 'wrong-shape');
    const saved = await ask(world, 'shift', { subcommand: 'list' });
    expect(embedOf(saved.message).footer?.text).toMatch(STALE);
  });
});

describe('enormous API answers', () => {
  it('a page of 5000 items when 10 were asked for shows 10 rows within Discord limits', async () => {
    world.sandbox.failNext(1, 'enormous');
    const answer = await ask(world, 'loa', { subcommand: 'list' });
    const embed = embedOf(answer.message);
    expect(embed.description?.split('\n')).toHaveLength(10);
    expect(JSON.stringify(answer.message).length).toBeLessThan(16_000);
  });

  it('a record with a 2-million-character field is cut to fit', async () => {
    const id = world.sandbox.dataset.loas[301]!.id;
    world.sandbox.failNext(1, 'enormous');
    const answer = await ask(world, 'loa', { subcommand: 'view', options: { id } });
    const embed = embedOf(answer.message);
    expect(embed.title).toContain(id);
    expect(embed.description?.length).toBeLessThanOrEqual(4096);
    expect(visibleText(answer.message).length).toBeLessThan(7_000);
  });
});

/** Every command and view, so every renderer meets every fault. */
const EVERY_COMMAND: Array<[string, () => SlashInput]> = [
  ['loa', () => ({ subcommand: 'list' })],
  ['loa', () => ({ subcommand: 'view', options: { id: world.sandbox.dataset.loas[5]!.id } })],
  ['loa', () => ({ subcommand: 'member', options: { 'member-id': world.sandbox.dataset.members[3]!.id } })],
  [
    'log',
    () => ({ subcommand: 'user', options: { username: world.sandbox.dataset.samples.busyUsernames[0]! } }),
  ],
  ['log', () => ({ subcommand: 'view', options: { id: world.sandbox.dataset.logs[7]!.id } })],
  ['audit-log', () => ({ subcommand: 'list' })],
  ['shift', () => ({ subcommand: 'list' })],
  ['shift', () => ({ subcommand: 'view', options: { id: world.sandbox.dataset.shifts[4]!.id } })],
  ['role', () => ({ subcommand: 'list' })],
  ['role', () => ({ subcommand: 'view', options: { role: world.sandbox.dataset.roles[2]!.id } })],
  ['member', () => ({ subcommand: 'list' })],
  ['member', () => ({ subcommand: 'view', options: { 'member-id': world.sandbox.dataset.members[8]!.id } })],
  ['application', () => ({ subcommand: 'list' })],
  [
    'application',
    () => ({ subcommand: 'view', options: { application: world.sandbox.dataset.applications[0]!.id } }),
  ],
  [
    'join-request',
    () => ({ subcommand: 'view', options: { 'user-id': world.sandbox.dataset.joinRequests[0]!.userId } }),
  ],
  ['rollcall', () => ({ subcommand: 'status' })],
];

/** The one sentence each fault may bring when no data can be shown. */
const SENTENCE_FOR: Record<FaultKind, string> = {
  '500': MESSAGES.unavailable,
  timeout: MESSAGES.unavailable,
  html: MESSAGES.malformed,
  empty: MESSAGES.malformed,
  'not-json': MESSAGES.malformed,
  'wrong-shape': MESSAGES.malformed,
  enormous: MESSAGES.tooLarge,
  deep: MESSAGES.malformed,
};

describe('every command against every fault', () => {
  const kinds: FaultKind[] = [
    '500',
    'timeout',
    'html',
    'empty',
    'wrong-shape',
    'not-json',
    'deep',
    'enormous',
  ];
  it.each(kinds)(
    "%s: the fault hits every command, which answers with data, saved data or that fault's sentence",
    async (kind) => {
      const mark = world.logLines.length;
      const sentences = new Set<string>();
      for (const [name, input] of EVERY_COMMAND) {
        world.sandbox.set({ faults: null });
        const before = world.sandbox.requests.length;
        world.sandbox.failNext(attempts(kind), kind);
        const answer = await ask(world, name, input());
        const label = `/${name} ${JSON.stringify(input())}`;
        // the fault reached this command's reads, all of it (none left over for the next command)
        const hits = world.sandbox.requests.slice(before).filter((r) => r.fault === kind);
        expect(hits.length, label).toBe(attempts(kind));
        const content = answer.message?.content ?? '';
        if (content !== '') {
          expect(content, label).toBe(SENTENCE_FOR[kind]);
          sentences.add(content);
        } else {
          expect(answer.message?.embeds?.length, label).toBe(1);
          expect(visibleText(answer.message), label).not.toMatch(/undefined|NaN|\[object Object\]/);
        }
      }
      // the sentence did come up (a command with nothing saved to fall back on); an enormous answer
      // is data, cut to fit, unless it is over API_MAX_RESPONSE_BYTES
      if (kind !== 'enormous') expect([...sentences]).toEqual([SENTENCE_FOR[kind]]);
      world.sandbox.set({ faults: null });
      noHandlerFailureSince(mark);
      // and the bot still answers normally
      const ok = await ask(world, 'loa', { subcommand: 'list' });
      expect(embedOf(ok.message).footer?.text).toMatch(FRESH);
    },
    60_000,
  );
});

describe('API refusing connections', () => {
  it('serves saved data, says the API is not answering otherwise, and recovers when it is back', async () => {
    const saved = world.sandbox.dataset.loas[400]!.id;
    const unsaved = world.sandbox.dataset.loas[401]!.id;
    await ask(world, 'loa', { subcommand: 'view', options: { id: saved } });
    const { port, dataset } = world.sandbox;
    await world.sandbox.close(); // connection refused from now on

    const stale = await ask(world, 'loa', { subcommand: 'view', options: { id: saved } });
    expect(embedOf(stale.message).footer?.text).toMatch(STALE);
    const refused = await ask(world, 'loa', { subcommand: 'view', options: { id: unsaved } });
    expect(refused.message?.content).toBe(MESSAGES.unavailable);
    try {
      await world.app.api.resources.getLoa(unsaved, { purpose: 'refresh' });
    } catch (error) {
      recordError('connection refused', error);
    }

    const revived = await startSandbox({
      port,
      dataset,
      tokens: { [world.config.API_TOKEN]: { permission: 'all' } },
    });
    // the world closes the sandbox it started; this one is closed after all tests
    cleanups.push(() => revived.close());
    world.sandbox = revived;
    const back = await ask(world, 'loa', { subcommand: 'view', options: { id: unsaved } });
    expect(embedOf(back.message).title).toContain(unsaved);
    expect(embedOf(back.message).footer?.text).toMatch(FRESH);
  });
});

describe('429 storms', () => {
  it('holds every caller for Retry-After, says "busy, try again", serves saved data, then works again', async () => {
    // A world of its own: after a 429 the client holds every call of its token.
    const stormy = await startReliableWorld({
      env: { CACHE_TTL_ITEM_SECONDS: '0', CACHE_TTL_LIST_SECONDS: '0', API_QUEUE_MAX_WAIT_MS: '1000' },
    });
    try {
      const loas = stormy.sandbox.dataset.loas;
      const saved = loas[10]!.id;
      await ask(stormy, 'loa', { subcommand: 'view', options: { id: saved } });
      // Every request is refused with 429 and Retry-After: 2 (a limit of 0 per 2 s) until the storm ends.
      stormy.sandbox.set({ rateLimit: { requests: 0, windowSeconds: 2 } });
      stormy.sandbox.resetLog();
      const first = await ask(stormy, 'loa', { subcommand: 'view', options: { id: loas[19]!.id } });
      expect(first.message?.content).toMatch(RATE_LIMITED);
      const firstRefusedAt = stormy.sandbox.requests[0]?.at ?? 0;
      expect(stormy.sandbox.requests.map((r) => r.status)).toEqual([429]);

      // The storm arrives inside the 2 s hold: Retry-After (2 s) is over API_QUEUE_MAX_WAIT_MS (1 s),
      // so every caller is told "busy" at once, and none of them may reach the API while it holds.
      const handles = await Promise.all(
        loas.slice(20, 40).map((loa, i) =>
          stormy.double.slash(stormy.double.user({ username: `mod${i}`, roles: ['Moderator'] }), 'loa', {
            subcommand: 'view',
            options: { id: loa.id },
          }),
        ),
      );
      const answers = await Promise.all(handles.map((h) => h.response()));
      for (const answer of answers) expect(answer.message?.content).toMatch(RATE_LIMITED);
      const stale = await ask(stormy, 'loa', { subcommand: 'view', options: { id: saved } });
      expect(embedOf(stale.message).footer?.text).toMatch(STALE);
      const stormOver = Date.now();
      expect(stormOver - firstRefusedAt).toBeLessThan(2_000); // all of it happened inside the hold
      const reached = stormy.sandbox.requests.length;
      console.info(`429 storm: 22 interactions, ${reached} request(s) reached the API (all 429)`);
      expect(reached).toBe(1); // only the request that was answered 429; the hold kept the rest back

      stormy.sandbox.set({ rateLimit: null });
      await new Promise((resolve) => setTimeout(resolve, 2_100)); // the last Retry-After
      const back = await ask(stormy, 'loa', { subcommand: 'view', options: { id: loas[20]!.id } });
      expect(embedOf(back.message).title).toContain(loas[20]!.id);
      expect(logRecords(stormy, 50)).toEqual([]);
    } finally {
      await stormy.close();
    }
  }, 30_000);
});

describe('the access check (ACCESS_REQUIRE_MEMBER) against a slow or failing API', () => {
  it('a slow member lookup still gets a defer in time, then the answer; a failing one a clear sentence', async () => {
    const guarded = await startReliableWorld({
      env: { ACCESS_REQUIRE_MEMBER: 'true', API_TIMEOUT_MS: '5000' },
    });
    try {
      const ds = guarded.sandbox.dataset;
      const staff = guarded.double.user({ id: ds.chatIdOf(ds.members[0]!.id)!, roles: ['Moderator'] });
      guarded.sandbox.set({ latency: { minMs: 1_200, maxMs: 1_300 } });
      // member lookup 1.2 s + the LOA 1.2 s: over Discord's 3 s unless the lookup counts towards the defer
      const slow = await ask(guarded, 'loa', { subcommand: 'view', options: { id: ds.loas[1]!.id } }, staff);
      expect(slow.kind).toBe('deferred-reply');
      expect(slow.msToFirstCallback).toBeLessThan(3_000);
      expect(embedOf(slow.message).title).toContain(ds.loas[1]!.id);

      guarded.sandbox.set({ latency: null });
      const other = guarded.double.user({ id: ds.chatIdOf(ds.members[1]!.id)!, roles: ['Moderator'] });
      guarded.sandbox.failNext(3, '500');
      const failing = await ask(guarded, 'loa', { subcommand: 'list' }, other);
      expect(failing.message?.content).toBe(MESSAGES.accessUnchecked(MESSAGES.unavailable));
      const stranger = await ask(guarded, 'loa', { subcommand: 'list' });
      expect(stranger.message?.content).toBe(MESSAGES.accessNotMember);
      const allowed = await ask(guarded, 'loa', { subcommand: 'list' }, other);
      expect(embedOf(allowed.message).title).toBe('Leaves of absence');
    } finally {
      await guarded.close();
    }
  }, 30_000);
});

describe('the API token', () => {
  it('rejected: the moderator is told to have it updated; it works again once accepted', async () => {
    world.sandbox.set({ tokens: {} });
    const answer = await ask(world, 'loa', { subcommand: 'list' });
    expect(answer.message?.content).toBe(MESSAGES.unauthorized);
    try {
      await world.app.api.resources.listLoas({ page: 1, limit: 10 }, { purpose: 'refresh' });
    } catch (error) {
      recordError('401', error);
    }
    world.restoreTokens();
    const ok = await ask(world, 'loa', { subcommand: 'list' });
    expect(embedOf(ok.message).footer?.text).toMatch(FRESH);
  });
});

auditEverything();
