/**
 * Options picked by name with autocomplete (roles, applications): the pure matching that turns a
 * whole list (read by the API layer: gatherPages in src/api/pages.ts) into at most 25 choices, and
 * the resolution of what was typed back into an id.
 */
import type { APIApplicationCommandOptionChoice } from 'discord.js';
import type { Resources } from '../api/types.js';
import { uniqueById } from '../api/unique.js';
import { LIMITS } from '../base/discord-limits.js';
import { code, plainText, safeLine, truncate } from '../render/format.js';
import type { AutocompleteContext, CommandContext } from './command.js';
import { checkedId, parseId } from './input.js';
import { say, type Text, UserError } from './replies.js';

/** True when `value` is an id a moderator could type (so a picked choice passes parseId too). */
function isUsableId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LIMITS.autocompleteValue && checkedId(value) === value;
}

function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en-US');
}

/** Candidates named in the sentence for a name that several items share. */
const MAX_NAMED_CANDIDATES = 10;

/** A choice's name: the label, with the id beside it when another item shows the same label. */
function choiceName(label: string, value: string, shared: boolean): string {
  if (!shared) return label;
  const suffix = ` (${value})`;
  return truncate(
    `${truncate(label, Math.max(1, LIMITS.autocompleteName - suffix.length))}${suffix}`,
    LIMITS.autocompleteName,
  );
}

/**
 * Autocomplete choices from a list: name → id, filtered by what has been typed (case-insensitive,
 * matching the name anywhere or the id from its start), best matches first (name starts with it,
 * then a word of the name does, then anywhere, then the id), at most 25, names at most 100
 * characters of plain text. Items without a usable id are left out. When several items show the
 * same name (case-insensitively), each of them shows its id beside it: "Twin (r2)", "twin (r3)".
 */
export function autocompleteChoices<T>(
  items: readonly T[],
  typed: string,
  name: (item: T) => unknown,
  id: (item: T) => unknown,
): APIApplicationCommandOptionChoice<string>[] {
  const query = fold(plainText(typed, 200).replace(/^—$/, ''));
  const ranked: Array<{ rank: number; index: number; label: string; value: string }> = [];
  const labelCounts = new Map<string, number>();
  for (const [index, item] of uniqueById(items, id).entries()) {
    const value = id(item);
    if (!isUsableId(value)) continue;
    const label = plainText(name(item), LIMITS.autocompleteName);
    const shown = label === '—' ? plainText(value, LIMITS.autocompleteName) : label;
    const folded = fold(shown);
    labelCounts.set(folded, (labelCounts.get(folded) ?? 0) + 1);
    let rank: number;
    if (query === '' || folded.startsWith(query)) rank = 0;
    else if (folded.split(/[\s\-_/.·:]+/).some((word) => word.startsWith(query))) rank = 1;
    else if (folded.includes(query)) rank = 2;
    else if (fold(value).startsWith(query)) rank = 3;
    else continue;
    ranked.push({ rank, index, label: shown, value });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.slice(0, LIMITS.autocompleteChoices).map((r) => ({
    name: choiceName(r.label, r.value, (labelCounts.get(fold(r.label)) ?? 0) > 1),
    value: r.value,
  }));
}

/**
 * What a moderator typed into an autocompleted option, as an id: a picked choice (an id), an id
 * typed by hand, or a name typed in full without picking (when exactly one item has that name,
 * case-insensitively). A name several items share is answered with one sentence naming them with
 * their ids (`plural` names the kind: "roles"). `what` names the id in the error for something
 * that is neither.
 */
export function resolveTyped<T>(
  raw: string | null | undefined,
  items: readonly T[],
  name: (item: T) => unknown,
  id: (item: T) => unknown,
  what: string | Text,
  plural: string | Text = (t) => t.sentences.recordsName,
): string {
  const typed = (raw ?? '').trim();
  if (items.some((item) => id(item) === typed)) return typed;
  const wanted = fold(typed);
  const named = items.filter((item) => {
    const n = name(item);
    return typeof n === 'string' && fold(n.trim()) === wanted;
  });
  const usable = [...new Set(named.map(id).filter(isUsableId))];
  if (typed !== '' && usable.length > 1) {
    const byId = new Map(named.map((item) => [id(item), item] as const));
    const shown = usable
      .slice(0, MAX_NAMED_CANDIDATES)
      .map((value) => `${safeLine(name(byId.get(value) as T), 60)} (${code(value, 70)})`);
    throw new UserError(say.nameMatchesSeveral(typed, plural, shown, usable.length - shown.length));
  }
  const only = named.length === 1 ? id(named[0] as T) : undefined;
  if (typed !== '' && isUsableId(only)) return only;
  return parseId(typed, what);
}

/** An option picked by name with autocomplete from a list the API layer caches. */
export interface Picker<T> {
  option: string;
  /** Every item to choose from (read through the cache). */
  load: (resources: Resources) => Promise<readonly T[]>;
  name: (item: T) => unknown;
  id: (item: T) => unknown;
  /** How the id is named in the error for something that is neither a name nor an id. */
  what: string | Text;
  /** What several items are called, for a name they share ("roles"). */
  plural: string | Text;
}

/**
 * The id a moderator picked or typed into a picker option. When the list cannot be read, what was
 * typed is taken as an id.
 */
export async function pickedId<T>(picker: Picker<T>, ctx: CommandContext): Promise<string> {
  const items = await picker.load(ctx.show.community.resources).catch((): T[] => []);
  return resolveTyped(
    ctx.interaction.options.getString(picker.option),
    items,
    picker.name,
    picker.id,
    picker.what,
    picker.plural,
  );
}

/** Autocomplete choices for a picker option (none for any other option). */
export async function pickerChoices<T>(picker: Picker<T>, ctx: AutocompleteContext) {
  const focused = ctx.interaction.options.getFocused(true);
  if (focused.name !== picker.option) return [];
  return autocompleteChoices(
    await picker.load(ctx.show.community.resources),
    String(focused.value),
    picker.name,
    picker.id,
  );
}
