/**
 * The shutdown's drain answers every read whose answer is saved with that answer, at once and with
 * its age said, wherever the read stands when Rollcall begins to stop: arriving during the drain
 * (a slash command or a paging button), waiting in the limits' line, or joining a request of the
 * same read already on the wire; only a read that needs the API is told Rollcall is restarting.
 * A request on the wire is never cut before the grace period's end: then its read gets the saved
 * answer if there is one, else the restarting sentence, and either way its one answer reaches
 * Discord before the client closes. Slow requests are held by a sandbox gate, never by a sleep;
 * lists are never fresh (`CACHE_TTL_LIST_SECONDS=0`), so a second read of a page needs the API
 * unless its saved answer stands in.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import type { InteractionHandle, InteractionResponse } from '../doubles/discord/handle.js';
import type { RequestLogEntry } from '../doubles/sandbox/server.js';
import { control, embedOf } from '../e2e/world.js';
import { ask, auditEverything, gate, type ReliableWorld, startReliableWorld, until } from './support.js';

const isShifts = (entry: Readonly<RequestLogEntry>) => entry.path.endsWith('/server/shifts');
const isLoas = (entry: Readonly<RequestLogEntry>) => entry.path.endsWith('/server/loas');

/** Requests the sandbox received (answered or held) for a path ending in `suffix`. */
function received(world: ReliableWorld, suffix: string, arrivedHeld = 0): number {
  return world.sandbox.requests.filter((r) => r.path.endsWith(suffix)).length + arrivedHeld;
}

/** A saved page, as the drain gives it: the page read before, its footer saying it is saved and how old. */
function expectSavedPage(answer: InteractionResponse, before: InteractionResponse): void {
  expect(answer.message?.content ?? '').toBe('');
  const embed = embedOf(answer.message);
  expect(embed.description).toBe(embedOf(before.message).description);
  expect(embed.footer?.text).toMatch(/Saved data/);
  // Its age: Discord shows the embed's timestamp (when the page was read) after "as of".
  expect(timestampOf(answer)).toBe(timestampOf(before));
}

/**
 * Whether `handle` has its final answer yet: an embed, or the restarting sentence (a place-in-line
 * notice edited into a deferred reply while it waits is neither).
 */
function answered(handle: InteractionHandle): boolean {
  const message = handle.message();
  return message?.content === MESSAGES.restarting || (message?.embeds?.length ?? 0) > 0;
}

/** The message `handle` ends with, once it has its final answer (see `answered`). */
async function lastWord(handle: InteractionHandle) {
  await until(() => answered(handle), 30_000, 'the final answer');
  return handle.message();
}

function timestampOf(answer: InteractionResponse): string | undefined {
  return (answer.message?.embeds?.[0] as { timestamp?: string } | undefined)?.timestamp;
}

/** A slash command that reads the API, made slow by a gate: acknowledged (deferred) before the stop. */
async function onTheWire(
  world: ReliableWorld,
  command: string,
  pass: () => number,
): Promise<InteractionHandle> {
  const slow = await world.double.slash(world.mod, command, { subcommand: 'list' });
  await until(() => pass() > 0, 10_000, `the ${command} request on the wire`);
  return slow;
}

/** The list `list` shows turned to `page` through its page-jump modal. */
async function jumpTo(world: ReliableWorld, list: InteractionResponse, page: number) {
  const modal = await (
    await world.double.click(world.mod, list.message!, control(list.message, '1 /'))
  ).response();
  const id = String(modal.modal?.custom_id);
  return (await world.double.submitModal(world.mod, id, { page: String(page) })).response();
}

