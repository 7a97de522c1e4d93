/**
 * Open-shaped objects (whose inner fields the API does not describe) shown key by key, for a
 * detail embed: one line per key, nested arrays and objects through describeEntry. Pure.
 */

import type { Words } from '../i18n/words.js';
import { describeEntries, describeEntry, isRecord, isTimeKey } from './entries.js';
import { LIMITS, NONE, safeLine, truncate } from './format.js';

const MAX_KEY = 30;
const MAX_OBJECT_LINES = 20;
const MAX_NESTED_ITEMS = 3;

/** One value of an open-shaped object, as one line of readable, escaped text. */
export function describeValue(key: string, value: unknown, max = 300, t: Words): string {
  if (value === undefined || value === null) return NONE;
  if (typeof value === 'string') return safeLine(value, max);
  if (typeof value === 'boolean') return value ? t.records.yes : t.records.no;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return NONE;
    if (isTimeKey(key) && value > 0) {
      const shown = t.f.when(value);
      return shown === NONE ? String(value) : shown;
    }
    return String(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return truncate(t.records.noneInValue, max);
    const head = t.records.entries(value.length);
    const items = value.slice(0, MAX_NESTED_ITEMS).map((entry) => describeEntry(entry, t));
    const more =
      value.length > MAX_NESTED_ITEMS ? `; ${t.records.andMore(value.length - MAX_NESTED_ITEMS)}` : '';
    return truncate(`${head}: ${items.join('; ')}${more}`, max);
  }
  if (isRecord(value)) return truncate(describeEntry(value, t), max);
  return NONE;
}

/**
 * An open-shaped object key by key, one line each ("**key**: value"), within `max` characters:
 * at most 20 keys, then "… and N more fields". Not an object → its readable form or NONE.
 */
export function describeObject(value: unknown, max: number = LIMITS.fieldValue, t: Words): string {
  if (value === undefined || value === null) return NONE;
  if (Array.isArray(value)) return describeEntries(value, max, undefined, t);
  if (!isRecord(value)) return truncate(describeValue('', value, max, t), max);
  const keys = Object.keys(value);
  if (keys.length === 0) return truncate(t.records.none, max);
  const lines = keys
    .slice(0, MAX_OBJECT_LINES)
    .map((key) => `**${safeLine(key, MAX_KEY)}**: ${describeValue(key, value[key], undefined, t)}`);
  const more = (shown: number) => {
    const rest = keys.length - shown;
    return rest > 0 ? [t.records.andMoreFields(rest)] : [];
  };
  let text = [...lines, ...more(lines.length)].join('\n');
  while (Array.from(text).length > max && lines.length > 1) {
    lines.pop();
    text = [...lines, ...more(lines.length)].join('\n');
  }
  return truncate(text, max);
}
