/**
 * Leave ahead: the digests' "Returning this week" and "Starting this week" sections, and the leave
 * reminder posted the day before someone's leave ends. Pure: the rows come decided
 * (src/reports/reminders.ts), the people the directory knows come with them.
 *
 * Every word these show is in the `reminders` section of the words (src/i18n/en.ts), said in the
 * language of the digest (the admins' choice, else the server's): what is posted to a channel.
 */
import type { APIEmbed } from 'discord.js';
import type { Loa } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import type { Words } from '../i18n/words.js';
import type { LeaveAhead } from '../reports/reminders.js';
import { code, NONE } from './format.js';
import type { Labelled } from './labels.js';
import { mark } from './marks.js';
import { discordUserOf, type People, person } from './people.js';
import { type ReportFacts, reportList } from './reports.js';

/** A digest's leave sections: on leave now (past this week), returning this week, starting this week. */
export type LeaveAheadKind = 'onLeave' | 'returning' | 'starting';

function back(end: number, t: Words): string {
  return Number.isFinite(end) ? t.f.when(end) : t.reminders.noReturnDate;
}

/** One row of a section. */
function leaveAheadRow(
  row: LeaveAhead<Partial<Loa>>,
  kind: LeaveAheadKind,
  people: People | undefined,
  t: Words,
): string {
  const who = person(row.loa.memberId, people);
  return kind === 'starting'
    ? t.reminders.startingRow(who, t.f.when(row.start), back(row.end, t))
    : t.reminders.returningRow(who, back(row.end, t));
}

/**
 * A digest's section: the first page of rows, the total and the data's age in the footer.
 * `alsoReturning` ("On leave now"): how many on leave now are under "Returning this week" instead.
 */
export function renderLeaveAhead(
  rows: LeaveAhead<Partial<Loa>>[],
  info: PageInfo,
  source: Source & Omit<Labelled, 't'>,
  kind: LeaveAheadKind,
  facts: ReportFacts,
  t: Words,
  alsoReturning = 0,
): APIEmbed {
  const lines = rows.map((r) => leaveAheadRow(r, kind, source.people, t));
  const title = {
    onLeave: t.reports.onLeaveTitle,
    returning: t.reminders.returningTitle,
    starting: t.reminders.startingTitle,
  }[kind];
  const empty = {
    onLeave: t.reports.nobodyOnLeave,
    returning: t.reminders.returningEmpty,
    starting: t.reminders.startingEmpty,
  }[kind];
  return reportList({
    title,
    rows: alsoReturning > 0 ? [...lines, t.reminders.alsoReturning(alsoReturning)] : lines,
    shown: lines.length,
    info,
    total: t.reminders.count(info.total),
    source,
    emptyText: empty,
    colour: 0x3498db,
    facts,
    t,
  });
}

/** A reminder message: its text and whom it may ping (nobody unless pings are on and the user is known). */
export interface ReminderMessage {
  content: string;
  allowedMentions: { parse: []; users: string[] };
}

/**
 * The reminder for one leave: the member as a mention when the directory knows their Discord user,
 * else their member id; `pings` lets that one user be pinged, nobody else ever.
 */
export function renderReminder(
  reminder: { memberId: string | undefined; endAt: number },
  people: People | undefined,
  pings: boolean,
  t: Words,
): ReminderMessage {
  const user = discordUserOf(reminder.memberId, people);
  const who =
    user !== undefined ? `<@${user}>` : reminder.memberId === undefined ? NONE : code(reminder.memberId, 64);
  return {
    content: `${mark('onLeave')} ${t.reminders.reminder(who, t.f.when(reminder.endAt))}`,
    allowedMentions: { parse: [], users: pings && user !== undefined ? [user] : [] },
  };
}
