/**
 * A player's record from their moderation logs (`/server/logs/user/{username}`), for "Check
 * player": how many entries, how many of each log type (types the server's admins named first),
 * a temporary ban still in effect, hidden and expired counts, and the newest entries. Pure: the
 * time is the data's fetchedAt.
 */
import type { APIEmbed } from 'discord.js';
import type { Log } from '../../generated/api.js';
import type { Source } from '../api/pages.js';
import { ENGLISH, type Words } from '../i18n/words.js';
import { field, NONE, safeLine } from './format.js';
import { codeLabel, type Labelled } from './labels.js';
import { logRow, tempBanState } from './log.js';
import { detailEmbed } from './page.js';

/** What "Check player" read: the first page of the player's logs and the total the API gave. */
export interface PlayerRecord {
  username: string;
  /** The logs read (the first API page: up to 100). */
  logs: Log[];
  /** Entries in all (the envelope's total, else the logs read). */
  total: number;
}

/** Entries shown in the record; the rest are one button away (the player's full list). */
export const NEWEST_SHOWN = 5;

/** Log types with their counts: types the server named first, then by count, then by code. */
export function typeCounts(logs: readonly Partial<Log>[], source: Labelled, t: Words): string[] {
  const counts = new Map<number | undefined, number>();
  for (const log of logs) {
    const type = typeof log.type === 'number' && Number.isFinite(log.type) ? log.type : undefined;
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const named = (type: number | undefined) =>
    type !== undefined && Object.hasOwn(source.labels?.logTypes ?? {}, String(type)) ? 0 : 1;
  return [...counts.entries()]
    .sort(([a, x], [b, y]) => named(a) - named(b) || y - x || (a ?? Infinity) - (b ?? Infinity))
    .map(([type, n]) => `${codeLabel(source.labels, 'logTypes', type) ?? NONE}: ${t.f.count(n)}`);
}

export function renderPlayer(record: PlayerRecord, source: Source & Labelled): APIEmbed {
  const t = source.t ?? ENGLISH;
  const w = t.player;
  const { logs } = record;
  const newest = [...logs].sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
  const ban = newest.find((l) => tempBanState(l, source.fetchedAt) === 'running');
  const read = logs.length < record.total ? ` ${w.countsOfNewest(logs.length)}` : '';
  const hidden = logs.filter((l) => l.hidden === true).length;
  const expired = logs.filter((l) => l.expired === true).length;
  return detailEmbed(
    {
      title: `${ban ? '⛔ ' : ''}${w.title(safeLine(record.username, 100))}`,
      description: newest
        .slice(0, NEWEST_SHOWN)
        .map((l) => logRow(l, source.fetchedAt, source.labels, t))
        .join('\n'),
      color: ban ? 0xed4245 : 0xfee75c,
      fields: [
        field(w.entries, `${t.f.count(record.total)}${read}`),
        field(w.byType, typeCounts(logs, source, t).join('\n') || NONE),
        field(w.temporaryBan, ban ? w.banInEffectUntil(t.f.when(ban.unbanAt)) : w.noBanInEffect),
        field(w.hidden, t.f.count(hidden)),
        field(w.expired, t.f.count(expired)),
      ],
    },
    source,
    logs.length > NEWEST_SHOWN ? w.newestShown(NEWEST_SHOWN) : undefined,
    undefined,
    t,
  );
}
