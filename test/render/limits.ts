/**
 * Reusable assertions for renderer tests: an embed fits Discord's limits, and its text cannot
 * show a mention other than the ones a renderer deliberately makes from snowflake-shaped ids.
 *
 *   assertEmbedWithinLimits(embed)          title 256, description 4096, ≤25 fields, field name 256 /
 *                                           value 1024 (both non-empty), footer 2048, author 256,
 *                                           total 6000: counted in code points, as Discord counts
 *   assertNoPings(embed, allowedIds?)       no unescaped `@everyone`/`@here`, and no unescaped
 *                                           `<@…`, `<@!…`, `<@&…`, `<#…`, `</…` outside inline code,
 *                                           except exactly `<@ID>` / `<@&ID>` with ID in allowedIds,
 *                                           in the title, description and fields (footer and author
 *                                           are plain text in Discord: no markdown, no mentions)
 *   snowflakesIn(record, keys)              the snowflake-shaped string values of `keys`, for allowedIds
 *
 * Inline code renders literally, so text inside a well-formed code span is not checked for
 * mentions. To stay safe whatever Discord's exact pairing rules are, spans are only skipped in a
 * string whose every line has balanced (unescaped) backticks; otherwise the whole string is checked.
 */
import type { APIEmbed } from 'discord.js';
import { expect } from 'vitest';

export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  total: 6000,
} as const;

/** Length as Discord counts it: Unicode code points (its API measures strings in Python 3). */
export function discordLength(text: string): number {
  return Array.from(text).length;
}

/** Every text of an embed that Discord shows, with where it is (for failure messages). */
export function embedTexts(embed: APIEmbed): Array<[where: string, text: string]> {
  const texts: Array<[string, string]> = [];
  if (embed.title !== undefined) texts.push(['title', embed.title]);
  if (embed.description !== undefined) texts.push(['description', embed.description]);
  for (const [i, f] of (embed.fields ?? []).entries()) {
    texts.push([`fields[${i}].name`, f.name]);
    texts.push([`fields[${i}].value`, f.value]);
  }
  if (embed.footer) texts.push(['footer', embed.footer.text]);
  if (embed.author) texts.push(['author', embed.author.name]);
  return texts;
}

/** Problems with the embed's sizes; empty when it fits. */
export function embedLimitProblems(embed: APIEmbed): string[] {
  const problems: string[] = [];
  const check = (where: string, text: unknown, max: number, nonEmpty = false) => {
    if (typeof text !== 'string') {
      problems.push(`${where} is not a string`);
      return;
    }
    const n = discordLength(text);
    if (n > max) problems.push(`${where} has ${n} characters (max ${max})`);
    if (nonEmpty && text.trim() === '') problems.push(`${where} is empty`);
  };
  if (embed.title !== undefined) check('title', embed.title, EMBED_LIMITS.title, true);
  if (embed.description !== undefined) check('description', embed.description, EMBED_LIMITS.description);
  const fields = embed.fields ?? [];
  if (fields.length > EMBED_LIMITS.fields)
    problems.push(`${fields.length} fields (max ${EMBED_LIMITS.fields})`);
  for (const [i, f] of fields.entries()) {
    check(`fields[${i}].name`, f.name, EMBED_LIMITS.fieldName, true);
    check(`fields[${i}].value`, f.value, EMBED_LIMITS.fieldValue, true);
  }
  if (embed.footer) check('footer', embed.footer.text, EMBED_LIMITS.footer);
  if (embed.author) check('author', embed.author.name, EMBED_LIMITS.author);
  const total = embedTexts(embed).reduce((n, [, text]) => n + discordLength(text), 0);
  if (total > EMBED_LIMITS.total)
    problems.push(`embed total is ${total} characters (max ${EMBED_LIMITS.total})`);
  if (embed.timestamp !== undefined && Number.isNaN(Date.parse(embed.timestamp))) {
    problems.push(`timestamp ${embed.timestamp} is not an ISO date`);
  }
  if (
    embed.color !== undefined &&
    !(Number.isInteger(embed.color) && embed.color >= 0 && embed.color <= 0xffffff)
  ) {
    problems.push(`color ${embed.color} is not a 24-bit colour`);
  }
  return problems;
}

