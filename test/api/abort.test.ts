/** The API layer's waits that end early: `within` (work or a deadline), `pause` (a sleep an abort ends). */
import { describe, expect, it, vi } from 'vitest';
import { pause, within } from '../../src/api/abort.js';

const never = new Promise<never>(() => {});

describe('within', () => {
  it("settles with the work when it ends first, and with onLate's answer when the deadline does", async () => {
    expect(await within(Promise.resolve('done'), 1_000, () => 'late')).toBe('done');
    expect(await within(never, 5, () => 'late')).toBe('late');
  });

  it("rejects with the work's error, or with what onLate throws", async () => {
    await expect(within(Promise.reject(new Error('broke')), 1_000, () => 'late')).rejects.toThrow('broke');
    await expect(
      within(never, 5, () => {
        throw new Error('too slow');
      }),
    ).rejects.toThrow('too slow');
  });

  it('does not call onLate once the work has won', async () => {
    let called = false;
    await within(Promise.resolve(1), 5, () => {
      called = true;
    });
    await pause(20);
    expect(called).toBe(false);
  });

  it('makes no abort (and so no error with its stack) for work that ends first: it is on every store query', async () => {
    const aborts = vi.spyOn(AbortController.prototype, 'abort');
    try {
      for (let i = 0; i < 10; i++) await within(Promise.resolve(i), 1_000, () => 'late');
      expect(aborts).not.toHaveBeenCalled();
    } finally {
      aborts.mockRestore();
    }
  });
});

describe('pause', () => {
  it("rejects with the signal's own reason, at once when it aborts", async () => {
    const reason = new Error('stopping');
    const controller = new AbortController();
    const started = Date.now();
    const paused = pause(60_000, controller.signal);
    controller.abort(reason);
    await expect(paused).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('rejects at once for a signal already aborted, and resolves after the wait otherwise', async () => {
    const reason = new Error('gone');
    await expect(pause(60_000, AbortSignal.abort(reason))).rejects.toBe(reason);
    await expect(pause(1, new AbortController().signal)).resolves.toBeUndefined();
    await expect(pause(1)).resolves.toBeUndefined();
  });
});
