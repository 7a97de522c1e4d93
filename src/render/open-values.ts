/**
 * Open-shaped objects (whose inner fields the API does not describe) shown key by key, for a
 * detail embed: one line per key, nested arrays and objects through describeEntry. Pure.
 */
import { describeEntries, describeEntry, isRecord, isTimeKey } from './entries.js';
import { formatCount, LIMITS, NONE, safeLine, timestamp, truncate } from './format.js';

const MAX_KEY = 30;
const MAX_OBJECT_LINES = 20;
const MAX_NESTED_ITEMS = 3;

/** One value of an open-shaped object, as one line of readable, escaped text. */
export function describeValue(key: string, value: unknown, max = 300): string {
  if (value === undefined || value === null) return NONE;
  if (typeof value === 'string') return safeLine(value, max);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return NONE;
    if (isTimeKey(key) && value > 0) {
      const shown = timestamp(value);
      return shown === NONE ? String(value) : shown;
    }
    return String(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return truncate('none', max);
    const head = `${formatCount(value.length)} ${value.length === 1 ? 'entry' : 'entries'}`;
    const items = value.slice(0, MAX_NESTED_ITEMS).map(describeEntry);
    const more =
      value.length > MAX_NESTED_ITEMS ? `; … and ${formatCount(value.length - MAX_NESTED_ITEMS)} more` : '';
    return truncate(`${head}: ${items.join('; ')}${more}`, max);
  }
  if (isRecord(value)) return truncate(describeEntry(value), max);
  return NONE;
}

/**
 * An open-shaped object key by key, one line each ("**key**: value"), within `max` characters:
 * at most 20 keys, then "… and N more fields". Not an object → its readable form or NONE.
 */
export function describeObject(value: unknown, max: number = LIMITS.fieldValue): string {
  if (value === undefined || value === null) return NONE;
  if (Array.isArray(value)) return describeEntries(value, max);
  if (!isRecord(value)) return truncate(describeValue('', value, max), max);
  const keys = Object.keys(value);
  if (keys.length === 0) return truncate('None', max);
  const lines = keys
    .slice(0, MAX_OBJECT_LINES)
    .map((key) => `**${safeLine(key, MAX_KEY)}**: ${describeValue(key, value[key])}`);
  const more = (shown: number) => {
    const rest = keys.length - shown;
    return rest > 0 ? [`… and ${formatCount(rest)} more ${rest === 1 ? 'field' : 'fields'}`] : [];
  };
  let text = [...lines, ...more(lines.length)].join('\n');
  while (Array.from(text).length > max && lines.length > 1) {
    lines.pop();
    text = [...lines, ...more(lines.length)].join('\n');
  }
  return truncate(text, max);
}
