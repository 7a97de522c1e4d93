/**
 * The circuit in front of the database (src/base/circuit.ts): an outage costs one wait, then calls
 * are refused at once until a probe finds the dependency answering; the opening and the recovery
 * are each said once. The pause runs on an injected clock; deadlines on vitest's fake timers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Circuit, CircuitDeadlineError } from '../../src/base/circuit.js';

function logs() {
  const lines: Array<{ level: 'warn' | 'info'; message: string }> = [];
  return {
    lines,
    logger: {
      warn: (_: unknown, message: string) => lines.push({ level: 'warn', message }),
      info: (_: unknown, message: string) => lines.push({ level: 'info', message }),
    } as never,
  };
}

const refused = () => new Error('refused');
const down = () => Promise.reject(new Error('ECONNRESET'));

describe('Circuit', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after an outage refuses at once for the pause, then one probe closes it again', async () => {
    let now = 0;
    const { lines, logger } = logs();
    const circuit = new Circuit({ name: 'the database', pauseMs: 30_000, logger, clock: () => now });
    await expect(circuit.run(down, refused)).rejects.toThrow('ECONNRESET');
    expect(circuit.isOpen).toBe(true);

    // Within the pause nothing runs: the work is not even started.
    const work = vi.fn(async () => 'answer');
    now = 29_999;
    await expect(circuit.run(work, refused)).rejects.toThrow('refused');
    await expect(circuit.run(work, refused)).rejects.toThrow('refused');
    expect(work).not.toHaveBeenCalled();

    // Past it, the next call runs and, answered, closes the circuit.
    now = 30_000;
    await expect(circuit.run(work, refused)).resolves.toBe('answer');
    expect(circuit.isOpen).toBe(false);
    await expect(circuit.run(work, refused)).resolves.toBe('answer');
    expect(work).toHaveBeenCalledTimes(2);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
    expect(lines[0]?.message).toMatch(/^the database is not answering/);
    expect(lines[1]?.message).toBe('the database is answering again');
  });

  it('a failed probe opens it for another pause, said no second time', async () => {
    let now = 0;
    const { lines, logger } = logs();
    const circuit = new Circuit({ name: 'the database', pauseMs: 1_000, logger, clock: () => now });
    await expect(circuit.run(down, refused)).rejects.toThrow('ECONNRESET');
    now = 1_000;
    await expect(circuit.run(down, refused)).rejects.toThrow('ECONNRESET');
    now = 1_999;
    await expect(circuit.run(async () => 1, refused)).rejects.toThrow('refused');
    now = 2_000;
    await expect(circuit.run(async () => 1, refused)).resolves.toBe(1);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
  });

  it('calls arriving during the probe wait for it: refused together when it fails, run when it succeeds', async () => {
    let now = 0;
    const circuit = new Circuit({ name: 'db', pauseMs: 10, clock: () => now });
    await expect(circuit.run(down, refused)).rejects.toThrow();
    now = 10;
    let fail: (error: Error) => void = () => undefined;
    const probe = circuit.run(
      () =>
        new Promise<string>((_, reject) => {
          fail = reject;
        }),
      refused,
    );
    const waiting = vi.fn(async () => 'late');
    const others = [circuit.run(waiting, refused), circuit.run(waiting, refused)];
    fail(new Error('ETIMEDOUT'));
    await expect(probe).rejects.toThrow('ETIMEDOUT');
    for (const other of others) await expect(other).rejects.toThrow('refused');
    expect(waiting).not.toHaveBeenCalled();

    now = 20;
    let answer: (value: string) => void = () => undefined;
    const good = circuit.run(
      () =>
        new Promise<string>((resolve) => {
          answer = resolve;
        }),
      refused,
    );
    const after = [circuit.run(waiting, refused), circuit.run(waiting, refused)];
    answer('probe');
    await expect(good).resolves.toBe('probe');
    for (const other of after) await expect(other).resolves.toBe('late');
    expect(waiting).toHaveBeenCalledTimes(2);
  });

  it('a call past its deadline fails as the options say and opens the circuit; the work goes on unheeded', async () => {
    vi.useFakeTimers();
    let now = 0;
    const circuit = new Circuit({
      name: 'db',
      deadlineMs: 3_000,
      pauseMs: 30_000,
      clock: () => now,
      late: (ms) => new Error(`late after ${ms}`),
    });
    const never = circuit.run(() => new Promise<never>(() => undefined), refused);
    const outcome = expect(never).rejects.toThrow('late after 3000');
    await vi.advanceTimersByTimeAsync(2_999);
    expect(circuit.isOpen).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(circuit.isOpen).toBe(true);
    now = 1;
    await expect(circuit.run(async () => 1, refused)).rejects.toThrow('refused');
  });

  it('a call past its deadline while other calls were answered (its turn waited behind them) leaves it closed', async () => {
    vi.useFakeTimers();
    const circuit = new Circuit({
      name: 'db',
      deadlineMs: 3_000,
      pauseMs: 30_000,
      clock: () => 0,
      isOutage: (error) => !(error instanceof RangeError),
      late: (ms) => new Error(`late after ${ms}`),
    });
    const behind = circuit.run(() => new Promise<never>(() => undefined), refused);
    const outcome = expect(behind).rejects.toThrow('late after 3000');
    // Answered meanwhile: one refusal that is no outage, one success.
    const refusal = circuit.run(
      () => new Promise<never>((_, reject) => setTimeout(() => reject(new RangeError('cancelled')), 2_000)),
      refused,
    );
    const refusalOutcome = expect(refusal).rejects.toThrow('cancelled');
    await vi.advanceTimersByTimeAsync(3_000);
    await refusalOutcome;
    await outcome;
    expect(circuit.isOpen).toBe(false);
    await expect(circuit.run(async () => 'ok', refused)).resolves.toBe('ok');
    // With nothing answered since it began, a late call still opens it.
    const alone = circuit.run(() => new Promise<never>(() => undefined), refused);
    const aloneOutcome = expect(alone).rejects.toThrow('late after 3000');
    await vi.advanceTimersByTimeAsync(3_000);
    await aloneOutcome;
    expect(circuit.isOpen).toBe(true);
  });

  it('a failure that is no outage leaves it closed', async () => {
    const circuit = new Circuit({
      name: 'db',
      pauseMs: 30_000,
      isOutage: (error) => !(error instanceof RangeError),
    });
    await expect(circuit.run(() => Promise.reject(new RangeError('constraint')), refused)).rejects.toThrow(
      RangeError,
    );
    expect(circuit.isOpen).toBe(false);
    await expect(circuit.run(async () => 'ok', refused)).resolves.toBe('ok');
    // The deadline's own error counts whatever isOutage says.
    expect(new CircuitDeadlineError(5).message).toBe('no answer within 5 ms');
  });
});
