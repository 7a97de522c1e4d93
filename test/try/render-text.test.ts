import { describe, expect, it } from 'vitest';
import {
  relativeTime,
  renderComponents,
  renderEmbed,
  renderMarkup,
  renderMessage,
  renderResponse,
  timestampText,
} from '../../tools/try/render-text.js';

/** 2025-01-01T00:00:00Z */
const NOW = Date.UTC(2025, 0, 1);
const T = NOW / 1000;
const opts = { now: NOW };

const button = (label: string, extra: Record<string, unknown> = {}) => ({
  type: 2,
  style: 2,
  label,
  custom_id: `id:${label}`,
  ...extra,
});
const row = (...components: unknown[]) => ({ type: 1, components });

describe('timestamps', () => {
  it('shows <t:…:f> and the default style as an ISO date, and <t:…:R> as relative text', () => {
    expect(renderMarkup(`<t:${T}:f>`, opts)).toBe('2025-01-01T00:00:00Z');
    expect(renderMarkup(`<t:${T}:F>`, opts)).toBe('2025-01-01T00:00:00Z');
    expect(renderMarkup(`<t:${T}>`, opts)).toBe('2025-01-01T00:00:00Z');
    expect(renderMarkup(`<t:${T + 3 * 86_400}:R>`, opts)).toBe('in 3 days');
    expect(renderMarkup(`<t:${T - 2 * 3_600}:R>`, opts)).toBe('2 hours ago');
    expect(renderMarkup(`<t:${T}:f> (<t:${T + 10}:R>)`, opts)).toBe(
      '2025-01-01T00:00:00Z (in a few seconds)',
    );
  });

  it('shows date-only and time-only styles', () => {
    expect(renderMarkup(`<t:${T + 3_723}:d>`, opts)).toBe('2025-01-01');
    expect(renderMarkup(`<t:${T + 3_723}:D>`, opts)).toBe('2025-01-01');
    expect(renderMarkup(`<t:${T + 3_723}:t>`, opts)).toBe('01:02Z');
    expect(renderMarkup(`<t:${T + 3_723}:T>`, opts)).toBe('01:02:03Z');
  });

  it('relative text picks the largest unit', () => {
    expect(relativeTime(NOW + 90_000, NOW)).toBe('in 2 minutes');
    expect(relativeTime(NOW - 40 * 86_400_000, NOW)).toBe('1 month ago');
    expect(relativeTime(NOW + 800 * 86_400_000, NOW)).toBe('in 2 years');
    expect(relativeTime(NOW - 5_000, NOW)).toBe('a few seconds ago');
  });

  it('leaves a timestamp no date can hold as it is', () => {
    expect(timestampText(99_999_999_999_999, 'f', NOW)).toBeNull();
    expect(renderMarkup('<t:99999999999999:f>', opts)).toBe('<t:99999999999999:f>');
  });
});

describe('mentions and markdown escapes', () => {
  it('shows user, role and channel mentions as @id, @&id and #id', () => {
    expect(
      renderMarkup('by <@123456789012345678> for <@&223456789012345678> in <#323456789012345678>', opts),
    ).toBe('by @123456789012345678 for @&223456789012345678 in #323456789012345678');
    expect(renderMarkup('<@!123456789012345678>', opts)).toBe('@123456789012345678');
  });

  it('unescapes markdown, and an escaped mention stays literal text as Discord shows it', () => {
    expect(renderMarkup('snake\\_case \\*star\\* a\\\\b', opts)).toBe('snake_case *star* a\\b');
    expect(renderMarkup('\\<@123456789012345678> \\<t:1:R>', opts)).toBe('<@123456789012345678> <t:1:R>');
  });

  it('keeps code spans and blocks verbatim, and leaves bold as typed', () => {
    expect(renderMarkup('`a\\_b <@1>` **bold**', opts)).toBe('`a\\_b <@1>` **bold**');
    expect(renderMarkup('```\nx\\_y\n```', opts)).toBe('```\nx\\_y\n```');
  });

  it('passes plain and empty text through', () => {
    expect(renderMarkup('', opts)).toBe('');
    expect(renderMarkup('Page 1 of 3 · 25 LOAs', opts)).toBe('Page 1 of 3 · 25 LOAs');
  });
});

describe('embeds', () => {
  it('shows title, description, fields as name: value, and the footer with the time', () => {
    const lines = renderEmbed(
      {
        title: 'LOA 1 · Active',
        description: 'Going \\_away\\_',
        fields: [
          { name: 'Member', value: '<@123456789012345678>' },
          { name: 'Starts', value: `<t:${T}:f> (<t:${T - 86_400}:R>)` },
          { name: 'History', value: 'one\ntwo' },
        ],
        footer: { text: 'Page 2 of 15 · 150 LOAs · Data as of' },
        timestamp: '2025-01-01T00:00:00.000Z',
      },
      opts,
    );
    expect(lines).toEqual([
      '┃ ■ LOA 1 · Active',
      '┃ Going _away_',
      '┃ Member: @123456789012345678',
      '┃ Starts: 2025-01-01T00:00:00Z (1 day ago)',
      '┃ History: one',
      '┃     two',
      '┃ — Page 2 of 15 · 150 LOAs · Data as of 2025-01-01T00:00:00Z',
    ]);
  });

  it('separates a footer that does not lead into the time with a dot', () => {
    expect(renderEmbed({ footer: { text: 'Server abc' }, timestamp: '2025-01-01T00:00:00Z' }, opts)).toEqual([
      '┃ — Server abc · 2025-01-01T00:00:00Z',
    ]);
  });

  it('marks empty values instead of dropping them', () => {
    expect(
      renderEmbed(
        {
          title: '',
          description: ' ',
          fields: [
            { name: 'Reason', value: '' },
            { name: '', value: 'x' },
          ],
        },
        opts,
      ),
    ).toEqual(['┃ ■ (empty)', '┃ (empty)', '┃ Reason: (empty)', '┃ (empty): x']);
    expect(renderEmbed({}, opts)).toEqual(['┃ (empty embed)']);
  });
});

