/**
 * Bursts through the real bot: with a tight short limit, moderators' reads wait in one line that is
 * fair between them (a moderator with one read is not served after all of another's ten), and a
 * moderator whose read waits more than 3 s sees a notice with their place in line and an estimate,
 * which the answer then replaces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import type { InteractionHandle } from '../doubles/discord/double.js';
import { control, embedOf, startWorld, type World } from './world.js';

let world: World;

beforeAll(async () => {
  // 3/1s is kept as one request a second (bucketPlan); nothing is served from the cache twice.
  world = await startWorld({ env: { API_LIMITS: '3/1s' } });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const NOTICE = /^Waiting for the API allowance: you are \d+(st|nd|rd|th) in line, about \d+ (s|min)\.$/;

/** The deferred reply's content as it was at each edit, in order. */
const edits = (handle: InteractionHandle) =>
  handle.calls
    .filter((c) => c.method === 'PATCH' && c.path.endsWith('/messages/@original'))
    .map((c) => c.body as { content?: string; embeds?: unknown[] });

/** Wait until the deferred reply shows an embed (the answer), and return the message. */
async function answered(handle: InteractionHandle, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = handle.message();
    if (message && (message.embeds?.length ?? 0) > 0) return message;
    if (Date.now() > deadline) throw new Error(`no answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a burst of reads under a tight short limit', () => {
  it('takes turns between moderators, tells a waiting one their place after 3 s, then answers', async () => {
    const a = world.double.user({ username: 'mod-many', roles: ['Moderator'] });
    const b = world.double.user({ username: 'mod-one', roles: ['Moderator'] });
    const loas = world.sandbox.dataset.loas.slice(40, 50);
    const lone = world.sandbox.dataset.loas[60]!;
    world.sandbox.resetLog();
    const many: InteractionHandle[] = [];
    for (const loa of loas) {
      many.push(await world.double.slash(a, 'loa', { subcommand: 'view', options: { id: loa.id } }));
    }
    const one = await world.double.slash(b, 'loa', { subcommand: 'view', options: { id: lone.id } });

    const answers = await Promise.all(many.map((h) => answered(h)));
    answers.forEach((message, i) => {
      expect(embedOf(message).title).toContain(loas[i]!.id);
    });
    expect(embedOf(await answered(one)).title).toContain(lone.id);

    // The lone read went to the API within the next two turns after it arrived, not after all ten.
    const order = world.sandbox.requests.filter((r) => r.status === 200).map((r) => r.path);
    expect(order).toHaveLength(11);
    expect(order.findIndex((p) => p.endsWith(lone.id))).toBeLessThanOrEqual(2);
    // The moderator with ten reads kept their own order.
    const own = loas.map((l) => order.findIndex((p) => p.endsWith(l.id)));
    expect(own).toEqual([...own].sort((x, y) => x - y));
    expect(world.sandbox.requests.filter((r) => r.status === 429)).toHaveLength(0);

    // The last of the ten waited about 9 s: it was told its place (a notice), then answered.
    const last = edits(many.at(-1)!);
    const notices = last.filter((e) => NOTICE.test(e.content ?? ''));
    expect(notices.length).toBeGreaterThan(0);
    expect(last.at(-1)?.embeds?.length).toBe(1); // the answer came last, replacing the notice
    expect(NOTICE.test(last.at(-1)?.content ?? '')).toBe(false);
    const firstNotice = many
      .at(-1)!
      .calls.find((c) => c.method === 'PATCH' && NOTICE.test((c.body as { content?: string }).content ?? ''));
    // Not before it had waited 3 s since it was dispatched.
    const lastHandle = many.at(-1)!;
    const dispatchedAt = lastHandle.calls[0]!.t - lastHandle.msToFirstCallback!;
    expect(firstNotice!.t - dispatchedAt).toBeGreaterThanOrEqual(3_000);
    // The place it was first told: behind the reads dispatched before it that were still waiting.
    expect(notices[0]?.content).toMatch(/you are ([4-9]|1[01])th in line/);
    // The first read never waited 3 s: no notice.
    expect(edits(many[0]!).some((e) => NOTICE.test(e.content ?? ''))).toBe(false);
    for (const h of [...many, one]) expect(h.message()?.content ?? '').not.toMatch(NOTICE);
  }, 60_000);

  it('a control waiting in line: the notice is a private follow-up, and the answer is never sent before a notice on its way lands', async () => {
    // The API allows 1 request per 4 s and says so in its X-RateLimit-* headers: after the list's
    // read, the refresh waits for the API's window; its notice (after 3 s) is held 2.5 s by Discord,
    // so the read is ready while the notice is still on its way.
    const limited = await startWorld({ sandbox: { rateLimit: { requests: 1, windowSeconds: 4 } } });
    try {
      const list = await (await limited.double.slash(limited.mod, 'loa', { subcommand: 'list' })).response();
      limited.double.delayNext({ route: /^POST \/webhooks\//, ms: 2_500, times: 1 });
      const click = await limited.double.click(limited.mod, list.message!, control(list.message, '🔄'));
      const deadline = Date.now() + 20_000;
      const done = () =>
        click.calls.some((c) => c.method === 'PATCH' && c.path.endsWith('/messages/@original'));
      while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      const posted = click.calls.find((c) => c.method === 'POST' && c.route === 'webhook');
      const answer = click.calls.find((c) => c.method === 'PATCH' && c.path.endsWith('/messages/@original'));
      expect(bodyText(posted?.body)).toMatch(NOTICE);
      expect((posted?.body as { flags?: number } | undefined)?.flags).toBe(64); // ephemeral
      expect(embedOf(answer?.body as { embeds?: unknown[] }).title).toBe('Leaves of absence');
      // The answer went out only once the notice had landed (the 2.5 s Discord held it).
      expect(answer!.t - posted!.t).toBeGreaterThanOrEqual(2_450);
      // Then the notice was taken away: only the answer remains.
      await limited.double.waitForCall((c) => c.interactionId === click.id && c.method === 'DELETE');
      expect(click.followUps()).toEqual([]);
      expect(embedOf(click.message()).title).toBe('Leaves of absence');
      expect(limited.sandbox.requests.map((r) => r.status)).toEqual([200, 200]);
    } finally {
      await limited.close();
    }
  }, 40_000);

  it('says the place in words a moderator reads', () => {
    expect(MESSAGES.queued(2, 40)).toBe('Waiting for the API allowance: you are 2nd in line, about 40 s.');
    expect(MESSAGES.queued(1, 0.2)).toBe('Waiting for the API allowance: you are 1st in line, about 5 s.');
    expect(MESSAGES.queued(3, 61)).toBe('Waiting for the API allowance: you are 3rd in line, about 1 min.');
    expect(MESSAGES.queued(11, 600)).toBe(
      'Waiting for the API allowance: you are 11th in line, about 10 min.',
    );
    expect(MESSAGES.queued(22, 12)).toBe('Waiting for the API allowance: you are 22nd in line, about 15 s.');
  });
});

function bodyText(body: unknown): string {
  return typeof body === 'object' && body !== null && 'content' in body ? String(body.content) : '';
}
