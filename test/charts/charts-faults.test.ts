/**
 * A chart never stands in an answer's way: off, nothing to draw, a drawing thread that cannot start
 * (a native module missing), a picture over the attachment limit all give the answer without its
 * chart, the failure logged once; charts asked for at once are drawn one at a time, one nobody waits
 * for any more not at all; the edge cases draw a picture that decodes; the event loop builds
 * only the chart's job, of at most MAX_ROWS rows whatever the members (its time is the bench's to
 * measure, not a test's).
 */
import UPNG from 'upng-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGLISH } from '../../src/i18n/words.js';
import {
  CHART_WAIT_MS,
  closeCharts,
  configureCharts,
  POSTED_CHART_WAIT_MS,
  renderChart,
  withChart,
} from '../../src/render/charts/index.js';
import { MAX_ROWS, SPECS } from '../../src/render/charts/spec.js';
import { chartData, name, quotaRowsOf, UNHURRIED } from './fixtures.js';

const DEFAULTS = {
  enabled: true,
  log: undefined,
  worker: undefined,
  maxBytes: 10 * 1024 * 1024,
  ...UNHURRIED,
};
configureCharts(DEFAULTS);
afterEach(() => configureCharts(DEFAULTS));
afterEach(closeCharts);

const member = (i: number, seconds: number) => ({
  memberId: `m${(i % 6) + 1}`,
  seconds,
  shifts: 1,
  longest: seconds,
  active: 0,
  approximate: false,
});

describe('charts left out', () => {
  it('REPORTS_CHARTS=false: no chart and nothing said', async () => {
    configureCharts({ enabled: false });
    const chart = await renderChart('totals', chartData().totals, ENGLISH);
    expect(chart).toEqual({ omitted: '' });
    expect(withChart({ description: 'text' }, chart)).toEqual({ embed: { description: 'text' }, files: [] });
  });

  it('nothing to draw: one line says so under the text', async () => {
    const chart = await renderChart('totals', { ...chartData().totals, rows: [] }, ENGLISH);
    expect(chart).toEqual({ omitted: ENGLISH.charts.noData });
    expect(withChart({ description: 'text' }, chart).embed.description).toBe(
      `text\n${ENGLISH.charts.noData}`,
    );
  });

  it('a drawing thread that cannot start: no chart, one warn line however many answers', async () => {
    const warned: unknown[] = [];
    configureCharts({
      log: { warn: (...a: unknown[]) => warned.push(a) } as never,
      worker: new URL('./no-such-worker.js', import.meta.url),
    });
    for (let i = 0; i < 4; i++) {
      expect(await renderChart('quota', chartData().quota, ENGLISH)).toEqual({
        omitted: ENGLISH.charts.unavailable,
      });
    }
    expect(warned).toHaveLength(1);
  });

  it('data that cannot be drawn: no chart, the next one drawn', async () => {
    const broken = () => {
      throw new Error('no name');
    };
    const chart = await renderChart('totals', { ...chartData().totals, name: broken }, ENGLISH);
    expect(chart).toEqual({ omitted: ENGLISH.charts.unavailable });
    expect('file' in (await renderChart('totals', chartData().totals, ENGLISH))).toBe(true);
  });

  // A row: the chart waited for, how it is asked for, when it is still waited for (ms after) and when given up.
  it.each([
    [
      "an answer's chart not drawn within CHART_WAIT_MS",
      () => renderChart('totals', chartData().totals, ENGLISH),
      [CHART_WAIT_MS - 1],
      CHART_WAIT_MS,
    ],
    [
      "a post's chart (the digest), waited for past an answer's CHART_WAIT_MS, not drawn within POSTED_CHART_WAIT_MS",
      () => renderChart('digest', chartData().digest, ENGLISH, 'post'),
      [CHART_WAIT_MS + 1, POSTED_CHART_WAIT_MS - 1],
      POSTED_CHART_WAIT_MS,
    ],
  ] as const)('%s: it goes without it, and waits no longer', async (_what, chart, waiting, givenUpAt) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      configureCharts({ waitMs: CHART_WAIT_MS, worker: new URL('./silent-worker.mjs', import.meta.url) });
      let settled: unknown;
      const drawn = chart().then((c) => {
        settled = c;
      });
      let at = 0;
      for (const still of waiting) {
        await vi.advanceTimersByTimeAsync(still - at);
        at = still;
        expect(settled).toBeUndefined();
      }
      await vi.advanceTimersByTimeAsync(givenUpAt - at);
      await drawn;
      expect(settled).toEqual({ omitted: ENGLISH.charts.unavailable });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a picture over the attachment limit is never sent', async () => {
    configureCharts({ maxBytes: 1000 });
    expect(await renderChart('totals', chartData().totals, ENGLISH)).toEqual({
      omitted: ENGLISH.charts.tooLarge,
    });
  });
});

