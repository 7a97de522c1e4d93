/**
 * "Export CSV": every row of a list view as CSV attachments, sent to the moderator who clicked.
 *
 * The list is read in pages of 100 (one request each) through the same reads as the list itself, so
 * pages already saved cost nothing. Before anything is spent the export counts the pages it has no
 * saved copy of; when those would eat into the monthly allowance's reserve (or the allowance is
 * spent) it answers one sentence with the number of requests it needs and when that will be
 * possible, and reads nothing more. A short limit (e.g. 30 a minute) only slows it: a page that has
 * to wait is read again after the wait, within the interaction's life. See docs/api-decisions.md.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { isApiError, isNotSaved } from '../../api/errors.js';
import { API_PAGE_SIZE, cutPage, mergeSources, pageItems, type Source } from '../../api/pages.js';
import type { Fetched, ReadOptions } from '../../api/types.js';
import { uniqueById } from '../../api/unique.js';
import type { Words } from '../../i18n/words.js';
import { type CsvColumn, csvFilesSliced, genericColumnsSliced } from '../../render/csv.js';
import { discordUserOf } from '../../render/people.js';
import { type Payload, textsOf, UserError } from '../replies.js';
import { planHold } from './allowance.js';
import { peopleOf } from './show.js';
import type { ListEnvelope, ListView, ShowContext } from './views.js';

/** Pages of 100 an export reads at most (10,000 rows). */
const EXPORT_MAX_PAGES = 100;
/** Discord's smallest upload limit for a bot, used when the interaction does not say its own. */
const UPLOAD_FLOOR_BYTES = 8 * 1024 * 1024;
/** Room kept in each upload for the rest of the request (payload_json, multipart headers). */
const REQUEST_MARGIN_BYTES = 64 * 1024;
/** Messages an export is sent in at most (one file each). */
const EXPORT_MAX_FILES = 10;
/** Longest an export waits for the directory of who is who (then the column is left empty). */
const EXPORT_DIRECTORY_MS = 3_000;
/** Longest an export waits on short limits in all (the interaction's token lives 15 minutes). */
const EXPORT_MAX_WAIT_MS = 10 * 60 * 1000;

export { type ExportVerdict, exportVerdict } from './allowance.js';

/** What an export needs besides the list and its community: Discord's upload limit. */
interface ExportOptions {
  /** The interaction's upload limit in bytes (discord.js `attachmentSizeLimit`). */
  uploadLimit?: number;
  /** For tests: how waits are made. */
  sleep?: (ms: number) => Promise<unknown>;
}

/** The export's sentences, said in the reader's language. */
const says = textsOf('export');

/** A file name made of safe characters from the view and its argument, in the reader's words. */
function fileName(view: string, arg: string, part: number, parts: number, t: Words): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  const base = ['rollcall', safe(view), safe(arg).slice(0, 40)].filter(Boolean).join('-');
  return `${safe(t.export.fileName(base, part, parts).replace(/\.csv$/, ''))}.csv`;
}

/**
 * The `discord_user_id` column of a view that shows people: the Discord user of each record's own
 * member (its first `people` id), as the community's directory knows them ('' otherwise).
 */
async function discordUserColumn<T>(
  view: ListView<T, unknown, Fetched<ListEnvelope<T>>>,
  items: readonly T[],
  ctx: ShowContext,
): Promise<CsvColumn<T>[]> {
  const own = view.people;
  if (!own) return [];
  // An export is slow anyway: it waits longer for the directory than a page does.
  const people = await peopleOf(ctx.community, items, (item) => own(item).slice(0, 1), EXPORT_DIRECTORY_MS);
  return [{ header: 'discord_user_id', value: (item) => discordUserOf(own(item)[0], people) ?? '' }];
}

