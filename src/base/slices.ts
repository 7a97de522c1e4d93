/**
 * Long work in slices, so that no report, snapshot, CSV or digest holds the event loop: every other
 * interaction of the process (every community's) waits while it is held, and Discord's 3-second
 * window counts that wait. Work over many records (a community's 100,000 shifts, the pages of its
 * snapshot, the rows of an export) is done `every` records at a time, and between two slices the
 * work pauses for one turn of the event loop (`setImmediate`: timers, I/O and other interactions
 * run first). The slice is counted in records, not timed, so it is the same on every machine and a
 * test can hold it (with an injected `pause`); at about 1–10 µs a record, a slice of SLICE_ITEMS is
 * a few milliseconds, far under the 50 ms budget (docs/reliability.md).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** What a slice's end waits for: by default one turn of the event loop. */
export type Pause = () => Promise<unknown>;

/** Records handled between two pauses. */
export const SLICE_ITEMS = 500;

export interface Slicing {
  /** Records per slice (at least 1). */
  every: number;
  pause: Pause;
}

export const SLICING: Slicing = { every: SLICE_ITEMS, pause: () => nextTurn() };

/**
 * A counter of work done: `step(n)` counts n records and pauses once a slice's worth is done. For
 * loops whose items are of different sizes (a page counts its records) or that await anyway.
 */
export class Slicer {
  private done = 0;

  constructor(private readonly slicing: Slicing = SLICING) {}

  async step(records = 1): Promise<void> {
    this.done += records;
    if (this.done < Math.max(1, this.slicing.every)) return;
    this.done = 0;
    await this.slicing.pause();
  }
}

/** `each(item, index)` for every item, pausing after every `slicing.every` items (never before the first). */
export async function eachSliced<T>(
  items: readonly T[],
  each: (item: T, index: number) => void,
  slicing: Slicing = SLICING,
): Promise<void> {
  const every = Math.max(1, slicing.every);
  for (let start = 0; start < items.length; start += every) {
    if (start > 0) await slicing.pause();
    const end = Math.min(items.length, start + every);
    for (let i = start; i < end; i++) each(items[i] as T, i);
  }
}

/** The items `keep` accepts, in order, tested in slices. */
export async function filterSliced<T>(
  items: readonly T[],
  keep: (item: T) => boolean,
  slicing: Slicing = SLICING,
): Promise<T[]> {
  const out: T[] = [];
  await eachSliced(
    items,
    (item) => {
      if (keep(item)) out.push(item);
    },
    slicing,
  );
  return out;
}

/** `items.map(map)`, in slices. */
export async function mapSliced<T, U>(
  items: readonly T[],
  map: (item: T, index: number) => U,
  slicing: Slicing = SLICING,
): Promise<U[]> {
  const out: U[] = new Array(items.length);
  await eachSliced(
    items,
    (item, i) => {
      out[i] = map(item, i);
    },
    slicing,
  );
  return out;
}
