/**
 * The page's reading of Discord markdown and timestamps (tools/playground/page/markdown.js), which the
 * adapter turns into the renderer's elements. Pure, so checked here in Node.
 */
import { describe, expect, it } from 'vitest';
import { formatMessageTime, formatTimestamp, parseMarkdown } from '../../tools/playground/page/markdown.js';

describe('Discord markdown as Rollcall writes it', () => {
  it('reads bold, code, timestamps and plain text of a list line', () => {
    expect(parseMarkdown('🟡 **Pending review** `6ae6` · <t:1793486379:d> → end')).toEqual([
      { type: 'text', text: '🟡 ' },
      { type: 'bold', children: [{ type: 'text', text: 'Pending review' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: '6ae6' },
      { type: 'text', text: ' · ' },
      { type: 'time', seconds: 1793486379, style: 'd' },
      { type: 'text', text: ' → end' },
    ]);
  });

  it('keeps escaped mentions and markup as text, and reads real mentions', () => {
    expect(parseMarkdown('\\<@546478530822303682> Larry\\_Spinka56 \\*x\\*')).toEqual([
      { type: 'text', text: '<@546478530822303682> Larry_Spinka56 *x*' },
    ]);
    expect(parseMarkdown('by <@546478530822303682> for <@&1330688246516657547>')).toEqual([
      { type: 'text', text: 'by ' },
      { type: 'mention', kind: 'user', id: '546478530822303682' },
      { type: 'text', text: ' for ' },
      { type: 'mention', kind: 'role', id: '1330688246516657547' },
    ]);
  });

  it('reads an application emoji as its name and id, and an escaped one as text', () => {
    expect(parseMarkdown('<:rc_pending:1577750745422368768> **Pending**')).toEqual([
      { type: 'emoji', name: 'rc_pending', id: '1577750745422368768', animated: false },
      { type: 'text', text: ' ' },
      { type: 'bold', children: [{ type: 'text', text: 'Pending' }] },
    ]);
    expect(parseMarkdown('\\<:rc_pending:1577750745422368768>')).toEqual([
      { type: 'text', text: '<:rc_pending:1577750745422368768>' },
    ]);
  });

  it('reads lines, quotes, code blocks, links, italics and underline', () => {
    // a quote is a block of its own: no line breaks around it
    expect(parseMarkdown('a\n> quoted\nb')).toEqual([
      { type: 'text', text: 'a' },
      { type: 'quote', children: [{ type: 'text', text: 'quoted' }] },
      { type: 'text', text: 'b' },
    ]);
    expect(parseMarkdown('```\nx = 1\n```')).toEqual([{ type: 'codeblock', text: 'x = 1' }]);
    expect(parseMarkdown('[proof](https://example.com/p.png) *it* __u__')).toEqual([
      { type: 'link', url: 'https://example.com/p.png', children: [{ type: 'text', text: 'proof' }] },
      { type: 'text', text: ' ' },
      { type: 'italic', children: [{ type: 'text', text: 'it' }] },
      { type: 'text', text: ' ' },
      { type: 'underline', children: [{ type: 'text', text: 'u' }] },
    ]);
    // an unclosed mark is text
    expect(parseMarkdown('2 * 3 **')).toEqual([{ type: 'text', text: '2 * 3 **' }]);
  });
});

describe('Discord timestamps in the viewer’s time zone', () => {
  // 2026-11-23T21:10:00Z: in Tokyo already the 24th.
  const at = Date.UTC(2026, 10, 23, 21, 10) / 1000;
  const now = Date.UTC(2026, 10, 20, 15, 0);

  it('writes each style as the Discord client does', () => {
    const tokyo = { now, timeZone: 'Asia/Tokyo', locale: 'en-US' };
    expect(formatTimestamp(at, 't', tokyo)).toBe('6:10 AM');
    expect(formatTimestamp(at, 'T', tokyo)).toBe('6:10:00 AM');
    expect(formatTimestamp(at, 'd', tokyo)).toBe('11/24/2026');
    expect(formatTimestamp(at, 'D', tokyo)).toBe('November 24, 2026');
    expect(formatTimestamp(at, 'f', tokyo)).toBe('November 24, 2026 at 6:10 AM');
    expect(formatTimestamp(at, 'F', tokyo)).toBe('Tuesday, November 24, 2026 at 6:10 AM');
    expect(formatTimestamp(at, 'd', { now, timeZone: 'UTC' })).toBe('11/23/2026');
  });

  it('writes relative times from the viewer’s clock', () => {
    expect(formatTimestamp(at, 'R', { now })).toBe('in 3 days');
    expect(formatTimestamp(now / 1000 - 7200, 'R', { now })).toBe('2 hours ago');
  });

  it('writes a message’s own time as Today / Yesterday / a date', () => {
    const zone = { now, timeZone: 'UTC' };
    expect(formatMessageTime('2026-11-20T09:05:00Z', zone)).toBe('Today at 9:05 AM');
    expect(formatMessageTime('2026-11-19T23:59:00Z', zone)).toBe('Yesterday at 11:59 PM');
    // 14:30 UTC is still today in UTC, but yesterday in Tokyo (where it is now past midnight)
    expect(formatMessageTime('2026-11-20T14:30:00Z', zone)).toBe('Today at 2:30 PM');
    expect(formatMessageTime('2026-11-20T14:30:00Z', { now, timeZone: 'Asia/Tokyo' })).toBe(
      'Yesterday at 11:30 PM',
    );
    expect(formatMessageTime('2026-11-01T12:00:00Z', zone)).toBe('11/1/26 12:00 PM');
  });
});
