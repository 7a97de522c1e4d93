import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type ControlState,
  encodeCustomId,
  MAX_PAGE,
  parseCustomId,
} from '../../src/discord/custom-id.js';
import { StateStore } from '../../src/discord/state.js';

const owner = '123456789012345678';
const base: ControlState = { action: ACTIONS.next, view: 'loa.member', owner, page: 3, arg: 'm-42' };

describe('custom_id codec', () => {
  it('round-trips a state and stays within 100 characters', () => {
    const id = encodeCustomId(base);
    expect(id).toBe('rc1:n:loa.member:123456789012345678:3:m-42');
    expect(parseCustomId(id!)).toEqual({ ok: true, state: base });
  });

  it('encodes arguments with separators, slashes, percent signs and unicode', () => {
    for (const arg of ['a:b:c', '../loas', '100%', 'zoë 🎮', '', '~', '~abcdefgh']) {
      const id = encodeCustomId({ ...base, arg });
      expect(id).toBeDefined();
      expect(parseCustomId(id!)).toEqual({ ok: true, state: { ...base, arg } });
    }
  });

  it('returns undefined when the argument does not fit', () => {
    expect(encodeCustomId({ ...base, arg: 'x'.repeat(80) })).toBeUndefined();
  });

  it('tells foreign, old and malformed ids apart', () => {
    expect(parseCustomId('something-else')).toEqual({ ok: false, reason: 'foreign' });
    expect(parseCustomId('rc0:n:loa.all:123456789012345678:1:')).toEqual({
      ok: false,
      reason: 'old-version',
    });
    for (const bad of [
      'rc1:n:loa.all:123:1:', // owner not a snowflake
      'rc1:z:loa.all:123456789012345678:1:', // unknown action
      'rc1:n:loa.all:123456789012345678:0999999:', // leading zero
      'rc1:n:loa.all:123456789012345678:1:%E0%A4%A', // broken escape
      'rc1:n:loa.all:123456789012345678:1:~!!', // bad short key
      'rc1:n:LOA:123456789012345678:1:', // view shape
      'rc1:n:loa.all:123456789012345678', // truncated
      `rc1:n:loa.all:123456789012345678:1:${'a'.repeat(70)}`, // oversized
    ]) {
      expect(parseCustomId(bad), bad).toMatchObject({ ok: false });
    }
  });

  it('never throws and never accepts a string it could not have produced', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (s) => {
        const result = parseCustomId(s);
        if (result.ok) expect(s.length).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('round-trips arbitrary arguments through the state store', async () => {
    const map = new Map<string, unknown>();
    const store = new StateStore({
      get: async (k) => map.get(k),
      set: async (k, v) => map.set(k, v),
    });
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200, unit: 'binary' }), async (arg) => {
        const id = await store.customId({ ...base, arg });
        expect(id.length).toBeLessThanOrEqual(100);
        const parsed = parseCustomId(id);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(await store.resolve(parsed)).toBe(arg);
      }),
    );
  });

  it('reports an expired short key as undefined', async () => {
    const store = new StateStore({ get: async () => undefined, set: async () => undefined });
    const parsed = parseCustomId('rc1:n:loa.all:123456789012345678:1:~abcdefgh12345678');
    expect(parsed.ok && parsed.storedKey).toBe('~abcdefgh12345678');
    if (parsed.ok) expect(await store.resolve(parsed)).toBeUndefined();
  });
});

describe('custom_id page numbers', () => {
  it('carries any page count the API can report', () => {
    for (const page of [99_999, 100_000, 123_456_789, MAX_PAGE]) {
      const id = encodeCustomId({ ...base, action: ACTIONS.last, page });
      expect(id).toBeDefined();
      expect(parseCustomId(id!)).toEqual({ ok: true, state: { ...base, action: ACTIONS.last, page } });
    }
    expect(MAX_PAGE * 100).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });

  it('refuses pages the encoder cannot produce: leading zeros, past the maximum', () => {
    for (const page of ['03', '00', '000000000000001', String(MAX_PAGE + 1), '1e3']) {
      expect(parseCustomId(`rc1:n:loa.member:${owner}:${page}:m-42`), page).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });
});
