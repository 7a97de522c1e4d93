/**
 * What Rollcall keeps of one API record: everything, for every record of ordinary size, and a
 * bounded copy of a hostile one (records may carry extra fields, docs/api-decisions.md). Everything
 * after the read (the cache's serialisation, the byte counts, the saved answers, the reports'
 * snapshot pages) handles each record whole, in one piece of work on the event loop; bounding the
 * record once, as it is parsed, bounds all of them: a page of 100 records keeps at most
 * 100 × RECORD_KEEP_CHARS characters, however large the API's answer.
 *
 * The bound, applied only to a record that passes it (a walk that stops at the first excess):
 * - text longer than KEEP_STRING_CHARS is cut to that length, ending in "…" (Discord shows at most
 *   4,096 characters in one place);
 * - objects and arrays nested deeper than KEEP_DEPTH below the record are left out (the contract's
 *   records nest a few levels; what is shown of an open-shaped value goes two levels down);
 * - the record keeps RECORD_KEEP_CHARS characters of JSON at most, its own fields taken smallest
 *   first until they are spent (the contract's fields are ids, times, codes, names and short lists:
 *   a large extra field cannot push them out); a field that does not fit is cut or left out, and
 *   the fields kept stay in the API's order.
 */

/** Longest text kept in one value. */
export const KEEP_STRING_CHARS = 4_096;
/** Objects and arrays kept down to this depth, the record itself being depth 1. */
export const KEEP_DEPTH = 8;
/** Characters of JSON one record keeps at most (about; each value's own punctuation counted roughly). */
export const RECORD_KEEP_CHARS = 8_192;

type JsonObject = Record<string, unknown>;

/** Left out: a value deeper than KEEP_DEPTH, or past the budget. */
const OMIT = Symbol('omit');

interface Budget {
  left: number;
}

function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return '…';
  return `${text.slice(0, max - 1)}…`;
}

/** `value` bounded to `budget` (spent as it is kept) and to KEEP_DEPTH, or OMIT. */
function bounded(value: unknown, depth: number, budget: Budget): unknown {
  if (budget.left <= 0) return OMIT;
  if (typeof value === 'string') {
    const kept = cutText(value, Math.min(KEEP_STRING_CHARS, budget.left));
    budget.left -= kept.length + 2;
    return kept;
  }
  if (typeof value !== 'object' || value === null) {
    budget.left -= 6;
    return value;
  }
  if (depth > KEEP_DEPTH) return OMIT;
  budget.left -= 2;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const entry of value) {
      const kept = bounded(entry, depth + 1, budget);
      if (kept === OMIT) break;
      out.push(kept);
      budget.left -= 1;
    }
    return out;
  }
  const out: JsonObject = {};
  for (const [key, entry] of Object.entries(value)) {
    budget.left -= key.length + 3;
    const kept = bounded(entry, depth + 1, budget);
    if (kept === OMIT) {
      if (budget.left <= 0) break;
      continue;
    }
    out[key] = kept;
  }
  return out;
}

/**
 * The characters of JSON `value` takes (as the budget counts them), walked only until `max` is
 * passed: then `max + 1`. Deeper than KEEP_DEPTH counts as too large.
 */
function sizeUpTo(value: unknown, depth: number, max: number): number {
  if (typeof value === 'string') return value.length > KEEP_STRING_CHARS ? max + 1 : value.length + 2;
  if (typeof value !== 'object' || value === null) return 6;
  if (depth > KEEP_DEPTH) return max + 1;
  let size = 2;
  if (Array.isArray(value)) {
    for (const entry of value) {
      size += 1 + sizeUpTo(entry, depth + 1, max - size);
      if (size > max) return max + 1;
    }
    return size;
  }
  for (const key in value) {
    size += key.length + 3 + sizeUpTo((value as JsonObject)[key], depth + 1, max - size);
    if (size > max) return max + 1;
  }
  return size;
}

/**
 * The record as Rollcall keeps it: the same object when it is within the bounds (the usual case),
 * else a bounded copy (see the module).
 */
export function keepRecord(record: JsonObject): JsonObject {
  if (sizeUpTo(record, 1, RECORD_KEEP_CHARS) <= RECORD_KEEP_CHARS) return record;
  const budget: Budget = { left: RECORD_KEEP_CHARS - 2 };
  const keys = Object.keys(record);
  // The smallest fields first (the sort is stable: equal sizes stay in the API's order).
  const bySize = keys
    .map((key) => ({ key, size: key.length + 3 + sizeUpTo(record[key], 2, RECORD_KEEP_CHARS) }))
    .sort((a, b) => a.size - b.size);
  const kept = new Map<string, unknown>();
  for (const { key } of bySize) {
    budget.left -= key.length + 3;
    const out = bounded(record[key], 2, budget);
    if (out !== OMIT) kept.set(key, out);
  }
  const out: JsonObject = {};
  for (const key of keys) if (kept.has(key)) out[key] = kept.get(key);
  return out;
}
