/**
 * Values whose inner shape the API does not describe (reasonHistory, extensionRequests, editedBy,
 * proof, breakTimestamps, presets, sections, questions, the audit-log description) are shown as a
 * count plus the readable scalar content of each entry: never raw JSON, never a crash.
 */
import { formatCount, LIMITS, NONE, safeLine, shortDate, truncate } from './format.js';

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
function scalar(key: string, value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : safeLine(value, 120);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' && Number.isFinite(value)) {
    return isTimeKey(key) && value > 0 ? shortDate(value) : String(value);
  }
  return undefined;
}

/** The readable content of one entry: "key: value, key: value", or a bare scalar. */
export function describeEntry(entry: unknown): string {
  const direct = scalar('', entry);
  if (direct !== undefined) return direct;
  if (!isRecord(entry)) return Array.isArray(entry) ? `${formatCount(entry.length)} items` : NONE;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    const text = scalar(key, value);
    if (text !== undefined) pairs.push(`${safeLine(key, 30)}: ${text}`);
    if (pairs.length === MAX_PAIRS) break;
  }
  const rest = Object.keys(entry).length - pairs.length;
  if (pairs.length === 0) return rest > 0 ? `${formatCount(rest)} fields` : NONE;
  return rest > 0 ? `${pairs.join(', ')} (+${formatCount(rest)} more)` : pairs.join(', ');
}

/**
 * A count and the first entries of an open-shaped array or object, within one field value, each
 * entry as `describe` reads it. None (an empty list or object) is NONE: a detail view leaves the
 * field out.
 */
export function describeEntries(
  value: unknown,
  max: number = LIMITS.fieldValue,
  describe: (entry: unknown) => string = describeEntry,
): string {
  if (value === undefined || value === null) return NONE;
  const entries = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  if (entries.length === 0) return NONE;
  const head = Array.isArray(value)
    ? `${formatCount(entries.length)} ${entries.length === 1 ? 'entry' : 'entries'}`
    : '';
  const lines = entries.slice(0, MAX_ENTRIES).map((e) => `• ${describe(e)}`);
  if (entries.length > MAX_ENTRIES) lines.push(`… and ${formatCount(entries.length - MAX_ENTRIES)} more`);
  return truncate([head, ...lines].filter(Boolean).join('\n'), max);
}
