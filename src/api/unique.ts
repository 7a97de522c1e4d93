/**
 * Records read over several API pages can repeat: a list that changes while it is read shifts an
 * item onto the next page too. Every whole-list read keeps each record once, the first read.
 */

/**
 * `items` in order with each id kept once, the first seen; items without an id (`undefined`) are
 * all kept, since nothing says two of them are the same record.
 */
export function uniqueById<T>(items: Iterable<T>, idOf: (item: T) => unknown = recordId): T[] {
  const seen = new Set<unknown>();
  const kept: T[] = [];
  for (const item of items) {
    const id = idOf(item);
    if (id !== undefined) {
      if (seen.has(id)) continue;
      seen.add(id);
    }
    kept.push(item);
  }
  return kept;
}

/** An API record's `id`, whatever its type (undefined when it has none). */
function recordId(item: unknown): unknown {
  return typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
}
