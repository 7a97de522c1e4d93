/**
 * What a process loads before it needs it costs resident memory for its whole life: the store's
 * database drivers (pg, libsql, with kysely) load when the store is first opened, not with the app,
 * and pg only for PostgreSQL; the Redis client only with a store on Redis (CACHE_URL), prom-client
 * only with metrics (HEALTH_PORT, the shard manager's /metrics).
 * Checked in a child process (the test runner's own module cache is shared by every test file).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;

/** CommonJS modules loaded once `modules` are imported (pg and libsql are CommonJS packages). */
function runScript(script: string) {
  return run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
}

async function loadedAfter(modules: string[]): Promise<string[]> {
  const script = [
    "import { createRequire } from 'node:module';",
    ...modules.map((m) => `await import(${JSON.stringify(m)});`),
    'const cache = createRequire(import.meta.url).cache;',
    'process.stdout.write(JSON.stringify(Object.keys(cache)));',
  ].join('\n');
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as string[];
}

const DRIVERS = /\/node_modules\/(pg|libsql)\//;
/** Packages a deployment may never use: loaded at their first use (src/base/lazy.ts). */
const UNUSED = /\/node_modules\/(pg|@keyv\/redis|@redis\/client|prom-client)\//;
const loaded = (paths: string[], pattern: RegExp) => [
  ...new Set(paths.flatMap((path) => path.match(pattern)?.[1] ?? [])),
];

describe('modules loaded at start-up', () => {
  it("the app and its commands load no database driver; the store's module loads SQLite's", async () => {
    const atStart = await loadedAfter(['./src/app.ts', './src/ops/shards.ts', './src/base/config.ts']);
    expect(atStart.length).toBeGreaterThan(0); // discord.js and others are CommonJS: the probe works
    expect(atStart.filter((path) => DRIVERS.test(path))).toEqual([]);
    const withStore = await loadedAfter(['./src/store/index.ts']);
    expect(withStore.some((path) => /\/node_modules\/libsql\//.test(path))).toBe(true);
  }, 60_000);

  it('a SQLite store, the in-memory cache and no metrics load neither pg, nor Redis, nor prom-client', async () => {
    const script = (body: string) => [
      "import { mkdtempSync } from 'node:fs';",
      "import { tmpdir } from 'node:os';",
      "import { join } from 'node:path';",
      "import { createRequire } from 'node:module';",
      body,
      'process.stdout.write(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));',
    ];
    const run = async (body: string) => {
      const { stdout } = await runScript(script(body).join('\n'));
      return JSON.parse(stdout) as string[];
    };
    const sqlite = await run(
      [
        "await import('./src/app.ts'); await import('./src/ops/shards.ts');",
        "const { openStore } = await import('./src/store/index.ts');",
        "const { createCache } = await import('./src/api/cache.ts');",
        'createCache({ CACHE_URL: undefined, CACHE_MAX_ENTRIES: 10 }, { warn() {}, info() {} });',
        "const store = await openStore({ dataDir: mkdtempSync(join(tmpdir(), 'rollcall-lazy-')) });",
        'await store.close();',
      ].join('\n'),
    );
    expect(sqlite.some((path) => /\/node_modules\/libsql\//.test(path))).toBe(true); // the probe works
    expect(loaded(sqlite, UNUSED)).toEqual([]);
    // Each is loaded once something uses it.
    const used = await run(
      [
        "const { Metrics } = await import('./src/ops/metrics.ts');",
        'new Metrics();',
        "const { redisLimitStore } = await import('./src/api/limits/store.ts');",
        "const { postgresPool } = await import('./src/store/postgres.ts');",
        "const redis = redisLimitStore('redis://127.0.0.1:1', { warn() {}, info() {} });",
        "const { pool } = postgresPool({ connectionString: 'postgres://127.0.0.1:1/none', max: 1, connectTimeoutMs: 100, queryTimeoutMs: 100 });",
        'await pool.end(); await redis.close();',
      ].join('\n'),
    );
    expect(loaded(used, UNUSED).sort()).toEqual(['@keyv/redis', '@redis/client', 'pg', 'prom-client']);
  }, 60_000);
});

describe('one copy of each package', () => {
  it('a cache on Redis and one in memory load keyv once, as the CommonJS build @keyv/redis requires', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollcall-copies-'));
    const esmLoads = join(dir, 'esm.txt');
    // Modules loaded as ECMAScript modules are not in require.cache: a loader hook writes them down.
    const hook = [
      "import { appendFileSync } from 'node:fs';",
      'export async function load(url, context, next) {',
      '  const loaded = await next(url, context);',
      `  if (loaded.format === 'module' && url.includes('/node_modules/')) appendFileSync(${JSON.stringify(esmLoads)}, url + '\\n');`,
      '  return loaded;',
      '}',
    ].join('\n');
    const { stdout } = await runScript(
      [
        "import { register, createRequire } from 'node:module';",
        `register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));`,
        "const { createCache } = await import('./src/api/cache.ts');",
        'const logger = { warn() {}, info() {} };',
        "const redis = createCache({ CACHE_URL: 'redis://127.0.0.1:1', CACHE_MAX_ENTRIES: 10 }, logger);",
        'const memory = createCache({ CACHE_URL: undefined, CACHE_MAX_ENTRIES: 10 }, logger);',
        'await redis.close(); await memory.close();',
        'process.stdout.write(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));',
      ].join('\n'),
    );
    const commonJs = JSON.parse(stdout) as string[];
    const modules = existsSync(esmLoads) ? readFileSync(esmLoads, 'utf8').split('\n').filter(Boolean) : [];
    const KEYV = /\/node_modules\/(keyv|@keyv\/serialize|hookified)\//;
    expect(loaded(commonJs, KEYV)).toContain('keyv'); // the probe works: @keyv/redis requires it
    expect(loaded(modules, KEYV)).toEqual([]);
  }, 60_000);
});
