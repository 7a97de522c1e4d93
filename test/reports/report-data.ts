/**
 * A report snapshot as the reports read it, read whole (every list one page, all of it), served from
 * the cache at `now` (Unix seconds): what the tests of the reports' arithmetic and views start from.
 */
import { DEFAULT_REPORT_SETTINGS, type ReportData } from '../../src/reports/source.js';

const whole = { read: 1, total: 1 };

export function reportData(now: number, over: Partial<ReportData> = {}): ReportData {
  return {
    shifts: [],
    loas: [],
    members: [],
    roles: [],
    source: { fetchedAt: now * 1000, fromCache: true, stale: false },
    servedAt: now * 1000,
    complete: true,
    pages: { shifts: whole, loas: whole, members: whole, roles: whole },
    requests: 0,
    ...over,
  };
}

/** A report source answering `data()` and the default settings. */
export function reportSourceOf(data: () => ReportData) {
  return { data: async () => data(), settings: async () => DEFAULT_REPORT_SETTINGS };
}
