/**
 * Each chart as our own chart model (plain JSON, pure): the numbers are the reports' own
 * (MemberTotal, QuotaRow, src/reports/charts.ts), every word and date is the reader's (`t`), and
 * axis numbers use the reader's separators (`numbers`). No chart draws more than MAX_ROWS rows: a
 * longer list is cut, with a line saying so (10,000 bars are no picture). The drawing thread lays
 * a job out and writes its SVG (svg.ts); nothing here measures or draws.
 *
 * Three parts make the four charts: `bars`, a bar per member along an hours axis (totals, quota),
 * `days`, a bar per day (the staff record, the digest's past week), and `grid`, a row per member and
 * a mark per day away (the digest's week ahead). A chart is a title, an optional subtitle and its
 * parts, stacked.
 */
import { dayWith } from '../../i18n/dates.js';
import type { Words } from '../../i18n/words.js';
import type { leaveAcross } from '../../reports/charts.js';
import type { QuotaRow, QuotaStatus } from '../../reports/leave.js';
import type { MemberTotal } from '../../reports/time.js';

export const MAX_ROWS = 25;

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
    /** Whose record it is, named as every chart names a member (drawn as `drawnName` draws it). */
    who: ReturnType<MemberName>;
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

/** What a colour stands for (svg.ts gives each its colour): on duty, quota met or not, on leave, the quota's tick. */
export type Series = 'duty' | 'pass' | 'fail' | 'leave' | 'away' | 'quota';
/** How a series is shown in a legend and at a quota bar's end. */
export type Mark = 'swatch' | 'circle' | 'triangle-down' | 'square' | 'tick';
/** A legend entry. */
export interface Key {
  label: string;
  series: Series;
  mark: Mark;
}

/** A member's bar: `hours` long, its `label` after it; in the quota chart a `marker` at its end and a tick at `required`. */
export interface BarRow {
  name: string;
  hours: number;
  label: string;
  series: Series;
  marker?: Mark;
  required?: number;
}
/** Bars along an hours axis from 0 to `top` (`faded`: the bars drawn light, their markers and ticks in front). */
export interface BarsPart {
  type: 'bars';
  axis: string;
  top: number;
  keys: Key[];
  faded: boolean;
  rows: BarRow[];
}
/** A bar per day (`day`: its label), the days on leave behind a grey band. */
export interface DaysPart {
  type: 'days';
  axis: string;
  keys: Key[];
  days: Array<{ day: string; hours: number; leave: boolean }>;
}
/** A row per member, a mark on each of their days (indexes into `days`), the days on a top axis. */
export interface GridPart {
  type: 'grid';
  title: string;
  note?: string;
  days: string[];
  rows: Array<{ name: string; days: number[] }>;
}
export type ChartPart = BarsPart | DaysPart | GridPart;

/** The chart the drawing thread is given: a plain JSON document, drawn by svg.ts. */
export interface ChartJob {
  title: string;
  /** Under the title: the line saying how many rows were left out. */
  subtitle?: string;
  /** The reader's separators, for the axes' numbers. */
  numbers: { decimal: string; group: string };
  parts: ChartPart[];
}

/** The chart, or why there is none (`noData`: nothing to draw). */
export type ChartSpec = { job: ChartJob } | { omitted: 'noData' };

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

function numbersOf(locale: string): ChartJob['numbers'] {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6);
  const part = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value ?? fallback;
  return { decimal: part('decimal', '.'), group: part('group', ',') };
}

function chart(t: Words, title: string, subtitle: string | undefined, parts: ChartPart[]): ChartJob {
  return {
    title: controls(title),
    ...(subtitle === undefined ? {} : { subtitle }),
    numbers: numbersOf(t.f.locale),
    parts,
  };
}

/** Rows cut to MAX_ROWS, with the line saying so when some are left out. */
function firstRows<T>(rows: readonly T[], t: Words): { shown: readonly T[]; note: string | undefined } {
  if (rows.length <= MAX_ROWS) return { shown: rows, note: undefined };
  return { shown: rows.slice(0, MAX_ROWS), note: t.charts.firstOf(MAX_ROWS, rows.length) };
}

/**
 * Each row is its own bar, named by its place, so two members with the same display name are two
 * bars. The axis reaches past the longest bar, room for its label.
 */
