/** The shared formatters a moderator sees everywhere: timestamps Discord cannot show, and counts. */
import { describe, expect, it } from 'vitest';
import { NONE, timestamp } from '../../src/render/format.js';
import { renderLoa } from '../../src/render/loa.js';
import { describeValue } from '../../src/render/open-values.js';

const source = { fetchedAt: 1_700_000_000_000, fromCache: false, stale: false };

describe('timestamp', () => {
  it('shows a timestamp past year 9999 as the number with a hint, not a bare number', () => {
    expect(timestamp(253_402_300_800)).toBe('253402300800 (not a valid date)');
    expect(timestamp(Number.MAX_SAFE_INTEGER)).toBe(`${Number.MAX_SAFE_INTEGER} (not a valid date)`);
    expect(timestamp(253_402_300_799)).toBe('<t:253402300799:f> (<t:253402300799:R>)');
    expect(timestamp(0)).toBe(NONE);
    expect(timestamp(-5)).toBe(NONE);
  });

  it('carries the hint into detail fields and open-shaped values', () => {
    const embed = renderLoa(
      { id: 'l1', memberId: 'm1', serverId: 's', startedAt: 253_402_300_800 } as never,
      source,
    );
    const started = embed.fields?.find((f) => f.name === 'Started');
    expect(started?.value).toBe('253402300800 (not a valid date)');
    expect(describeValue('createdAt', 300_000_000_000)).toBe('300000000000 (not a valid date)');
  });
});
