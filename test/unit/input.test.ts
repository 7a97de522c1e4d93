import { describe, expect, it } from 'vitest';
import { checkedId, checkedUsername, parseId, parseUsername } from '../../src/discord/input.js';
import { parsePageInput } from '../../src/discord/paging/controller.js';
import { UserError } from '../../src/discord/replies.js';

describe('option parsing', () => {
  it('accepts ordinary ids and usernames', () => {
    expect(parseId('  loa_123-abc ', 'LOA id')).toBe('loa_123-abc');
    expect(parseUsername(' Zoë_The.Builder ')).toBe('Zoë_The.Builder');
  });

  it.each([
    ['', 'empty'],
    ['a/b', 'slash'],
    ['..', 'dots only'],
    ['a b', 'space'],
    ['%2e%2e', 'percent'],
    ['ünï', 'unicode'],
    ['x'.repeat(65), 'too long'],
  ])('refuses id %j (%s) with a sentence', (value) => {
    expect(() => parseId(value, 'LOA id')).toThrow(UserError);
  });

  it.each([
    ['', 'empty'],
    ['..', 'dots only'],
    ['a\u0000b', 'control'],
    ['a\u200Bb', 'zero width'],
    ['x'.repeat(1000), 'too long'],
  ])('refuses username %j (%s)', (value) => {
    expect(() => parseUsername(value)).toThrow(UserError);
  });

  it('keeps path tricks in usernames as data for the API layer to encode', () => {
    expect(parseUsername('../loas')).toBe('../loas');
  });

  it('checkedId and checkedUsername take what parseId and parseUsername take, else undefined', () => {
    expect(checkedId(' loa_1 ')).toBe('loa_1');
    for (const bad of ['', 'a/b', '..', 42, undefined]) expect(checkedId(bad), String(bad)).toBeUndefined();
    expect(checkedUsername(' Sir Space ')).toBe('Sir Space');
    for (const bad of ['', 'x'.repeat(65), 'a\u0000b', null]) expect(checkedUsername(bad)).toBeUndefined();
  });
});

describe('go-to-page input', () => {
  it('takes plain digits and digits grouped as Rollcall shows them', () => {
    expect(parsePageInput('1234')).toBe(1234);
    expect(parsePageInput(' 1,234 ')).toBe(1234);
    expect(parsePageInput('123,457')).toBe(123_457);
    expect(parsePageInput('90,071,992,547,409')).toBe(90_071_992_547_409);
  });

  it('takes the page number as German, French and Portuguese readers see it grouped', () => {
    expect(parsePageInput('1.234')).toBe(1234);
    expect(parsePageInput('1 234')).toBe(1234);
    expect(parsePageInput('1\u202f234\u202f567')).toBe(1_234_567);
  });

  it.each(['', '1,23', '12,34,567', ',123', '1,234,', '1.234,567', '1.2345', '-3', '1e3', '0x10'])(
    'refuses %j',
    (text) => {
      expect(parsePageInput(text)).toBeNaN();
    },
  );
});
