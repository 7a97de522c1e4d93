/**
 * The review queue end to end, single-community mode: `/loa list status:pending` oldest first, each
 * row with its wait, and the rows past REPORTS_REVIEW_AFTER_HOURS marked. The sandbox's LOAs are
 * dated around the clock it was started at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loa } from '../../generated/api.js';
import { ENGLISH } from '../../src/i18n/words.js';
import { matchesLoaFilter, readStatusCodes } from '../../src/reports/leave.js';
import { control, embedOf, startWorld, type World } from './world.js';

const AFTER_HOURS = 24;
let world: World;

beforeAll(async () => {
  world = await startWorld({ env: { REPORTS_REVIEW_AFTER_HOURS: String(AFTER_HOURS) } });
});
afterAll(async () => {
  await world?.close();
});

/** The LOA ids of a page, in its "Open…" select's order (the rows' order). */
function openIds(message: { components?: unknown[] } | null | undefined): string[] {
  const rows = (message?.components ?? []) as Array<{
    components?: Array<{ options?: Array<{ value: string }> }>;
  }>;
  return rows.flatMap((r) => r.components ?? []).flatMap((c) => (c.options ?? []).map((o) => o.value));
}

describe('/loa list status:pending (REPORTS_REVIEW_AFTER_HOURS set)', () => {
  it('lists the pending LOAs oldest first, each with its wait, those past the threshold marked', async () => {
    const list = async () =>
      (
        await world.double.slash(world.mod, 'loa', { subcommand: 'list', options: { status: 'pending' } })
      ).response();
    let answer = await list();
    for (let i = 0; i < 10 && /not every page read yet/.test(embedOf(answer.message).footer?.text ?? ''); i++)
      answer = await list();
    const loas = world.sandbox.dataset.loas;
    const byId = new Map<string, Loa>(loas.map((l) => [String(l.id), l]));
    const now = Math.floor(Date.now() / 1000);
    const readings = readStatusCodes(loas);
    const pending = loas.filter((l) => matchesLoaFilter(l, 'pending', readings, now));
    const oldest = [...pending].sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));

    const pages = [answer];
    pages.push(
      await (await world.double.click(world.mod, answer.message!, control(answer.message, '▶'))).response(),
    );
    const ids = pages.flatMap((page) => openIds(page.message));
    expect(ids).toEqual(oldest.slice(0, 20).map((l) => l.id));

    const rows = pages.flatMap((page) => embedOf(page.message).description?.split('\n') ?? []);
    expect(rows).toHaveLength(20);
    let marked = 0;
    rows.forEach((row, i) => {
      const loa = byId.get(ids[i] ?? '');
      expect(row).toContain(' · waiting ');
      // A row a minute from the threshold may cross it between the bot's clock and this one.
      const waited = now - (loa?.createdAt ?? now);
      if (Math.abs(waited - AFTER_HOURS * 3600) < 120) return;
      const over = waited > AFTER_HOURS * 3600;
      expect(row.includes(ENGLISH.loa.overdue(AFTER_HOURS))).toBe(over);
      if (over) marked++;
    });
    // The oldest of a generated community's pending LOAs waited longer than a day.
    expect(marked).toBeGreaterThan(0);
  });
});
