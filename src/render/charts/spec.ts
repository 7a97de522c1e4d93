/**
 * Each chart as a Vega-Lite specification (plain JSON, pure): the numbers are the reports' own
 * (MemberTotal, QuotaRow, src/reports/charts.ts), every word and date is the reader's (`t`), and
 * axis numbers use the reader's separators (the config's `locale`). No chart draws more than
 * MAX_ROWS rows: a longer list is cut, with a line saying so (10,000 bars are no picture and would
 * take seconds to draw).
 */
import { dayWith } from '../../i18n/dates.js';
import type { Words } from '../../i18n/words.js';
import type { leaveAcross } from '../../reports/charts.js';
import type { QuotaRow, QuotaStatus } from '../../reports/leave.js';
import type { MemberTotal } from '../../reports/time.js';

export const MAX_ROWS = 25;
/** Pixels a name may take beside its bar: about 32 characters; longer ones end in "…". */
const NAME_PIXELS = 210;
const WIDTH = 560;
const ROW_PIXELS = 22;
export const FONT = 'DejaVu Sans';
const COLOURS = { duty: '#2f6db3', pass: '#1b8a5a', fail: '#d55e00', leave: '#a0a0a0', quota: '#222222' };

/**
 * A member as a chart names them: `name`, the best name Rollcall knows (the display name of their
 * Discord user, when the directory knows them and it is at hand: the contract's Member carries no
 * name of its own), and `short`, their id's short form among the chart's ids (unique among them, as
 * the text's), drawn as "member …4748bbfd" when there is no name or none the fonts can draw.
 */
export type MemberName = (memberId: string) => { name?: string | undefined; short: string };

/**
 * What the shipped fonts (DejaVu Sans) draw: Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and
 * Arabic, with their marks, digits and punctuation. Other scripts (Chinese, Japanese, Korean, Thai,
 * Devanagari and the other Indic scripts), emoji and bidi overrides are left out of a name rather
 * than drawn as empty boxes; a name left with nothing is the member's short id.
 */
const UNDRAWN =
  /[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Common}\p{Script=Inherited}]|\p{Extended_Pictographic}|[\u202A-\u202E\u2066-\u2069]/gu;

/** Control characters are no XML: one would make the whole picture unreadable to resvg. */
const controls = (text: string) => text.replace(/\p{Cc}/gu, ' ');

export function drawnName({ name, short }: ReturnType<MemberName>, t: Words): string {
  const drawn = controls(name ?? '')
    .replace(UNDRAWN, '')
    .replace(/\s+/g, ' ')
    .trim();
  return drawn === '' ? controls(t.people.member(short)) : drawn;
}

export interface ChartData {
  /** /shift totals: a page of rows (or all of them; past MAX_ROWS the first are drawn), in rank order. */
  totals: { period: string; rows: readonly MemberTotal[]; name: MemberName };
  /** /quota check: its rows, in the report's order. */
  quota: { period: string; rows: readonly QuotaRow[]; name: MemberName };
  /** The staff record: `dayEdges` of the last 28 days, `onDutyByDay` and `leaveByDay` over them. */
  member: {
    who: string;
    timeZone: string;
    edges: readonly number[];
    seconds: readonly number[];
    leave: readonly boolean[];
  };
  /** The digest: the past week's `onDutyByDay` (all members) and `leaveAcross` the week ahead. */
  digest: {
    timeZone: string;
    past: { edges: readonly number[]; seconds: readonly number[] };
    ahead: { edges: readonly number[]; away: ReturnType<typeof leaveAcross> };
    name: MemberName;
  };
}
export type ChartKind = keyof ChartData;

/** The Vega-Lite specification the drawing thread is given. */
export type ChartJob = Record<string, unknown>;

/** The chart, or why there is none (`noData`: nothing to draw). */
export type ChartSpec = { job: ChartJob } | { omitted: 'noData' };

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

function numberLocale(locale: string) {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6);
  const part = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value ?? fallback;
  return { decimal: part('decimal', '.'), thousands: part('group', ','), grouping: [3], currency: ['', ''] };
}

function frame(
  t: Words,
  title: string,
  subtitle: string | undefined,
  body: Record<string, unknown>,
): ChartJob {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    background: 'white',
    padding: 12,
    title: subtitle === undefined ? { text: controls(title) } : { text: controls(title), subtitle },
    config: {
      locale: { number: numberLocale(t.f.locale) },
      font: FONT,
      view: { stroke: null },
      title: { anchor: 'start', fontSize: 15, subtitleFontSize: 12, subtitleColor: '#555555' },
      axis: { labelFontSize: 12, titleFontSize: 12, labelColor: '#333333', titleColor: '#333333' },
      legend: { labelFontSize: 12, titleFontSize: 12, orient: 'top', title: null, symbolOpacity: 1 },
    },
    ...body,
  };
}

