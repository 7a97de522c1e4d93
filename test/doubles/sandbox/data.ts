/**
 * Deterministic generated data for the sandbox API: one community server with roles, members, LOAs,
 * moderation logs, shifts, audit logs, applications and join requests whose references agree.
 * Every time is placed around `baseTime`, by default the instant the dataset is made (`now`, an
 * injectable clock, default the real one), so "on leave now", "shifts this week" and "ended
 * yesterday" hold on any date. Same options (seed and baseTime included) -> identical dataset.
 */
import { base, en, Faker } from '@faker-js/faker';
import { LOA_STATUS } from './codes.js';
import { type BaseContext, DAY, type GenContext } from './data-context.js';
import { buildApplications, buildAuditLogs, buildJoinRequests } from './data-forms.js';
import { buildLoas } from './data-loas.js';
import { buildLogs, buildUsernames, SPECIAL_USERNAMES } from './data-logs.js';
import { buildPlayerMessages, type SandboxChatMessage } from './data-messages.js';
import { buildMembers, buildRoles } from './data-people.js';
import { sampleQuotas } from './data-quotas.js';
import { buildShifts } from './data-shifts.js';
import { createTextFactory } from './data-text.js';
import { createRng, snowflakeAt } from './random.js';
import type {
  SandboxApplication,
  SandboxAuditLogEntry,
  SandboxJoinRequest,
  SandboxLoa,
  SandboxLog,
  SandboxMember,
  SandboxRole,
  SandboxShift,
} from './types.js';

export { SPECIAL_USERNAMES } from './data-logs.js';

/** Sizes and knobs of a generated dataset. Every field is optional; see DATASET_DEFAULTS. */
export interface DatasetOptions {
  seed?: number;
  /**
   * Unix seconds that "now" is for the data: history lies before it, scheduled LOAs after it.
   * Default: `now()` to the second.
   */
  baseTime?: number;
  /** The clock (ms since the epoch) whose instant is the default `baseTime` (default Date.now). */
  now?: () => number;
  roles?: number;
  members?: number;
  loas?: number;
  logs?: number;
  /** Distinct game usernames the logs are spread over (Zipf-like). */
  usernames?: number;
  shifts?: number;
  /** Shifts running at baseTime (endedAt 0), at most one per staff member. */
  activeShifts?: number;
  auditLogs?: number;
  applications?: number;
  joinRequests?: number;
  /** Share of records that omit their unset fields (0 / '') instead of sending them. */
  absentRate?: number;
}

/** Default dataset size: realistic for a busy community server (its time: see DatasetOptions). */
export const DATASET_DEFAULTS: Required<Omit<DatasetOptions, 'baseTime' | 'now'>> = {
  seed: 1,
  roles: 20,
  members: 400,
  loas: 1_500,
  logs: 5_000,
  usernames: 600,
  shifts: 3_000,
  activeShifts: 25,
  auditLogs: 4_000,
  applications: 8,
  joinRequests: 200,
  absentRate: 0.1,
};

/** Ids that tests, the CLI and the benchmark can use to hit data that exists (or does not). */
export interface DatasetSamples {
  /** Member ids with the most LOAs, busiest first. */
  busyMemberIds: string[];
  /** Chat ids of `busyMemberIds`, same order. */
  busyChatIds: string[];
  /** Game usernames with the most logs, busiest first. */
  busyUsernames: string[];
  /** Usernames that need percent-encoding (spaces, `?`, `#`, `/`, `%`, non-ASCII), each with logs. */
  specialUsernames: string[];
  /** A member with no LOA at all (undefined if every member has one). */
  memberWithoutLoas: string | undefined;
  /** Ids of running shifts (endedAt 0). */
  activeShiftIds: string[];
  /** Chat user ids that have a join request. */
  joinRequestUserIds: string[];
  /** A well-formed id that matches no record of any kind. */
  unknownId: string;
  /** Staff members whose last shift started more than 14 days before baseTime (or who never had one). */
  idleStaffMemberIds: string[];
  /**
   * LOAs running at baseTime (approved, started, not ended) whose end falls on the next calendar day
   * (UTC) after baseTime: leave ending tomorrow. Empty if the dataset has none.
   */
  loasEndingTomorrow: string[];
  /**
   * Messages of the community's Discord naming players whose usernames have logs (a report, a
   * ticket embed), and one naming nobody: what "Check player" is tried on (data-messages.ts).
   */
  playerMessages: SandboxChatMessage[];
  /** Sample activity quotas (community role id → hours per period) for `/quota check`: see data-quotas.ts. */
  quotas: Record<string, number>;
}

