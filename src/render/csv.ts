/**
 * CSV for the "Export CSV" button: pure functions from records to RFC 4180 text.
 *
 * - Fields holding a comma, a double quote, CR or LF are quoted, quotes inside doubled; lines end
 *   with CRLF; the file starts with a UTF-8 byte order mark so spreadsheet programs read accents.
 * - Formula-injection guard: a text cell starting with = + - @ (also after leading white space, and
 *   their full-width forms), a tab, CR or LF is prefixed with ' so a spreadsheet shows it as text
 *   instead of running it (OWASP "CSV injection"). Numbers are
 *   written as numbers and need no guard (their text is digits, '.', 'e' and '-' only).
 * - Timestamps (Unix seconds from the API) are ISO 8601 in UTC; 0 or absent is an empty cell.
 */
import { eachSliced, SLICING, type Slicing } from '../base/slices.js';
import { isoSeconds } from '../i18n/dates.js';

/** What a cell may hold before it is written. */
export type CsvValue = string | number | boolean | null | undefined;

/** One column of an export: its header and the cell of each record. */
export interface CsvColumn<T> {
  header: string;
  value(item: T): CsvValue;
}

/** The byte order mark that starts every export. */
export const BOM = '\uFEFF';
/** Line end (RFC 4180). */
export const CRLF = '\r\n';

/**
 * A cell a spreadsheet may run: after any leading white space (spaces, tabs, line ends, the
 * ideographic space…), a formula sign, ASCII or full-width (＝ ＋ － ＠, which some spreadsheets read
 * as their ASCII forms); or one starting with a tab, CR or LF.
 */
const FORMULA_START = /^(?:[\t\r\n]|[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell made safe to open in a spreadsheet (the formula-injection guard). */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field as written: guarded, then quoted when RFC 4180 asks for it. */
function csvField(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : '';
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else text = guardFormula(value.isWellFormed() ? value : value.toWellFormed());
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record as a line, CRLF included. */
function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvField).join(',') + CRLF;
}

/**
 * A Unix-seconds timestamp as ISO 8601 UTC ("2026-11-23T21:11:19Z"); '' for 0 or absent; the number
 * itself when it is no date Rollcall shows (negative, past year 9999), as the views say it.
 */
export function isoTime(seconds: unknown): CsvValue {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds === 0) return '';
  return isoSeconds(seconds) ?? seconds;
}

/** A field name that holds a Unix-seconds timestamp in the API's records (createdAt, timestamp…). */
function isTimeField(key: string): boolean {
  return /At$/.test(key) || key === 'timestamp';
}

/**
 * The columns when a view names none: every top-level field the records have, in the order first
 * seen. Timestamps (…At, timestamp) become ISO 8601, numbers stay numbers, and arrays and objects are
 * written as JSON.
 */
export function genericColumns(items: readonly object[]): CsvColumn<object>[] {
  const keys = new Set<string>();
  for (const item of items) for (const key of Object.keys(item)) keys.add(key);
  return columnsOfKeys(keys);
}

/** `genericColumns` in slices: what the export runs over its 10,000 records. */
export async function genericColumnsSliced(
  items: readonly object[],
  slicing: Slicing = SLICING,
): Promise<CsvColumn<object>[]> {
  const keys = new Set<string>();
  await eachSliced(
    items,
    (item) => {
      for (const key of Object.keys(item)) keys.add(key);
    },
    slicing,
  );
  return columnsOfKeys(keys);
}

function columnsOfKeys(keys: ReadonlySet<string>): CsvColumn<object>[] {
  return [...keys].map((key) => ({
    header: key,
    value(item: object): CsvValue {
      const v = (item as Record<string, unknown>)[key];
      if (v === undefined || v === null) return '';
      if (typeof v === 'number') return isTimeField(key) ? isoTime(v) : v;
      if (typeof v === 'string' || typeof v === 'boolean') return v;
      return JSON.stringify(v);
    },
  }));
}

/** The header line and one line per record (no BOM). */
export function csvLines<T>(columns: readonly CsvColumn<T>[], items: readonly T[]): string[] {
  return [
    csvLine(columns.map((c) => c.header)),
    ...items.map((item) => csvLine(columns.map((c) => c.value(item)))),
  ];
}

/**
 * The CSV files for `items`, each at most `maxBytes` (UTF-8, BOM included) and each starting with
 * the header, so every part opens on its own. One file when it all fits. Throws when the header and
 * a single record do not fit in `maxBytes` (no split could help).
 */
export function csvFiles<T>(
  columns: readonly CsvColumn<T>[],
  items: readonly T[],
  maxBytes: number,
): Buffer[] {
  const writer = csvWriter(columns, maxBytes);
  for (const item of items) writer.add(item);
  return writer.files();
}

/** `csvFiles` in slices (src/base/slices.ts): what the export runs, so 10,000 rows never hold the event loop. */
export async function csvFilesSliced<T>(
  columns: readonly CsvColumn<T>[],
  items: readonly T[],
  maxBytes: number,
  slicing: Slicing = SLICING,
): Promise<Buffer[]> {
  const writer = csvWriter(columns, maxBytes);
  await eachSliced(items, writer.add, slicing);
  return writer.files();
}

/** Rows encoded to UTF-8 together: a few milliseconds' work at most. */
const ENCODE_ROWS = 250;

/** The files of `csvFiles`, written record by record (`add`), then closed (`files`). */
function csvWriter<T>(columns: readonly CsvColumn<T>[], maxBytes: number) {
  const header = csvLine(columns.map((c) => c.header));
  const start = Buffer.byteLength(BOM + header);
  const files: Buffer[] = [];
  // A file's rows are encoded every ENCODE_ROWS as they come (so in the slices that add them), and
  // the file is those pieces joined: no single step encodes a whole file of 10,000 rows at once.
  let encoded: Buffer[] = [];
  let rows: string[] = [];
  let size = start;
  const encode = () => {
    if (rows.length > 0) encoded.push(Buffer.from(rows.join(''), 'utf8'));
    rows = [];
  };
  const flush = () => {
    encode();
    files.push(Buffer.concat([Buffer.from(BOM + header, 'utf8'), ...encoded]));
    encoded = [];
    size = start;
  };
  return {
    add(item: T): void {
      const row = csvLine(columns.map((c) => c.value(item)));
      const bytes = Buffer.byteLength(row);
      if (start + bytes > maxBytes) throw new Error('one record is larger than the attachment limit');
      if (size + bytes > maxBytes) flush();
      rows.push(row);
      size += bytes;
      if (rows.length >= ENCODE_ROWS) encode();
    },
    files(): Buffer[] {
      if (rows.length > 0 || encoded.length > 0 || files.length === 0) flush();
      return files;
    },
  };
}
