/**
 * Options picked by name with autocomplete (roles, applications): the pure matching that turns a
 * whole list (read by the API layer: gatherPages in src/api/pages.ts) into at most 25 choices, and
 * the resolution of what was typed back into an id.
 */
import type { APIApplicationCommandOptionChoice } from 'discord.js';
import type { Resources } from '../api/types.js';
import { LIMITS } from '../limits.js';
import { plainText } from '../render/format.js';
import type { AutocompleteContext, CommandContext } from './command.js';
import { checkedId, parseId } from './input.js';

/** True when `value` is an id a moderator could type (so a picked choice passes parseId too). */
function isUsableId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LIMITS.autocompleteValue && checkedId(value) === value;
}

function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en-US');
}

/**
 * Autocomplete choices from a list: name → id, filtered by what has been typed (case-insensitive,
 * matching the name anywhere or the id from its start), best matches first (name starts with it,
 * then a word of the name does, then anywhere, then the id), at most 25, names at most 100
 * characters of plain text. Items without a usable id are left out.
 */
export function autocompleteChoices<T>(
  items: readonly T[],
  typed: string,
  name: (item: T) => unknown,
  id: (item: T) => unknown,
): APIApplicationCommandOptionChoice<string>[] {
  const query = fold(plainText(typed, 200).replace(/^—$/, ''));
  const ranked: Array<{ rank: number; index: number; choice: APIApplicationCommandOptionChoice<string> }> =
    [];
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    const value = id(item);
    if (!isUsableId(value) || seen.has(value)) continue;
    const label = plainText(name(item), LIMITS.autocompleteName);
    const shown = label === '—' ? plainText(value, LIMITS.autocompleteName) : label;
    const folded = fold(shown);
    let rank: number;
    if (query === '' || folded.startsWith(query)) rank = 0;
    else if (folded.split(/[\s\-_/.·:]+/).some((word) => word.startsWith(query))) rank = 1;
    else if (folded.includes(query)) rank = 2;
    else if (fold(value).startsWith(query)) rank = 3;
    else continue;
    seen.add(value);
    ranked.push({ rank, index, choice: { name: shown, value } });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.slice(0, LIMITS.autocompleteChoices).map((r) => r.choice);
}

/**
 * What a moderator typed into an autocompleted option, as an id: a picked choice (an id), an id
 * typed by hand, or a name typed in full without picking (when exactly one item has that name,
 * case-insensitively). `what` names the id in the error for something that is neither.
 */
export function resolveTyped<T>(
  raw: string | null | undefined,
  items: readonly T[],
  name: (item: T) => unknown,
  id: (item: T) => unknown,
  what: string,
): string {
  const typed = (raw ?? '').trim();
  if (items.some((item) => id(item) === typed)) return typed;
  const wanted = fold(typed);
  const named = items.filter((item) => {
    const n = name(item);
    return typeof n === 'string' && fold(n.trim()) === wanted;
  });
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
  what: string;
}

/**
 * The id a moderator picked or typed into a picker option. When the list cannot be read, what was
 * typed is taken as an id.
 */
export async function pickedId<T>(picker: Picker<T>, ctx: CommandContext): Promise<string> {
  const items = await picker.load(ctx.show.resources).catch((): T[] => []);
  return resolveTyped(
    ctx.interaction.options.getString(picker.option),
    items,
    picker.name,
    picker.id,
    picker.what,
  );
}

/** Autocomplete choices for a picker option (none for any other option). */
export async function pickerChoices<T>(picker: Picker<T>, ctx: AutocompleteContext) {
  const focused = ctx.interaction.options.getFocused(true);
  if (focused.name !== picker.option) return [];
  return autocompleteChoices(
    await picker.load(ctx.show.resources),
    String(focused.value),
    picker.name,
    picker.id,
  );
}
