/** Moderation log renderers: API object → embed JSON. Pure (time comes from the data's fetchedAt). */
import type { APIEmbed } from 'discord.js';
import type { Log } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import { describeEntries } from './entries.js';
import {
  code,
  field,
  isSetTimestamp,
  NONE,
  plainText,
  safeLine,
  safeText,
  shortDate,
  timestamp,
  yesNo,
} from './format.js';
import { type CodeLabels, codeLabel, type Labelled, plainCodeLabel } from './labels.js';
import { detailEmbed, listEmbed } from './page.js';
import { actor } from './people.js';

const COLOUR = 0xed4245;

/**
 * Where a temporary ban stands at the time the data was read (`nowMs`, the data's fetchedAt):
 * - 'none'      not a temporary ban (tempBan is false)
 * - 'running'   tempBan with an unban time still ahead
 * - 'passed'    tempBan whose unban time has passed
 * - 'no-end'    tempBan without a usable unban time
 * - 'unknown'   tempBan absent or not a boolean
 */
export type TempBanState = 'none' | 'running' | 'passed' | 'no-end' | 'unknown';

export function tempBanState(log: Partial<Log>, nowMs: number): TempBanState {
  if (log.tempBan === false) return 'none';
  if (log.tempBan !== true) return 'unknown';
  if (!isSetTimestamp(log.unbanAt)) return 'no-end';
  return log.unbanAt * 1000 <= nowMs ? 'passed' : 'running';
}

/** The "Temporary ban" field: until when, and whether that time has passed as of the data. */
export function tempBanText(log: Partial<Log>, nowMs: number): string {
  const state = tempBanState(log, nowMs);
  const until = timestamp(log.unbanAt);
  switch (state) {
    case 'running':
      return `Temporary ban until ${until}\nStill in effect`;
    case 'passed':
      return `Temporary ban until ${until}\nUnban time has passed`;
    case 'no-end':
      return until === NONE ? 'Temporary ban, unban time not set' : `Temporary ban, unban time ${until}`;
    case 'none':
      return isSetTimestamp(log.unbanAt) ? `No (unban time set: ${until})` : 'No';
    default:
      return isSetTimestamp(log.unbanAt) ? `Unban time ${until}` : NONE;
  }
}

/** Emoji flags for a list row: hidden, expired, temporary ban (running or over). */
export function logFlags(log: Partial<Log>, nowMs: number): string {
  const flags: string[] = [];
  if (log.hidden === true) flags.push('🙈');
  if (log.expired === true) flags.push('⌛');
  const ban = tempBanState(log, nowMs);
  if (ban === 'running' || ban === 'no-end') flags.push('⛔');
  if (ban === 'passed') flags.push('🔓');
  return flags.join('');
}

/** The log type as its code number (with the server's label for it, if any), else NONE. */
export function logType(log: Partial<Log>, labels?: CodeLabels): string {
  return codeLabel(labels, 'logTypes', log.type) ?? NONE;
}

/** The same as plain text (select options). */
export function plainLogType(log: Partial<Log>, labels?: CodeLabels): string {
  return plainCodeLabel(labels, 'logTypes', log.type) ?? NONE;
}

/** One list row: flags, who, what (type and short text), when, id. */
export function logRow(log: Partial<Log>, nowMs: number, labels?: CodeLabels): string {
  const flags = logFlags(log, nowMs);
  return [
    `${flags ? `${flags} ` : ''}**${safeLine(log.username, 40)}**`,
    `type ${logType(log, labels)}`,
    safeLine(log.text, 100),
    shortDate(log.createdAt),
    code(log.id, 40),
  ].join(' · ');
}

export function renderLogList(
  items: Log[],
  info: PageInfo,
  source: Source & Labelled,
  username?: string,
): APIEmbed {
  return listEmbed({
    title: username === undefined ? 'Moderation logs' : `Moderation logs of ${safeLine(username, 100)}`,
    rows: items.map((log) => logRow(log, source.fetchedAt, source.labels)),
    info,
    noun: info.total === 1 ? 'log' : 'logs',
    source,
    emptyText: 'No moderation logs found.',
    colour: COLOUR,
  });
}

/** The text and description of a log, as the embed description. */
function logBody(log: Partial<Log>): string {
  return `**Text**\n${safeText(log.text, 1000)}\n\n**Description**\n${safeText(log.description, 2000)}`;
}

export function renderLog(log: Log, source: Source & Labelled): APIEmbed {
  const flags = logFlags(log, source.fetchedAt);
  return detailEmbed(
    {
      title: `${flags ? `${flags} ` : ''}Log ${safeLine(log.id, 200)} · type ${logType(log, source.labels)}`,
      description: logBody(log),
      color: COLOUR,
      fields: [
        field('Game username', safeLine(log.username, 200)),
        field('Game id', code(log.gameId)),
        field('Type', logType(log, source.labels)),
        field('Type id', code(log.typeId)),
        field('Created', timestamp(log.createdAt)),
        field('Created by', actor(log.createdBy, source.people)),
        field('Completed by', actor(log.completedBy, source.people)),
        field('Hidden', yesNo(log.hidden)),
        field('Hidden by', actor(log.hiddenBy, source.people)),
        field('Expired', yesNo(log.expired)),
        field('Expired at', timestamp(log.expiredAt)),
        field('Expired by', actor(log.expiredBy, source.people)),
        field('Temporary ban', tempBanText(log, source.fetchedAt), false),
        field('Proof', describeEntries(log.proof, 700), false),
        field('Edited by', describeEntries(log.editedBy, 500), false),
      ],
    },
    source,
    `Server ${plainText(log.serverId, 40)}`,
  );
}
