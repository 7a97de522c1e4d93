/** `--counts` and `--backends`: only the communities scenario takes them, and only well-formed. */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../bench/run.js';

describe('the communities scenario options', () => {
  it('runs only the counts and stores named', () => {
    const args = parseArgs(['--scenario', 'communities', '--counts', '1000,10000', '--backends=sqlite']);
    expect(args.counts).toEqual([1000, 10000]);
    expect(args.backends).toEqual(['sqlite']);
  });

  it('refuses bad values, and the options without the scenario', () => {
    expect(() => parseArgs(['--scenario', 'communities', '--counts', '10k'])).toThrow(/whole numbers/);
    expect(() => parseArgs(['--scenario', 'communities', '--backends', 'mysql'])).toThrow(/sqlite, postgres/);
    expect(() => parseArgs(['--counts', '1000'])).toThrow(/options of --scenario communities/);
  });
});
