/**
 * The schedulers' rounds (src/community/channel-post.ts): one at a time, at start and every
 * interval, a failed one logged and counted as none, and none after stop.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/base/log.js';
import { Rounds } from '../../src/community/channel-post.js';
import type { DigestTimer } from '../../src/reports/digest-places.js';

const logger = createLogger({ level: 'silent', format: 'json' });

function fakeTimer() {
  const ticks: Array<() => void> = [];
  const timer: DigestTimer = {
    after: () => () => undefined,
    every: (_ms, fn) => {
      ticks.push(fn);
      return () => ticks.splice(ticks.indexOf(fn), 1);
    },
  };
  return {
    timer,
    tick: () => {
      for (const fn of ticks) fn();
    },
    ticking: () => ticks.length,
  };
}

describe('scheduler rounds', () => {
  it('runs one round at a time: a tick during one joins it', async () => {
    let started = 0;
    let finish: (n: number) => void = () => undefined;
    const rounds = new Rounds(
      () => {
        started += 1;
        return new Promise<number>((resolve) => (finish = resolve));
      },
      { logger, message: 'failed', none: 0 },
    );
    const first = rounds.run();
    const second = rounds.run();
    expect(started).toBe(1);
    finish(3);
    expect(await first).toBe(3);
    expect(await second).toBe(3);
    const third = rounds.run();
    expect(started).toBe(2);
    finish(1);
    expect(await third).toBe(1);
  });

  it('counts a failed round as none', async () => {
    const rounds = new Rounds(async () => Promise.reject(new Error('down')), {
      logger,
      message: 'failed',
      none: -1,
    });
    expect(await rounds.run()).toBe(-1);
  });

  it('ticks at start and every interval, and no more once stopped', async () => {
    let started = 0;
    const rounds = new Rounds(async () => ++started, { logger, message: 'failed', none: 0 });
    const { timer, tick, ticking } = fakeTimer();
    rounds.start(timer, 60_000);
    expect(started).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    tick();
    expect(started).toBe(2);
    await rounds.stop();
    expect(rounds.stopped).toBe(true);
    expect(ticking()).toBe(0);
    rounds.start(timer, 60_000);
    expect(started).toBe(2);
  });
});