/** A generated dataset. Lists are sorted newest first (createdAt / timestamp desc, then id desc). */
export interface Dataset {
  seed: number;
  /** The community server every record belongs to (and every token of the sandbox is scoped to). */
  serverId: string;
  baseTime: number;
  roles: readonly SandboxRole[];
  members: readonly SandboxMember[];
  loas: readonly SandboxLoa[];
  logs: readonly SandboxLog[];
  shifts: readonly SandboxShift[];
  auditLogs: readonly SandboxAuditLogEntry[];
  applications: readonly SandboxApplication[];
  joinRequests: readonly SandboxJoinRequest[];
  /** Single-record lookups. */
  byId: {
    loas: ReadonlyMap<string, SandboxLoa>;
    logs: ReadonlyMap<string, SandboxLog>;
    shifts: ReadonlyMap<string, SandboxShift>;
    roles: ReadonlyMap<string, SandboxRole>;
    members: ReadonlyMap<string, SandboxMember>;
    applications: ReadonlyMap<string, SandboxApplication>;
    /** Keyed by the join request's chat `userId`. */
    joinRequests: ReadonlyMap<string, SandboxJoinRequest>;
  };
  /** A member's LOAs, newest first. */
  loasByMember: ReadonlyMap<string, readonly SandboxLoa[]>;
  /** A game username's logs, newest first (exact, case-sensitive match). */
  logsByUsername: ReadonlyMap<string, readonly SandboxLog[]>;
  /** The sandbox-internal chat id (Discord snowflake) of a member; not part of the Member response. */
  chatIdOf(memberId: string): string | undefined;
  /** The member whose chat id this is. */
  memberByChatId(chatId: string): SandboxMember | undefined;
  /** Chat ids of members who are staff (they review, moderate and work shifts). */
  staffChatIds: readonly string[];
  samples: DatasetSamples;
}

const newestFirst =
  <T extends { id: string }>(time: (item: T) => number | undefined) =>
  (a: T, b: T): number =>
    (time(b) ?? 0) - (time(a) ?? 0) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

