/**
 * The digest's chart: the team's time on duty per day of the past week, and who is on leave across
 * the coming week, from the snapshot the digest's reports read (no request of its own).
 */
import { chartNames, type ReportInput, reportInput } from '../../commands/report-data.js';
import type { Community } from '../discord/community.js';
import { peopleOf } from '../discord/paging/show.js';
import type { Words } from '../i18n/words.js';
import { type ChartResult, renderChart, warmCharts } from '../render/charts/index.js';
import { dayEdges, leaveAcross, onDutyByDaySliced, pastDays } from '../reports/charts.js';
import { unreadableShifts } from '../reports/time.js';

/**
 * The chart in the words it is drawn with, once the channel's language is known, and the shifts its
 * time on duty leaves out (their start or end is no date: the same count as the shift reports');
 * undefined without a snapshot or where the server's admins turned charts off.
 */
export async function digestChart(
  community: Community,
  read: Promise<ReportInput> = reportInput(community, { purpose: 'ask' }),
): Promise<{ draw: (t: Words) => Promise<ChartResult>; shiftsLeftOut: number } | undefined> {
  const input = await read.catch(() => undefined);
  if (!input || input.settings.charts === false) return undefined;
  const timeZone = input.calendar.timeZone;
  const edges = pastDays(input.now, timeZone, 7);
  const past = { edges, seconds: await onDutyByDaySliced(input.data.shifts, edges, input.now) };
  const aheadEdges = dayEdges(input.now, timeZone, 0, 7);
  const ahead = { edges: aheadEdges, away: leaveAcross(input.data.loas, aheadEdges) };
  const people = await peopleOf(community, ahead.away, (row) => [row.memberId]);
  warmCharts();
  // No interaction, so no display names at hand: members the directory knows by their short ids, as the rest.
  // A post, not an answer: it waits for the picture as long as the thread may take to draw it.
  return {
    draw: (t) =>
      renderChart('digest', { timeZone, past, ahead, name: chartNames(people, undefined) }, t, 'post'),
    shiftsLeftOut: unreadableShifts(input.data.shifts),
  };
}
