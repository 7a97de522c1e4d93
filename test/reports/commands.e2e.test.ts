/**
 * The report commands end to end: the real bot (discord.js, HTTP client, cache, store) against the
 * sandbox API and the Discord double. Expected figures are worked out here from the sandbox's data
 * with plain arithmetic, not with the report code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loa, Shift } from '../../generated/api.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { generateDataset } from '../doubles/sandbox/index.js';
import { control, embedOf, startWorld, type World } from '../e2e/world.js';
import { injectSelectOption } from '../reliability/support.js';

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const dataset = generateDataset({
  seed: 3,
  baseTime: NOW - 3600,
  shifts: 1_200,
  loas: 150,
  members: 80,
  roles: 8,
  activeShifts: 6,
});
const quotaHours = 1;
let world: World;

beforeAll(async () => {
  world = await startWorld({
    sandbox: { dataset },
    env: {
      REPORTS_QUOTAS: dataset.roles.map((r) => `${r.id}=${quotaHours}`).join(','),
      REPORTS_TIME_ZONE: 'UTC',
    },
  });
});
afterAll(async () => {
  await world?.close();
});

async function slash(name: string, subcommand: string, options: Record<string, unknown> = {}) {
  const handle = await world.double.slash(world.mod, name, { subcommand, options: options as never });
  return handle.response();
}

/** Net seconds of a shift inside [from, to), breaks taken off (the sandbox's breaks never overlap). */
function naiveNet(s: Shift, from: number, to: number, now: number): number {
  const start = s.createdAt ?? 0;
  const end = s.endedAt || now;
  const clip = (a: number, b: number) => Math.max(0, Math.min(b, to, end) - Math.max(a, from, start));
  let net = clip(start, end);
  for (const b of (s.breakTimestamps ?? []) as Array<{ startedAt: number; endedAt: number }>)
    net -= clip(b.startedAt, b.endedAt || end);
  return net;
}

function naiveTotals(from: number, to: number, now: number) {
  const totals = new Map<string, { seconds: number; shifts: number }>();
  for (const s of dataset.shifts) {
    const start = s.createdAt ?? 0;
    const end = s.endedAt || now;
    if (Math.min(end, to) <= Math.max(start, from)) continue;
    const row = totals.get(s.memberId) ?? { seconds: 0, shifts: 0 };
    row.seconds += naiveNet(s, from, to, now);
    row.shifts++;
    totals.set(s.memberId, row);
  }
  return [...totals.entries()].sort((a, b) => b[1].seconds - a[1].seconds);
}

const onLeaveNow = (l: Loa, now: number) =>
  !!l.startedAt &&
  l.startedAt <= now &&
  !l.endedAt &&
  !l.cancelledAt &&
  !l.expiredAt &&
  !l.denyReason &&
  (!l.endAt || l.endAt > now);

/** A member as a list line shows them when the directory does not know them: their short id. */
const short = (id: string | undefined) => `\`…${String(id).slice(-8)}\``;

