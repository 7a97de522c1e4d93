/**
 * Values whose inner shape the API does not describe (reasonHistory, extensionRequests, editedBy,
 * proof, breakTimestamps, presets, sections, questions, the audit-log description) are shown as a
 * count plus the readable scalar content of each entry: never raw JSON, never a crash.
 */
import type { Words } from '../i18n/words.js';
import { LIMITS, NONE, safeLine, truncate } from './format.js';

const MAX_ENTRIES = 5;
const MAX_PAIRS = 4;

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys that, by their name, hold a Unix-seconds timestamp. */
export function isTimeKey(key: string): boolean {
  return /(At|_at|timestamp|Timestamp|time|Time|start|end|Start|End)$/.test(key);
}

/** A scalar as short readable text, or undefined when it has no readable form. */
function scalar(key: string, value: unknown, t: Words): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : safeLine(value, 120);
  if (typeof value === 'boolean') return value ? t.records.yes : t.records.no;
  if (typeof value === 'number' && Number.isFinite(value)) {
    return isTimeKey(key) && value > 0 ? t.f.date(value) : String(value);
  }
  return undefined;
}

/** The readable content of one entry: "key: value, key: value", or a bare scalar. */
export function describeEntry(entry: unknown, t: Words): string {
  const direct = scalar('', entry, t);
  if (direct !== undefined) return direct;
  if (!isRecord(entry)) return Array.isArray(entry) ? t.records.items(entry.length) : NONE;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    const text = scalar(key, value, t);
    if (text !== undefined) pairs.push(`${safeLine(key, 30)}: ${text}`);
    if (pairs.length === MAX_PAIRS) break;
  }
  const rest = Object.keys(entry).length - pairs.length;
  if (pairs.length === 0) return rest > 0 ? t.records.fields(rest) : NONE;
  return rest > 0 ? `${pairs.join(', ')} ${t.records.pairsMore(rest)}` : pairs.join(', ');
}

/**
 * A count and the first entries of an open-shaped array or object, within one field value, each
 * entry as `describe` reads it (describeEntry by default). None (an empty list or object) is NONE:
 * a detail view leaves the field out. `t`: the reader's words for the count and "… and N more".
 */
export function describeEntries(
  value: unknown,
  max: number = LIMITS.fieldValue,
  describe: ((entry: unknown) => string) | undefined,
  t: Words,
): string {
  if (value === undefined || value === null) return NONE;
  const entries = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  if (entries.length === 0) return NONE;
  const head = Array.isArray(value) ? t.records.entries(entries.length) : '';
  const each = describe ?? ((entry: unknown) => describeEntry(entry, t));
  const lines = entries.slice(0, MAX_ENTRIES).map((e) => `• ${each(e)}`);
  if (entries.length > MAX_ENTRIES) lines.push(t.records.andMore(entries.length - MAX_ENTRIES));
  return truncate([head, ...lines].filter(Boolean).join('\n'), max);
}
