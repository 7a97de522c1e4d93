/**
 * The shutdown's drain serves the reads already waiting in the limits' line: one whose answer is
 * saved (a list page read before, lists never fresh) gets that page as soon as Rollcall begins to
 * stop, without a request; one with nothing saved waits on and, at the grace period's end, is told
 * Rollcall is restarting. The line is real (a window of one request per 20 s), no sandbox delay.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { embedOf } from '../e2e/world.js';
import { ask, auditEverything, startReliableWorld, until } from './support.js';

describe('the drain and the reads waiting in line', () => {
  it('gives a queued read its saved answer at once; a queued read with nothing saved is told Rollcall is restarting', async () => {
    const world = await startReliableWorld({
      env: {
        // A month (answers are saved) whose pace allows a read a second, and one request per 20 s.
        API_LIMITS: '100000000/month,1/20s',
        CACHE_TTL_LIST_SECONDS: '0',
      },
    });
    try {
      const first = await ask(world, 'loa', { subcommand: 'list' });
      expect(embedOf(first.message).title).toBe('Leaves of absence');
      const requests = world.sandbox.requests.length;
      // Both wait in line for the window (deferred: not answered within 300 ms).
      const saved = await world.double.slash(world.mod, 'loa', { subcommand: 'list' });
      const unsaved = await world.double.slash(world.mod, 'shift', { subcommand: 'list' });
      await Promise.all([saved.acknowledged(), unsaved.acknowledged()]);

      // A grace long enough that, on a slow machine too, the saved answer comes well before its end.
      const stopping = world.app.stop(8_000);
      const answer = await saved.response();
      expect(answer.message?.content ?? '').toBe('');
      expect(embedOf(answer.message).description).toBe(embedOf(first.message).description);
      // At once, not at the grace period's end (when the API calls still waiting are aborted): the
      // read with nothing saved is still waiting (its deferred reply at most a place-in-line notice).
      const told = () => unsaved.message()?.content;
      expect(told()).not.toBe(MESSAGES.restarting);
      await until(() => told() === MESSAGES.restarting, 30_000, 'the restarting sentence');
      await stopping;
      expect(world.sandbox.requests.length).toBe(requests);
    } finally {
      await world.close();
    }
  }, 60_000);
});

auditEverything();
