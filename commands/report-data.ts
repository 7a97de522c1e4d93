/**
 * What the report commands (/shift totals, /loa active and upcoming, /quota check) share: the
 * snapshot and settings of the interaction's own community, report lists cut into Discord pages,
 * and the report arguments kept in custom_ids.
 */

import { pageOfItems } from '../src/api/pages.js';
import type { Fetched, PageQuery, ReadOptions } from '../src/api/types.js';
import type { Community } from '../src/discord/community.js';
import type { ListEnvelope } from '../src/discord/paging/views.js';
import { say, UserError } from '../src/discord/replies.js';
import type { Words } from '../src/i18n/words.js';
import { type ChartData, type ChartResult, renderChart } from '../src/render/charts/index.js';
import type { MemberName } from '../src/render/charts/spec.js';
import type { Labelled } from '../src/render/labels.js';
import { type DisplayNames, displayNameOf, type People, plainShortId } from '../src/render/people.js';
import type { ReportFacts, SettingsFrom } from '../src/render/reports.js';
import { coverageOf, type SnapshotList } from '../src/reports/coverage.js';
import {
  type Calendar,
  isPeriodKind,
  PERIOD_LABELS,
  PERIODS,
  type Period,
  type PeriodKind,
  periodOf,
} from '../src/reports/period.js';
import { calendarOf, type ReportData, type ReportSettings } from '../src/reports/source.js';
import { unreadableShifts } from '../src/reports/time.js';

export interface ReportInput {
  data: ReportData;
  settings: ReportSettings;
  calendar: Calendar;
  /** The snapshot's time in Unix seconds: active shifts count to it, periods are around it. */
  now: number;
  /**
   * Where the settings (quotas, time zone) are set: by the server's admins (hosted mode, which can
   * save them) or in the environment (single-community mode: REPORTS_QUOTAS and the like).
   */
  settingsFrom: SettingsFrom;
}

/** The community's snapshot (refreshed as the pace allows) and its report settings. */
export async function reportInput(
  community: Community,
  options: ReadOptions = { purpose: 'ask' },
): Promise<ReportInput> {
  const source = community.reports;
  if (!source) throw new UserError(say.reportsUnavailable);
  const [data, settings] = await Promise.all([source.data(options), source.settings()]);
  return {
    data,
    settings,
    calendar: calendarOf(settings),
    now: Math.floor(data.servedAt / 1000),
    settingsFrom: source.saveSettings ? 'admins' : 'environment',
  };
}

export function periodFor(kind: PeriodKind, input: ReportInput): Period {
  return periodOf(kind, input.now, input.calendar);
}

/** A report list as a fetched view page: the rows of the page asked for, and the report's facts. */
export type ReportPage<T> = Fetched<ListEnvelope<T>> & { report: ReportFacts; all: T[]; charts: boolean };

/**
 * A report list as a fetched view page. `needs`: the snapshot's lists the rows were computed from;
 * the page's coverage says how far those are read (src/reports/coverage.ts), so its renderer says
 * only what was read.
 */
export function reportPage<T>(
  rows: T[],
  query: PageQuery,
  input: ReportInput,
  needs: readonly SnapshotList[],
): ReportPage<T> {
  return {
    ...input.data.source,
    data: pageOfItems(rows, query),
    report: reportFacts(input, needs),
    all: rows,
    charts: input.settings.charts !== false,
  };
}

/** What a report made from the lists `needs` says about itself: when it was served, what it covers. */
export function reportFacts(input: ReportInput, needs: readonly SnapshotList[]): ReportFacts {
  const coverage = coverageOf(input.data, needs);
  const shiftsLeftOut = needs.includes('shifts') ? unreadableShifts(input.data.shifts) : 0;
  return {
    servedAt: input.data.servedAt,
    complete: coverage.complete,
    coverage,
    ...(shiftsLeftOut > 0 ? { shiftsLeftOut } : {}),
  };
}

/**
 * How a chart names the members of a page: the display name of their Discord user when the
 * directory knows them and it is at hand, else their id's short form among the page's ids (the
 * text's own, unique on the page: ids sharing their first or last characters still read apart).
 */
export function chartNames(people: People | undefined, names: DisplayNames | undefined): MemberName {
  return (memberId) => ({
    name: displayNameOf(memberId, people, names, 32),
    short: plainShortId(memberId, people),
  });
}

type PageChartKind = 'totals' | 'quota';
type PageChartRow<K extends PageChartKind> = ChartData[K]['rows'][number];

/**
 * A report list's chart hook (`ListView.chart`) drawing `kind` of the page's rows, over the period
 * `period` names; none for an empty page (its text says there is nothing) or where the server's
 * admins turned charts off.
 */
export function pageChart<K extends PageChartKind, S extends { charts: boolean } & Labelled>(
  kind: K,
  period: (source: S, t: Words) => string,
) {
  return async (
    { items, source }: { items: PageChartRow<K>[]; source: S },
    names: DisplayNames | undefined,
  ): Promise<ChartResult | undefined> => {
    if (items.length === 0 || !source.charts) return undefined;
    const data = { period: period(source, source.t), rows: items, name: chartNames(source.people, names) };
    return renderChart(kind, data as ChartData[K], source.t);
  };
}

/** Every row of a report (its views' `everyRow`): the export takes them from the first page's fetch. */
export function allRows<T>(page: ReportPage<T>): T[] {
  return page.all;
}

/** Period choices for a command option. */
export const periodChoices = PERIODS.map((p) => ({ name: PERIOD_LABELS[p], value: p }));

/** A report argument: its parts, each URI-encoded, joined by "|" (so no part can break another). */
export function joinArg(parts: Array<string | number | undefined>): string {
  return parts.map((p) => (p === undefined ? '' : encodeURIComponent(String(p)))).join('|');
}

/** The parts of a report argument, exactly `count` of them, or a UserError for a forged one. */
export function splitArg(arg: string, count: number): string[] {
  const parts = arg.split('|');
  if (parts.length !== count) throw new UserError(say.badReport);
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    throw new UserError(say.badReport);
  }
}

/** Every part of an argument of any length, or a UserError for a forged one. */
export function splitArgs(arg: string): string[] {
  return splitArg(arg, arg.split('|').length);
}

export function parsePeriod(text: string | undefined): PeriodKind {
  if (!isPeriodKind(text)) throw new UserError(say.badReport);
  return text;
}

/** A wave typed or carried in an argument: '' is none. */
export function parseWave(text: string): number | undefined {
  if (text === '') return undefined;
  if (!/^\d{1,6}$/.test(text) || Number(text) > 100_000) throw new UserError(say.badWave);
  return Number(text);
}