export function totalsSpec(data: ChartData['totals'], t: Words): ChartSpec {
  if (data.rows.length === 0) return { omitted: 'noData' };
  const { shown, note } = firstRows(data.rows, t);
  const rows = shown.map(
    (r): BarRow => ({
      name: drawnName(data.name(r.memberId), t),
      hours: hours(r.seconds),
      label: t.f.duration(r.seconds),
      series: 'duty',
    }),
  );
  const top = Math.max(1, ...rows.map((r) => r.hours)) * 1.18;
  const bars: BarsPart = { type: 'bars', axis: t.charts.hours, top, keys: [], faded: false, rows };
  return { job: chart(t, t.charts.totalsTitle(data.period), note, [bars]) };
}

const SHAPES: Record<QuotaStatus, Mark> = { pass: 'circle', fail: 'triangle-down', 'on leave': 'square' };
const STATUS_SERIES: Record<QuotaStatus, Series> = { pass: 'pass', fail: 'fail', 'on leave': 'leave' };

/** Pass, fail and on leave told apart by the marker at each bar's end as well as its colour. */
function quotaSpec(data: ChartData['quota'], t: Words): ChartSpec {
  if (data.rows.length === 0) return { omitted: 'noData' };
  const { shown, note } = firstRows(data.rows, t);
  const words: Record<QuotaStatus, string> = {
    pass: t.charts.pass,
    fail: t.charts.fail,
    'on leave': t.charts.onLeave,
  };
  const rows = shown.map(
    (r): BarRow => ({
      name: drawnName(data.name(r.memberId), t),
      hours: hours(r.done),
      label: `${t.f.duration(r.done)} / ${t.f.duration(r.required)}`,
      series: STATUS_SERIES[r.status],
      marker: SHAPES[r.status],
      required: hours(r.required),
    }),
  );
  const top = Math.max(1, ...shown.map((r) => hours(Math.max(r.done, r.required)))) * 1.25;
  const order: QuotaStatus[] = ['pass', 'fail', 'on leave'];
  const keys: Key[] = [
    ...order.map((s) => ({ label: words[s], series: STATUS_SERIES[s], mark: SHAPES[s] })),
    { label: t.charts.quota, series: 'quota', mark: 'tick' },
  ];
  const bars: BarsPart = { type: 'bars', axis: t.charts.hours, top, keys, faded: true, rows };
  return { job: chart(t, t.charts.quotaTitle(data.period), note, [bars]) };
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

/** A bar per day; the legend only when some day is on leave (else there is one series, said by the title). */
function dayBars(
  labels: readonly string[],
  seconds: readonly number[],
  leave: readonly boolean[],
  t: Words,
): DaysPart {
  const days = labels.map((day, i) => ({ day, hours: hours(seconds[i] ?? 0), leave: leave[i] === true }));
  const keys: Key[] = leave.some(Boolean)
    ? [
        { label: t.charts.onDuty, series: 'duty', mark: 'swatch' },
        { label: t.charts.onLeave, series: 'away', mark: 'swatch' },
      ]
    : [];
  return { type: 'days', axis: t.charts.hours, keys, days };
}

function memberSpec(data: ChartData['member'], t: Words): ChartSpec {
  if (data.seconds.every((s) => s === 0) && !data.leave.some(Boolean)) return { omitted: 'noData' };
  const labels = dayLabels(data.edges, data.timeZone, t);
  return {
    job: chart(t, t.charts.memberTitle(drawnName(data.who, t)), undefined, [
      dayBars(labels, data.seconds, data.leave, t),
    ]),
  };
}

function digestSpec(data: ChartData['digest'], t: Words): ChartSpec {
  const { past, ahead } = data;
  if (past.seconds.every((s) => s === 0) && ahead.away.length === 0) return { omitted: 'noData' };
  const days = dayBars(dayLabels(past.edges, data.timeZone, t), past.seconds, [], t);
  if (ahead.away.length === 0) return { job: chart(t, t.charts.digestDaysTitle, undefined, [days]) };
  const { shown, note } = firstRows(ahead.away, t);
  const grid: GridPart = {
    type: 'grid',
    title: t.charts.digestLeaveTitle,
    ...(note === undefined ? {} : { note }),
    days: dayLabels(ahead.edges, data.timeZone, t),
    rows: shown.map((a) => ({ name: drawnName(data.name(a.memberId), t), days: [...a.days] })),
  };
  return { job: chart(t, t.charts.digestDaysTitle, undefined, [days, grid]) };
}

export const SPECS: { [K in ChartKind]: (data: ChartData[K], t: Words) => ChartSpec } = {
  totals: totalsSpec,
  quota: quotaSpec,
  member: memberSpec,
  digest: digestSpec,
};
