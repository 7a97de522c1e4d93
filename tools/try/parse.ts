/**
 * Reading what the developer typed at the `npm run try` prompt: a slash command as in Discord
 * (`/log user username:Sir Space public:true`), split into its command words and `name:value` pairs.
 * Pure.
 */
import { type ChoiceDef, listChoices, matchChoice } from '../../test/doubles/discord/options.js';

/** A typed slash command: the command words (name, group, subcommand) and the options in order. */
export interface SlashLine {
  words: string[];
  options: Array<{ name: string; value: string }>;
}

const OPTION_START = /(^|\s)([A-Za-z0-9_-]+):/g;

/** `"a b"` or `'a b'` → `a b`; anything else unchanged. */
function unquote(value: string): string {
  const match = /^(["'])([\s\S]*)\1$/.exec(value);
  return match ? (match[2] ?? '') : value;
}

/**
 * Splits `/name [group] [subcommand] opt:value opt:value…`. A value runs until the next ` name:`;
 * with `optionNames` (the options the command words lead to), only those names start a new option,
 * so values may contain other `word:` text (`reason:see http://x`). Names match case-insensitively
 * and come back as declared; surrounding quotes are taken off values.
 */
export function splitSlash(
  line: string,
  optionNames?: (words: string[]) => readonly string[] | undefined,
): SlashLine {
  const text = line.trim().replace(/^\//, '');
  const first = new RegExp(OPTION_START.source).exec(text);
  const headEnd = first ? first.index : text.length;
  const words = text.slice(0, headEnd).split(/\s+/).filter(Boolean);
  if (words.length === 0) throw new Error('type a command after the slash, e.g. /loa list');
  const rest = text.slice(headEnd).trim();
  const known = optionNames?.(words);
  const canonical = (name: string) =>
    known ? known.find((k) => k.toLowerCase() === name.toLowerCase()) : name.toLowerCase();
  const starts: Array<{ name: string; at: number; valueAt: number }> = [];
  for (const match of rest.matchAll(OPTION_START)) {
    const name = canonical(match[2] ?? '');
    if (name === undefined) continue;
    const at = match.index + (match[1]?.length ?? 0);
    starts.push({ name, at, valueAt: at + (match[2]?.length ?? 0) + 1 });
  }
  const lead = rest.slice(0, starts[0]?.at ?? rest.length).trim();
  if (lead !== '') {
    const typo = /^([A-Za-z0-9_-]+):/.exec(lead)?.[1];
    const list = known && known.length > 0 ? `; its options: ${known.join(', ')}` : '';
    throw new Error(
      typo
        ? `/${words.join(' ')} has no option "${typo}"${list}`
        : `expected name:value, got "${lead}"${list}`,
    );
  }
  const options: SlashLine['options'] = [];
  starts.forEach((start, i) => {
    if (options.some((o) => o.name === start.name)) throw new Error(`option ${start.name} is given twice`);
    const value = rest.slice(start.valueAt, starts[i + 1]?.at ?? rest.length).trim();
    options.push({ name: start.name, value: unquote(value) });
  });
  return { words, options };
}

/** `true`/`false` (also yes/no, on/off, 1/0), any case. */
export function parseBoolean(name: string, raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (['true', 'yes', 'on', '1'].includes(value)) return true;
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  throw new Error(`${name}: expected true or false, got "${raw}"`);
}

/** A whole number (INTEGER options). */
export function parseInteger(name: string, raw: string): number {
  if (!/^-?\d+$/.test(raw.trim())) throw new Error(`${name}: expected a whole number, got "${raw}"`);
  return Number.parseInt(raw, 10);
}

/** A number (NUMBER options). */
export function parseNumber(name: string, raw: string): number {
  const value = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(value))
    throw new Error(`${name}: expected a number, got "${raw}"`);
  return value;
}

/**
 * The value of an option with choices from what was typed: a choice's name as Discord's client shows
 * it (`Last month`, or its name in another language) or its value (`last-month`), any case. Anything
 * else is refused with the valid choices.
 */
export function parseChoice(name: string, choices: readonly ChoiceDef[], raw: string): string | number {
  const choice = matchChoice(choices, raw);
  if (!choice) throw new Error(`${name}: "${raw}" is not one of its choices: ${listChoices(choices)}`);
  return choice.value;
}

/** A Discord user id from `123…`, `<@123…>` or `<@!123…>`; undefined otherwise. */
export function snowflakeOf(raw: string): string | undefined {
  return /^(?:<@!?)?(\d{17,20})>?$/.exec(raw.trim())?.[1];
}

/** Lowercased, without emoji variation selectors, trimmed: for matching what was typed to labels. */
export function normalizeLabel(text: string): string {
  return text
    .replace(/\uFE0F/g, '')
    .trim()
    .toLowerCase();
}

/** Words for the paging buttons, so `click next` works as well as `click ▶`. */
export const BUTTON_ALIASES: Record<string, string> = {
  next: '▶',
  prev: '◀',
  previous: '◀',
  first: '⏮',
  last: '⏭',
  refresh: '🔄',
  back: '↩',
};

/**
 * The index of the label `typed` designates: an alias (`next`), then an exact label, then a label
 * starting with it, then one containing it (all case-insensitive). -1 when none does.
 */
export function matchLabel(labels: readonly string[], typed: string): number {
  const alias = BUTTON_ALIASES[normalizeLabel(typed)];
  const normal = labels.map(normalizeLabel);
  for (const candidate of [alias, typed]) {
    const wanted = candidate === undefined ? '' : normalizeLabel(candidate);
    if (wanted === '') continue;
    for (const test of [
      (l: string) => l === wanted,
      (l: string) => l.startsWith(wanted),
      (l: string) => l.includes(wanted),
    ]) {
      const index = normal.findIndex(test);
      if (index >= 0) return index;
    }
  }
  return -1;
}
