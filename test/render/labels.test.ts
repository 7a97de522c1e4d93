/** Code labels: per-server data handed to pure renderers, shown escaped like API text. */
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/words.js';
import { renderApplication } from '../../src/render/application.js';
import { codeLabel, labelProblem, plainCodeLabel } from '../../src/render/labels.js';
import { renderLog } from '../../src/render/log.js';

const source = { fetchedAt: Date.UTC(2026, 10, 1), fromCache: false, stale: false };

describe('code labels', () => {
  it('shows the bare number without a label, and "n (label)" with one, per table', () => {
    const labels = { logTypes: { '3': 'Warning' }, auditTypes: { '4': 'Kick' } };
    expect(codeLabel(labels, 'logTypes', 3)).toBe('3 (Warning)');
    expect(codeLabel(labels, 'auditTypes', 3)).toBe('3');
    expect(codeLabel(labels, 'logTypes', 4)).toBe('4');
    expect(codeLabel(undefined, 'logTypes', 3)).toBe('3');
    expect(codeLabel(labels, 'logTypes', undefined)).toBeUndefined();
    expect(codeLabel({ logTypes: {} }, 'logTypes', 'constructor' as unknown as number)).toBeUndefined();
    expect(codeLabel({ logTypes: {} }, 'logTypes', 0)).toBe('0');
  });

  it('escapes a stored label in embed text (it is data, not markup), and keeps it plain for selects', () => {
    const labels = { logTypes: { '3': '**@everyone** <@123456789012345678>' } };
    const shown = codeLabel(labels, 'logTypes', 3) ?? '';
    expect(shown).not.toContain('**');
    expect(shown).not.toMatch(/(?<!\\)<@/);
    expect(shown).not.toMatch(/@everyone/);
    expect(plainCodeLabel(labels, 'logTypes', 3)).toBe('3 (**@everyone** <@123456789012345678>)');
    const embed = renderLog({ id: 'l1', type: 3 } as never, { t: ENGLISH, ...source, labels });
    expect(JSON.stringify(embed)).not.toContain('**@everyone**');
  });

  it('names the ban appeal code of an application from the same labels', () => {
    const app = { id: 'a1', banAppeal: 2 } as never;
    const field = (labels?: object) =>
      renderApplication(app, { t: ENGLISH, ...source, ...(labels ? { labels } : {}) }).fields?.find(
        (f) => f.name === 'Ban appeal',
      )?.value;
    expect(field({ banAppeal: { '2': 'Allowed' } })).toBe('2 (Allowed)');
    expect(field({ logTypes: { '2': 'Kick' } })).toBe('2');
    expect(field()).toBe('2');
  });

  it('refuses labels with markup, mentions, links or invisible characters, or of the wrong length', () => {
    expect(labelProblem('Warning')).toBeUndefined();
    expect(labelProblem('Ban (temporary) #2')).toBeUndefined();
    for (const bad of ['*x*', '_x_', '`x`', 'a|b', '<@1>', '@here', '[a](b)', 'http://x', 'a\u200bb', 'a\nb'])
      expect(labelProblem(bad)).toBe('markup');
    expect(labelProblem('  ')).toBe('length');
    expect(labelProblem('é'.repeat(40))).toBeUndefined();
    expect(labelProblem('é'.repeat(41))).toBe('length');
  });
});
