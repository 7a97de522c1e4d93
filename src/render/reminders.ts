/**
 * Leave ahead: the digests' "Returning this week" and "Starting this week" sections, and the leave
 * reminder posted the day before someone's leave ends. Pure: the rows come decided
 * (src/reports/reminders.ts), the people the directory knows come with them.
 *
 * Every sentence these features show (and the English of their command options) is in
 * `REMINDER_TEXT`, in one place, for the translation catalogues to take over.
 */
import { type APIEmbed, channelMention } from 'discord.js';
import type { Loa } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import type { LeaveAhead } from '../reports/reminders.js';
import { code, NONE, timestamp } from './format.js';
import type { Labelled } from './labels.js';
import { listEmbed } from './page.js';
import { discordUserOf, type People, person } from './people.js';
import type { ReportFacts } from './reports.js';

/** Every user-visible sentence of the leave sections and reminders, in English. */
export const REMINDER_TEXT = {
  returningTitle: 'Returning this week',
  startingTitle: 'Starting this week',
  returningEmpty: 'Nobody comes back from leave this week.',
  startingEmpty: 'No leave starts this week.',
  /** A returning row: who, and when they are back. */
  returningRow: (who: string, back: string) => `${who} · back ${back}`,
  /** A starting row: who, when they leave and when they are back. */
  startingRow: (who: string, from: string, back: string) => `${who} · from ${from} · back ${back}`,
  noReturnDate: 'no return date',
  noun: (count: number) => (count === 1 ? 'LOA' : 'LOAs'),
  /** The reminder posted the day before a leave ends. */
  reminder: (who: string, back: string) => `🌴 Leave ends tomorrow: ${who} is back ${back}.`,
  /** `/rollcall-admin reports` options. */
  options: {
    'reminder-channel': 'Post a reminder here the day before anyone’s leave ends',
    'reminder-pings': 'Whether a leave reminder pings the member it names (default no)',
    'reminders-off': 'True turns leave reminders off',
  },
  /** The admins' settings view. */
  state: (r: { channelId: string; pings: boolean; problem?: string } | undefined) =>
    r === undefined
      ? 'Leave reminders: off.'
      : `Leave reminders: in ${channelMention(r.channelId)}, the day before leave ends (${r.pings ? 'pinging the member' : 'no ping'}).${r.problem ? `\n⚠️ ${r.problem}` : ''}`,
  needsChannel: 'Leave reminders need a channel (reminder-channel). Nothing was saved.',
  noChannel: (channelId: string) =>
    `Rollcall cannot post leave reminders in ${channelMention(channelId)}: the channel is gone or is not a text channel of this server; choose another.`,
  missing: (channelId: string, missing: string[]) =>
    `Rollcall cannot post leave reminders in ${channelMention(channelId)}: missing ${missing.join(', ')}.`,
  failed: 'The last leave reminder could not be posted (Discord did not answer); the next one will be tried.',
} as const;

export type LeaveAheadKind = 'returning' | 'starting';

function back(end: number): string {
  return Number.isFinite(end) ? timestamp(end) : REMINDER_TEXT.noReturnDate;
}

/** One row of a section. */
export function leaveAheadRow(row: LeaveAhead<Partial<Loa>>, kind: LeaveAheadKind, people?: People): string {
  const who = person(row.loa.memberId, people);
  return kind === 'returning'
    ? REMINDER_TEXT.returningRow(who, back(row.end))
    : REMINDER_TEXT.startingRow(who, timestamp(row.start), back(row.end));
}

/** A digest's section: the first page of rows, the total and the data's age in the footer. */
export function renderLeaveAhead(
  rows: LeaveAhead<Partial<Loa>>[],
  info: PageInfo,
  source: Source & Labelled,
  kind: LeaveAheadKind,
  facts: ReportFacts,
): APIEmbed {
  return listEmbed({
    title: kind === 'returning' ? REMINDER_TEXT.returningTitle : REMINDER_TEXT.startingTitle,
    rows: rows.map((r) => leaveAheadRow(r, kind, source.people)),
    info,
    noun: REMINDER_TEXT.noun(info.total),
    source,
    emptyText: kind === 'returning' ? REMINDER_TEXT.returningEmpty : REMINDER_TEXT.startingEmpty,
    colour: 0x3498db,
    facts,
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
): ReminderMessage {
  const user = discordUserOf(reminder.memberId, people);
  const who =
    user !== undefined ? `<@${user}>` : reminder.memberId === undefined ? NONE : code(reminder.memberId, 64);
  return {
    content: REMINDER_TEXT.reminder(who, timestamp(reminder.endAt)),
    allowedMentions: { parse: [], users: pings && user !== undefined ? [user] : [] },
  };
}