function groupBy<T>(items: readonly T[], key: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

function createContext(seed: number, baseTime: number, absentRate: number): BaseContext {
  const rng = createRng(seed);
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  const ids = new Set<string>();
  const snowflakes = new Set<string>();
  const id = (at: number): string => {
    for (;;) {
      const candidate = Math.max(0, Math.floor(at)).toString(16).padStart(8, '0') + rng.hex(16);
      if (!ids.has(candidate)) {
        ids.add(candidate);
        return candidate;
      }
    }
  };
  const snowflake = (at: number): string => {
    for (;;) {
      const candidate = snowflakeAt(rng, at);
      if (!snowflakes.has(candidate)) {
        snowflakes.add(candidate);
        return candidate;
      }
    }
  };
  const serverId = id(baseTime - 800 * DAY);
  return { rng, faker, serverId, baseTime, id, snowflake, absent: () => rng.chance(absentRate) };
}

/**
 * Generates a dataset. Deterministic: the same options give an identical dataset.
 * @example const ds = generateDataset({ seed: 7, members: 50 }); ds.chatIdOf(ds.members[0].id)
 */
export function generateDataset(options: DatasetOptions = {}): Dataset {
  const { now = Date.now, ...sizes } = stripUndefined(options);
  const o = { ...DATASET_DEFAULTS, baseTime: Math.floor(now() / 1000), ...sizes };
  const partial = createContext(o.seed, o.baseTime, o.absentRate);
  const roles = buildRoles(partial, o.roles);
  const seeds = buildMembers(partial, o.members, roles);
  const staff = seeds.filter((s) => s.staff);
  const staffOrAll = staff.length > 0 ? staff : seeds;
  const staffChatIds = staffOrAll.map((s) => s.chatId);
  const chatRoleIds = roles.map((r) => r.linkedChatRoleId).filter((v): v is string => Boolean(v));
  const mentionIds = seeds.length > 0 ? seeds.map((s) => s.chatId) : ['100000000000000000'];
  const text = createTextFactory(
    partial.rng,
    partial.faker,
    mentionIds,
    chatRoleIds.length > 0 ? chatRoleIds : mentionIds,
  );
  const ctx: GenContext = { ...partial, text };
  const loas = seeds.length > 0 ? buildLoas(ctx, o.loas, seeds, staffChatIds) : [];
  const usernames = buildUsernames(ctx, o.usernames);
  const logs =
    usernames.length > 0 && seeds.length > 0 ? buildLogs(ctx, o.logs, usernames, staffChatIds) : [];
  const shifts = seeds.length > 0 ? buildShifts(ctx, o.shifts, o.activeShifts, staffOrAll) : [];
  const applications = buildApplications(
    ctx,
    o.applications,
    chatRoleIds.length > 0 ? chatRoleIds : mentionIds,
  );
  const auditLogs =
    seeds.length > 0
      ? buildAuditLogs(ctx, o.auditLogs, applications, staffChatIds, {
          loaIds: loas.map((l) => l.id),
          logs,
          roles,
        })
      : [];
  const joinRequests = buildJoinRequests(
    ctx,
    o.joinRequests,
    seeds.map((s) => s.chatId),
  );

  const byCreated = newestFirst<{ id: string; createdAt?: number }>((x) => x.createdAt);
  const members = seeds.map((s) => s.member).sort(byCreated);
  roles.sort(byCreated);
  loas.sort(byCreated);
  logs.sort(byCreated);
  shifts.sort(byCreated);
  applications.sort(byCreated);
  auditLogs.sort(newestFirst((x) => x.timestamp));
  joinRequests.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0) || (a.userId < b.userId ? 1 : -1));

  const chatByMember = new Map(seeds.map((s) => [s.member.id, s.chatId]));
  const memberByChat = new Map(seeds.map((s) => [s.chatId, s.member]));
  const loasByMember = groupBy(loas, (l) => l.memberId);
  const logsByUsername = groupBy(logs, (l) => l.username);
  const busyMembers = [...loasByMember.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 10);
  const busyUsernames = [...logsByUsername.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 10);
  const unknownId = 'f'.repeat(24);

  return {
    seed: o.seed,
    serverId: partial.serverId,
    baseTime: o.baseTime,
    roles,
    members,
    loas,
    logs,
    shifts,
    auditLogs,
    applications,
    joinRequests,
    byId: {
      loas: new Map(loas.map((x) => [x.id, x])),
      logs: new Map(logs.map((x) => [x.id, x])),
      shifts: new Map(shifts.map((x) => [x.id, x])),
      roles: new Map(roles.map((x) => [x.id, x])),
      members: new Map(members.map((x) => [x.id, x])),
      applications: new Map(applications.map((x) => [x.id, x])),
      joinRequests: new Map(joinRequests.map((x) => [x.userId, x])),
    },
    loasByMember,
    logsByUsername,
    chatIdOf: (memberId) => chatByMember.get(memberId),
    memberByChatId: (chatId) => memberByChat.get(chatId),
    staffChatIds,
    samples: {
      busyMemberIds: busyMembers.map(([id]) => id),
      busyChatIds: busyMembers.map(([id]) => chatByMember.get(id) ?? ''),
      busyUsernames: busyUsernames.map(([name]) => name),
      specialUsernames: SPECIAL_USERNAMES.filter((name) => logsByUsername.has(name)),
      memberWithoutLoas: members.find((m) => !loasByMember.has(m.id))?.id,
      activeShiftIds: shifts.filter((s) => !s.endedAt).map((s) => s.id),
      joinRequestUserIds: joinRequests.map((j) => j.userId),
      unknownId,
      quotas: sampleQuotas(roles, members),
      idleStaffMemberIds: idleStaff(shifts, staffOrAll, o.baseTime),
      loasEndingTomorrow: endingTomorrow(loas, o.baseTime),
      playerMessages: buildPlayerMessages(
        busyUsernames.map(([name]) => name),
        [...seeds.filter((s) => !s.staff), ...seeds].map((s) => s.chatId),
      ),
    },
  };
}

/** Staff whose last shift started more than 14 days before `baseTime`, or who never had one. */
function idleStaff(
  shifts: readonly SandboxShift[],
  staff: readonly { member: SandboxMember }[],
  baseTime: number,
) {
  const lastStart = new Map<string, number>();
  for (const s of shifts) {
    if (!s.memberId) continue;
    lastStart.set(s.memberId, Math.max(lastStart.get(s.memberId) ?? 0, s.createdAt ?? 0));
  }
  return staff.map((s) => s.member.id).filter((id) => (lastStart.get(id) ?? 0) < baseTime - 14 * DAY);
}

/** Running LOAs whose end falls on the calendar day (UTC) after `baseTime`'s. */
function endingTomorrow(loas: readonly SandboxLoa[], baseTime: number): string[] {
  const tomorrow = Math.floor(baseTime / DAY) * DAY + DAY;
  return loas
    .filter(
      (l) =>
        l.status === LOA_STATUS.approved &&
        Boolean(l.startedAt) &&
        !l.endedAt &&
        (l.endAt ?? 0) >= tomorrow &&
        (l.endAt ?? 0) < tomorrow + DAY,
    )
    .map((l) => l.id);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