/** Fails the test when the embed breaks any of Discord's embed limits. */
export function assertEmbedWithinLimits(embed: APIEmbed): void {
  const problems = embedLimitProblems(embed);
  expect(problems, `embed breaks Discord limits:\n${problems.join('\n')}`).toEqual([]);
}

/** True when the character at `index` is escaped by an odd run of backslashes before it. */
function escapedAt(text: string, index: number): boolean {
  let n = 0;
  for (let i = index - 1; i >= 0 && text[i] === '\\'; i--) n++;
  return n % 2 === 1;
}

/**
 * `text` with its inline code spans blanked out, when every line's code spans are balanced;
 * otherwise `text` unchanged (checked strictly). An opening backtick must be unescaped; the span
 * ends at the next backtick, since backslashes are literal inside code.
 */
export function outsideCode(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    let result = '';
    let i = 0;
    while (i < line.length) {
      const ch = line[i] as string;
      if (ch === '`' && !escapedAt(line, i)) {
        const close = line.indexOf('`', i + 1);
        if (close === -1) return text; // unbalanced: check everything
        result += ' ';
        i = close + 1;
        continue;
      }
      result += ch;
      i++;
    }
    out.push(result);
  }
  return out.join('\n');
}

const MASS = /@(everyone|here)/gi;
const TAG = /<(@[!&]?|#|\/)/g;
const ALLOWED_SHAPE = /^<(@&?)(\d{17,20})>/;

/** Mentions the text could show, as "where: snippet" lines; empty when there are none. */
export function pingProblems(where: string, text: string, allowedIds: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const visible = outsideCode(text);
  for (const m of visible.matchAll(MASS)) {
    problems.push(`${where}: mass mention ${JSON.stringify(visible.slice(m.index, m.index + 12))}`);
  }
  for (const m of visible.matchAll(TAG)) {
    if (escapedAt(visible, m.index)) continue;
    const allowed = ALLOWED_SHAPE.exec(visible.slice(m.index));
    if (allowed && allowedIds.has(allowed[2] as string)) continue;
    problems.push(`${where}: mention ${JSON.stringify(visible.slice(m.index, m.index + 26))}`);
  }
  return problems;
}

/**
 * Fails the test when any text of the embed can show a mention: unescaped mass mentions, or
 * user/role/channel/command mentions other than `<@ID>`/`<@&ID>` for an ID in `allowedIds`.
 */
export function assertNoPings(embed: APIEmbed, allowedIds: Iterable<string> = []): void {
  const allowed = new Set(allowedIds);
  const problems = embedTexts(embed)
    .filter(([where]) => where !== 'footer' && where !== 'author')
    .flatMap(([where, text]) => pingProblems(where, text, allowed));
  expect(problems, `embed can show mentions:\n${problems.join('\n')}`).toEqual([]);
}

/** Snowflake-shaped string values of `keys` in `record` (what userMention/roleMention may render). */
export function snowflakesIn(record: unknown, keys: readonly string[]): string[] {
  if (typeof record !== 'object' || record === null) return [];
  const r = record as Record<string, unknown>;
  return keys.map((k) => r[k]).filter((v): v is string => typeof v === 'string' && /^\d{17,20}$/.test(v));
}

/**
 * A detail view shows the fields with a value, in `order`, and none reading "—" (absent, empty or
 * not set: left out, src/render/format.ts shownFields).
 */
export function assertShownFields(embed: APIEmbed, order: readonly string[]): void {
  const names = (embed.fields ?? []).map((f) => f.name);
  expect(names).toEqual(order.filter((n) => names.includes(n)));
  for (const f of embed.fields ?? []) expect(f.value.trim()).not.toMatch(/^(—)?$/);
}
