/**
 * The refusal of API limits that do not parse, in every language: made from the parser's problem
 * (src/base/limits-spec.ts), not from English text, so no language carries an English detail; the
 * limit at fault named by its place (in each language's grammar), quoted only when the parser gave
 * its `quote`.
 */
import { describe, expect, it } from 'vitest';
import { type LimitsProblem, parseLimits } from '../../src/base/limits-spec.js';
import { CATALOGUES } from '../../src/i18n/catalogue.js';
import { ENGLISH, wordsOf } from '../../src/i18n/words.js';

const problemOf = (text: string): LimitsProblem => {
  const parsed = parseLimits(text);
  if (parsed.ok) throw new Error(`${text} parses`);
  return parsed.problem;
};

/** One limits text per kind of problem, quoted and not, as an admin could type them. */
const TYPED = [
  ' , ',
  '100',
  '100/month,lots',
  '30/1w',
  '100/month,30/1m,0/1m',
  '10/30d',
  '100/month,50/month',
  '100/month,Zq8vN2pLr5Tx9Wc3Hb7Ky4Md6Fg1Js0Ea2Uo5Ri8Pn3Vl7Qt4Xw9Cz6By1Dk0Gh5Mf2Abc',
];

/** Runs of three English words in `text`, leaving out code spans, quotes and the examples. */
function englishRuns(text: string): string[] {
  const words = text
    .replace(/`[^`]*`/g, ' ')
    .replace(/\("[^"]*"\)/g, ' ')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  return words.slice(2).map((_, i) => words.slice(i, i + 3).join(' '));
}

describe('the limits refusal', () => {
  it('covers every kind of problem', () => {
    expect(new Set(TYPED.map((t) => problemOf(t).kind))).toEqual(
      new Set(['none', 'shape', 'unit', 'zero', 'window', 'twoMonths']),
    );
  });

  it('is grammatical English that names the limit at fault', () => {
    const said = TYPED.map((t) => ENGLISH.sentences.badLimits(problemOf(t)));
    for (const text of said) {
      expect(text).toMatch(/^Those API limits are not valid: [a-z]/);
      expect(text).not.toMatch(/\bthey (has|names)\b/);
    }
    expect(said).toEqual([
      expect.stringContaining('valid: no limit is given ('),
      expect.stringContaining('valid: the limit ("100") is not a number of requests, a slash and a window ('),
      expect.stringContaining('valid: the 2nd limit is not a number of requests'),
      expect.stringContaining(
        'valid: the limit ("30/1w") has a window unit other than `s`, `m`, `h`, `d` or `month` (',
      ),
      expect.stringContaining(
        'valid: the 3rd limit ("0/1m") allows no request, and a limit allows at least 1 (',
      ),
      expect.stringContaining('valid: the limit ("10/30d") has a window outside 1 second to 24 days'),
      expect.stringContaining('valid: the 2nd limit ("50/month") is a second monthly limit'),
      expect.stringContaining('valid: the 2nd limit is not a number of requests'),
    ]);
  });

  describe.each(CATALOGUES.map((c) => [c.locale, wordsOf(c)] as const))('in %s', (_locale, words) => {
    it('carries no English detail', () => {
      for (const typed of TYPED) {
        const problem = problemOf(typed);
        const own = words.sentences.badLimits(problem).toLowerCase();
        const english = englishRuns(ENGLISH.sentences.badLimits(problem));
        expect(english.length).toBeGreaterThan(3);
        expect(
          english.filter((run) => own.includes(run)),
          typed,
        ).toEqual([]);
      }
    });

    it('quotes only what the parser quotes, and names the place of the limit', () => {
      const sentence = (typed: string) => words.sentences.badLimits(problemOf(typed));
      expect(sentence('10/30d')).toContain('10/30d');
      expect(sentence('100/month,50/month')).toContain('50/month');
      expect(sentence('100/month,30/1m,0/1m')).toContain(words.f.count(3));
      const secret = TYPED.at(-1)!.split(',')[1]!;
      expect(sentence(`100/month,${secret}`).toLowerCase()).not.toContain(secret.toLowerCase());
      expect(sentence(`100/month,${secret}`)).toContain(words.f.count(2));
    });
  });

  it('writes the place of a limit as each language does ("limite" is feminine in French)', () => {
    const byLocale = new Map(CATALOGUES.map((c) => [c.locale, wordsOf(c)]));
    const first = problemOf('lots,100/month');
    const second = problemOf('100/month,lots');
    const said = (locale: string, problem: LimitsProblem) =>
      byLocale.get(locale)?.sentences.badLimits(problem);
    expect(said('fr', first)).toContain(': la 1re limite ');
    expect(said('fr', second)).toContain(': la 2e limite ');
    expect(said('de', second)).toContain(': das 2. Limit ');
    expect(said('es-ES', second)).toContain(': el 2.º límite ');
    expect(said('pt-BR', second)).toContain(': o 2º limite ');
  });
});
