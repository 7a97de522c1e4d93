/** LOA renderers: API object → embed JSON. Pure. */
import type { APIEmbed } from 'discord.js';
import type { Loa } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import type { LoaState } from '../reports/leave.js';
import { describeEntries } from './entries.js';
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
 * One LOA. `statusReads`: what its status code says as the community's own LOAs use it (read by
 * src/reports/leave.ts readStatusCodes), shown beside a code the admins did not name:
 * "3 (reads as approved)". A name the admins gave wins: "3 (Accepted)".
 */
export function renderLoa(
  loa: Loa,
  source: Source & Labelled,
  state: LoaState,
  statusReads?: 'approved' | 'denied',
): APIEmbed {
  const named = codeLabel(source.labels, 'loaStatus', loa.status);
  const status =
    named === undefined
      ? NONE
      : statusReads && named === String(loa.status)
        ? `${named} (reads as ${statusReads})`
        : named;
  const startType = codeLabel(source.labels, 'loaStartType', loa.startType) ?? NONE;
  return detailEmbed(
    {
      title: `${LOA_STATE_EMOJI[state]} LOA ${safeLine(loa.id, 200)} · ${state}`,
      description: safeText(loa.reason, 2000),
      color: COLOUR,
      fields: [
        field('Member', code(loa.memberId)),
        field('Status code', status),
        field('Start type', startType),
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
        field('Reason history', describeEntries(loa.reasonHistory), false),
        field('Extension requests', describeEntries(loa.extensionRequests), false),
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