describe('/shift totals', () => {
  it('ranks members by time on duty net of breaks, from one snapshot read, and says how old it is', async () => {
    const before = world.sandbox.requests.length;
    const answer = await slash('shift', 'totals', { period: '30-days' });
    const now = Math.floor(Date.now() / 1000);
    expect(answer.ephemeral).toBe(true);
    const embed = embedOf(answer.message);
    const expected = naiveTotals(now - 30 * DAY, now, now);
    expect(embed.title).toMatch(/^Time on duty · Last 30 days \(.* UTC\)$/);
    expect(embed.footer?.text).toMatch(
      new RegExp(
        `^Page 1 of ${Math.ceil(expected.length / 10)} · ${expected.length} members · (Data as of|Saved data \\(under a minute old\\) as of)$`,
      ),
    );
    // A machine short of CPU may answer without the chart, saying so in a line of its own.
    const rows = (embed.description?.split('\n') ?? []).filter((r) => r !== ENGLISH.charts.unavailable);
    expect(rows).toHaveLength(Math.min(10, expected.length));
    // The top member and their shift count, as worked out here.
    const [topId, top] = expected[0] ?? [];
    expect(rows[0]).toContain(`**1.** ${short(topId)} · `);
    expect(rows[0]).toContain(`${top?.shifts} shift`);
    // 12 pages of shifts, 2 of LOAs, 1 of members, 1 of roles: 16 reads of 100.
    const reads = world.sandbox.requests.slice(before).filter((r) => r.operationId?.startsWith('list'));
    expect(reads).toHaveLength(16);
    expect(reads.every((r) => r.query.limit === '100')).toBe(true);

    // Another report now reads nothing: the snapshot is shared.
    const again = world.sandbox.requests.length;
    await slash('quota', 'check', { period: 'this-week' });
    await slash('loa', 'active');
    expect(world.sandbox.requests.length).toBe(again);
    expect(world.double.allowedMentionsViolations()).toEqual([]);
  });

  it("opens a member's shifts in the period from the list, and for one member directly", async () => {
    const answer = await slash('shift', 'totals', { period: '30-days' });
    const now = Math.floor(Date.now() / 1000);
    const [topId, top] = naiveTotals(now - 30 * DAY, now, now)[0] ?? [];
    const open = control(answer.message, 'Open…');
    const select = (
      (answer.message?.components ?? []) as Array<{
        components: Array<{ options?: Array<{ value: string }> }>;
      }>
    )
      .flatMap((r) => r.components)
      .find((c) => c.options)?.options?.[0]?.value;
    expect(select).toBeDefined();
    const opened = await (
      await world.double.select(world.mod, answer.message!, open, [select as string])
    ).response();
    const detail = embedOf(opened.message);
    expect(detail.title).toMatch(new RegExp(`^Member ${topId} · Last 30 days`));
    expect(detail.description).toMatch(new RegExp(`on duty in ${top?.shifts} shifts?`));
    const theirs = dataset.shifts.filter((s) => s.memberId === topId && (s.endedAt || now) > now - 30 * DAY);
    // Their shifts, one line each under the summary (which names them), their ids in their details.
    expect(detail.description?.split('\n')[0]).toContain(short(topId));
    expect(detail.description?.split('\n').length).toBeGreaterThan(Math.min(5, theirs.length));
    expect(detail.footer?.text).toMatch(/^(Data as of|Saved data \(under a minute old\) as of)$/);

    const direct = await slash('shift', 'totals', { period: '30-days', 'member-id': topId });
    expect(embedOf(direct.message).description).toMatch(new RegExp(`on duty in ${top?.shifts} shifts?`));
  });

  it('gives exact net times for a closed period (last month, every shift in it ended)', async () => {
    const answer = await slash('shift', 'totals', { period: 'last-month' });
    const now = new Date();
    const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1) / 1000;
    const to = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) / 1000;
    const expected = naiveTotals(from, to, Math.floor(Date.now() / 1000));
    const rows = embedOf(answer.message).description?.split('\n') ?? [];
    expect(expected.length).toBeGreaterThan(0);
    expected.slice(0, rows.length).forEach(([id, t], i) => {
      expect(rows[i]).toContain(`${short(id)} · ${ENGLISH.f.duration(t.seconds)} · ${t.shifts} shift`);
    });
  });

  it('filters by type and wave, and an empty period says so', async () => {
    const answer = await slash('shift', 'totals', { period: 'last-month', type: 'no-such-type' });
    const embed = embedOf(answer.message);
    expect(embed.description).toBe('No shifts in this period.');
    expect(embed.title).toContain('type no-such-type');
  });
});

