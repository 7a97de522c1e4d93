/**
 * A read says why it is made by one purpose, and a rule of one purpose cannot be written on another:
 * each line below is a compile error (the type check fails when one is not).
 */
import { describe, expect, it } from 'vitest';
import type { ReadOptions } from '../../src/api/types.js';

describe('read purposes', () => {
  it('take only their own rules', () => {
    const wrong: ReadOptions[] = [
      // @ts-expect-error a grace belongs to an access lookup
      { purpose: 'ask', graceMs: 1 },
      // @ts-expect-error a snapshot page waits for the pace; only a link check has room checked
      { purpose: 'snapshot', check: true },
      // @ts-expect-error an access lookup has a maximum age
      { purpose: 'access-lookup', allowedBy: () => true },
      // @ts-expect-error a saved-only read never requests, so it has no life of its own
      { purpose: 'saved-only', life: { freshForMs: 1, keepMs: 1 } },
      // @ts-expect-error a purpose is named, not a flag
      { fresh: true },
    ];
    expect(wrong).toHaveLength(5);
  });
});
