/** LOA renderers: API object → embed JSON. Pure. */
import type { APIEmbed } from 'discord.js';
import type { Loa } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import type { LoaState, StartReading } from '../reports/leave.js';
import { describeEntries, describeEntry, isRecord, isTimeKey } from './entries.js';
import {
  code,
  duration,
  field,
  isSetTimestamp,
  LIMITS,
  NONE,
  plainDay,
  plainText,
  safeLine,
  safeText,
  shortDate,
  timestamp,
} from './format.js';
import { codeLabel, type Labelled, LOA_STATE_EMOJI } from './labels.js';
import { detailEmbed, type FooterFacts, listEmbed } from './page.js';

const COLOUR = 0x5865f2;

/** Planned or actual length of an LOA, from its start and end points. */
export function loaLength(loa: Partial<Loa>): string {
  const start = isSetTimestamp(loa.startedAt) ? loa.startedAt : loa.startAt;
  const end = isSetTimestamp(loa.endedAt) ? loa.endedAt : loa.endAt;
  if (!isSetTimestamp(start) || !isSetTimestamp(end) || end < start) return NONE;
  return duration(end - start);
}

/** An LOA's state as decided by the caller (src/reports/leave.ts loaStateAt), for each LOA shown. */
export type LoaStates = (loa: Partial<Loa>) => LoaState;

/** One list row: state, id, member, dates, reason. */
export function loaRow(loa: Partial<Loa>, state: LoaState): string {
  return [
    `${LOA_STATE_EMOJI[state]} **${state}** ${code(loa.id, 40)}`,
    `member ${code(loa.memberId, 40)}`,
    `${shortDate(loa.startAt)} → ${shortDate(loa.endAt)}`,
    safeLine(loa.reason, 80),
  ].join(' · ');
}

export function renderLoaList(
  items: Loa[],
  info: PageInfo,
  source: Source,
  stateOf: LoaStates,
  title = 'Leaves of absence',
  facts?: FooterFacts,
): APIEmbed {
  return listEmbed({
    title,
    rows: items.map((loa) => loaRow(loa, stateOf(loa))),
    info,
    noun: info.total === 1 ? 'LOA' : 'LOAs',
    source,
    emptyText: 'No leaves of absence found.',
    colour: COLOUR,
    ...(facts ? { facts } : {}),
  });
}

/**
 * A code in words: the admins' label first ("3 (Accepted)"), else what the community's own LOAs
 * say of it ("3 (reads as approved)"), else the bare number.
 */
