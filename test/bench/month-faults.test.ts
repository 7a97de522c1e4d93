/**
 * The month-faults scenario's plan (two processes, one Redis, FLUSHALL half way through W, the
 * allowance's headers off) and the /proc reading of a process tree it uses for the shard manager.
 * The scenario itself runs in `npm run bench` (a quick run takes over a minute: not here).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readProc, readProcTree } from '../../bench/bot-process.js';
import { parseArgs } from '../../bench/run.js';
import { FULL_PLAN, QUICK_PLAN, scenarioSpecs } from '../../bench/scenarios.js';

describe('scenario month-faults', () => {
  it('is the month served by two processes, its Redis emptied at W/2, without the allowance headers', () => {
    const [spec] = scenarioSpecs(QUICK_PLAN, ['month-faults']);
    expect(spec?.name).toBe('month-faults');
    // Quick: started before the month's boundary (start-up is a third of a 30 s month); full: at it.
    expect(spec?.processes).toEqual({ shards: 2, startFirst: true });
    expect(scenarioSpecs(FULL_PLAN, ['month-faults'])[0]?.processes).toEqual({
      shards: 2,
      startFirst: false,
    });
    expect(spec?.faults).toEqual({ flushAt: 0.5 });
    expect(spec?.month).toMatchObject({ windowMs: 30_000, quota: 100 });
    expect(spec?.sandbox.quota).toEqual({ requests: 100, window: { seconds: 30 }, headers: false });
    expect(spec?.env.API_LIMITS).toBe('100/month,3000/60s');
    expect(spec?.env.API_MONTH_SECONDS).toBe('30');
    // Quick mode plans enough that the allowance binds (the quick month's 400 ask for less).
    expect(spec?.workload).toMatchObject({ kind: 'month', interactions: 800 });
  });

  it('runs by default in full runs, and in quick mode only when named', () => {
    expect(scenarioSpecs(FULL_PLAN).map((s) => s.name)).toContain('month-faults');
    expect(scenarioSpecs(FULL_PLAN).find((s) => s.name === 'month-faults')?.workload).toMatchObject({
      interactions: 3_300,
    });
    expect(scenarioSpecs(QUICK_PLAN).map((s) => s.name)).not.toContain('month-faults');
    expect(scenarioSpecs(QUICK_PLAN).map((s) => s.name)).toContain('month');
    expect(parseArgs(['--scenario', 'month,month-faults']).scenarios).toEqual(['month', 'month-faults']);
  });
});

describe('readProcTree', () => {
  it('adds the processes below the given one (the shard manager and its shards)', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10_000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      const own = readProc(process.pid);
      const tree = readProcTree(process.pid);
      const childRss = readProc(child.pid as number)?.rss ?? 0;
      expect(childRss).toBeGreaterThan(0);
      expect(tree?.rss).toBeGreaterThanOrEqual((own?.rss ?? 0) + childRss / 2);
      expect(tree?.peakRss).toBeGreaterThan(own?.peakRss ?? 0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
