/**
 * The community the staff record's command tests read (`/member view`, `/me` and its lists): its
 * members, the caller (OWNER) linked to one of them or to none, and its report snapshot, served at AT.
 */
import type { Member } from '../../generated/api.js';
import type { Resources } from '../../src/api/types.js';
import type { Community } from '../../src/discord/community.js';
import type { ShowContext } from '../../src/discord/paging/views.js';
import { DEFAULT_REPORT_SETTINGS, type ReportData, type ReportSource } from '../../src/reports/source.js';
import { type Call, fakeResources, OWNER, showContext } from './roster-fakes.js';

/** When the snapshot is served: the tests' clock. */
export const AT = Date.parse('2026-11-26T12:00:00Z');
export const NOW_S = Math.floor(AT / 1000);

/** A whole snapshot served at AT from what was read a minute before; `more` replaces any part. */
export function snapshotAt(more: Partial<ReportData> = {}): ReportData {
  return {
    shifts: [],
    loas: [],
    members: [],
    roles: [],
    source: { fetchedAt: AT - 60_000, fromCache: true, stale: false },
    servedAt: AT,
    complete: true,
    requests: 0,
    ...more,
  };
}

/** A report source answering `data`, with the default settings. */
export function reportSource(data: () => Promise<ReportData>): ReportSource {
  return { data, settings: async () => DEFAULT_REPORT_SETTINGS };
}

interface RecordCommunity {
  members: Member[];
  /** The member the caller (OWNER) is linked to; none: the caller is linked to nobody. */
  linked?: string;
  /** Where every read of the resources is recorded. */
  calls?: Call[];
}

/** The resources of the community: its members, found by id or by the caller's Discord id. */
export function recordResources({ members, linked, calls = [] }: RecordCommunity): Resources {
  return fakeResources({ members, chat: linked === undefined ? {} : { [OWNER]: linked } }, calls);
}

/** The community as the commands are shown it; `more` replaces any part (its reports, logger, rules). */
export function recordShow(community: RecordCommunity, more: Partial<Community> = {}): ShowContext {
  return showContext(recordResources(community), more);
}
