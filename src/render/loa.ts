/** LOA renderers: API object → embed JSON. Pure. */
import type { APIEmbed } from 'discord.js';
import type { Loa } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import { timestampState, utcYear } from '../i18n/dates.js';
import { said, type Text, type Words } from '../i18n/words.js';
import type { LoaState, StartReading, StatusReading } from '../reports/leave.js';
import { isOverdue, type ReviewQueue, waitedSeconds } from '../reports/review.js';
import { describeEntries, describeEntry, isRecord, isTimeKey } from './entries.js';
import {
  clampEmbed,
  code,
  field,
  isSetTimestamp,
  LIMITS,
  NONE,
  plainText,
  safeLine,
  safeText,
  truncate,
} from './format.js';
import { codeLabel, type Labelled, loaStateMark } from './labels.js';
import { detailEmbed, type FooterFacts, listEmbed } from './page.js';
import {
  actor,
  type DisplayNames,
  discordUserOf,
  type People,
  person,
  personInDetail,
  personPlain,
} from './people.js';
import { partialOf, type ReportFacts, reportList } from './reports.js';

const COLOUR = 0x5865f2;

/** Each state's key among the reader's words (`t.loa.states`). */
const STATE_KEYS: Record<LoaState, keyof Words['loa']['states']> = {
  Cancelled: 'cancelled',
  Denied: 'denied',
  Ended: 'ended',
  Expired: 'expired',
  Active: 'active',
  Approved: 'approved',
  'Pending review': 'pendingReview',
};

/** An LOA's state in the reader's words ("Pending review", "Prüfung ausstehend"). */
function loaStateText(state: LoaState, t: Words): string {
  return t.loa.states[STATE_KEYS[state]];
}

const READING_KEYS: Record<StatusReading | StartReading, keyof Words['loa']['readings']> = {
  approved: 'approved',
  denied: 'denied',
  'starting when requested': 'startingWhenRequested',
  'starting later': 'startingLater',
};

export function loaLength(loa: Partial<Loa>, t: Words): string {
  const start = isSetTimestamp(loa.startedAt) ? loa.startedAt : loa.startAt;
  const end = isSetTimestamp(loa.endedAt) ? loa.endedAt : loa.endAt;
  if (!isSetTimestamp(start) || !isSetTimestamp(end) || end < start) return NONE;
  return t.f.duration(end - start);
}

/** An LOA's state as decided by the caller (src/reports/leave.ts loaStateAt), for each LOA shown. */
type LoaStates = (loa: Partial<Loa>) => LoaState;

/** The clock (Unix seconds) a pending LOA's wait is counted to, and the admins' threshold in hours. */
export interface ReviewClock {
  now: number;
  afterHours?: number | undefined;
}

function waitText(loa: Partial<Loa>, review: ReviewClock, t: Words): string {
  const waited = waitedSeconds(loa, review.now);
  if (waited === undefined) return t.loa.waitNotKnown;
  const wait = t.loa.waiting(t.f.duration(waited));
  const { afterHours } = review;
  return afterHours !== undefined && isOverdue(loa, review.now, afterHours)
    ? `${wait} · ${t.loa.overdue(afterHours)}`
    : wait;
}

/**
 * One list row, as moderators scan it: who (a mention when the directory knows them), state (a
 * pending one with how long it has waited, given the clock), dates, reason. The LOA's own id is in
 * its detail, its "Open…" option and the export.
 */
export function loaRow(
  loa: Partial<Loa>,
  state: LoaState,
  people: People | undefined,
  t: Words,
  review?: ReviewClock,
): string {
  const wait = review && state === 'Pending review' ? waitText(loa, review, t) : '';
  return [
    person(loa.memberId, people),
    `${loaStateMark(state)} **${loaStateText(state, t)}**`,
    ...(wait ? [wait] : []),
    `${t.f.date(loa.startAt)} → ${t.f.date(loa.endAt)}`,
    safeLine(loa.reason, 80),
  ].join(' · ');
}

/**
 * A page of LOAs in the reader's words (`source.t`); `title` defaults to "Leaves of absence" and is
 * given as words (`(t) => t.loa.titleOfMember(id)`) or as text already said.
 */
export function renderLoaList(
  items: Loa[],
  info: PageInfo,
  source: Source & Labelled,
  stateOf: LoaStates,
  title?: string | Text,
  facts?: FooterFacts,
  review?: ReviewClock,
): APIEmbed {
  const t = source.t;
  const input = {
    title: title === undefined ? t.loa.title : said(title, t),
    rows: items.map((loa) => loaRow(loa, stateOf(loa), source.people, t, review)),
    info,
    total: t.loa.count(info.total),
    source,
    emptyText: t.loa.empty,
    colour: COLOUR,
    ...(facts ? { facts } : {}),
    t,
  };
  // From the reports' snapshot (`/loa list status:`) read in part: it says what it read, no "none found".
  const report = facts as ReportFacts | undefined;
  return report && partialOf(report) ? reportList({ ...input, facts: report }) : listEmbed(input);
}

