/**
 * A player's record from their moderation logs (`/server/logs/user/{username}`), for "Check
 * player": how many entries, how many of each log type (types the server's admins named first),
 * a temporary ban still in effect, hidden and expired counts, and the newest entries. The API gives
 * no order: "newest" is by creation time over every entry read, and where not every entry was read
 * the record says so rather than claim the newest or no ban. Pure: a ban is said as of `nowMs`, the
 * time the record is shown (the data's fetchedAt when none is given).
 */
import type { APIEmbed } from 'discord.js';
import type { Log } from '../../generated/api.js';
import type { Source } from '../api/pages.js';
import { isSetTimestamp } from '../base/discord-limits.js';
import type { Words } from '../i18n/words.js';
import { field, NONE, safeLine } from './format.js';
import { codeLabel, type Labelled } from './labels.js';
import { logRow, tempBanState } from './log.js';
import { mark } from './marks.js';
import { detailEmbed } from './page.js';

/** What "Check player" read: the player's logs, from as many pages as the month allowed. */
export interface PlayerRecord {
  username: string;
  /** The logs read, each once, from every page read (the API gives no order). */
  logs: Log[];
  /** Entries in all (the envelope's total, at least the logs read). */
  total: number;
  /** When the pages not read can be read (Unix seconds): the month could not spare them now. */
  possibleAt?: number;
  /** The most entries Check player reads (its first pages), when the player has more than those. */
  readsAtMost?: number;
}

/** Entries shown in the record; the rest are one button away (the player's full list). */
const NEWEST_SHOWN = 5;

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

/**
 * The "Temporary ban" field, decided from every entry read (`tempBanState`, where `expired` is
 * read): a ban in effect is shown whatever was left unread; "none in effect" only when every entry
 * was read; otherwise what is known and what is not.
 */
function banField(record: PlayerRecord, newest: readonly Log[], nowMs: number, t: Words): string {
  const w = t.player;
  const ban = newest.find((l) => tempBanState(l, nowMs) === 'running');
  if (ban) return w.banInEffectUntil(t.f.when(ban.unbanAt));
  const open = newest.find((l) => tempBanState(l, nowMs) === 'no-end');
  if (open) return w.banWithoutEnd(t.f.when(open.createdAt));
  if (record.logs.length >= record.total) return w.noBanInEffect;
  return w.banUndecided(record.logs.length, record.total, record.possibleAt, record.readsAtMost);
}

/** Newest first by when each was created (the API's order is not known); entries without a time last. */
function newestFirst(logs: readonly Log[]): Log[] {
  const at = (l: Log) => (isSetTimestamp(l.createdAt) ? l.createdAt : Number.NEGATIVE_INFINITY);
  return [...logs].sort((a, b) => at(b) - at(a));
}

export function renderPlayer(
  record: PlayerRecord,
  source: Source & Labelled,
  nowMs = source.fetchedAt,
): APIEmbed {
  const t = source.t;
  const w = t.player;
  const { logs } = record;
  const newest = newestFirst(logs);
  const running = newest.some((l) => tempBanState(l, nowMs) === 'running');
  // Every entry read: counts and "newest" are the player's; otherwise of the entries read only.
  const whole = logs.length >= record.total;
  const read = whole ? '' : ` ${w.countsOfRead(logs.length)}`;
  const hidden = logs.filter((l) => l.hidden === true).length;
  const expired = logs.filter((l) => l.expired === true).length;
  const shown = Math.min(NEWEST_SHOWN, logs.length);
  return detailEmbed(
    {
      title: `${running ? `${mark('ban')} ` : ''}${w.title(safeLine(record.username, 100))}`,
      description: newest
        .slice(0, NEWEST_SHOWN)
        .map((l) => logRow(l, nowMs, source.labels, t))
        .join('\n'),
      color: running ? 0xed4245 : 0xfee75c,
      fields: [
        field(w.entries, `${t.f.count(record.total)}${read}`),
        field(w.byType, typeCounts(logs, source, t).join('\n') || NONE),
        field(w.temporaryBan, banField(record, newest, nowMs, t)),
        field(w.hidden, t.f.count(hidden)),
        field(w.expired, t.f.count(expired)),
      ],
    },
    source,
    whole
      ? logs.length > NEWEST_SHOWN
        ? w.newestShown(shown)
        : undefined
      : w.newestOfRead(shown, logs.length),
    undefined,
    t,
  );
}
