/**
 * What a process loads before it needs it costs resident memory for its whole life: the store's
 * database drivers (pg, libsql, with kysely) load when the store is first opened, not with the app.
 * Checked in a child process (the test runner's own module cache is shared by every test file).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;

/** CommonJS modules loaded once `modules` are imported (pg and libsql are CommonJS packages). */
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

describe('modules loaded at start-up', () => {
  it('the app and its commands load no database driver; opening the store does', async () => {
    const atStart = await loadedAfter(['./src/app.ts', './src/ops/shards.ts', './src/base/config.ts']);
    expect(atStart.length).toBeGreaterThan(0); // discord.js and others are CommonJS: the probe works
    expect(atStart.filter((path) => DRIVERS.test(path))).toEqual([]);
    const withStore = await loadedAfter(['./src/store/index.ts']);
    expect(withStore.some((path) => /\/node_modules\/pg\//.test(path))).toBe(true);
    expect(withStore.some((path) => /\/node_modules\/libsql\//.test(path))).toBe(true);
  }, 60_000);
});
