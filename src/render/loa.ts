/** LOA renderers: API object → embed JSON. Pure. */
import type { APIEmbed } from 'discord.js';
import type { Loa } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import type { LoaState } from '../reports/leave.js';
import { describeEntries } from './entries.js';
import {
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
import { actor, type DisplayNames, type People, person, personInDetail, personPlain } from './people.js';

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

/**
 * One list row, as moderators scan it: who (a mention when the directory knows them), state, dates,
 * reason. The LOA's own id is in its detail, its "Open…" option and the export.
 */
export function loaRow(loa: Partial<Loa>, state: LoaState, people?: People): string {
  return [
    person(loa.memberId, people),
    `${LOA_STATE_EMOJI[state]} **${state}**`,
    `${shortDate(loa.startAt)} → ${shortDate(loa.endAt)}`,
    safeLine(loa.reason, 80),
  ].join(' · ');
}

export function renderLoaList(
  items: Loa[],
  info: PageInfo,
  source: Source & Labelled,
  stateOf: LoaStates,
  title = 'Leaves of absence',
  facts?: FooterFacts,
): APIEmbed {
  return listEmbed({
    title,
    rows: items.map((loa) => loaRow(loa, stateOf(loa), source.people)),
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
        field('Member', personInDetail(loa.memberId, source.people)),
        field('Status code', status),
        field('Start type', startType),
        field('Requested', timestamp(loa.createdAt)),
        field('Starts', timestamp(loa.startAt)),
        field('Ends', timestamp(loa.endAt)),
        field('Started', timestamp(loa.startedAt)),
        field('Ended', timestamp(loa.endedAt)),
        field('Length', loaLength(loa)),
        field('Reviewed', timestamp(loa.reviewedAt)),
        field('Reviewed by', actor(loa.reviewedBy, source.people)),
        field('Ended by', actor(loa.endedBy, source.people)),
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
 * An LOA in an "Open…" select, saying what it is: "LOA · Sam · 3 Mar–10 Mar 2026 · Active" (the
 * member's Discord display name when the directory knows them and it is at hand, else "member
 * 66c7a1b2…"). Plain text (select labels render no markdown), within Discord's 100 characters: the
 * member is cut first, so the dates and state always show.
 */
export function loaOptionLabel(
  loa: Partial<Loa>,
  state: LoaState,
  people?: People,
  names?: DisplayNames,
): string {
  const dates = plainDates(
    isSetTimestamp(loa.startedAt) ? loa.startedAt : loa.startAt,
    isSetTimestamp(loa.endedAt) ? loa.endedAt : loa.endAt,
  );
  const tail = [dates, state].filter(Boolean).join(' · ');
  const room = Math.max(16, LIMITS.selectOptionLabel - 'LOA ·  · '.length - tail.length);
  const who = personPlain(loa.memberId, people, names, room);
  return ['LOA', who, tail].filter((part) => part !== '' && part !== NONE).join(' · ');
}
