import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Three projects (docs/development.md, "Tests"):
 * - fast: pure code (renderers, reports, parsing, commands over fakes): no socket, no process, no
 *   database; run in shared workers without isolation (each file still gets fresh module state only
 *   where it needs it: none of them mutates another's).
 * - integration: the real bot in-process against the Discord double and the sandbox API, Redis,
 *   PostgreSQL and SQLite, HTTP servers.
 * - system: child processes (`npm start`, shards, the image replayed, the benchmark), the browser,
 *   and the soak. They run after the first two, two at a time; the soak last and alone, since its
 *   moderators must each be answered within Discord's 3 seconds.
 * `npm test` runs all three; `npm test -- --project fast --project integration` the first two.
 */
const FAST = [
  'test/render/**/*.test.ts',
  'test/unit/**/*.test.ts',
  'test/i18n/**/*.test.ts',
  'test/commands/**/*.test.ts',
  'test/export/{csv,verdict}.test.ts',
  'test/reports/{activity,digest-calendar,leave,period,render,time}.test.ts',
  'test/api/{access-clock,cache-bytes,cache-policy,http-stop,pacing,pages,parts,requests,secrets}.test.ts',
  'test/ops/{readme,settings,layers}.test.ts',
  'test/bench/start-command.test.ts',
  'test/doubles/sandbox/data.test.ts',
  'test/reliability/attack-r3-search-grown.test.ts',
];

const SYSTEM = [
  'test/e2e/process.test.ts',
  'test/ops/container.test.ts',
  'test/ops/startup-modules.test.ts',
  'test/ops/startup-env.test.ts',
  'test/shards/manager.test.ts',
  'test/reliability/shutdown.test.ts',
  'test/playground/playground.test.ts',
  'test/playground/newcomer.test.ts',
  'test/bench/quick.test.ts',
  'test/doubles/sandbox/cli.test.ts',
  'test/try/cli.test.ts',
  'test/try/transcript.test.ts',
  'test/unit/deploy.test.ts',
];

const SOAK = ['test/reliability/soak.test.ts'];

const shared = {
  testTimeout: 30_000,
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
      exclude: SYSTEM,
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
      include: SYSTEM,
      // `dist/` built once for every test that starts the bot as shipped (`npm start` rebuilds
      // incrementally: nothing to do).
      globalSetup: ['test/support/build-once.ts'],
      maxWorkers: 2,
      sequence: { groupOrder: 1 },
    },
  },
  {
    extends: true,
    test: { ...shared, name: 'soak', include: SOAK, maxWorkers: 1, sequence: { groupOrder: 2 } },
  },
];

export default defineConfig({
  test: {
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
