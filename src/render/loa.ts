/** LOA renderers: API object → embed JSON. Pure. */
import type { APIEmbed } from 'discord.js';
import type { Loa } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import { describeEntries } from './entries.js';
import {
  code,
  duration,
  field,
  isSetTimestamp,
  NONE,
  plainText,
  safeLine,
  safeText,
  shortDate,
  timestamp,
} from './format.js';
import { codeLabel, type Labelled, LOA_STATE_EMOJI, loaState } from './labels.js';
import { detailEmbed, listEmbed } from './page.js';

const COLOUR = 0x5865f2;

/** Planned or actual length of an LOA, from its start and end points. */
export function loaLength(loa: Partial<Loa>): string {
  const start = isSetTimestamp(loa.startedAt) ? loa.startedAt : loa.startAt;
  const end = isSetTimestamp(loa.endedAt) ? loa.endedAt : loa.endAt;
  if (!isSetTimestamp(start) || !isSetTimestamp(end) || end < start) return NONE;
  return duration(end - start);
}

/** One list row: state, id, member, dates, reason. */
export function loaRow(loa: Partial<Loa>): string {
  const state = loaState(loa);
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
  title = 'Leaves of absence',
): APIEmbed {
  return listEmbed({
    title,
    rows: items.map(loaRow),
    info,
    noun: info.total === 1 ? 'LOA' : 'LOAs',
    source,
    emptyText: 'No leaves of absence found.',
    colour: COLOUR,
  });
}

export function renderLoa(loa: Loa, source: Source & Labelled): APIEmbed {
  const state = loaState(loa);
  const status = codeLabel(source.labels, 'loaStatus', loa.status) ?? NONE;
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
