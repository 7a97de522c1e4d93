/** Saying a text: in the reader's words, and in English when a catalogue cannot say it. */
import { describe, expect, it } from 'vitest';
import { ENGLISH, said, type Text, wordsFor } from '../../src/i18n/words.js';

describe('said', () => {
  const german = wordsFor('de');

  it("says a text in the reader's words, and a string as it is", () => {
    expect(said((t) => t.paging.refresh, german)).toBe('🔄 Aktualisieren');
    expect(said('as typed', german)).toBe('as typed');
  });

  it("falls back to English when the reader's catalogue cannot say it, and throws only for English", () => {
    const faulty: Text = (t) => {
      if (t !== ENGLISH) throw new TypeError('a fault in a catalogue function');
      return t.paging.refresh;
    };
    expect(said(faulty, german)).toBe('🔄 Refresh');
    const broken: Text = () => {
      throw new TypeError('English itself');
    };
    expect(() => said(broken, ENGLISH)).toThrow('English itself');
  });
});
