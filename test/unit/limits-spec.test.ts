/**
 * API_LIMITS's grammar refusing what it cannot read: the problem as data (the first limit at fault,
 * its place and why), and the one rule for quoting it back, so that a secret pasted as limits is
 * never said in a reply, a log line or a start-up error.
 */
import { describe, expect, it } from 'vitest';
import { parseLimits, QUOTE_MAX, quotable } from '../../src/base/limits-spec.js';

const problem = (text: string) => {
  const parsed = parseLimits(text);
  return parsed.ok ? undefined : parsed.problem;
};

describe('parseLimits refusing', () => {
  it.each([
    [' , ', { kind: 'none' }],
    ['100', { kind: 'shape', place: 1, of: 1, quote: '100' }],
    ['100/month, lots ', { kind: 'shape', place: 2, of: 2 }],
    ['30/1W', { kind: 'unit', place: 1, of: 1, quote: '30/1w' }],
    ['30/1min', { kind: 'unit', place: 1, of: 1, quote: '30/1min' }],
    ['30/2month', { kind: 'shape', place: 1, of: 1, quote: '30/2month' }],
    ['100/month,30/1m,0/1m', { kind: 'zero', place: 3, of: 3, quote: '0/1m' }],
    ['10/0s', { kind: 'window', place: 1, of: 1, quote: '10/0s' }],
    ['10/30d', { kind: 'window', place: 1, of: 1, quote: '10/30d' }],
    ['100/month,,50/month', { kind: 'twoMonths', place: 2, of: 2, quote: '50/month' }],
  ])('%j: %j', (text, expected) => {
    expect(problem(text)).toEqual(expected);
  });

  it('names the first limit at fault', () => {
    expect(problem('0/month,30/1w,lots')).toMatchObject({ kind: 'zero', place: 1, of: 3 });
  });
});

describe('what may be quoted back', () => {
  it.each(['100', '30m', '100/month', '30/1w', '0/1m', '/m', '123456789/123456'])(
    '%j: a limit, shaped',
    (part) => {
      expect(quotable(part)).toBe(true);
    },
  );

  it.each([
    ['the sandbox token', 'sandbox-token'],
    ['a 70-character random token', 'zq8vn2plr5tx9wc3hb7ky4md6fg1js0ea2uo5ri8pn3vl7qt4xw9cz6by1dk0gh5mf2abc'],
    ['hex', '8f3a9c'],
    ['a word', 'lots'],
    ['a password with digits after letters', 'hunter2'],
    ['letters between digits', '1e3/month'],
    ['a long run of digits', '12345678901234'],
    ['too long', `1/${'1'.repeat(QUOTE_MAX)}s`],
    ['markup', '<@&1>/1m'],
    ['a space inside', '30 /1m'],
  ])('%s: never', (_what, part) => {
    expect(quotable(part)).toBe(false);
    const found = problem(`100/month,${part}`);
    expect(found && 'quote' in found).toBe(false);
  });
});
