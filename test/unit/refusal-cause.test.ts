/**
 * What a refusal's log line says of it (`refusalCause`): the key of its words, never the values
 * they are said with, which may be what someone typed.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { refusalCause, say, textKey, textsOf, UserError } from '../../src/discord/replies.js';
import type { Words } from '../../src/i18n/words.js';

const TYPED = 'rc-typed-secret-value';

describe('refusalCause', () => {
  it.each([
    ['a sentence of say', say.badTimeZone(TYPED), 'sentences.badTimeZone'],
    ['a sentence with no values', say.internal, 'sentences.internal'],
    ['a Text of another section', textsOf('reminders').needsChannel, 'reminders.needsChannel'],
    ['a Text written out', (t: Words) => t.sentences.unknownRoles([TYPED]), 'sentences.unknownRoles'],
    ['a Text naming a word', (t: Words) => t.reminders.needsChannel, 'reminders.needsChannel'],
    [
      'a Text quoting another',
      (t: Words) => `${t.sentences.badTimeZone(TYPED)} ${t.sentences.internal}`,
      'sentences.badTimeZone',
    ],
  ])('names %s by its key', (_what, text, key) => {
    expect(textKey(text)).toBe(key);
    const cause = refusalCause(new UserError(text));
    expect(cause).toEqual({ type: 'UserError', key });
    expect(JSON.stringify(cause)).not.toContain(TYPED);
  });

  it('names a plain string as text, without it', () => {
    expect(refusalCause(new UserError(TYPED))).toEqual({ type: 'UserError', key: 'text' });
  });

  it("names an API error by its kind and status, without the API's message", () => {
    const error = new ApiError('http', `API answered 404: no member ${TYPED}`, {
      status: 404,
      apiMessage: TYPED,
    });
    expect(refusalCause(error)).toEqual({ type: 'ApiError', kind: 'http', status: 404 });
  });
});
