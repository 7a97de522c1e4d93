/**
 * Whole-list reads for autocomplete and name resolution (roles, applications): every page up to a
 * sane cap, read through the API layer's cache, plus the pure matching that turns a list into at
 * most 25 autocomplete choices.
 */
import type { APIApplicationCommandOptionChoice } from 'discord.js';
import type { Role } from '../../generated/api.js';
import { mergeSources } from '../api/index.js';
import type { Fetched, PageQuery, ReadOptions, Resources } from '../api/types.js';
import { LIMITS, plainText } from '../render/format.js';
import { type PageInfo, pageInfo, pageItems, type Source } from '../render/page.js';
import type { AutocompleteContext, CommandContext } from './command.js';
import { parseId } from './input.js';

/** Items per API page for whole-list reads (the API's maximum). */
export const GATHER_PAGE_SIZE = 100;
/** Pages read at most for a whole list: 500 roles or forms is far beyond any real server. */
export const GATHER_MAX_PAGES = 5;

/** A whole list, as far as the cap allowed, with where it came from. */
export interface Gathered<T> extends Source {
  items: T[];
  /** False when the list has more pages than GATHER_MAX_PAGES (only the first ones were read). */
  complete: boolean;
}

type PageReader<T> = (query: PageQuery) => Promise<Fetched<{ data: T[] } & Partial<PageInfo>>>;

/**
 * Every item of a paged list, page 1 first, then the rest (up to `maxPages`) in parallel.
 * Items with the same `id` are kept once. Any page failing fails the whole read.
 */
export async function gatherPages<T extends { id?: unknown }>(
  read: PageReader<T>,
  maxPages = GATHER_MAX_PAGES,
  limit = GATHER_PAGE_SIZE,
): Promise<Gathered<T>> {
  const first = await read({ page: 1, limit });
  const firstItems = pageItems<T>(first.data);
  const { totalPages } = pageInfo(first.data, 1, firstItems.length);
  const last = Math.min(totalPages, maxPages);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, last - 1) }, (_, i) => read({ page: i + 2, limit })),
  );
  const pages = [first, ...rest];
  const seen = new Set<unknown>();
  const items: T[] = [];
  for (const item of pages.flatMap((p, i) => (i === 0 ? firstItems : pageItems<T>(p.data)))) {
    if (item.id !== undefined && seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
  }
  return {
    items,
    complete: totalPages <= maxPages,
    ...mergeSources(pages),
  };
}

/** The community's roles, by id. */
export interface RoleDirectory {
  roles: Role[];
  byId: Map<string, Role>;
  complete: boolean;
}

/**
 * The role list (pages of 100, at most GATHER_MAX_PAGES), read through the API layer, which caches
 * it for long. Used for role autocomplete and to show members' role names.
 */
export async function loadRoleDirectory(
  resources: Resources,
  options: ReadOptions = {},
): Promise<RoleDirectory> {
  const gathered = await gatherPages<Role>((query) => resources.listRoles(query, options));
  const byId = new Map<string, Role>();
  for (const role of gathered.items) if (typeof role.id === 'string') byId.set(role.id, role);
  return { roles: gathered.items, byId, complete: gathered.complete };
}

/** The role directory, or an empty one when the role list cannot be read (names then show as ids). */
export async function loadRoleDirectoryOrEmpty(
  resources: Resources,
  onError?: (error: unknown) => void,
): Promise<RoleDirectory> {
  try {
    return await loadRoleDirectory(resources);
  } catch (error) {
    onError?.(error);
    return { roles: [], byId: new Map(), complete: false };
  }
}

/** True when `value` is an id a moderator could type (so a picked choice passes parseId too). */
function isUsableId(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > LIMITS.autocompleteValue) return false;
  try {
    return parseId(value, 'id') === value;
  } catch {
    return false;
  }
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
