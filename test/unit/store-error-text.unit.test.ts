/** A store failure reads as the database not answering, in any command, not as the internal error. */
import { describe, expect, it } from 'vitest';
import { errorText, MESSAGES, UserError } from '../../src/discord/replies.js';
import { ENGLISH, wordsFor } from '../../src/i18n/words.js';
import { StoreError } from '../../src/store/errors.js';

describe('errorText', () => {
  it('says a StoreError as the store sentence, in the reader words', () => {
    const failure = new StoreError('unavailable', 'connect ECONNREFUSED 127.0.0.1:5432');
    expect(errorText(failure)(ENGLISH)).toBe(MESSAGES.storeUnavailable);
    expect(errorText(failure)(wordsFor('de'))).toBe(wordsFor('de').sentences.storeUnavailable);
    expect(errorText(failure)(ENGLISH)).not.toBe(MESSAGES.internal);
  });

  it('keeps a refusal its own sentence and any other failure the internal one', () => {
    expect(errorText(new UserError('typed'))(ENGLISH)).toBe('typed');
    expect(errorText(new Error('boom'))(ENGLISH)).toBe(MESSAGES.internal);
  });
});