/** Rows cut to MAX_ROWS, with the line saying so when some are left out. */
function firstRows<T>(rows: readonly T[], t: Words): { shown: readonly T[]; note: string | undefined } {
  if (rows.length <= MAX_ROWS) return { shown: rows, note: undefined };
  return { shown: rows.slice(0, MAX_ROWS), note: t.charts.firstOf(MAX_ROWS, rows.length) };
}

const nameAxis = { title: null, labelLimit: NAME_PIXELS, labelPadding: 6, ticks: false, domain: false };
const hoursAxis = (t: Words) => ({ title: t.charts.hours, grid: true, tickMinStep: 1 });

export function totalsSpec(data: ChartData['totals'], t: Words): ChartSpec {
  if (data.rows.length === 0) return { omitted: 'noData' };
  const { shown, note } = firstRows(data.rows, t);
  const values = shown.map((r, i) => ({
    key: `${i}`,
    name: drawnName(data.name(r.memberId), t),
    hours: hours(r.seconds),
    label: t.f.duration(r.seconds),
  }));
  const y = {
    field: 'key',
    type: 'nominal',
    sort: null,
    axis: { ...nameAxis, labelExpr: nameLabels(values) },
  };
  const top = Math.max(1, ...values.map((v) => v.hours)) * 1.18;
  return {
    job: frame(t, t.charts.totalsTitle(data.period), note, {
      width: WIDTH,
      height: values.length * ROW_PIXELS,
      data: { values },
      encoding: {
        y,
        x: { field: 'hours', type: 'quantitative', axis: hoursAxis(t), scale: { domain: [0, top] } },
      },
      layer: [
        { mark: { type: 'bar', color: COLOURS.duty, cornerRadiusEnd: 2 } },
        {
          mark: { type: 'text', align: 'left', dx: 4, fontSize: 11, color: '#333333' },
          encoding: { text: { field: 'label' } },
        },
      ],
    }),
  };
}

/**
 * A name per row is looked up by its place (`key`), not used as the category itself, so two members
 * with the same display name are two bars.
 */
function nameLabels(values: ReadonlyArray<{ key: string; name: string }>): string {
  return `${JSON.stringify(Object.fromEntries(values.map((v) => [v.key, v.name])))}[datum.value]`;
}

const SHAPES: Record<QuotaStatus, string> = { pass: 'circle', fail: 'triangle-down', 'on leave': 'square' };

/** Pass, fail and on leave told apart by the marker at each bar's end as well as its colour. */
function quotaSpec(data: ChartData['quota'], t: Words): ChartSpec {
  if (data.rows.length === 0) return { omitted: 'noData' };
  const { shown, note } = firstRows(data.rows, t);
  const status: Record<QuotaStatus, string> = {
    pass: t.charts.pass,
    fail: t.charts.fail,
    'on leave': t.charts.onLeave,
  };
  const order: QuotaStatus[] = ['pass', 'fail', 'on leave'];
  const values = shown.map((r, i) => ({
    key: `${i}`,
    name: drawnName(data.name(r.memberId), t),
    done: hours(r.done),
    required: hours(r.required),
    end: hours(Math.max(r.done, r.required)),
    label: `${t.f.duration(r.done)} / ${t.f.duration(r.required)}`,
    status: status[r.status],
  }));
  const top = Math.max(1, ...values.map((v) => v.end)) * 1.25;
  const scale = { domain: order.map((s) => status[s]) };
  const colour = {
    field: 'status',
    type: 'nominal',
    scale: { ...scale, range: [COLOURS.pass, COLOURS.fail, COLOURS.leave] },
  };
  const shape = { field: 'status', type: 'nominal', scale: { ...scale, range: order.map((s) => SHAPES[s]) } };
  const x = (field: string) => ({
    field,
    type: 'quantitative',
    axis: hoursAxis(t),
    scale: { domain: [0, top] },
  });
  return {
    job: frame(
      t,
      t.charts.quotaTitle(data.period),
      [note, `┃ ${t.charts.quota}`].filter(Boolean).join(' · '),
      {
        width: WIDTH,
        height: values.length * ROW_PIXELS,
        data: { values },
        encoding: {
          y: {
            field: 'key',
            type: 'nominal',
            sort: null,
            axis: { ...nameAxis, labelExpr: nameLabels(values) },
          },
        },
        layer: [
          { mark: { type: 'bar', opacity: 0.45 }, encoding: { x: x('done'), color: colour } },
          {
            mark: { type: 'point', filled: true, size: 90, stroke: '#ffffff', strokeWidth: 1 },
            encoding: { x: x('done'), color: colour, shape },
          },
          { mark: { type: 'tick', color: COLOURS.quota, thickness: 2 }, encoding: { x: x('required') } },
          {
            mark: { type: 'text', align: 'left', dx: 8, fontSize: 11, color: '#333333' },
            encoding: { x: x('end'), text: { field: 'label' } },
          },
        ],
      },
    ),
  };
}

