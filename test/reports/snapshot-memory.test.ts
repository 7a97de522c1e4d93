/**
 * The report snapshots a process keeps in memory are bounded in bytes (REPORTS_MEMORY_MAX_BYTES),
 * counted as the answer cache counts (`heldBytes` of the serialised records): many communities with
 * large snapshots keep the memory under the bound, the least recently used going first, and one
 * larger than the bound is served from the store without being kept. Real API layer over the
 * sandbox (real HTTP) and a real SQLite store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { loadConfig } from '../../src/base/config.js';
import { heldBytes } from '../../src/base/held-bytes.js';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { DEFAULT_MEMORY_MAX_BYTES, SnapshotMemory, snapshotSource } from '../../src/community/snapshots.js';
import { openStore, type Store } from '../../src/store/index.js';
import { fastDeps, silentLogger, testConfig } from '../api/helpers.js';
import { generateDataset, type Sandbox, startSandbox } from '../doubles/sandbox/index.js';
import { backends } from '../store/places.js';

// 1,500 shifts: 15 pages, with LOAs, members and roles 18 (one call reads them all).
const dataset = generateDataset({ seed: 11, shifts: 1_500, loas: 90, members: 50, roles: 5 });
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const done of cleanup.splice(0).reverse()) await done();
});

async function setUp() {
  const sandbox: Sandbox = await startSandbox({ dataset });
  cleanup.push(() => sandbox.close());
  const limits = parseLimits('1000/1s');
  if (!limits.ok) throw new Error(limitsProblemText(limits.problem));
  const config = testConfig(sandbox.url, {
    API_TOKEN: sandbox.token,
    API_LIMITS: limits.limits,
    API_RETRIES: 0,
  });
  const api = createApi(config, silentLogger, fastDeps);
  cleanup.push(() => api.close());
  const place = await backends[0]?.fresh();
  if (!place) throw new Error('no sqlite');
  cleanup.push(() => place.remove());
  const store: Store = await openStore(place.options);
  cleanup.push(() => store.close());
  /** One community's report data, through `memory` (as the app's sources of one process share it). */
  const report = (community: string, memory: SnapshotMemory) =>
    snapshotSource(
      {
        community,
        resources: api.resources,
        store: async () => store.snapshots,
        freshMs: 3_600_000,
        logger: silentLogger,
      },
      new Map(),
      memory,
    ).data();
  return { report };
}

/** What one community's snapshot of `dataset` counts. */
const snapshotBytes = () =>
  [dataset.shifts, dataset.loas, dataset.members, dataset.roles]
    .flatMap((list) =>
      Array.from({ length: Math.ceil(list.length / 100) }, (_, n) => list.slice(n * 100, n * 100 + 100)),
    )
    .reduce((sum, items) => sum + heldBytes(JSON.stringify(items)), 0);

describe('report snapshots kept in memory', () => {
  it('stay under the byte bound with many large snapshots, the least recently used dropped first', async () => {
    const { report } = await setUp();
    const one = snapshotBytes();
    expect(one).toBeGreaterThan(300_000);
    const maxBytes = Math.floor(one * 2.5); // two communities fit
    const memory = new SnapshotMemory(maxBytes);
    for (let n = 0; n < 10; n++) {
      const data = await report(`community-${n}`, memory);
      expect(data.shifts).toHaveLength(1_500);
      expect(memory.bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(memory.bytes).toBe(2 * one);
    expect(memory.size).toBe(2);
    expect(memory.get('community-0')).toBeUndefined();
    expect(memory.get('community-8')).toBeDefined();
    expect(memory.get('community-9')).toBeDefined();
    // community-8 asked again is the most recently used: the next one pushes community-9 out.
    await report('community-8', memory);
    await report('community-10', memory);
    expect(memory.get('community-9')).toBeUndefined();
    expect(memory.get('community-8')).toBeDefined();
    expect(memory.get('community-10')).toBeDefined();
    expect(memory.bytes).toBeLessThanOrEqual(maxBytes);
  });

  it('serves a snapshot larger than the bound from the store, without keeping it', async () => {
    const { report } = await setUp();
    const memory = new SnapshotMemory(Math.floor(snapshotBytes() / 2));
    const first = await report('community-big', memory);
    const again = await report('community-big', memory);
    expect(again.requests).toBe(0);
    expect(again.shifts.map((s) => s.id).sort()).toEqual(first.shifts.map((s) => s.id).sort());
    expect(memory.size).toBe(0);
    expect(memory.bytes).toBe(0);
  });

  it('REPORTS_MEMORY_MAX_BYTES defaults to 32 MiB and refuses values below 1 MiB', () => {
    const env = {
      DISCORD_TOKEN: 't',
      DISCORD_APPLICATION_ID: '123456789012345678',
      DISCORD_GUILD_ID: '223456789012345678',
      API_TOKEN: 'a',
      API_BASE_URL: 'https://api.example.org/api/v1',
    };
    const loaded = loadConfig(env);
    expect(loaded.ok && loaded.config.REPORTS_MEMORY_MAX_BYTES).toBe(DEFAULT_MEMORY_MAX_BYTES);
    const low = loadConfig({ ...env, REPORTS_MEMORY_MAX_BYTES: '1000' });
    expect(!low.ok && low.errors).toEqual([
      'REPORTS_MEMORY_MAX_BYTES must be a whole number from 1048576 to 1073741824',
    ]);
  });
});
