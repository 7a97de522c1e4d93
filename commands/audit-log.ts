/**
 * /audit-log: the community server's audit log, as a paged list.
 *
 * Audit log entries have no single-item endpoint, so "Open…" stays stateless by naming the entry
 * with the list page it was on: the select value (and the detail view's argument) is
 * `${page}:${id}`. The detail view reads that page again (usually from the cache, as the list just
 * read it) and shows the entry; if the log has shifted since, the next and previous pages are
 * searched too.
 */
import { ApplicationCommandOptionType } from 'discord.js';
import type { AuditLogEntry } from '../generated/api.js';
import { pageInfo, pageItems } from '../src/api/pages.js';
import type { Fetched, ReadOptions, Resources } from '../src/api/types.js';
import { type Command, defineCommand, publicOption } from '../src/discord/command.js';
import { MAX_PAGE } from '../src/discord/paging/custom-id.js';
import { showList } from '../src/discord/paging/show.js';
import { type DetailView, type ListView, PAGE_SIZE } from '../src/discord/paging/views.js';
import { say, UserError } from '../src/discord/replies.js';
import { plainAuditType, renderAuditEntry, renderAuditLogList } from '../src/render/audit-log.js';
import { isoTime } from '../src/render/csv.js';
import { isRecord } from '../src/render/entries.js';
import { openLabel, plainText } from '../src/render/format.js';
import { VIEW } from './view-ids.js';

/** An audit log entry with the list page it was read from. */
interface PagedAuditEntry {
  entry: AuditLogEntry;
  page: number;
}

/** The detail view's argument (and select value) for an entry on a page. */
export function auditEntryArg(page: number, id: string): string {
  return `${page}:${id}`;
}

/**
 * The page and id in a detail view's argument; undefined when it is not one. Any page a control can
 * carry (1..MAX_PAGE, written as auditEntryArg writes it: no leading zeros) is accepted.
 */
export function parseAuditEntryArg(arg: string): { page: number; id: string } | undefined {
  const m = /^([1-9]\d{0,15}):(.+)$/s.exec(arg);
  if (!m) return undefined;
  const page = Number(m[1]);
  if (page < 1 || page > MAX_PAGE) return undefined;
  return { page, id: m[2] as string };
}

/** The entry with `id` on a list page, if it is there. */
export function findAuditEntry(envelope: unknown, id: string): AuditLogEntry | undefined {
  return pageItems(envelope as { data?: AuditLogEntry[] }).find((e) => e.id === id);
}

/**
 * Read the entry named by `arg` (`page:id`): its page first, then the next and the previous page,
 * in case entries were added or removed since the list was shown.
 */
export async function readAuditEntry(
  resources: Resources,
  arg: string,
  options: ReadOptions,
): Promise<Fetched<PagedAuditEntry>> {
  const target = parseAuditEntryArg(arg);
  if (!target) throw new UserError(say.expired);
  const read = (page: number) => resources.listAuditLogs({ page, limit: PAGE_SIZE }, options);
  const first = await read(target.page);
  const found = findAuditEntry(first.data, target.id);
  if (found) return { ...first, data: { entry: found, page: target.page } };
  const { totalPages } = pageInfo(first.data, target.page, pageItems(first.data).length);
  const neighbours = [target.page + 1, target.page - 1].filter(
    (p) => p >= 1 && p <= Math.min(totalPages, MAX_PAGE),
  );
  for (const page of neighbours) {
    const fetched = await read(page);
    const entry = findAuditEntry(fetched.data, target.id);
    if (entry) return { ...fetched, data: { entry, page } };
  }
  throw new UserError(say.auditEntryMoved);
}

/** The first text value of a description, plain, for a select option. */
function plainSummary(description: unknown): string {
  if (!isRecord(description)) return '';
  for (const [key, value] of Object.entries(description)) {
    if (typeof value === 'string' && value.trim() !== '')
      return `${plainText(key, 20)}: ${plainText(value, 70)}`;
  }
  return '';
}

export const auditListView: ListView<PagedAuditEntry> = {
  kind: 'list',
  id: 'audit-log.all',
  takesArg: false,
  fetch: async ({ resources: api }, _arg, query, options) => {
    const fetched = await api.listAuditLogs(query, options);
    const data = pageItems(fetched.data).map((entry) => ({ entry, page: query.page }));
    return { ...fetched, data: { ...fetched.data, data } };
  },
  // The entry's own fields (the page it was read on is Rollcall's, not the API's).
  csv: [
    { header: 'id', value: ({ entry }) => entry.id },
    { header: 'type', value: ({ entry }) => entry.type },
    { header: 'timestamp', value: ({ entry }) => isoTime(entry.timestamp) },
    { header: 'userId', value: ({ entry }) => entry.userId },
    { header: 'applicationId', value: ({ entry }) => entry.applicationId },
    {
      header: 'description',
      value: ({ entry }) => (entry.description === undefined ? '' : JSON.stringify(entry.description)),
    },
  ],
  render: ({ items, info, source }) =>
    renderAuditLogList(
      items.map((i) => i.entry),
      info,
      source,
    ),
  open: {
    detailView: VIEW.auditEntry,
    // The value names the entry by its page; the id itself is never sent to the API.
    canOpen: (value) => parseAuditEntryArg(value) !== undefined,
    option: ({ item: { entry, page }, labels, who }) => {
      if (typeof entry.id !== 'string' || entry.id === '') return undefined;
      const t = who.t;
      return {
        label: openLabel([
          t.auditLog.openKind,
          t.auditLog.openType(plainAuditType(entry, labels)),
          t.f.day(entry.timestamp) || plainText(entry.id, 60),
        ]),
        value: auditEntryArg(page, entry.id),
        description: [t.auditLog.by(plainText(entry.userId, 30)), plainSummary(entry.description)]
          .filter(Boolean)
          .join(' · '),
      };
    },
  },
};

export const auditDetailView: DetailView<PagedAuditEntry> = {
  kind: 'detail',
  id: VIEW.auditEntry,
  fetch: ({ resources }, arg, options) => readAuditEntry(resources, arg, options),
  render: ({ entry, page }, source) => renderAuditEntry(entry, source, page),
};

const data = defineCommand({
  name: 'audit-log',
  description: 'Audit log of the community server',
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'list',
      description: 'List audit log entries; open one to see all its details',
      options: [publicOption],
    },
  ],
});

export const auditLog = {
  data,
  views: [auditListView, auditDetailView],
  async execute({ show }) {
    return showList(auditListView, show);
  },
} satisfies Command;