/** Every row of `view` for `arg` as CSV, in as many messages as Discord's upload limit needs. */
export async function exportList<T, C, F extends Fetched<ListEnvelope<T>>>(
  view: ListView<T, C, F>,
  arg: string,
  ctx: ShowContext,
  exporting: ExportOptions = {},
): Promise<Payload> {
  const wait = exporting.sleep ?? sleep;
  const deadline = Date.now() + EXPORT_MAX_WAIT_MS;
  const read = async (page: number, options: ReadOptions): Promise<F> => {
    for (;;) {
      try {
        return await view.fetch(ctx.community, arg, { page, limit: API_PAGE_SIZE }, options);
      } catch (error) {
        // A short limit: wait its turn (the reads stay within every limit), as long as time allows.
        if (!isApiError(error) || error.kind !== 'busy') throw error;
        const ms = Math.max(1, error.retryAfterSeconds ?? 1) * 1000;
        if (Date.now() + ms > deadline) throw error;
        await wait(ms);
      }
    }
  };

  const first = await read(1, ctx.options ?? { purpose: 'ask' });
  const { info } = cutPage(first.data, 1, Number.POSITIVE_INFINITY);
  const pages = Math.min(info.totalPages, EXPORT_MAX_PAGES);
  const every = view.everyRow?.(first);
  const reads = every ? [first] : await readRest(first, pages, read, ctx);
  const items = every
    ? every.slice(0, EXPORT_MAX_PAGES * API_PAGE_SIZE)
    : uniqueById(reads.flatMap((r) => pageItems<T>(r.data)));
  const requests = reads.filter((r) => !r.fromCache).length;
  const source: Source = mergeSources(reads);

  const limit =
    exporting.uploadLimit && exporting.uploadLimit > 0 ? exporting.uploadLimit : UPLOAD_FLOOR_BYTES;
  const columns = [
    ...((view.csv ?? (await genericColumnsSliced(items as object[]))) as CsvColumn<T>[]),
    ...(await discordUserColumn(view, items, ctx)),
  ];
  let files: Buffer[];
  try {
    files = await csvFilesSliced(columns, items, limit - REQUEST_MARGIN_BYTES);
  } catch {
    throw new UserError(says.tooLarge(items.length));
  }
  if (files.length > EXPORT_MAX_FILES) throw new UserError(says.tooLarge(items.length));

  const content = says.done({
    rows: items.length,
    total: info.total,
    files: files.length,
    requests,
    fetchedAtSeconds: Math.floor(source.fetchedAt / 1000),
    capped: info.totalPages > EXPORT_MAX_PAGES ? EXPORT_MAX_PAGES * API_PAGE_SIZE : undefined,
  });
  const messages: Payload[] = files.map((file, i) => ({
    content: i === 0 ? content : '',
    embeds: [],
    components: [],
    files: [{ name: fileName(view.id, arg, i + 1, files.length, ctx.t), attachment: file }],
  }));
  const [head, ...more] = messages as [Payload, ...Payload[]];
  return more.length > 0 ? { ...head, followUps: more } : head;
}

/**
 * Pages 2 on of an export, read one at a time after counting what is not saved and holding that
 * much of the month (or refusing with one sentence when the month cannot cover it).
 */
async function readRest<F extends Fetched<unknown>>(
  first: F,
  pages: number,
  read: (page: number, options: ReadOptions) => Promise<F>,
  ctx: ShowContext,
): Promise<F[]> {
  // What is saved costs nothing; count the rest before spending any of it.
  const rest = Array.from({ length: pages - 1 }, (_, i) => i + 2);
  const saved = await Promise.all(
    rest.map((page) =>
      read(page, { purpose: 'saved-only' }).then(
        () => true,
        (error: unknown) => {
          if (isNotSaved(error)) return false;
          throw error;
        },
      ),
    ),
  );
  const needed = saved.filter((s) => !s).length;
  // Held (in every process's view) before anything is spent, until the reads are done.
  const planned = await planHold(ctx.community.allowance.holdMonth, needed);
  if (!planned.ok)
    throw new UserError(says.needs(needed, planned.spare, Math.floor(planned.possibleAt / 1000)));

  // One page at a time: a short limit then delays one read, not a crowd of them.
  const reads: F[] = [first];
  try {
    for (const [i, page] of rest.entries()) {
      const fetched = await read(page, ctx.options ?? { purpose: 'ask' });
      reads.push(fetched);
      // A request spent on a page planned (not saved) is counted by the limits now: no longer
      // held. A saved page refreshed on the way was the pace's request, not one the hold covers.
      if (!fetched.fromCache && !saved[i]) await planned.hold.spent();
    }
  } finally {
    await planned.hold.release();
  }
  return reads;
}
