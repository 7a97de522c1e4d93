import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type Action,
  type ArgKind,
  type ControlState,
  encodeCustomId,
  MAX_PAGE,
  parseCustomId,
} from '../../src/discord/paging/custom-id.js';
import { StateStore } from '../../src/discord/paging/state.js';

const owner = '123456789012345678';
const base: ControlState = { action: ACTIONS.next, view: 'loa.member', owner, page: 3, arg: 'm-42' };
/** Two views as a registry would describe them: one takes an argument, one takes none. */
const KINDS: Record<string, ArgKind> = { 'loa.member': 'one', 'loa.all': 'none' };
const kindOf = (view: string): ArgKind | undefined => KINDS[view];

describe('custom_id codec', () => {
  it('round-trips a state and stays within 100 characters', () => {
    const id = encodeCustomId(base, 'one');
    expect(id).toBe('rc1:n:loa.member:123456789012345678:3:m-42');
    expect(parseCustomId(id!, kindOf)).toEqual({ ok: true, state: base });
    const none = encodeCustomId({ ...base, view: 'loa.all', arg: '' }, 'none');
    expect(none).toBe('rc1:n:loa.all:123456789012345678:3:');
    expect(parseCustomId(none!, kindOf)).toEqual({ ok: true, state: { ...base, view: 'loa.all', arg: '' } });
  });

  it('the export action: its own letter, round-tripped for lists with and without an argument', () => {
    const state: ControlState = { ...base, action: ACTIONS.export };
    const id = encodeCustomId(state, 'one');
    expect(id).toBe('rc1:x:loa.member:123456789012345678:3:m-42');
    expect(parseCustomId(id!, kindOf)).toEqual({ ok: true, state });
    const none = encodeCustomId({ ...state, view: 'loa.all', arg: '' }, 'none');
    expect(parseCustomId(none!, kindOf)).toEqual({ ok: true, state: { ...state, view: 'loa.all', arg: '' } });
    expect(new Set(Object.values(ACTIONS)).size).toBe(Object.values(ACTIONS).length);
  });

  it('encodes arguments with separators, slashes, percent signs and unicode', () => {
    for (const arg of ['a:b:c', '../loas', '100%', 'zoë 🎮', '~', '~abcdefgh']) {
      const id = encodeCustomId({ ...base, arg }, 'one');
      expect(id).toBeDefined();
      expect(parseCustomId(id!, kindOf)).toEqual({ ok: true, state: { ...base, arg } });
    }
  });

  it('returns undefined when the argument cannot be carried directly (the store keeps it)', () => {
    expect(encodeCustomId({ ...base, arg: 'x'.repeat(80) }, 'one')).toBeUndefined();
    expect(encodeCustomId({ ...base, arg: '\uD800' }, 'one')).toBeUndefined();
    expect(encodeCustomId({ ...base, arg: '' }, 'one')).toBeUndefined();
  });

  it('throws on states no view can be in', () => {
    const bad: Array<[ControlState, ArgKind]> = [
      [{ ...base, view: 'loa.all' }, 'none'], // an argument for a view that takes none
      [{ ...base, page: 0 }, 'one'],
      [{ ...base, page: MAX_PAGE + 1 }, 'one'],
      [{ ...base, page: 1.5 }, 'one'],
      [{ ...base, owner: '12' }, 'one'],
      [{ ...base, view: 'LOA' }, 'one'],
      [{ ...base, action: 'z' as Action }, 'one'],
    ];
    for (const [state, kind] of bad)
      expect(() => encodeCustomId(state, kind), JSON.stringify(state)).toThrow();
    expect(() => encodeCustomId(base, 'one', '~short')).toThrow(/stored key/);
  });

  it('tells foreign, old and malformed ids apart', () => {
    expect(parseCustomId('something-else', kindOf)).toEqual({ ok: false, reason: 'foreign' });
    expect(parseCustomId('rc0:n:loa.all:123456789012345678:1:', kindOf)).toEqual({
      ok: false,
      reason: 'old-version',
    });
    for (const bad of [
      'rc1:n:loa.all:123:1:', // owner not a snowflake
      'rc1:z:loa.all:123456789012345678:1:', // unknown action
      'rc1:n:loa.all:123456789012345678:0999999:', // leading zero
      'rc1:n:loa.all:123456789012345678:0:', // page 0
      'rc1:n:loa.member:123456789012345678:1:%E0%A4%A', // broken escape
      'rc1:n:loa.member:123456789012345678:1:~!!', // bad short key
      'rc1:n:loa.member:123456789012345678:1:~abcdefgh', // short key of the wrong length
      'rc1:n:LOA:123456789012345678:1:', // view shape
      'rc1:n:loa.gone:123456789012345678:1:', // no such view
      'rc1:n:loa.all:123456789012345678', // truncated
      `rc1:n:loa.member:123456789012345678:1:${'a'.repeat(70)}`, // oversized
      'rc1:n:loa.all:123456789012345678:1:m-42', // an argument for a view that takes none
      'rc1:n:loa.all:123456789012345678:1:~abcdefgh12345678', // a stored key for a view that takes none
      'rc1:n:loa.member:123456789012345678:1:', // no argument for a view that takes one
      'rc1:n:loa.member:123456789012345678:1:%6D-42', // needless escape ("m")
      'rc1:n:loa.member:123456789012345678:1:a%2fb', // lower-case escape
      'rc1:n:loa.member:123456789012345678:1:a b', // unescaped space
      'rc1:n:loa.member:123456789012345678:1:%ED%A0%80', // lone surrogate, UTF-8 encoded
      'rc1:n:loa.member:123456789012345678:1:\uD800', // lone surrogate, raw
      'rc1:n:loa.member:123456789012345678:1:a%7E', // "~" is escaped only at the start
    ]) {
      expect(parseCustomId(bad, kindOf), bad).toMatchObject({ ok: false });
    }
    expect(parseCustomId('rc1:n:loa.member:123456789012345678:1:%7E', kindOf)).toMatchObject({
      ok: true,
      state: { arg: '~' },
    });
  });
});

