import { describe, expect, it } from 'vitest';
import { LOA_STATUS, LOG_TYPE } from './codes.js';
import { DATASET_DEFAULTS, type Dataset, generateDataset, SPECIAL_USERNAMES } from './data.js';
import { quotasSetting, SAMPLE_QUOTA_HOURS } from './data-quotas.js';
import { loadOpenApi } from './openapi-schemas.js';

/** The test's clock: the dataset is made around it (the instant the file runs, held). */
const NOW = Date.now();
const clock = () => NOW;
const ds = generateDataset({ now: clock });
const SNOWFLAKE = /^\d{17,19}$/;
const OBJECT_ID = /^[0-9a-f]{24}$/;
const set = (v: number | undefined): boolean => v !== undefined && v !== 0;

function serialize(d: Dataset): string {
  const { roles, members, loas, logs, shifts, auditLogs, applications, joinRequests, serverId, samples } = d;
  const chatIds = members.map((m) => d.chatIdOf(m.id));
  return JSON.stringify({
    roles,
    members,
    loas,
    logs,
    shifts,
    auditLogs,
    applications,
    joinRequests,
    serverId,
    samples,
    chatIds,
  });
}

describe('generateDataset', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(serialize(generateDataset({ seed: DATASET_DEFAULTS.seed, now: clock }))).toBe(serialize(ds));
    expect(serialize(generateDataset({ seed: DATASET_DEFAULTS.seed, baseTime: ds.baseTime }))).toBe(
      serialize(ds),
    );
    const small = { members: 30, loas: 50, logs: 50, shifts: 50, auditLogs: 50, now: clock };
    expect(serialize(generateDataset({ ...small, seed: 2 }))).toBe(
      serialize(generateDataset({ ...small, seed: 2 })),
    );
    expect(serialize(generateDataset({ ...small, seed: 3 }))).not.toBe(
      serialize(generateDataset({ ...small, seed: 2 })),
    );
  });

  it('is made around the clock it is given, by default the real one', () => {
    expect(ds.baseTime).toBe(Math.floor(NOW / 1000));
    const later = NOW + 40 * 86_400_000 + 1_234;
    const moved = generateDataset({ members: 30, loas: 50, logs: 50, shifts: 50, now: () => later });
    expect(moved.baseTime).toBe(Math.floor(later / 1000));
    // every record is dated around its base time: nothing made before the history reaches or after it
    const times = [...moved.loas, ...moved.shifts, ...moved.logs].map((r) => r.createdAt ?? 0);
    expect(Math.max(...times)).toBeLessThanOrEqual(moved.baseTime);
    expect(Math.min(...times)).toBeGreaterThan(moved.baseTime - 541 * 86_400);
    const before = Math.floor(Date.now() / 1000);
    const real = generateDataset({ members: 5, loas: 5, logs: 5, shifts: 5 }).baseTime;
    expect(real).toBeGreaterThanOrEqual(before);
    expect(real).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('has a realistic size by default, with some very busy members and usernames', () => {
    expect(ds.roles).toHaveLength(20);
    expect(ds.members).toHaveLength(400);
    expect(ds.loas).toHaveLength(1500);
    expect(ds.logs).toHaveLength(5000);
    expect(ds.shifts).toHaveLength(3000);
    expect(ds.auditLogs).toHaveLength(4000);
    expect(ds.applications).toHaveLength(8);
    expect(ds.joinRequests).toHaveLength(200);
    expect(ds.logsByUsername.size).toBeGreaterThan(400);
    expect(ds.loasByMember.get(ds.samples.busyMemberIds[0] ?? '')?.length).toBeGreaterThanOrEqual(30);
    expect(ds.logsByUsername.get(ds.samples.busyUsernames[0] ?? '')?.length).toBeGreaterThanOrEqual(200);
    expect(ds.samples.activeShiftIds.length).toBeGreaterThan(0);
    expect(ds.samples.specialUsernames.length).toBeGreaterThanOrEqual(3);
    expect(ds.samples.memberWithoutLoas).toBeDefined();
  });

  it('keeps every reference valid and every record on the one server', () => {
    const roleIds = new Set(ds.roles.map((r) => r.id));
    const memberIds = new Set(ds.members.map((m) => m.id));
    const applicationIds = new Set(ds.applications.map((a) => a.id));
    expect(ds.members.filter((m) => !(m.roles ?? []).every((r) => roleIds.has(r)))).toEqual([]);
    expect(ds.members.some((m) => (m.roles ?? []).length >= 2)).toBe(true);
    expect(ds.loas.filter((l) => !memberIds.has(l.memberId))).toEqual([]);
    expect(ds.shifts.filter((s) => !memberIds.has(s.memberId))).toEqual([]);
    expect(ds.auditLogs.filter((e) => e.applicationId && !applicationIds.has(e.applicationId))).toEqual([]);
    expect(ds.auditLogs.some((e) => e.applicationId)).toBe(true);
    const all = [
      ...ds.roles,
      ...ds.members,
      ...ds.loas,
      ...ds.logs,
      ...ds.shifts,
      ...ds.auditLogs,
      ...ds.applications,
      ...ds.joinRequests,
    ];
    expect(all.filter((r) => r.serverId !== ds.serverId)).toEqual([]);
  });

  it('gives ids that are unique and chat ids that are snowflakes kept outside the Member record', () => {
    const ids = [ds.roles, ds.members, ds.loas, ds.logs, ds.shifts, ds.auditLogs, ds.applications].flatMap(
      (list) => list.map((r) => r.id),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !OBJECT_ID.test(id))).toEqual([]);
    const chatIds = ds.members.map((m) => ds.chatIdOf(m.id) ?? '');
    expect(new Set(chatIds).size).toBe(chatIds.length);
    expect(chatIds.filter((id) => !SNOWFLAKE.test(id))).toEqual([]);
    expect(ds.members.filter((m, i) => ds.memberByChatId(chatIds[i] ?? '') !== m)).toEqual([]);
    const memberKeys = new Set(ds.members.map((m) => Object.keys(m).sort().join(',')));
    expect([...memberKeys]).toEqual(['createdAt,id,roles,serverId']);
    const joinUsers = ds.joinRequests.map((j) => j.userId);
    expect(new Set(joinUsers).size).toBe(joinUsers.length);
    expect(joinUsers.filter((id) => !SNOWFLAKE.test(id))).toEqual([]);
    expect(joinUsers.some((id) => ds.memberByChatId(id))).toBe(true);
    expect(ds.samples.busyChatIds[0]).toBe(ds.chatIdOf(ds.samples.busyMemberIds[0] ?? ''));
  });

  it('keeps LOA status and lifecycle timestamps consistent', () => {
    const codes = new Set<number>(Object.values(LOA_STATUS));
    const base = ds.baseTime;
    const problems = (loa: (typeof ds.loas)[number]): string[] => {
      const {
        status = -1,
        createdAt = 0,
        startAt = 0,
        endAt = 0,
        startedAt = 0,
        endedAt = 0,
        reviewedAt = 0,
      } = loa;
      const p: string[] = [];
      const check = (ok: boolean, what: string) => ok || p.push(`${loa.id} status ${status}: ${what}`);
      check(codes.has(status), 'unknown status');
      check(createdAt <= base && createdAt <= startAt && startAt < endAt, 'createdAt <= startAt < endAt');
      check(!reviewedAt || reviewedAt >= createdAt, 'reviewedAt >= createdAt');
      check(!startedAt || startedAt >= reviewedAt, 'startedAt >= reviewedAt');
      switch (status) {
        case LOA_STATUS.pending:
          check(!reviewedAt && !startedAt && !endedAt, 'not reviewed, started or ended');
          break;
        case LOA_STATUS.approved:
          check(Boolean(reviewedAt && loa.reviewedBy), 'reviewed');
          check(endAt > base, 'ends in the future');
          check(
            startedAt ? startedAt <= base : startAt > base,
            'started in the past or starts in the future',
          );
          break;
        case LOA_STATUS.denied:
          check(Boolean(reviewedAt && loa.denyReason) && !startedAt, 'reviewed with a reason, never started');
          break;
        case LOA_STATUS.cancelled:
          check((loa.cancelledAt ?? 0) >= createdAt && !startedAt && !endedAt, 'cancelled before starting');
          break;
        case LOA_STATUS.ended:
          check(
            endedAt > startedAt && endedAt < endAt && SNOWFLAKE.test(loa.endedBy ?? ''),
            'ended early by someone',
          );
          break;
        case LOA_STATUS.expired:
          check(loa.expiredAt === endAt && endedAt === endAt && endAt <= base, 'expired at endAt');
          break;
      }
      return p;
    };
    expect(ds.loas.flatMap(problems)).toEqual([]);
    for (const code of codes) expect(ds.loas.some((l) => l.status === code)).toBe(true);
    expect(ds.loas.some((l) => (l.extensionRequests ?? []).length > 0)).toBe(true);
    expect(ds.loas.some((l) => (l.reasonHistory ?? []).length > 0)).toBe(true);
  });

  it('has running shifts (endedAt 0 or absent), at most one per member, and breaks inside shifts', () => {
    const active = ds.shifts.filter((s) => !set(s.endedAt));
    expect(active.length).toBe(DATASET_DEFAULTS.activeShifts);
    expect(new Set(active.map((s) => s.memberId)).size).toBe(active.length);
    for (const shift of ds.shifts) {
      const start = shift.createdAt ?? 0;
      const end = set(shift.endedAt) ? (shift.endedAt ?? 0) : ds.baseTime;
      expect(end).toBeGreaterThan(start);
      for (const b of shift.breakTimestamps ?? []) {
        expect(Number(b.startedAt)).toBeGreaterThanOrEqual(start);
        if (b.endedAt) expect(Number(b.endedAt)).toBeLessThanOrEqual(end);
      }
    }
  });

  it('has logs of every type, some hidden, expired and temporary bans with unbanAt', () => {
    for (const type of Object.values(LOG_TYPE)) expect(ds.logs.some((l) => l.type === type)).toBe(true);
    for (const log of ds.logs) {
      if (log.tempBan) expect(log.unbanAt).toBeGreaterThan(log.createdAt ?? 0);
      else expect(set(log.unbanAt)).toBe(false);
      if (log.hidden) expect(log.hiddenBy).toMatch(SNOWFLAKE);
      if (log.expired) expect(log.expiredAt).toBeGreaterThan(log.createdAt ?? 0);
    }
    expect(ds.logs.some((l) => l.hidden)).toBe(true);
    expect(ds.logs.some((l) => l.expired)).toBe(true);
    expect(ds.logs.some((l) => l.tempBan && (l.unbanAt ?? 0) > ds.baseTime)).toBe(true);
    expect(ds.logs.some((l) => l.tempBan && (l.unbanAt ?? 0) < ds.baseTime)).toBe(true);
    for (const name of SPECIAL_USERNAMES.slice(0, 3))
      expect(ds.logsByUsername.get(name)?.length).toBeGreaterThan(0);
  });

  it('includes text that renderers must handle: markdown, mass and user mentions, long strings', () => {
    const texts = JSON.stringify([ds.loas, ds.logs, ds.applications, ds.auditLogs]);
    expect(texts).toContain('@everyone');
    expect(texts).toContain('@here');
    expect(texts).toMatch(/<@\d{17,19}>/);
    expect(texts).toMatch(/<@&\d{17,19}>/);
    expect(texts).toContain('**');
    expect(texts).toContain('```');
    const longest = Math.max(...ds.logs.map((l) => (l.description ?? '').length));
    expect(longest).toBeGreaterThan(1024);
  });

  it('sends unset fields both as 0/"" and absent, and integer Unix seconds for times', () => {
    expect(ds.loas.some((l) => l.endedBy === '')).toBe(true);
    expect(ds.loas.some((l) => !('endedBy' in l))).toBe(true);
    const times = ds.loas.flatMap((l) => [l.createdAt, l.startAt, l.endAt, l.reviewedAt]).filter(set);
    for (const t of times) {
      expect(Number.isInteger(t)).toBe(true);
      expect(t).toBeLessThan(10_000_000_000);
    }
  });

  it('sorts every list newest first', () => {
    const unsorted = (times: Array<number | undefined>): number =>
      times.filter((t, i) => i > 0 && (times[i - 1] ?? 0) < (t ?? 0)).length;
    for (const list of [ds.roles, ds.members, ds.loas, ds.logs, ds.shifts, ds.applications]) {
      expect(unsorted(list.map((r) => r.createdAt))).toBe(0);
    }
    expect(unsorted(ds.auditLogs.map((e) => e.timestamp))).toBe(0);
    expect(unsorted(ds.joinRequests.map((j) => j.createdAt))).toBe(0);
  });

  it('produces records that all validate against openapi.yaml', () => {
    const openapi = loadOpenApi();
    const envelope = (data: readonly object[]) => ({
      data,
      page: 1,
      pageSize: 100,
      total: data.length,
      totalPages: 1,
    });
    const lists: Array<[string, readonly object[]]> = [
      ['/server/loas', ds.loas],
      ['/server/logs/user/{username}', ds.logs],
      ['/server/audit-logs', ds.auditLogs],
      ['/server/shifts', ds.shifts],
      ['/server/roles', ds.roles],
      ['/server/members', ds.members],
      ['/server/applications', ds.applications],
    ];
    for (const [path, data] of lists) expect(openapi.validate(path, 200, envelope(data)).errors).toEqual([]);
    for (const request of ds.joinRequests) {
      expect(openapi.validate('/server/join-requests/{userId}', 200, request).errors).toEqual([]);
    }
  });

  it('ships sample quotas for staff roles that members hold, as a REPORTS_QUOTAS value', () => {
    const quotas = ds.samples.quotas;
    const names = Object.keys(quotas).map((id) => ds.byId.roles.get(id)?.name);
    expect(names.sort()).toEqual(Object.keys(SAMPLE_QUOTA_HOURS).sort());
    for (const [id, hours] of Object.entries(quotas)) {
      expect(hours).toBe(SAMPLE_QUOTA_HOURS[String(ds.byId.roles.get(id)?.name)]);
      expect(ds.members.some((m) => m.roles?.includes(id))).toBe(true);
    }
    const setting = quotasSetting(quotas);
    expect(setting).toMatch(/^([0-9a-f]{24}=\d+(\.\d+)?)(,[0-9a-f]{24}=\d+(\.\d+)?)*$/);
    expect(setting.split(',')).toHaveLength(Object.keys(SAMPLE_QUOTA_HOURS).length);
    // a role nobody holds gets no quota
    expect(Object.keys(generateDataset({ members: 0 }).samples.quotas)).toEqual([]);
  });

  it('has what the playground’s insight views show: running shifts, idle staff, leave ending tomorrow', () => {
    // at the test's clock and at the playground pictures' instant (2026-11-20 15:00 UTC)
    for (const d of [ds, generateDataset({ baseTime: Date.UTC(2026, 10, 20, 15) / 1000 })]) {
      const { samples, baseTime } = d;
      expect(samples.activeShiftIds.length).toBeGreaterThan(0);
      for (const id of samples.activeShiftIds) {
        const shift = d.byId.shifts.get(id);
        expect(set(shift?.endedAt)).toBe(false);
        expect(shift?.createdAt ?? 0).toBeGreaterThan(baseTime - 86_400);
      }
      expect(samples.idleStaffMemberIds.length).toBeGreaterThan(0);
      const lastStart = (memberId: string) =>
        Math.max(0, ...d.shifts.filter((s) => s.memberId === memberId).map((s) => s.createdAt ?? 0));
      for (const id of samples.idleStaffMemberIds) expect(lastStart(id)).toBeLessThan(baseTime - 14 * 86_400);
      const busy = d.staffChatIds
        .map((c) => d.memberByChatId(c)?.id ?? '')
        .filter((id) => !samples.idleStaffMemberIds.includes(id));
      for (const id of busy) expect(lastStart(id)).toBeGreaterThanOrEqual(baseTime - 14 * 86_400);
      expect(samples.loasEndingTomorrow.length).toBeGreaterThan(0);
      const tomorrow = new Date((baseTime + 86_400) * 1000).toISOString().slice(0, 10);
      for (const id of samples.loasEndingTomorrow) {
        const loa = d.byId.loas.get(id);
        expect(loa?.status).toBe(LOA_STATUS.approved);
        expect(set(loa?.startedAt) && !set(loa?.endedAt)).toBe(true);
        expect(new Date((loa?.endAt ?? 0) * 1000).toISOString().slice(0, 10)).toBe(tomorrow);
      }
    }
  });

  it('has messages naming players whose usernames have logs, and one naming nobody', () => {
    const messages = ds.samples.playerMessages;
    expect(messages.length).toBeGreaterThanOrEqual(3);
    const named = messages.flatMap((m) => m.names);
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const name of named) {
      expect(ds.logsByUsername.get(name)?.length ?? 0).toBeGreaterThan(0);
      const text = JSON.stringify(messages.filter((m) => m.names.includes(name)));
      expect(text).toContain(name);
    }
    expect(messages.some((m) => m.names.length === 0)).toBe(true);
    expect(messages.some((m) => m.embeds.length > 0 && m.names.length > 0)).toBe(true);
    for (const m of messages) expect(ds.memberByChatId(m.authorChatId)).toBeDefined();
    expect(generateDataset({ members: 0 }).samples.playerMessages).toEqual([]);
  });

  it('works for tiny and empty datasets', () => {
    const tiny = generateDataset({
      seed: 3,
      roles: 2,
      members: 3,
      loas: 5,
      logs: 5,
      usernames: 2,
      shifts: 4,
      auditLogs: 3,
    });
    expect(tiny.loas.every((l) => tiny.byId.members.has(l.memberId))).toBe(true);
    expect(tiny.shifts.every((s) => tiny.byId.members.has(s.memberId))).toBe(true);
    const empty = generateDataset({ members: 0, roles: 0, applications: 0, joinRequests: 0 });
    expect([empty.members.length, empty.loas.length, empty.logs.length, empty.shifts.length]).toEqual([
      0, 0, 0, 0,
    ]);
  });
});