/**
 * A code in words: the admins' label first ("3 (Accepted)"), else what the community's own LOAs
 * say of it (a status as the review's outcome, "3 (approved)"; a start type "0 (reads as starting when
 * requested)"), else the bare number.
 */
function codeInWords(
  source: Labelled,
  table: 'loaStatus' | 'loaStartType',
  value: unknown,
  reads: StatusReading | StartReading | undefined,
  t: Words,
): string {
  const named = codeLabel(source.labels, table, value);
  if (named === undefined) return NONE;
  if (!reads || named !== String(value)) return named;
  // A status code reads as the review's outcome; where the leave stands is the title's.
  if (reads === 'approved' || reads === 'denied') return t.loa.reviewOutcome[reads](named);
  return t.loa.readsAs(named, t.loa.readings[READING_KEYS[reads]]);
}

/** "requestedAt" → "requested", "previousEndAt" → "previous end", "changed_by" → "changed by". */
function keyWords(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim()
    .split(/\s+/);
  if (words.length > 1 && words.at(-1) === 'at') words.pop();
  return words.join(' ');
}

/** Keys whose text is what someone wrote: quoted, last. */
const WRITTEN = /^(reason|note|text|comment|message|description)$/i;

function actorIn(id: string, people: People | undefined): string {
  return discordUserOf(id, people) !== undefined ? person(id, people) : code(id, 40);
}

/**
 * One entry of an LOA's reason history or extension requests, in words (the API does not describe
 * their shape): its status first, a moved end as "end 10 Mar 2026 → 14 Mar 2026", times as dates
 * with who ("reviewed 6 Mar 2026 by `id`"), other keys as words, what was written quoted last.
 * Ids of the entries themselves are left out; every key is shown (no "+N more").
 */

export function loaEntry(entry: unknown, people: People | undefined, t: Words): string {
  if (!isRecord(entry)) return describeEntry(entry, t);
  const parts: string[] = [];
  const written: string[] = [];
  const used = new Set(['id', 'status', 'previousEndAt', 'newEndAt']);
  if (typeof entry.status === 'string' && entry.status.trim() !== '') {
    const status = entry.status.trim();
    parts.push(`**${safeLine(status.charAt(0).toUpperCase() + status.slice(1), 40)}**`);
  }
  const isSet = (value: unknown) => timestampState(value) !== 'unset';
  if (isSet(entry.previousEndAt) || isSet(entry.newEndAt))
    parts.push(t.loa.entryEnd(t.f.date(entry.previousEndAt), t.f.date(entry.newEndAt)));
  // "reviewedBy" is said with "reviewedAt" ("reviewed 6 Mar 2026 by `id`"), whichever comes first.
  const byOf = (key: string) => key.replace(/(At|_at)$/, (end) => (end === 'At' ? 'By' : '_by'));
  for (const [key, value] of Object.entries(entry))
    if (isTimeKey(key) && isSet(value) && byOf(key) !== key && typeof entry[byOf(key)] === 'string')
      used.add(byOf(key));
  for (const [key, value] of Object.entries(entry)) {
    if (used.has(key) || value === null || value === undefined) continue;
    const words = safeLine(keyWords(key), 40);
    if (typeof value === 'string' && WRITTEN.test(key)) {
      if (value.trim() !== '') written.push(`“${safeLine(value, 300)}”`);
    } else if (typeof value === 'number' && isTimeKey(key)) {
      if (!isSet(value)) continue;
      const by =
        byOf(key) !== key && typeof entry[byOf(key)] === 'string' ? (entry[byOf(key)] as string) : '';
      parts.push(
        by.trim() !== ''
          ? t.loa.entryAtBy(words, t.f.date(value), actorIn(by, people))
          : t.loa.entryAt(words, t.f.date(value)),
      );
    } else if (typeof value === 'string' && /(By|_by)$/.test(key)) {
      if (value.trim() !== '') parts.push(t.loa.entryBy(words, actorIn(value, people)));
    } else {
      const text = describeEntry(value, t);
      if (text !== NONE) parts.push(t.loa.entryValue(words, text));
    }
  }
  const all = [...parts, ...written];
  return all.length > 0 ? all.join(' · ') : NONE;
}

