/**
 * Which tokens' answers are kept in the store (those with a monthly allowance, unless
 * SAVED_ANSWERS_MAX_BYTES is 0), and the archive over a store that may not be open yet: a read never
 * waits for it to open, a write does.
 */
import { describe, expect, it } from 'vitest';
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { answerArchive, keepsAnswers } from '../../src/community/api-pool.js';
import type { SavedAnswer, Store } from '../../src/store/index.js';

const limits = (text: string) => {
  const parsed = parseLimits(text);
  if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
  return parsed.limits;
};

describe('saved answers: wiring', () => {
  it('keeps the answers of a token with a monthly allowance only, and none with SAVED_ANSWERS_MAX_BYTES=0', () => {
    expect(keepsAnswers({ SAVED_ANSWERS_MAX_BYTES: 1024 }, limits('100/month,30/1m'))).toBe(true);
    expect(keepsAnswers({ SAVED_ANSWERS_MAX_BYTES: 1024 }, limits('60/1m'))).toBe(false);
    expect(keepsAnswers({ SAVED_ANSWERS_MAX_BYTES: 0 }, limits('100/month'))).toBe(false);
  });

  it('a read before the store is open finds nothing at once and asks it to open; a write waits for it', async () => {
    const saved: Array<{ community: string; answers: SavedAnswer[]; maxBytes: number }> = [];
    const store = {
      answers: {
        get: async () => undefined,
        save: async (community: string, answers: SavedAnswer[], maxBytes: number) => {
          saved.push({ community, answers, maxBytes });
        },
      },
    } as unknown as Store;
    let current: Store | undefined;
    let opens = 0;
    let finishOpening: () => void = () => undefined;
    const opening = new Promise<Store>((resolve) => {
      finishOpening = () => {
        current = store;
        resolve(store);
      };
    });
    const archive = answerArchive(
      4096,
      () => current,
      () => {
        opens++;
        return opening;
      },
    );
    expect(await archive.get('community', 'key', 1)).toBeUndefined();
    expect(opens).toBe(1);
    const answer = { key: 'k', entry: '{}', fetchedAt: 1, expiresAt: 2 };
    const writing = archive.save('community', [answer]);
    expect(saved).toEqual([]);
    finishOpening();
    await writing;
    expect(saved).toEqual([{ community: 'community', answers: [answer], maxBytes: 4096 }]);
  });
});
