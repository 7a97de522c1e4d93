import { describe, expect, it } from 'vitest';
import { uniqueById } from '../../src/api/unique.js';

describe('uniqueById', () => {
  it('keeps the first record of each id, in order, and every record without one', () => {
    const items = [
      { id: 'a', n: 1 },
      { n: 2 },
      { id: 'b', n: 3 },
      { id: 'a', n: 4 },
      { n: 5 },
      { id: 0, n: 6 },
    ];
    expect(uniqueById(items).map((item) => item.n)).toEqual([1, 2, 3, 5, 6]);
  });

  it('reads the id through the accessor given', () => {
    const names = ['Ann', 'ann', 'Bob'];
    expect(uniqueById(names, (name) => name.toLowerCase())).toEqual(['Ann', 'Bob']);
  });
});
