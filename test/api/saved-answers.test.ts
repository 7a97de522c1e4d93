/**
 * Saved answers in the API layer, over a real SQLite store: an answer a request bought is read back
 * by a new process (an empty in-memory cache) without a request, and the store failing, or never
 * answering, neither fails nor holds an answer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import type { AnswerArchive } from '../../src/api/saved.js';
import type { Api } from '../../src/api/types.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { openStore, type Store } from '../../src/store/index.js';
import {
  captureLogger,
  defaultHandler,
  freshDataDir,
  silentLogger,
  startServer,
  type TestServer,
  testConfig,
} from './helpers.js';

let server: TestServer;
const apis: Api[] = [];
const stores: Store[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
  await Promise.all(stores.splice(0).map((store) => store.close().catch(() => undefined)));
  server.requests.length = 0;
  server.handle(defaultHandler);
});
afterAll(async () => {
  await server.close();
});

/** An Api of a token with a monthly allowance, its answers kept through `archive`. */
function api(archive: AnswerArchive, logger = silentLogger): Api {
  const config = testConfig(server.baseUrl, { API_LIMITS: parse('1000/month,100/1s') });
  const created = createApi(config, logger, { answers: archive });
  apis.push(created);
  return created;
}

/** Parsed API_LIMITS. */
function parse(text: string) {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  return parsed.limits;
}

async function openedStore(): Promise<Store> {
  const store = await openStore({ dataDir: freshDataDir() });
  stores.push(store);
  return store;
}

const archiveOf = (store: Store, maxBytes = 1_000_000): AnswerArchive => ({
  get: (community, key, now) => store.answers.get(community, key, now),
  save: (community, answers) => store.answers.save(community, answers, maxBytes),
});

const page = { page: 1, limit: 10 };

describe('saved answers (API layer, SQLite)', () => {
  it('a new process (empty cache) reads an answer back from the store, without a request', async () => {
    const store = await openedStore();
    const first = api(archiveOf(store));
    const read = await first.resources.listLoas(page);
    expect(read.fromCache).toBe(false);
    await first.close(); // writes what is queued
    expect(server.requests).toHaveLength(1);

    const second = api(archiveOf(store));
    const again = await second.resources.listLoas(page);
    expect(again.fromCache).toBe(true);
    expect(again.data).toEqual(read.data);
    expect(again.fetchedAt).toBe(read.fetchedAt);
    // The record the list page held, too.
    const loa = await second.resources.getLoa('loas-1');
    expect(loa.fromCache).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('a closed store fails no answer: each read goes to the API, one warning', async () => {
    const store = await openedStore();
    await store.close();
    const { logger, lines } = captureLogger();
    const reader = api(archiveOf(store), logger);
    const one = await reader.resources.listLoas(page);
    expect(one.data.data).toHaveLength(1);
    await reader.close();
    const again = api(archiveOf(store), logger);
    expect((await again.resources.listLoas(page)).fromCache).toBe(false);
    expect(server.requests).toHaveLength(2);
    const warnings = lines.filter((l) => l.includes('saved answers unavailable'));
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.length).toBeLessThanOrEqual(2); // one per Api at most
  });

  it('a store that never answers holds no answer: the read goes on past its bound, the next reads do not ask it', async () => {
    let gets = 0;
    let saves = 0;
    const silent: AnswerArchive = {
      get: () => {
        gets++;
        return new Promise(() => undefined);
      },
      save: () => {
        saves++;
        return new Promise(() => undefined);
      },
    };
    const reader = api(silent);
    // Answered although the store's read never settles.
    const read = await reader.resources.listLoas(page);
    expect(read.fromCache).toBe(false);
    expect(read.data.data).toHaveLength(1);
    expect(gets).toBe(1);
    // Left alone for a while: the next reads do not wait for it at all.
    const item = await reader.resources.getShift('s-1');
    expect(item.fromCache).toBe(false);
    expect(gets).toBe(1);
    expect(saves).toBe(0); // written later, never in the answer's way
  });
});