describe('custom_id round trip (property)', () => {
  const states = fc.record({
    action: fc.constantFrom(...Object.values(ACTIONS)),
    view: fc.constantFrom(...Object.keys(KINDS)),
    owner: fc.stringMatching(/^\d{17,20}$/),
    page: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: MAX_PAGE })),
    arg: fc.string({ maxLength: 60, unit: 'binary' }),
  });
  const storedKeys = fc.option(fc.stringMatching(/^~[A-Za-z0-9_-]{16}$/), { nil: undefined });

  it('parse(encode(x)) == x for every id the encoder produces', () => {
    fc.assert(
      fc.property(states, storedKeys, (raw, storedKey) => {
        const kind = kindOf(raw.view) as ArgKind;
        const state = kind === 'none' ? { ...raw, arg: '' } : raw;
        const key = kind === 'none' ? undefined : storedKey;
        const id = encodeCustomId(state, kind, key);
        if (id === undefined) return;
        expect(id.length).toBeLessThanOrEqual(100);
        const expected =
          key === undefined
            ? { ok: true, state }
            : { ok: true, state: { ...state, arg: '' }, storedKey: key };
        expect(parseCustomId(id, kindOf)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  /** Strings near the format (mostly well-formed parts, some not), so that many parse, plus arbitrary text. */
  const canonicalArg = fc
    .string({ maxLength: 20, unit: 'binary' })
    .filter((a) => a.isWellFormed())
    .map((a) => encodeURIComponent(a).replace(/^~/, '%7E'));
  const nearIds = fc.oneof(
    { weight: 1, arbitrary: fc.string({ maxLength: 120, unit: 'binary' }) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.constantFrom('rc1', 'rc1', 'rc1', 'rc2', 'rc'),
          fc.oneof(
            { weight: 9, arbitrary: fc.constantFrom(...Object.values(ACTIONS)) },
            fc.constantFrom('z', 'N'),
          ),
          fc.constantFrom('loa.member', 'loa.member', 'loa.all', 'loa.gone', 'LOA'),
          fc.oneof({ weight: 5, arbitrary: fc.constant(owner) }, fc.stringMatching(/^\d{15,21}$/)),
          fc.oneof(
            { weight: 5, arbitrary: fc.integer({ min: 1, max: MAX_PAGE }).map(String) },
            fc.constantFrom('0', '01', '00', String(MAX_PAGE + 1)),
            fc.stringMatching(/^\d{1,17}$/),
          ),
          fc.oneof(
            { weight: 3, arbitrary: fc.constant('') },
            { weight: 6, arbitrary: canonicalArg },
            { weight: 2, arbitrary: canonicalArg.map((a) => a.toLowerCase()) },
            { weight: 2, arbitrary: fc.stringMatching(/^(%[0-9A-Fa-f]{2}|[A-Za-z0-9~._!*'()-]){0,12}$/) },
            { weight: 2, arbitrary: fc.stringMatching(/^~[A-Za-z0-9_!-]{14,18}$/) },
            { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
          ),
        )
        .map((parts) => parts.join(':')),
    },
  );

  it('encode(parse(s)) === s for every string that parses (nothing non-canonical is accepted)', () => {
    let parsedCount = 0;
    fc.assert(
      fc.property(nearIds, (s) => {
        const result = parseCustomId(s, kindOf);
        if (!result.ok) return;
        parsedCount++;
        const kind = kindOf(result.state.view) as ArgKind;
        expect(encodeCustomId(result.state, kind, result.storedKey)).toBe(s);
      }),
      { numRuns: 5000 },
    );
    // The generator reaches the accepting side often enough for the property to mean something
    // (about 230 of 5,000 on average; 100 leaves room for chance without losing the point).
    expect(parsedCount).toBeGreaterThan(100);
  });

  it('round-trips arbitrary arguments through the state store', async () => {
    const map = new Map<string, unknown>();
    const store = new StateStore({
      get: async (k) => map.get(k),
      set: async (k, v) => map.set(k, v),
    });
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200, unit: 'binary' }), async (arg) => {
        const id = await store.customId({ ...base, arg }, 'one');
        expect(id.length).toBeLessThanOrEqual(100);
        const parsed = parseCustomId(id, kindOf);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(await store.resolve(parsed)).toBe(arg);
      }),
    );
  });

  it("keeps each community's stored arguments apart, in the shared cache and in this process", async () => {
    const map = new Map<string, unknown>();
    const shared = new StateStore({
      get: async (k) => map.get(k),
      set: async (k, v) => map.set(k, v),
    });
    const a = shared.forCommunity('hash-of-token-a');
    const b = shared.forCommunity('hash-of-token-b');
    const arg = `${'x'.repeat(90)} long username`;
    const id = await a.customId({ ...base, arg }, 'one');
    const parsed = parseCustomId(id, kindOf);
    expect(parsed.ok && parsed.storedKey).toMatch(/^~/);
    if (!parsed.ok) return;
    expect(await a.resolve(parsed)).toBe(arg);
    expect(await b.resolve(parsed)).toBeUndefined();
    expect(await shared.resolve(parsed)).toBeUndefined();
    // Only the process's own copy is left: still apart.
    map.clear();
    expect(await a.resolve(parsed)).toBe(arg);
    expect(await b.resolve(parsed)).toBeUndefined();
  });

  it('reports an expired short key as undefined', async () => {
    const store = new StateStore({ get: async () => undefined, set: async () => undefined });
    const parsed = parseCustomId('rc1:n:loa.member:123456789012345678:1:~abcdefgh12345678', kindOf);
    expect(parsed.ok && parsed.storedKey).toBe('~abcdefgh12345678');
    if (parsed.ok) expect(await store.resolve(parsed)).toBeUndefined();
  });
});

describe('custom_id page numbers', () => {
  it('carries any page count the API can report', () => {
    for (const page of [99_999, 100_000, 123_456_789, MAX_PAGE]) {
      const id = encodeCustomId({ ...base, action: ACTIONS.last, page }, 'one');
      expect(id).toBeDefined();
      expect(parseCustomId(id!, kindOf)).toEqual({
        ok: true,
        state: { ...base, action: ACTIONS.last, page },
      });
    }
    expect(MAX_PAGE * 100).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });

  it('refuses pages the encoder cannot produce: leading zeros, past the maximum', () => {
    for (const page of ['03', '00', '0', '000000000000001', String(MAX_PAGE + 1), '1e3']) {
      expect(parseCustomId(`rc1:n:loa.member:${owner}:${page}:m-42`, kindOf), page).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });
});