/** Short day labels ("Mon 3"), in the reader's language, in the report's time zone. */
function dayLabels(edges: readonly number[], timeZone: string, t: Words): string[] {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(t.f.locale, { weekday: 'short', day: 'numeric', timeZone });
  } catch {
    format = new Intl.DateTimeFormat(t.f.locale, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
  }
  // The middle of each day: a day of 23 or 25 hours still falls on its own date.
  return edges.slice(1).map((end, i) => dayWith(format, Math.floor(((edges[i] as number) + end) / 2)) ?? '');
}

function dayBars(labels: readonly string[], seconds: readonly number[], leave: readonly boolean[], t: Words) {
  const top = Math.max(1, ...seconds.map(hours));
  const values = labels.map((day, i) => ({
    key: `${i}`,
    day,
    hours: hours(seconds[i] ?? 0),
    leave: leave[i] ? top : 0,
    duty: t.charts.onDuty,
    away: t.charts.onLeave,
  }));
  const every = labels.length > 10 ? 7 : 1;
  const shownKeys = values.filter((_, i) => i % every === 0 || i === values.length - 1).map((v) => v.key);
  const x = {
    field: 'key',
    type: 'ordinal',
    sort: null,
    axis: {
      title: null,
      labelAngle: 0,
      values: shownKeys,
      labelExpr: `${JSON.stringify(Object.fromEntries(values.map((v) => [v.key, v.day])))}[datum.value]`,
    },
  };
  const domain = leave.some(Boolean) ? [t.charts.onDuty, t.charts.onLeave] : [t.charts.onDuty];
  const colour = (field: string) => ({
    field,
    type: 'nominal',
    scale: { domain, range: [COLOURS.duty, '#dcdcdc'] },
    ...(domain.length === 1 ? { legend: null } : {}),
  });
  return {
    width: WIDTH,
    height: 200,
    data: { values },
    encoding: { x },
    layer: [
      {
        mark: { type: 'bar', width: { band: 1 } },
        encoding: { y: { field: 'leave', type: 'quantitative' }, color: colour('away') },
      },
      {
        mark: { type: 'bar', cornerRadiusEnd: 2, width: { band: 0.7 } },
        encoding: { y: { field: 'hours', type: 'quantitative', axis: hoursAxis(t) }, color: colour('duty') },
      },
    ],
  };
}

function memberSpec(data: ChartData['member'], t: Words): ChartSpec {
  if (data.seconds.every((s) => s === 0) && !data.leave.some(Boolean)) return { omitted: 'noData' };
  const labels = dayLabels(data.edges, data.timeZone, t);
  return {
    job: frame(t, t.charts.memberTitle(data.who), undefined, dayBars(labels, data.seconds, data.leave, t)),
  };
}

function digestSpec(data: ChartData['digest'], t: Words): ChartSpec {
  const { past, ahead } = data;
  if (past.seconds.every((s) => s === 0) && ahead.away.length === 0) return { omitted: 'noData' };
  const days = {
    ...dayBars(dayLabels(past.edges, data.timeZone, t), past.seconds, [], t),
    title: t.charts.digestDaysTitle,
  };
  if (ahead.away.length === 0) return { job: frame(t, t.charts.digestDaysTitle, undefined, days) };
  const { shown, note } = firstRows(ahead.away, t);
  const labels = dayLabels(ahead.edges, data.timeZone, t);
  const names = shown.map((a, i) => ({ key: `${i}`, name: drawnName(data.name(a.memberId), t) }));
  const values = shown.flatMap((a, i) => a.days.map((d) => ({ key: `${i}`, day: labels[d] ?? '' })));
  const leave = {
    title:
      note === undefined ? t.charts.digestLeaveTitle : { text: t.charts.digestLeaveTitle, subtitle: note },
    width: WIDTH,
    height: names.length * ROW_PIXELS,
    data: { values },
    mark: { type: 'rect', color: COLOURS.leave, cornerRadius: 3 },
    encoding: {
      x: {
        field: 'day',
        type: 'ordinal',
        scale: { domain: labels },
        axis: { title: null, labelAngle: 0, orient: 'top' },
      },
      y: {
        field: 'key',
        type: 'nominal',
        scale: { domain: names.map((n) => n.key) },
        axis: { ...nameAxis, labelExpr: nameLabels(names) },
      },
    },
  };
  return {
    job: frame(t, t.charts.digestDaysTitle, undefined, {
      title: undefined,
      vconcat: [days, leave],
      spacing: 24,
    }),
  };
}

export const SPECS: { [K in ChartKind]: (data: ChartData[K], t: Words) => ChartSpec } = {
  totals: totalsSpec,
  quota: quotaSpec,
  member: memberSpec,
  digest: digestSpec,
};
