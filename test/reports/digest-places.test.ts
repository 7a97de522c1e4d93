/**
 * The digests' places, by token (src/reports/digest-places.ts): a token has one turn at a time, the
 * servers sharing it wait behind it while other tokens go; a turn that gives its place back keeps
 * its token's turn; at most `concurrency` places are held at once.
 */
import { describe, expect, it } from 'vitest';
import { createDigestPlaces, type DigestTurn } from '../../src/reports/digest-places.js';

/** Take a turn for each of `tokens`, in order; note who got one (in the order they got it). */
function takers(places: ReturnType<typeof createDigestPlaces>, tokens: string[]) {
  const got: string[] = [];
  const turns = new Map<number, DigestTurn>();
  const settled = tokens.map((token, i) =>
    places.take(token).then((turn) => {
      if (turn) {
        got.push(`${token}#${i}`);
        turns.set(i, turn);
      }
      return turn;
    }),
  );
  return { got, turns, settled };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('digest places by token', () => {
  it('one token on four servers holds one place; the other tokens take the rest at once', async () => {
    const places = createDigestPlaces(4);
    const { got, turns } = takers(places, ['held', 'held', 'held', 'held', 'a', 'b', 'c']);
    await flush();
    expect(got).toEqual(['held#0', 'a#4', 'b#5', 'c#6']);
    expect(places.counts).toEqual({ placed: 4, turns: 4, waiting: 3 });
    // The held token's turn ends: its next server goes (it came before anyone still waiting).
    turns.get(0)?.end();
    await flush();
    expect(got.at(-1)).toBe('held#1');
    expect(places.counts).toEqual({ placed: 4, turns: 4, waiting: 2 });
  });

  it('four held tokens that give their place back leave it to a healthy one, and keep their turns', async () => {
    const places = createDigestPlaces(4);
    const held = takers(places, ['h1', 'h2', 'h3', 'h4']);
    await flush();
    expect(held.got).toHaveLength(4);
    const healthy = takers(places, ['ok', 'h1']);
    await flush();
    expect(healthy.got).toEqual([]);
    // Each held digest waits for its API: it gives its place back.
    for (const turn of held.turns.values()) turn.release();
    await flush();
    // The healthy token goes; h1's second server still waits behind h1's turn, placeless as it is.
    expect(healthy.got).toEqual(['ok#0']);
    expect(places.counts).toEqual({ placed: 1, turns: 5, waiting: 1 });
    // Given back twice, ended twice: counted once.
    held.turns.get(0)?.release();
    held.turns.get(0)?.end();
    held.turns.get(0)?.end();
    await flush();
    expect(healthy.got).toEqual(['ok#0', 'h1#1']);
    expect(places.counts).toEqual({ placed: 2, turns: 5, waiting: 0 });
  });

  it('never more places than its size; closing drops those waiting', async () => {
    const places = createDigestPlaces(2);
    const { got, settled } = takers(places, ['a', 'b', 'c', 'd']);
    await flush();
    expect(got).toEqual(['a#0', 'b#1']);
    places.close();
    expect((await Promise.all(settled)).map((turn) => turn !== undefined)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(await places.take('e')).toBeUndefined();
  });
});