function codeInWords(
  source: Labelled,
  table: 'loaStatus' | 'loaStartType',
  value: unknown,
  reads: string | undefined,
): string {
  const named = codeLabel(source.labels, table, value);
  if (named === undefined) return NONE;
  return reads && named === String(value) ? `${named} (reads as ${reads})` : named;
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

/**
 * One entry of an LOA's reason history or extension requests, in words (the API does not describe
 * their shape): its status first, a moved end as "end 10 Mar 2026 → 14 Mar 2026", times as dates
 * with who ("reviewed 6 Mar 2026 by `id`"), other keys as words, what was written quoted last.
 * Ids of the entries themselves are left out; every key is shown (no "+N more").
 */
export function loaEntry(entry: unknown): string {
  if (!isRecord(entry)) return describeEntry(entry);
  const parts: string[] = [];
  const written: string[] = [];
  const used = new Set(['id', 'status', 'previousEndAt', 'newEndAt']);
  if (typeof entry.status === 'string' && entry.status.trim() !== '') {
    const status = entry.status.trim();
    parts.push(`**${safeLine(status.charAt(0).toUpperCase() + status.slice(1), 40)}**`);
  }
  if (isSetTimestamp(entry.previousEndAt) || isSetTimestamp(entry.newEndAt))
    parts.push(`end ${shortDate(entry.previousEndAt)} → ${shortDate(entry.newEndAt)}`);
  // "reviewedBy" is said with "reviewedAt" ("reviewed 6 Mar 2026 by `id`"), whichever comes first.
  const byOf = (key: string) => key.replace(/(At|_at)$/, (end) => (end === 'At' ? 'By' : '_by'));
  for (const [key, value] of Object.entries(entry))
    if (isTimeKey(key) && isSetTimestamp(value) && byOf(key) !== key && typeof entry[byOf(key)] === 'string')
      used.add(byOf(key));
  for (const [key, value] of Object.entries(entry)) {
    if (used.has(key) || value === null || value === undefined) continue;
    const words = safeLine(keyWords(key), 40);
    if (typeof value === 'string' && WRITTEN.test(key)) {
      if (value.trim() !== '') written.push(`“${safeLine(value, 300)}”`);
    } else if (typeof value === 'number' && isTimeKey(key)) {
      if (!isSetTimestamp(value)) continue;
      const by =
        byOf(key) !== key && typeof entry[byOf(key)] === 'string' ? (entry[byOf(key)] as string) : '';
      parts.push(`${words} ${shortDate(value)}${by.trim() !== '' ? ` by ${code(by, 40)}` : ''}`);
    } else if (typeof value === 'string' && /(By|_by)$/.test(key)) {
      if (value.trim() !== '') parts.push(`${words} ${code(value, 40)}`);
    } else {
      const text = describeEntry(value);
      if (text !== NONE) parts.push(`${words}: ${text}`);
    }
  }
  const all = [...parts, ...written];
  return all.length > 0 ? all.join(' · ') : NONE;
}

/**
 * One LOA. `statusReads`: what its status code says as the community's own LOAs use it (read by
 * src/reports/leave.ts readStatusCodes), shown beside a code the admins did not name:
 * "3 (reads as approved)"; `startReads` the same for its start type (readStartTypes): "0 (reads as
 * starting when requested)". A name the admins gave wins: "3 (Accepted)".
 */
export function renderLoa(
  loa: Loa,
  source: Source & Labelled,
  state: LoaState,
  statusReads?: 'approved' | 'denied',
  startReads?: StartReading,
): APIEmbed {
  return detailEmbed(
    {
      title: `${LOA_STATE_EMOJI[state]} LOA ${safeLine(loa.id, 200)} · ${state}`,
      description: safeText(loa.reason, 2000),
      color: COLOUR,
      fields: [
        field('Member', code(loa.memberId)),
        field('Status code', codeInWords(source, 'loaStatus', loa.status, statusReads)),
        field('Start type', codeInWords(source, 'loaStartType', loa.startType, startReads)),
        field('Requested', timestamp(loa.createdAt)),
        field('Starts', timestamp(loa.startAt)),
        field('Ends', timestamp(loa.endAt)),
        field('Started', timestamp(loa.startedAt)),
        field('Ended', timestamp(loa.endedAt)),
        field('Length', loaLength(loa)),
        field('Reviewed', timestamp(loa.reviewedAt)),
        field('Reviewed by', code(loa.reviewedBy)),
        field('Ended by', code(loa.endedBy)),
        field('Cancelled', timestamp(loa.cancelledAt)),
        field('Expired', timestamp(loa.expiredAt)),
        field('Deny reason', safeText(loa.denyReason, 1000), false),
        field('Reason history', describeEntries(loa.reasonHistory, undefined, loaEntry), false),
        field('Extension requests', describeEntries(loa.extensionRequests, undefined, loaEntry), false),
      ],
    },
    source,
    `Server ${plainText(loa.serverId, 40)}`,
  );
}

/** "3 Mar–10 Mar 2026", "28 Dec 2025–3 Jan 2026", "from 3 Mar 2026", "until 10 Mar 2026", or ''. */
export function plainDates(start: unknown, end: unknown): string {
  const from = isSetTimestamp(start) ? start : undefined;
  const to = isSetTimestamp(end) ? end : undefined;
  if (from !== undefined && to !== undefined) {
    const sameYear = new Date(from * 1000).getUTCFullYear() === new Date(to * 1000).getUTCFullYear();
    return `${plainDay(from, !sameYear)}–${plainDay(to)}`;
  }
  if (from !== undefined) return `from ${plainDay(from)}`;
  if (to !== undefined) return `until ${plainDay(to)}`;
  return '';
}

/**
 * An LOA in an "Open…" select, saying what it is: "LOA · member 66c7… · 3 Mar–10 Mar 2026 · Active".
 * Plain text (select labels render no markdown), within Discord's 100 characters: the member id is
 * cut first, so the dates and state always show.
 */
export function loaOptionLabel(loa: Partial<Loa>, state: LoaState): string {
  const dates = plainDates(
    isSetTimestamp(loa.startedAt) ? loa.startedAt : loa.startAt,
    isSetTimestamp(loa.endedAt) ? loa.endedAt : loa.endAt,
  );
  const tail = [dates, state].filter(Boolean).join(' · ');
  const room = LIMITS.selectOptionLabel - 'LOA · member  · '.length - tail.length;
  return ['LOA', `member ${plainText(loa.memberId, Math.max(8, room))}`, tail].join(' · ');
}
