/**
 * Meanings the API does not state.
 *
 * The API gives integer codes (LOA status and startType, log type, audit-log type, banAppeal)
 * without their meanings, and each community means its own thing by them. Rollcall shows every
 * code as its number; a label is added only when the server's admins named that code
 * (`/rollcall-admin labels`, hosted mode), and reaches the renderers as data: the `labels` of the
 * render source (`Labelled`), never a global table. No label: the bare number ("3"); a label:
 * "3 (Warning)", the label escaped like API text (it is typed by people, so it is data, not markup).
 */
import { ENGLISH, type Words } from '../i18n/words.js';
import type { LoaState } from '../reports/leave.js';
import { plainText, safeLine } from './format.js';
import { type MarkName, mark } from './marks.js';
import type { People } from './people.js';

/** The code tables a server can name, as stored in its settings. */
export const CODE_TABLES = ['logTypes', 'loaStatus', 'loaStartType', 'auditTypes', 'banAppeal'] as const;
export type CodeTable = (typeof CODE_TABLES)[number];

/** One server's names for its codes: `{ logTypes: { "3": "Warning" } }`. */
export type CodeLabels = Partial<Record<CodeTable, Readonly<Record<string, string>>>>;

/**
 * What a renderer is given besides the read: the server's code labels (none: bare numbers), and
 * who the page's members are as the community's directory knows them (none: ids).
 */
export interface Labelled {
  labels?: CodeLabels | undefined;
  people?: People | undefined;
  /** The reader's words: every text the renderer makes is said with them. */
  t: Words;
  /**
   * Set when the view is posted to a channel (a digest), where it cannot be paged: the command that
   * shows it all ("/loa active"), named in the footer instead of "Page 1 of N".
   */
  post?: string | undefined;
}

/** The longest label a server may give a code (visible characters). */
export const MAX_LABEL_LENGTH = 40;

function labelOf(labels: CodeLabels | undefined, table: CodeTable, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return undefined;
  const named = labels?.[table];
  return named && Object.hasOwn(named, String(value)) ? named[String(value)] : undefined;
}

/**
 * "3", or "3 (Warning)" when the server named code 3 in `table`, for embed text (the label is
 * escaped); absent or not a number → undefined.
 */
export function codeLabel(
  labels: CodeLabels | undefined,
  table: CodeTable,
  value: unknown,
): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const label = labelOf(labels, table, value);
  return label ? `${value} (${safeLine(label, MAX_LABEL_LENGTH)})` : String(value);
}

/** The same as plain text, for places where markdown is not rendered (select options). */
export function plainCodeLabel(
  labels: CodeLabels | undefined,
  table: CodeTable,
  value: unknown,
): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const label = labelOf(labels, table, value);
  return label ? `${value} (${plainText(label, MAX_LABEL_LENGTH)})` : String(value);
}

/**
 * How each table is named to admins, in English: the choices of `/rollcall-admin labels table`
 * (registered in English, translated by the command catalogues). Where a table is named in a reply
 * or an embed, say it in the reader's words: `codeTableName(table, t)`.
 */
export const CODE_TABLE_NAMES: Readonly<Record<CodeTable, string>> = ENGLISH.labels.table;

/** A code table's name in the reader's words ("Protokolltyp"). */
export function codeTableName(table: CodeTable, t: Words): string {
  return t.labels.table[table];
}

/** The codes a label may name: integers as the API sends them (up to ten digits, maybe negative). */
export const CODE_PATTERN = /^-?\d{1,10}$/;

/**
 * Characters a label may not hold: markdown, mentions, links, and anything invisible or a control,
 * including the letters and marks that show as nothing (Hangul and halfwidth fillers, braille blank,
 * grapheme joiner, Khmer inherent vowels), a mark with no letter under it, and marks stacked three
 * deep or more (they spill over the lines around the label).
 */
const LABEL_REFUSED =
  /[`*_~|\\<>@[\]]|:\/\/|\p{C}|[\u115F\u1160\u3164\uFFA0\u2800]|\u034F|\u17B4|\u17B5|^\p{M}|\p{M}{3,}/u;

/**
 * What is wrong with a label an admin typed (undefined: nothing): it must have 1 to
 * MAX_LABEL_LENGTH visible characters and hold no markup, mention, link or invisible character.
 */
export function labelProblem(label: string): 'length' | 'markup' | undefined {
  const text = label.trim();
  const length = [...text].length;
  if (length === 0 || length > MAX_LABEL_LENGTH) return 'length';
  if (LABEL_REFUSED.test(text)) return 'markup';
  return undefined;
}

/** An LOA's state (src/reports/leave.ts decides it) as its mark. */
const LOA_STATE_MARK: Record<LoaState, MarkName> = {
  Cancelled: 'cancelled',
  Denied: 'denied',
  Ended: 'ended',
  Expired: 'ended',
  Active: 'loaActive',
  Approved: 'approved',
  'Pending review': 'pending',
};

/** An LOA's state as its mark (src/render/marks.ts). */
export function loaStateMark(state: LoaState): string {
  return mark(LOA_STATE_MARK[state]);
}
