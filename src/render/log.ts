/**
 * Moderation log renderers: API object → embed JSON. Pure: a temporary ban is said as of `nowMs`,
 * the time the answer is shown (the command's clock; the data's fetchedAt when none is given), so an
 * entry served from the cache after its unban time never says the ban is still in effect.
 */
import type { APIEmbed } from 'discord.js';
import type { Log } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import type { Words } from '../i18n/words.js';
import { describeEntries } from './entries.js';
import { code, field, isSetTimestamp, NONE, plainText, safeLine, safeText } from './format.js';
import { type CodeLabels, codeLabel, type Labelled, plainCodeLabel } from './labels.js';
import { mark } from './marks.js';
import { detailEmbed, listEmbed } from './page.js';
import { actor } from './people.js';

const COLOUR = 0xed4245;

/**
 * Where a temporary ban stands at `nowMs` (the time the answer is shown). The
 * one place `expired` is read next to `tempBan`/`unbanAt` (docs/api-decisions.md): an entry marked
 * `expired: true` holds no ban in effect, whatever its unban time says.
 * - 'none'      not a temporary ban (tempBan is false)
 * - 'expired'   tempBan on an entry marked expired: not in effect
 * - 'running'   tempBan with an unban time still ahead
 * - 'passed'    tempBan whose unban time has passed
 * - 'no-end'    tempBan without a usable unban time
 * - 'unknown'   tempBan absent or not a boolean
 */
type TempBanState = 'none' | 'expired' | 'running' | 'passed' | 'no-end' | 'unknown';

export function tempBanState(log: Partial<Log>, nowMs: number): TempBanState {
  if (log.tempBan === false) return 'none';
  if (log.tempBan !== true) return 'unknown';
  if (log.expired === true) return 'expired';
  if (!isSetTimestamp(log.unbanAt)) return 'no-end';
  return log.unbanAt * 1000 <= nowMs ? 'passed' : 'running';
}

/** The "Temporary ban" field: until when, and whether that time has passed as of the data. */
export function tempBanText(log: Partial<Log>, nowMs: number, t: Words): string {
  const state = tempBanState(log, nowMs);
  const until = t.f.when(log.unbanAt);
  switch (state) {
    case 'running':
      return t.log.banStillInEffect(until);
    case 'passed':
      return t.log.banTimePassed(until);
    case 'expired':
      return t.log.banExpired(until === NONE ? undefined : until);
    case 'no-end':
      return until === NONE ? t.log.banNoUnbanTime : t.log.banUnbanTime(until);
    case 'none':
      return isSetTimestamp(log.unbanAt) ? t.log.notBannedUnbanSet(until) : t.common.no;
    default:
      return isSetTimestamp(log.unbanAt) ? t.log.unbanTime(until) : NONE;
  }
}

/** Yes or No in the reader's words; anything but a boolean → NONE. */
function yesNo(value: unknown, t: Words): string {
  return value === true ? t.common.yes : value === false ? t.common.no : NONE;
}

/** Emoji flags for a list row: hidden, expired, temporary ban (running or over). */
export function logFlags(log: Partial<Log>, nowMs: number): string {
  const flags: string[] = [];
  if (log.hidden === true) flags.push(mark('hidden'));
  if (log.expired === true) flags.push(mark('expired'));
  const ban = tempBanState(log, nowMs);
  if (ban === 'running' || ban === 'no-end') flags.push(mark('ban'));
  if (ban === 'passed') flags.push(mark('banOver'));
  return flags.join('');
}

/** The log type as its code number (with the server's label for it, if any), else NONE. */
function logType(log: Partial<Log>, labels?: CodeLabels): string {
  return codeLabel(labels, 'logTypes', log.type) ?? NONE;
}

/** The same as plain text (select options). */
export function plainLogType(log: Partial<Log>, labels?: CodeLabels): string {
  return plainCodeLabel(labels, 'logTypes', log.type) ?? NONE;
}

/** One list row: flags, who, what (type and short text), when, id. */
export function logRow(log: Partial<Log>, nowMs: number, labels: CodeLabels | undefined, t: Words): string {
  const flags = logFlags(log, nowMs);
  return [
    `${flags ? `${flags} ` : ''}**${safeLine(log.username, 40)}**`,
    t.log.typeOf(logType(log, labels)),
    safeLine(log.text, 100),
    t.f.date(log.createdAt),
    code(log.id, 40),
  ].join(' · ');
}

export function renderLogList(
  items: Log[],
  info: PageInfo,
  source: Source & Labelled,
  username?: string,
  /** A search that did not read every log: an empty list is not "no logs", only none among those searched. */
  partial = false,
  /** When the list is shown (ms): what each ban's unban time is compared with. */
  nowMs = source.fetchedAt,
): APIEmbed {
  const t = source.t;
  return listEmbed({
    title: username === undefined ? t.log.title : t.log.titleOf(safeLine(username, 100)),
    rows: items.map((log) => logRow(log, nowMs, source.labels, t)),
    info,
    total: t.log.count(info.total),
    source,
    emptyText: partial ? t.log.noneAmongSearched : t.log.empty,
    colour: COLOUR,
    t,
  });
}

/** The text and description of a log, as the embed description. */
function logBody(log: Partial<Log>, t: Words): string {
  return `**${t.log.text}**\n${safeText(log.text, 1000)}\n\n**${t.log.description}**\n${safeText(log.description, 2000)}`;
}

/** One log entry; `nowMs`: when it is shown (what its unban time is compared with). */
export function renderLog(log: Log, source: Source & Labelled, nowMs = source.fetchedAt): APIEmbed {
  const t = source.t;
  const flags = logFlags(log, nowMs);
  const type = logType(log, source.labels);
  return detailEmbed(
    {
      title: `${flags ? `${flags} ` : ''}${t.log.detailTitle(safeLine(log.id, 200), type)}`,
      description: logBody(log, t),
      color: COLOUR,
      fields: [
        field(t.log.gameUsername, safeLine(log.username, 200)),
        field(t.log.gameId, code(log.gameId)),
        field(t.log.type, type),
        field(t.log.typeId, code(log.typeId)),
        field(t.log.created, t.f.when(log.createdAt)),
        field(t.log.createdBy, actor(log.createdBy, source.people)),
        field(t.log.completedBy, actor(log.completedBy, source.people)),
        field(t.log.hidden, yesNo(log.hidden, t)),
        field(t.log.hiddenBy, actor(log.hiddenBy, source.people)),
        field(t.log.expired, yesNo(log.expired, t)),
        field(t.log.expiredAt, t.f.when(log.expiredAt)),
        field(t.log.expiredBy, actor(log.expiredBy, source.people)),
        field(t.log.temporaryBan, tempBanText(log, nowMs, t), false),
        field(t.log.proof, describeEntries(log.proof, 700, undefined, t), false),
        field(t.log.editedBy, describeEntries(log.editedBy, 500, undefined, t), false),
      ],
    },
    source,
    t.log.server(plainText(log.serverId, 40)),
    undefined,
    t,
  );
}