describe('the drawing thread', () => {
  it('charts asked for at once are given to the thread one at a time, every one answered', async () => {
    configureCharts({ worker: new URL('./counting-worker.mjs', import.meta.url) });
    const charts = await Promise.all(
      Array.from({ length: 4 }, () => renderChart('totals', chartData().totals, ENGLISH)),
    );
    // Each "picture" is the most jobs the thread held at once when it answered, and how many it was given.
    expect(charts.map((chart) => ('file' in chart ? [...chart.file.data] : chart.omitted))).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
    ]);
  });

  it('the thread gives back resvg’s memory after each chart: 40 digests in a row hold no more than a few', async () => {
    const digest = () => renderChart('digest', chartData().digest, ENGLISH);
    for (let i = 0; i < 3; i++) expect('file' in (await digest())).toBe(true);
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 40; i++) expect('file' in (await digest())).toBe(true);
    // Without the thread's collection after each chart, resvg's native memory grew by about 100 MB here.
    expect((process.memoryUsage().rss - before) / 1048576).toBeLessThan(40);
  });

  it('a chart its answer stopped waiting for, still waiting for the thread, is not drawn', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      configureCharts({ waitMs: CHART_WAIT_MS, worker: new URL('./counting-worker.mjs', import.meta.url) });
      const late = Promise.all(
        Array.from({ length: 4 }, () => renderChart('totals', chartData().totals, ENGLISH)),
      );
      await vi.advanceTimersByTimeAsync(CHART_WAIT_MS + 1);
      expect(await late).toEqual(Array(4).fill({ omitted: ENGLISH.charts.unavailable }));
      // The first was in the thread when its answer gave up; the three behind it are never given to it.
      const chart = await renderChart('totals', chartData().totals, ENGLISH);
      expect('file' in chart && [...chart.file.data]).toEqual([1, 2]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('charts drawn', () => {
  it('one member, 0 s and 300 h, and 10,000 members: pictures that decode, the embed pointing at them', async () => {
    const cases = [
      [member(0, 0)],
      [member(0, 300 * 3600), member(1, 0)],
      Array.from({ length: 10_000 }, (_, i) => member(i, 10_000 - i)),
    ];
    // Names are data, never code: quotes, backslashes and an expression's syntax are drawn as text.
    const odd = (id: string) => (id === 'm2' ? { name: `"]}; datum.x //\\ \u0007 '`, short: id } : name(id));
    for (const rows of cases) {
      const chart = await renderChart('totals', { period: 'p\u0000', rows, name: odd }, ENGLISH);
      if (!('file' in chart)) throw new Error(`no chart: ${chart.omitted}`);
      const image = UPNG.decode(new Uint8Array(chart.file.data).buffer);
      expect(image.width).toBeGreaterThan(600);
      expect(image.height).toBeLessThan(2000);
      const { embed, files } = withChart({ title: 'x' }, chart);
      expect(embed.image?.url).toBe(`attachment://${chart.file.name}`);
      expect(files).toEqual([chart.file]);
    }
  });

  it('the event loop builds only the job, of at most MAX_ROWS rows at 10,000 members', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => member(i, 10_000 - i));
    const totals = SPECS.totals({ period: 'p', rows, name }, ENGLISH);
    const quota = SPECS.quota({ period: 'p', name, rows: quotaRowsOf(rows, 'pass') }, ENGLISH);
    // What the thread is handed: the drawn rows only (the rest is said in the subtitle).
    for (const spec of [totals, quota]) {
      const part = 'job' in spec ? spec.job.parts[0] : undefined;
      const rows = part?.type === 'bars' ? part.rows : [];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(MAX_ROWS);
    }
  });
});
