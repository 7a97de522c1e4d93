/**
 * Audit log renderers: API object → embed JSON. Pure. The entry's `description` is an object of
 * undescribed shape: rows show a one-line summary, the detail shows it key by key.
 */
import type { APIEmbed } from 'discord.js';
import type { AuditLogEntry } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import type { Words } from '../i18n/words.js';
import { describeEntry, isRecord } from './entries.js';
import { code, field, NONE, plainText, safeLine, truncate, userMention } from './format.js';
import { type CodeLabels, codeLabel, type Labelled, plainCodeLabel } from './labels.js';
import { describeObject } from './open-values.js';
import { detailEmbed, listEmbed } from './page.js';

const COLOUR = 0xfee75c;

/** The audit type as its code number (with the server's label for it, if any), else NONE. */
function auditType(entry: Partial<AuditLogEntry>, labels?: CodeLabels): string {
  return codeLabel(labels, 'auditTypes', entry.type) ?? NONE;
}

/** The same as plain text (select options). */
export function plainAuditType(entry: Partial<AuditLogEntry>, labels?: CodeLabels): string {
  return plainCodeLabel(labels, 'auditTypes', entry.type) ?? NONE;
}

/** The description's first values on one line, for a list row or a select option. */
export function auditSummary(entry: Partial<AuditLogEntry>, max = 120, t: Words): string {
  const d: unknown = entry.description;
  if (d === undefined || d === null) return NONE;
  if (isRecord(d) && Object.keys(d).length === 0) return NONE;
  return truncate(describeEntry(d, t), max);
}

/** One list row: what (type), who (user), when, summary of the description, id. */
export function auditRow(entry: Partial<AuditLogEntry>, labels: CodeLabels | undefined, t: Words): string {
  return [
    `**${t.auditLog.typeOf(auditType(entry, labels))}**`,
    t.auditLog.by(userMention(entry.userId)),
    t.f.date(entry.timestamp),
    auditSummary(entry, 120, t),
    code(entry.id, 40),
  ].join(' · ');
}

export function renderAuditLogList(
  items: AuditLogEntry[],
  info: PageInfo,
  source: Source & Labelled,
  title?: string,
): APIEmbed {
  const t = source.t;
  return listEmbed({
    title: title ?? t.auditLog.title,
    rows: items.map((entry) => auditRow(entry, source.labels, t)),
    info,
    total: t.auditLog.count(info.total),
    source,
    emptyText: t.auditLog.empty,
    colour: COLOUR,
    t,
  });
}

export function renderAuditEntry(
  entry: AuditLogEntry,
  source: Source & Labelled,
  /** The list page the entry was found on (said "Page 3 of the audit log"). */
  page?: number,
): APIEmbed {
  const t = source.t;
  const type = auditType(entry, source.labels);
  return detailEmbed(
    {
      title: t.auditLog.detailTitle(safeLine(entry.id, 200), type),
      description: `**${t.auditLog.description}**\n${describeObject(entry.description, 3500, t)}`,
      color: COLOUR,
      fields: [
        field(t.auditLog.type, type),
        field(t.auditLog.user, userMention(entry.userId)),
        field(t.auditLog.application, code(entry.applicationId)),
        field(t.auditLog.time, t.f.when(entry.timestamp)),
      ],
    },
    source,
    [t.auditLog.server(plainText(entry.serverId, 40)), page === undefined ? '' : t.auditLog.pageOf(page)]
      .filter(Boolean)
      .join(' · '),
    undefined,
    t,
  );
}
