/**
 * What a report read covers, one value for every view made from the snapshot (reports, the staff
 * record, digests, leave ahead): whether the lists it needs are read whole, how many of their pages
 * are read of how many there are, how old the oldest page is, and when the pace allows the next
 * read. A renderer states absence ("nobody", "no time", "none") only from a complete coverage; from
 * a partial one it says what it read and what it has not yet. Pure.
 */

/** The snapshot's lists. */
export type SnapshotList = 'shifts' | 'loas' | 'members' | 'roles';

/** How far a snapshot is read: whole or not, and, when its source says, each list's pages. */
export interface SnapshotReading {
  complete: boolean;
  pages?: Partial<Record<SnapshotList, { read: number; total: number | undefined }>>;
  /** When the oldest page was read (ms). */
  source?: { fetchedAt: number };
  /** When the pace allows the next page to be read (ms), when a read was held back. */
  nextReadAt?: number | undefined;
}

export interface Coverage {
  /** Every list the view needs is read whole. */
  complete: boolean;
  /** Pages read of those lists. */
  pagesRead: number;
  /** Pages those lists have; undefined while a list's page 1 (which says how many) is not read. */
  pagesTotal: number | undefined;
  /** When the oldest page was read (ms), when known. */
  readAt?: number;
  /** When the pace allows the next read (ms), when known. */
  nextReadAt?: number;
}

/** Whether one list of the snapshot is read whole (a source that does not count pages: its `complete`). */
export function listWhole(data: SnapshotReading, name: SnapshotList): boolean {
  if (data.pages === undefined) return data.complete;
  const p = data.pages[name];
  return p !== undefined && p.total !== undefined && p.read >= p.total;
}

/** What a read of the lists `needs` covers. */
export function coverageOf(data: SnapshotReading, needs: readonly SnapshotList[]): Coverage {
  const complete = needs.every((name) => listWhole(data, name));
  let pagesRead = 0;
  let pagesTotal: number | undefined = data.pages === undefined ? undefined : 0;
  for (const name of needs) {
    const p = data.pages?.[name];
    pagesRead += p?.read ?? 0;
    pagesTotal = p?.total === undefined || pagesTotal === undefined ? undefined : pagesTotal + p.total;
  }
  return {
    complete,
    pagesRead,
    pagesTotal,
    ...(data.source ? { readAt: data.source.fetchedAt } : {}),
    ...(!complete && data.nextReadAt !== undefined ? { nextReadAt: data.nextReadAt } : {}),
  };
}