describe('the drain answers every read whose answer is saved', () => {
  it('a newcomer whose page is saved gets it at once while another read is on the wire; one that needs the API is told Rollcall is restarting', async () => {
    const world = await startReliableWorld({ env: { CACHE_TTL_LIST_SECONDS: '0', API_TIMEOUT_MS: '20000' } });
    try {
      const first = await ask(world, 'loa', { subcommand: 'list' });
      const held = gate(world, isShifts);
      const slow = await onTheWire(world, 'shift', held.arrived);
      const stopping = world.app.stop(10_000);
      const saved = await ask(world, 'loa', { subcommand: 'list' });
      expectSavedPage(saved, first);
      // Answered while the read on the wire is still held: at once, not when the drain ends.
      expect(held.arrived()).toBe(1);
      expect(answered(slow)).toBe(false);
      const unsaved = await ask(world, 'role', { subcommand: 'list' });
      expect(unsaved.message?.content).toBe(MESSAGES.restarting);
      expect(unsaved.ephemeral).toBe(true);
      held.release();
      expect(embedOf((await slow.response()).message).title).toMatch(/shift/i);
      await stopping;
      expect(received(world, '/server/loas')).toBe(1);
      expect(received(world, '/server/roles')).toBe(0);
    } finally {
      await world.close();
    }
  }, 60_000);

  it('a newcomer whose page is saved gets it at once while the drain is held open by a read waiting in line (nothing on the wire)', async () => {
    const world = await startReliableWorld({
      env: { API_LIMITS: '100000000/month,1/20s', CACHE_TTL_LIST_SECONDS: '0' },
    });
    try {
      const first = await ask(world, 'loa', { subcommand: 'list' });
      const requests = world.sandbox.requests.length;
      // Waits in line for the window (nothing saved: it does not leave the line when the drain begins).
      const queued = await world.double.slash(world.mod, 'shift', { subcommand: 'list' });
      await queued.acknowledged();
      // A grace long enough that, on a slow machine too, the saved answer comes well before its end.
      const stopping = world.app.stop(8_000);
      const saved = await ask(world, 'loa', { subcommand: 'list' });
      expectSavedPage(saved, first);
      // Answered while the read in line still waits: at once, not at the grace period's end.
      expect(answered(queued)).toBe(false);
      expect((await lastWord(queued))?.content).toBe(MESSAGES.restarting);
      await stopping;
      expect(world.sandbox.requests.length).toBe(requests);
    } finally {
      await world.close();
    }
  }, 60_000);

  it('a newcomer whose page is saved does not wait for the same page read on the wire: it gets the saved page at once', async () => {
    const world = await startReliableWorld({ env: { CACHE_TTL_LIST_SECONDS: '0', API_TIMEOUT_MS: '20000' } });
    try {
      const first = await ask(world, 'loa', { subcommand: 'list' });
      // The same page read again (lists never fresh): its request held on the wire.
      const held = gate(world, isLoas);
      const slow = await onTheWire(world, 'loa', held.arrived);
      const stopping = world.app.stop(10_000);
      const saved = await world.double.slash(world.mod, 'loa', { subcommand: 'list' });
      const answer = await saved.response();
      expectSavedPage(answer, first);
      // Answered while the read it would have joined is still held.
      expect(answered(slow)).toBe(false);
      held.release();
      const fresh = await slow.response();
      expect(embedOf(fresh.message).description).toBe(embedOf(first.message).description);
      await stopping;
      expect(received(world, '/server/loas')).toBe(2);
    } finally {
      await world.close();
    }
  }, 60_000);

  it('a paging button during the drain: a page read before is shown from what is saved; a page never read is told Rollcall is restarting', async () => {
    const world = await startReliableWorld({ env: { CACHE_TTL_LIST_SECONDS: '0', API_TIMEOUT_MS: '20000' } });
    try {
      // A list shows 10 rows a page and reads the API 100 at a time: pages 1 to 10 are one API page.
      const first = await ask(world, 'loa', { subcommand: 'list' });
      const tenth = await jumpTo(world, await ask(world, 'loa', { subcommand: 'list' }), 10);
      expect(embedOf(tenth.message).footer?.text).toMatch(/^Page 10 of/);
      const loaReads = received(world, '/server/loas');
      const held = gate(world, isShifts);
      const slow = await onTheWire(world, 'shift', held.arrived);
      const stopping = world.app.stop(10_000);
      // ▶ on page 1: page 2 is saved (read with page 1).
      const saved = await (
        await world.double.click(world.mod, first.message!, control(first.message, '▶'))
      ).response();
      expect(saved.message?.content ?? '').toBe('');
      expect(embedOf(saved.message).footer?.text).toMatch(/^Page 2 of .*Saved data/);
      expect(answered(slow)).toBe(false);
      // ▶ on page 10: page 11 was never read.
      const unsaved = await (
        await world.double.click(world.mod, tenth.message!, control(tenth.message, '▶'))
      ).response();
      expect(unsaved.message?.content).toBe(MESSAGES.restarting);
      expect(unsaved.ephemeral).toBe(true);
      // The list's message is left as it was.
      expect(embedOf(world.double.ledger.messages.get(tenth.message!.id)?.message).footer?.text).toMatch(
        /^Page 10 of/,
      );
      held.release();
      await slow.response();
      await stopping;
      expect(received(world, '/server/loas')).toBe(loaReads);
    } finally {
      await world.close();
    }
  }, 60_000);

  it('a deferred read on the wire at the grace period’s end still gets its one answer before Rollcall exits: its saved page if it has one, else the restarting sentence', async () => {
    const world = await startReliableWorld({ env: { CACHE_TTL_LIST_SECONDS: '0', API_TIMEOUT_MS: '20000' } });
    try {
      const first = await ask(world, 'loa', { subcommand: 'list' });
      // Both held on the wire for good: the grace period ends first.
      const held = gate(world, (entry) => isLoas(entry) || isShifts(entry));
      const saved = await onTheWire(world, 'loa', held.arrived);
      const unsaved = await world.double.slash(world.mod, 'shift', { subcommand: 'list' });
      await until(() => held.arrived() === 2, 10_000, 'both requests on the wire');
      // Deferred (Discord allows 3 s for the first response) before the stop.
      await Promise.all([saved.acknowledged(), unsaved.acknowledged()]);
      expect([saved.ackType, unsaved.ackType]).toEqual([5, 5]);
      await world.app.stop(3_000);
      // Answered before stop resolved (the client is closed by then): one answer each.
      const savedAnswer = await saved.response({ timeoutMs: 1 });
      expectSavedPage(savedAnswer, first);
      const unsavedAnswer = await unsaved.response({ timeoutMs: 1 });
      expect(unsavedAnswer.message?.content).toBe(MESSAGES.restarting);
      // One answer each, sent while the gateway was still open (before the client closed).
      const [closed] = world.double.gatewayStats.closes.filter((c) => c.by === 'client');
      expect(closed).toBeDefined();
      for (const handle of [saved, unsaved]) {
        const answers = handle.calls.filter((c) => c.route === 'webhook');
        expect(answers.length).toBe(1);
        expect(answers[0]!.at).toBeLessThanOrEqual(closed!.at);
        expect(handle.followUps()).toEqual([]);
      }
      held.release();
    } finally {
      await world.close();
    }
  }, 60_000);
});

auditEverything();
