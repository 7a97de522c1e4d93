/**
 * People, not ids: the API names members by their own 24-character ids, and the community's
 * directory (src/community/directory.ts) knows which Discord user some of them are. Renderers are
 * given what it knows for the page (`source.people`: member id → Discord user id) and show a known
 * member as a mention (`<@id>`: Discord shows the name; replies ping nobody), an unknown one by a
 * short id in lists and the whole id in details. Pure: no lookup here.
 */
import { SNOWFLAKE } from '../base/discord-limits.js';
import type { Words } from '../i18n/words.js';
import { code, NONE, plainText, userMention } from './format.js';

/**
 * Member id → Discord user id, as the community's directory knows them (only those asked for);
 * `page`, when given, the short form of every member id on the page, view or post (`onPage`).
 */
export type People = ReadonlyMap<string, string> & { readonly page?: ShortIds };

/** A Discord user's display name, when the interaction or the client's cache has it (select labels). */
export type DisplayNames = (userId: string) => string | undefined;

/** Characters of a member id kept in a list line (and select label), at the least, when the directory does not know them. */
const SHORT_ID_LENGTH = 8;

/** Short forms of the ids on one page, each told apart from every other (`shortIds`). */
interface ShortIds {
  of(id: string): string;
}

/**
 * "…4748bbfd": the last characters of a long id (an id of at most 12 characters stays whole). The
 * end, not the start: the API's ids begin with their creation time, so members made in the same
 * second share their first eight characters, and seldom their last. `page`: the short forms of the
 * ids shown with it, so two ids sharing their last eight characters read apart.
 */
export function shortId(id: string, page?: ShortIds): string {
  return page ? page.of(id) : cut(id, SHORT_ID_LENGTH);
}

const cut = (id: string, keep: number) =>
  id.length <= Math.max(keep, SHORT_ID_LENGTH + 4) ? id : `…${id.slice(-keep)}`;

/** Characters two strings share at their end. */
function sharedEnd(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/**
 * The short form of each of `ids` (a page's, a view's or a post's), as long as it must be to be
 * unique among them: at least the last `SHORT_ID_LENGTH` characters, one more than it shares with
 * any other id, whole when that is all of it (ids of any length and alphabet). Sorted by their
 * reversed text, an id shares its longest end with a neighbour, so this is O(n log n).
 */
export function shortIds(ids: Iterable<unknown>): ShortIds {
  const distinct = [...new Set([...ids].filter((id): id is string => typeof id === 'string'))];
  const reversed = distinct.map((id) => ({ id, key: id.split('').reverse().join('') }));
  reversed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keep = new Map<string, number>();
  for (let i = 0; i < reversed.length; i++) {
    const here = reversed[i] as { id: string };
    const before = i > 0 ? sharedEnd(here.id, (reversed[i - 1] as { id: string }).id) : 0;
    const after = i + 1 < reversed.length ? sharedEnd(here.id, (reversed[i + 1] as { id: string }).id) : 0;
    keep.set(here.id, Math.max(SHORT_ID_LENGTH, before + 1, after + 1));
  }
  return { of: (id) => cut(id, keep.get(id) ?? SHORT_ID_LENGTH) };
}

/** `known` (the directory's answer, if any) with the short forms of every id on the page. */
export function onPage(known: ReadonlyMap<string, string> | undefined, ids: readonly string[]): People {
  return Object.assign(new Map(known ?? []), { page: shortIds(ids) });
}

/** A member id as plain text in its short form among the page's ids (select labels and descriptions). */
export function plainShortId(memberId: unknown, people: People | undefined): string {
  return typeof memberId === 'string' ? plainText(shortId(memberId, people?.page), 64) : NONE;
}

/** The Discord user the directory knows for `memberId` (a snowflake), or undefined. */
export function discordUserOf(memberId: unknown, people: People | undefined): string | undefined {
  if (typeof memberId !== 'string' || people === undefined) return undefined;
  const user = people.get(memberId);
  return user !== undefined && SNOWFLAKE.test(user) ? user : undefined;
}

/** A member in a list line: `<@id>` when known, else the short id in code; absent → NONE. */
export function person(memberId: unknown, people: People | undefined): string {
  const user = discordUserOf(memberId, people);
  if (user !== undefined) return userMention(user);
  if (typeof memberId !== 'string' || memberId.trim() === '') return NONE;
  return code(plainText(shortId(memberId, people?.page), 64));
}

/** A member in a detail: `<@id> · \`member id\`` when known, else the whole id in code. */
export function personInDetail(memberId: unknown, people: People | undefined): string {
  const user = discordUserOf(memberId, people);
  const id = code(memberId);
  return user === undefined ? id : `${userMention(user)} · ${id}`;
}

/**
 * Who did something (a log's creator, whoever ended a shift): the API gives a Discord user id or a
 * member id there. A snowflake is a Discord user already; a member id is shown as `personInDetail`.
 */
export function actor(value: unknown, people: People | undefined): string {
  if (typeof value === 'string' && SNOWFLAKE.test(value)) return userMention(value);
  return personInDetail(value, people);
}

/** The display name of the member's Discord user, when the directory knows them and it is at hand. */
export function displayNameOf(
  memberId: unknown,
  people: People | undefined,
  names: DisplayNames | undefined,
  max: number,
): string | undefined {
  const user = discordUserOf(memberId, people);
  const name = user === undefined ? undefined : names?.(user);
  if (name === undefined) return undefined;
  const text = plainText(name, max);
  return text === NONE ? undefined : text;
}

/**
 * A member in plain text (select labels render no mentions): the Discord user's display name when
 * known and at hand, else "member" (in the reader's words: `t.people.member`) and the short id.
 * `t` is optional only while every caller is taught to pass it: pass the reader's words.
 */
export function personPlain(
  memberId: unknown,
  people: People | undefined,
  names: DisplayNames | undefined,
  max: number,
  t: Words,
): string {
  const name = displayNameOf(memberId, people, names, max);
  if (name !== undefined) return name;
  const id = plainShortId(memberId, people);
  return plainText(t.people.member(id), max);
}

/** The ids among `values` worth asking the directory for (non-empty strings). */
export function memberIdsIn(values: readonly unknown[]): string[] {
  return values.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}
