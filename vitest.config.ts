import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import LongestFirst from './test/support/sequencer.js';

/**
 * Three projects (docs/development.md, "Tests"):
 * - fast: pure code (renderers, reports, parsing, commands over fakes): no socket, no process, no
 *   database; run in shared workers without isolation (each file still gets fresh module state only
 *   where it needs it: none of them mutates another's).
 * - integration: the real bot in-process against the Discord double and the sandbox API, Redis,
 *   PostgreSQL and SQLite, HTTP servers.
 * - system: child processes (`npm start`, shards, the image replayed, the benchmark), the browser,
 *   and the soak. They run after the first two, three at a time: the benchmark's quick run and the
 *   soak, the two longest files and mostly waiting on their own clocks, start first
 *   (test/support/sequencer.ts) and the others share the third worker. The soak's moderators are
 *   still each answered within Discord's 3 seconds meanwhile: a bot that needed the machine to
 *   itself for that would be a defect.
 * `npm test` runs all three; `npm test -- --project fast --project integration` the first two.
 */
/**
 * Tiers by file name and folder, never by a list: pure folders and `*.unit.test.ts` are fast,
 * `*.system.test.ts` and `*.soak.test.ts` system; every other test is integration.
 */
const SYSTEM = ['test/**/*.system.test.ts'];
const SOAK = ['test/**/*.soak.test.ts'];
const FAST = ['test/{render,unit,i18n,commands}/**/*.test.ts', 'test/**/*.unit.test.ts'];

const shared = {
  // A long property test (many generated pages of CSV or forms) took 32-36 s under half a core of
  // CPU: a test's limit is for a hang, not for a slow machine.
  testTimeout: 90_000,
  hookTimeout: 60_000,
  pool: 'forks',
} as const;

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      ...shared,
      name: 'fast',
      include: FAST,
      exclude: [...SYSTEM, ...SOAK],
      isolate: false,
      sequence: { groupOrder: 0 },
    },
  },
  {
    extends: true,
    test: {
      ...shared,
      name: 'integration',
      include: ['test/**/*.test.ts'],
      exclude: [...FAST, ...SYSTEM, ...SOAK],
      sequence: { groupOrder: 0 },
    },
  },
  {
    extends: true,
    test: {
      ...shared,
      name: 'system',
      include: [...SYSTEM, ...SOAK],
      // `dist/` built once for every test that starts the bot as shipped (`npm start` rebuilds
      // incrementally: nothing to do).
      globalSetup: ['test/support/build-once.ts'],
      maxWorkers: 3,
      sequence: { groupOrder: 1 },
    },
  },
];

export default defineConfig({
  test: {
    // The benchmark's quick run, the longest file, starts first in its group (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    // One temporary root per run, removed at its end (test/support/temp-root.ts).
    globalSetup: ['test/support/temp-root.ts'],
    // fast and integration share their group: most integration files wait on sockets, so more
    // workers than the machine's cores keep both busy.
    maxWorkers: 3,
    projects,
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON ?? 'test-results/vitest.json' }]]
      : ['default'],
  },
});
