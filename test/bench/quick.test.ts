/**
 * Keeps the benchmark working: its quick mode runs every scenario end to end (the bot in its own
 * process, from the sources through tsx so no build is needed) and produces a complete, sane report.
 * Timings and targets are never asserted here; they belong to `npm run bench`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BenchReport, formatMarkdown, formatText, writeReport } from '../../bench/report.js';
import { parseArgs, runBench } from '../../bench/run.js';

/** Every number in the report, with where it is (finite numbers and nulls are fine; NaN is not). */
function numbers(value: unknown, path = 'report'): Array<[string, number]> {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbers(v, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => numbers(v, `${path}.${k}`));
  }
  return [];
}

describe('npm run bench -- --quick', () => {
  let report: BenchReport;
  const dir = mkdtempSync(join(tmpdir(), 'rollcall-bench-'));

  beforeAll(async () => {
    report = await runBench({ quick: true, entry: 'source' });
  }, 150_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs every scenario', () => {
    const names = report.scenarios.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['shipped', 'naive', 'stall', 'burst']));
    expect(names.some((n) => n.startsWith('growth-'))).toBe(true);
    expect(report.meta.quick).toBe(true);
  });

  it('accounts for every interaction and sees API traffic in each scenario', () => {
    for (const s of report.scenarios) {
      expect(s.dispatched, s.name).toBeGreaterThan(0);
      expect(s.dispatched, s.name).toBeLessThanOrEqual(s.planned);
      const { embed, notice, none } = s.answered;
      expect(embed + notice + none, s.name).toBe(s.dispatched);
      expect(s.firstResponseMs.n, s.name).toBeGreaterThan(0);
      expect(s.api.requests, s.name).toBeGreaterThan(0);
      expect(s.deadlineMisses, s.name).toBeLessThanOrEqual(s.dispatched);
      expect(s.driverErrors.count, `${s.name}: ${s.driverErrors.first.join(' | ')}`).toBe(0);
      expect(s.bot.peakRssBytes, s.name).toBeGreaterThan(0);
      expect(s.bot.cpuMsPerInteraction, s.name).toBeGreaterThan(0);
      expect(s.bot.exit.graceful, s.name).toBe(true);
    }
    const burst = report.scenarios.find((s) => s.name === 'burst');
    expect(burst?.dispatched).toBe(burst?.planned);
  });

  it('has no NaN or infinite figure anywhere', () => {
    const bad = numbers(report).filter(([, v]) => !Number.isFinite(v));
    expect(bad).toEqual([]);
    expect(report.ratios.apiRequests).toBeGreaterThan(0);
  });

  it('judges every target and renders the table, the JSON and the Markdown', () => {
    expect(report.targets.map((t) => t.id)).toEqual([
      'api-ratio',
      'deadline',
      'no-429',
      'burst-answered',
      'hit-p99',
      'rss',
      'flat',
    ]);
    for (const t of report.targets) expect(['pass', 'miss', 'n/a']).toContain(t.status);
    const text = formatText(report);
    for (const s of report.scenarios) expect(text).toContain(s.title);
    expect(formatMarkdown(report)).toContain('| API requests |');
    const files = writeReport(report, dir);
    expect(JSON.parse(readFileSync(files.json, 'utf8')).scenarios).toHaveLength(report.scenarios.length);
    expect(readFileSync(files.md, 'utf8')).toContain('## Targets');
  });
});

describe('bench arguments', () => {
  it('reads --quick, --scenario and --seed', () => {
    expect(parseArgs(['--quick', '--scenario', 'shipped,naive', '--seed=7'])).toEqual({
      quick: true,
      scenarios: ['shipped', 'naive'],
      seed: 7,
    });
    expect(() => parseArgs(['--scenario', 'nope'])).toThrow(/unknown scenario/);
    expect(() => parseArgs(['--seed'])).toThrow(/needs a value/);
  });
});