describe('components', () => {
  it('shows a paging row, a refresh row and the Open… menu', () => {
    const lines = renderComponents(
      [
        row(button('⏮'), button('◀'), button('2 / 15', { style: 1 }), button('▶'), button('⏭')),
        row(button('🔄 Refresh')),
        row({
          type: 3,
          custom_id: 'open',
          placeholder: 'Open…',
          options: [
            { label: 'First', value: 'a' },
            { label: 'Second', value: 'b', description: 'not shown' },
          ],
        }),
      ],
      opts,
    );
    expect(lines).toEqual(['[⏮] [◀] [2 / 15] [▶] [⏭]', '[🔄 Refresh]', 'Open…: 1) First  2) Second']);
  });

  it('shows disabled buttons in parentheses, emoji with the label, and links with their address', () => {
    const lines = renderComponents(
      [
        row(button('⏮', { disabled: true }), button('Back', { emoji: { name: '↩' } }), {
          type: 2,
          style: 5,
          label: 'Docs',
          url: 'https://example.com',
        }),
      ],
      opts,
    );
    expect(lines).toEqual(['(⏮) [↩ Back] [Docs ↗ https://example.com]']);
  });

  it('wraps a long menu under its first option', () => {
    const options = Array.from({ length: 6 }, (_, i) => ({
      label: `Item number ${i + 1}`,
      value: String(i),
    }));
    const lines = renderComponents([row({ type: 3, custom_id: 'o', placeholder: 'Open…', options })], {
      now: NOW,
      width: 50,
    });
    expect(lines).toEqual([
      'Open…: 1) Item number 1  2) Item number 2',
      '       3) Item number 3  4) Item number 4',
      '       5) Item number 5  6) Item number 6',
    ]);
  });

  it('shows nothing for no components, and names empty or unusual ones', () => {
    expect(renderComponents(undefined, opts)).toEqual([]);
    expect(renderComponents([], opts)).toEqual([]);
    expect(renderComponents([row()], opts)).toEqual([]);
    expect(
      renderComponents([row({ type: 3, custom_id: 'o', placeholder: 'Open…', options: [] })], opts),
    ).toEqual(['Open…: (no options)']);
    expect(renderComponents([row({ type: 5, custom_id: 'u', placeholder: 'Who?' })], opts)).toEqual([
      'Who?: (pick a user)',
    ]);
    expect(renderComponents([row({ type: 2, style: 2, custom_id: 'x' })], opts)).toEqual(['[?]']);
  });
});

describe('answers', () => {
  it('marks an ephemeral reply and shows its content', () => {
    const text = renderResponse(
      {
        kind: 'reply',
        ephemeral: true,
        message: { content: 'No LOA with id \\`x\\`.', embeds: [], components: [] },
      },
      opts,
    );
    expect(text).toBe('── reply · ephemeral (only you) ──\nNo LOA with id `x`.');
  });

  it('marks public deferred replies and updates', () => {
    const message = { content: 'hi' };
    expect(renderResponse({ kind: 'deferred-reply', ephemeral: false, message }, opts)).toBe(
      '── deferred reply · public ──\nhi',
    );
    expect(renderResponse({ kind: 'update', ephemeral: true, message }, opts).split('\n')[0]).toBe(
      '── update (same message) · ephemeral (only you) ──',
    );
    expect(renderResponse({ kind: 'deferred-update', ephemeral: false, message }, opts).split('\n')[0]).toBe(
      '── deferred update (same message) · public ──',
    );
  });

  it('shows an empty message as such', () => {
    expect(renderMessage({ content: '', embeds: [], components: [] }, opts)).toEqual(['(empty message)']);
  });

  it('shows autocomplete choices and modals', () => {
    expect(
      renderResponse(
        {
          kind: 'autocomplete',
          ephemeral: false,
          message: null,
          choices: [
            { name: 'Moderator', value: 'r1' },
            { name: 'Senior Moderator', value: 'r2' },
          ],
        },
        opts,
      ),
    ).toBe('── autocomplete ──\n1) Moderator → r1\n2) Senior Moderator → r2');
    expect(renderResponse({ kind: 'autocomplete', ephemeral: false, message: null, choices: [] }, opts)).toBe(
      '── autocomplete ──\n(no choices)',
    );
    const modal = {
      title: 'Go to page',
      custom_id: 'm',
      components: [row({ type: 4, custom_id: 'page', label: 'Page number', style: 1, placeholder: '1' })],
    };
    expect(renderResponse({ kind: 'modal', ephemeral: false, message: null, modal }, opts)).toBe(
      '── modal ──\nModal "Go to page"\n  page: Page number (required, e.g. 1)',
    );
  });
});