/** One LOA; `statusReads` and `startReads` are said beside its codes as `codeInWords` says. */
export function renderLoa(
  loa: Loa,
  source: Source & Labelled,
  state: LoaState,
  statusReads?: StatusReading,
  startReads?: StartReading,
): APIEmbed {
  const t = source.t;
  const w = t.loa;
  const entries = (value: unknown) =>
    describeEntries(value, undefined, (e) => loaEntry(e, source.people, t), t);
  return detailEmbed(
    {
      title: `${loaStateMark(state)} ${w.detailTitle(safeLine(loa.id, 200), loaStateText(state, t))}`,
      description: safeText(loa.reason, 2000),
      color: COLOUR,
      fields: [
        field(w.member, personInDetail(loa.memberId, source.people)),
        field(w.statusCode, codeInWords(source, 'loaStatus', loa.status, statusReads, t)),
        field(w.startType, codeInWords(source, 'loaStartType', loa.startType, startReads, t)),
        field(w.requested, t.f.when(loa.createdAt)),
        field(w.starts, t.f.when(loa.startAt)),
        field(w.ends, t.f.when(loa.endAt)),
        field(w.started, t.f.when(loa.startedAt)),
        field(w.ended, t.f.when(loa.endedAt)),
        field(w.length, loaLength(loa, t)),
        field(w.reviewed, t.f.when(loa.reviewedAt)),
        field(w.reviewedBy, actor(loa.reviewedBy, source.people)),
        field(w.endedBy, actor(loa.endedBy, source.people)),
        field(w.cancelled, t.f.when(loa.cancelledAt)),
        field(w.expired, t.f.when(loa.expiredAt)),
        field(w.denyReason, safeText(loa.denyReason, 1000), false),
        field(w.reasonHistory, entries(loa.reasonHistory), false),
        field(w.extensionRequests, entries(loa.extensionRequests), false),
      ],
    },
    source,
    t.records.server(plainText(loa.serverId, 40)),
    undefined,
    t,
  );
}

/** "3 Mar–10 Mar 2026", "28 Dec 2025–3 Jan 2026", "from 3 Mar 2026", "until 10 Mar 2026", or ''. */
function plainDates(start: unknown, end: unknown, t: Words): string {
  const from = timestampState(start) === 'unset' ? undefined : start;
  const to = timestampState(end) === 'unset' ? undefined : end;
  if (from !== undefined && to !== undefined) {
    const sameYear = utcYear(from) !== undefined && utcYear(from) === utcYear(to);
    return t.loa.dateRange(t.f.day(from, !sameYear), t.f.day(to));
  }
  if (from !== undefined) return t.loa.dateFrom(t.f.day(from));
  if (to !== undefined) return t.loa.dateUntil(t.f.day(to));
  return '';
}

/**
 * An LOA in an "Open…" select, saying what it is: "LOA · Sam · 3 Mar–10 Mar 2026 · Active" (the
 * member's Discord display name when the directory knows them and it is at hand, else "member
 * 66c7a1b2…"). Plain text (select labels render no markdown), within Discord's 100 characters: the
 * member is cut first, so the dates and state always show.
 */
export function loaOptionLabel(
  loa: Partial<Loa>,
  state: LoaState,
  people: People | undefined,
  names: DisplayNames | undefined,
  t: Words,
): string {
  const dates = plainDates(
    isSetTimestamp(loa.startedAt) ? loa.startedAt : loa.startAt,
    isSetTimestamp(loa.endedAt) ? loa.endedAt : loa.endAt,
    t,
  );
  const kind = t.loa.optionKind;
  const stateText = loaStateText(state, t);
  // Dates that are no dates ("… (not a valid date)") can be long: cut them before the state.
  const datesRoom = LIMITS.selectOptionLabel - `${kind} ·  ·  · `.length - 16 - stateText.length;
  const tail = [truncate(dates, Math.max(0, datesRoom)), stateText].filter(Boolean).join(' · ');
  const room = Math.max(16, LIMITS.selectOptionLabel - `${kind} ·  · `.length - tail.length);
  const who = personPlain(loa.memberId, people, names, room, t);
  return [kind, who, tail].filter((part) => part !== '' && part !== NONE).join(' · ');
}

/**
 * The digest's "Waiting for review": how many wait, the oldest and how long it has waited, how many
 * waited past the threshold, then the oldest rows. From a partial snapshot, of the LOAs read
 * (`reportList` says how far reading is, and states no "nothing waits").
 */
export function renderReviewQueue(
  queue: ReviewQueue<Partial<Loa>>,
  review: ReviewClock,
  source: Source & Labelled,
  facts: ReportFacts,
  pageSize: number,
): APIEmbed {
  const { t } = source;
  const { pending, oldest, overdue } = queue;
  const partial = partialOf(facts) !== undefined;
  const info = {
    page: 1,
    totalPages: Math.max(1, Math.ceil(pending.length / pageSize)),
    total: pending.length,
  };
  const embed = reportList({
    title: t.loa.queueTitle,
    rows: pending.slice(0, pageSize).map((loa) => loaRow(loa, 'Pending review', source.people, t, review)),
    info,
    total: t.loa.count(pending.length),
    source,
    emptyText: t.loa.queueEmpty,
    colour: overdue > 0 ? 0xe67e22 : COLOUR,
    facts,
    t,
  });
  const lines = [
    ...(oldest
      ? [t.loa.queueOldest(person(oldest.loa.memberId, source.people), t.f.duration(oldest.waited), partial)]
      : []),
    ...(overdue > 0 && review.afterHours !== undefined
      ? [t.loa.queueOverdue(overdue, review.afterHours, partial)]
      : []),
  ];
  return lines.length > 0
    ? clampEmbed({ ...embed, description: `${lines.join('\n')}\n${embed.description ?? ''}` })
    : embed;
}
