import { describe, expect, it } from 'vitest';
import { embedLimitProblems, outsideCode, pingProblems, snowflakesIn } from './limits.js';

const ID = '123456789012345678';
const none = new Set<string>();

describe('assertEmbedWithinLimits helper', () => {
  it('accepts an embed at every limit, counting code points as Discord does', () => {
    expect(
      embedLimitProblems({
        title: '𝕏'.repeat(256),
        description: 'd'.repeat(2000),
        fields: Array.from({ length: 25 }, () => ({ name: 'n', value: 'v'.repeat(100) })),
        footer: { text: 'f'.repeat(500) },
      }),
    ).toEqual([]);
  });

  it('reports each broken limit', () => {
    const problems = embedLimitProblems({
      title: 't'.repeat(257),
      description: 'd'.repeat(4097),
      fields: Array.from({ length: 26 }, () => ({ name: '', value: 'v'.repeat(1025) })),
      footer: { text: 'f'.repeat(2049) },
    });
    expect(problems.join('\n')).toMatch(/title has 257/);
    expect(problems.join('\n')).toMatch(/description has 4097/);
    expect(problems.join('\n')).toMatch(/26 fields/);
    expect(problems.join('\n')).toMatch(/fields\[0\]\.name is empty/);
    expect(problems.join('\n')).toMatch(/fields\[0\]\.value has 1025/);
    expect(problems.join('\n')).toMatch(/footer has 2049/);
    expect(problems.join('\n')).toMatch(/embed total/);
  });
});

describe('assertNoPings helper', () => {
  it('finds live mentions and mass mentions', () => {
    for (const text of [
      '@everyone',
      'a @here b',
      `<@${ID}>`,
      `<@!${ID}>`,
      `<@&${ID}>`,
      `<#${ID}>`,
      `</ban:${ID}>`,
      `\\\\<@${ID}>`, // an escaped backslash, then a live mention
    ]) {
      expect(pingProblems('x', text, none), text).not.toEqual([]);
    }
  });

  it('accepts escaped text, broken mass mentions and allowed ids', () => {
    for (const text of [
      '@\u200Beveryone',
      `\\<@${ID}>`,
      `\\<@&${ID}>`,
      '<t:1700000000:R>',
      'a < b',
      'mail@example.com',
    ]) {
      expect(pingProblems('x', text, none), text).toEqual([]);
    }
    expect(pingProblems('x', `<@${ID}> and <@&${ID}>`, new Set([ID]))).toEqual([]);
    expect(pingProblems('x', `<@${ID}1>`, new Set([ID]))).not.toEqual([]);
  });

  it('skips well-formed inline code, but not when backticks are unbalanced', () => {
    expect(pingProblems('x', `id \`<@${ID}>\` · \`@everyone\``, none)).toEqual([]);
    expect(outsideCode('a `b` c')).toBe('a   c');
    // Inside code a backslash is literal: the span still closes.
    expect(pingProblems('x', `\`<@${ID}>\\\``, none)).toEqual([]);
    // An escaped backtick opens nothing.
    expect(pingProblems('x', `\\\`<@${ID}>\``, none)).not.toEqual([]);
    // Unbalanced on a line: everything is checked.
    expect(pingProblems('x', `\`a\n\`<@${ID}>\``, none)).not.toEqual([]);
  });

  it('collects snowflake-shaped values of the given keys', () => {
    expect(snowflakesIn({ a: ID, b: 'x', c: 5, d: ID }, ['a', 'b', 'c'])).toEqual([ID]);
    expect(snowflakesIn(null, ['a'])).toEqual([]);
  });
});