describe('/loa active and upcoming', () => {
  it('lists who is on leave now with return dates', async () => {
    const answer = await slash('loa', 'active');
    const now = Math.floor(Date.now() / 1000);
    const expected = dataset.loas.filter((l) => onLeaveNow(l, now));
    const embed = embedOf(answer.message);
    expect(embed.title).toBe('On leave now');
    expect(embed.footer?.text).toMatch(new RegExp(`· ${expected.length} LOAs? ·`));
    for (const row of embed.description?.split('\n') ?? []) {
      // Led by the member (their short id: nobody here taught the directory who they are).
      const tail = /^`…([0-9a-f]{8})` · back /.exec(row)?.[1];
      expect(expected.some((l) => String(l.memberId).endsWith(`${tail}`))).toBe(true);
    }
  });

  it('lists leave starting within N days', async () => {
    const answer = await slash('loa', 'upcoming', { days: 30 });
    const now = Math.floor(Date.now() / 1000);
    const expected = dataset.loas.filter(
      (l) =>
        !!l.reviewedAt &&
        !l.startedAt &&
        !l.cancelledAt &&
        !l.denyReason &&
        (l.startAt ?? 0) > now &&
        (l.startAt ?? 0) <= now + 30 * DAY,
    );
    const embed = embedOf(answer.message);
    expect(embed.title).toBe('Leave starting within 30 days');
    expect(embed.footer?.text).toMatch(new RegExp(`· ${expected.length} LOAs? ·`));
  });
});

describe('/quota check', () => {
  it('gives every member holding a role with a quota: pass, fail or on leave', async () => {
    const answer = await slash('quota', 'check', { period: '30-days' });
    const now = Math.floor(Date.now() / 1000);
    const holders = dataset.members.filter((m) => (m.roles ?? []).length > 0);
    const embed = embedOf(answer.message);
    expect(embed.footer?.text).toMatch(new RegExp(`· ${holders.length} members ·`));
    const [summary] = embed.description?.split('\n') ?? [];
    const [pass, fail, leave] = (summary?.match(/\d+/g) ?? []).map(Number);
    expect((pass ?? 0) + (fail ?? 0) + (leave ?? 0)).toBe(holders.length);
    // Someone on leave right now holds a role: exempt, whatever they did.
    const away = holders.find((m) => dataset.loas.some((l) => l.memberId === m.id && onLeaveNow(l, now)));
    expect(away).toBeDefined();
    if (away) {
      const totals = new Map(naiveTotals(now - 30 * DAY, now, now));
      const all = await collectQuotaRows(answer.message);
      expect(all.find((r) => r.includes(short(away.id)))).toMatch(/^`…[0-9a-f]{8}` · 🌴 on leave/);
      // And one who is not away: pass exactly when they did the hour.
      const present = holders.find(
        (m) => m.id !== away.id && !dataset.loas.some((l) => l.memberId === m.id && l.startedAt),
      );
      expect(present).toBeDefined();
      if (present) {
        const done = totals.get(present.id)?.seconds ?? 0;
        expect(all.find((r) => r.includes(short(present.id)))).toMatch(
          done >= quotaHours * 3600 ? / · ✅ pass · / : / · ❌ fail · /,
        );
      }
    }
  });
});

describe('bad input', () => {
  it('a forged "Open…" value gets one sentence and reads nothing', async () => {
    const answer = await slash('shift', 'totals', { period: '30-days' });
    const before = world.sandbox.requests.length;
    const open = control(answer.message, 'Open…');
    // A select option the bot never offered (as a modified client could send).
    injectSelectOption(world.double, answer.message!.id, open, 'decade|x');
    const reply = await (
      await world.double.select(world.mod, answer.message!.id, open, ['decade|x'])
    ).response();
    expect(reply.message?.content).toBe(MESSAGES.cannotOpen);
    expect(world.sandbox.requests.length).toBe(before);
  });
});

async function collectQuotaRows(message: Parameters<typeof control>[0]): Promise<string[]> {
  const rows: string[] = [];
  let current = message;
  for (;;) {
    const embed = embedOf(current as never);
    rows.push(...(embed.description?.split('\n').slice(rows.length === 0 ? 1 : 1) ?? []));
    const footer = embed.footer?.text ?? '';
    const [, page, pages] = /^Page (\d+) of (\d+)/.exec(footer) ?? [];
    if (page === pages) return rows;
    current = (
      await (await world.double.click(world.mod, current as never, control(current, '▶'))).response()
    ).message;
  }
}
