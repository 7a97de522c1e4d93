/**
 * The game usernames a message names, for "Check player" (right-click a message → Apps): what the
 * community's reports and tickets call a player, offered in a select. The API does not say what a
 * username looks like (docs/api-decisions.md): Rollcall takes 3 to 20 letters (any script), digits,
 * underscores and inner dots. Labelled names come first ("Username: Foo_1", "Spieler: Foo_1", an
 * embed field named "Player" or "Jugador"), then words shaped only like usernames (with an
 * underscore, letters and digits mixed, or an inner capital), so plain words are not offered.
 *
 * A name is a whole word or nothing, never a piece of one: markdown escapes are read first
 * (`Foo\_Bar` is `Foo_Bar`), a word is what lies between spaces (and `,` `;` brackets and quotes),
 * only the punctuation and markdown around it is taken off (`**Foo_1**,` `@Foo_1` `Foo_1's`), and a
 * word holding any other character a username cannot hold (`100%_x`, `a/b_1`) is left out whole. A
 * labelled name followed by a capitalised word that is no label of its own (`Player: Sir Space`)
 * names a display name of several words, which no username is: nothing is offered for it. A mass
 * mention (`@everyone`, `@here`) is never a player.
 *
 * A label's value is the text after it up to the next label or the line's end, read once mentions and
 * links are taken out: `IGN: <@1…> Name: Bob_1` gives IGN nothing and Name `Bob_1`. A label word
 * (`Name`, `Player`, `Spieler`) is never offered, whatever stands around it.
 */
import { LIMITS } from '../base/discord-limits.js';

/** What of a message is read: its text and its embeds' text. */
export interface MessageText {
  content?: string | null;
  embeds?: ReadonlyArray<{
    title?: string | null;
    description?: string | null;
    author?: { name?: string | null } | null;
    footer?: { text?: string | null } | null;
    fields?: ReadonlyArray<{ name?: string | null; value?: string | null }> | null;
  }>;
}

/** A character a username holds anywhere: a letter of any script (with its accents), a digit, `_`. */
const NAME_CHAR = '[\\p{L}\\p{M}\\p{Nd}_]';
/** 3 to 20 of them, with inner dots ("john.doe"; a dot never starts or ends one). */
const SHAPE = new RegExp(`^${NAME_CHAR}(?:${NAME_CHAR}|\\.){1,18}${NAME_CHAR}$`, 'u');
/**
 * The labels a report puts before a username, in the languages Rollcall speaks: English, German,
 * French, Spanish and Brazilian Portuguese ("Spieler: X", "Joueur : X", "Jugador: X", "Jogador: X").
 */
const LABEL = [
  'user(?:\\s*name)?|player|ign|roblox|gamertag|suspect|offender|reported(?:\\s+(?:user|player))?|target|name',
  'spieler(?:name)?|(?:be)?nutzer(?:name)?|verdächtiger?',
  "joueur|pseudo|(?:nom\\s+d['’])?utilisateur",
  'jugador|(?:nombre\\s+de\\s+)?usuario|sospechoso',
  'jogador|(?:nome\\s+de\\s+)?usu[aá]rio|apelido|suspeito',
].join('|');
/** A label not inside a longer word ("Benutzername" is one label, not "name"). */
const NOT_AFTER_WORD = '(?<![\\p{L}\\p{M}\\p{N}_])';
const LABELLED = new RegExp(`${NOT_AFTER_WORD}(?:${LABEL})\\s*[:=]\\s*`, 'giu');
const FIELD_NAME = new RegExp(`${NOT_AFTER_WORD}(?:${LABEL})(?![\\p{L}\\p{M}\\p{N}_])`, 'iu');
/** A word that is a label in full ("Name", "IGN", "Spieler"): never a player. */
const LABEL_WORD = new RegExp(`^(?:${LABEL})$`, 'iu');
/** What begins the rest of a line with a label of its own ("Reason:", "Benutzername=hans", "Reported user:"). */
const LABEL_AHEAD = new RegExp(`^(?:(?:${LABEL})|[^\\s:=]+)\\s*[:=]`, 'iu');
/** What separates words besides spaces: list punctuation, brackets and quotes. */
const SEPARATOR = /[\s,;()[\]{}"“”„«»]+/u;
/** One word, from where a label ends. */
const WORD_AT = /^[^\s,;()[\]{}"“”„«»]+/u;
/** Markdown and punctuation around a word, never part of it (a dot before or after is a sentence's). */
const LEADING = /^[*~|`>'‘.¿¡]*@?/u;
const TRAILING = /(?:['’]s)?[*~|`'’.:!?…]*$/u;
/** A markdown escape: a backslash before punctuation, which then stands for itself. */
const ESCAPE = /\\([!-/:-@[-`{-~])/g;
/** Mentions, channels, custom emoji, timestamps (<…>) and links: never usernames. */
const NOT_TEXT = /<[^>\s]{1,100}>|https?:\/\/\S+/g;
/** A mass mention: never a player. */
const MASS_MENTION = /^[*~|`>'‘.¿¡]*@(?:everyone|here)(?![\p{L}\p{M}\p{N}_])/iu;

/** The text as read: markdown escapes undone, mentions and links taken out. */
function clean(text: string | null | undefined): string {
  return (text ?? '').replace(ESCAPE, '$1').replace(NOT_TEXT, ' ');
}

/** The username a word is, with what surrounds it taken off, or undefined when it is none whole. */
function nameOf(word: string): string | undefined {
  if (MASS_MENTION.test(word)) return undefined;
  const name = word.replace(LEADING, '').replace(TRAILING, '');
  return SHAPE.test(name) && !LABEL_WORD.test(name) ? name : undefined;
}

/**
 * A word shaped only like a username: an underscore, letters with digits, an inner capital, or an
 * inner dot in a word of 5 or more ("john.doe", not "e.g").
 */
function looksLikeUsername(name: string): boolean {
  if (/^[\p{N}.]+$/u.test(name)) return false;
  return (
    name.includes('_') ||
    (/\p{N}/u.test(name) && /\p{L}/u.test(name)) ||
    /\p{Ll}\p{Lu}/u.test(name) ||
    (name.includes('.') && name.length >= 5)
  );
}

/**
 * The name each label in `text` names: the first word of its value (up to the next label or the line's
 * end), when it is a username whole and the value does not go on with a capitalised word that is no
 * label ("Player: Sir Space" names no username).
 */
function labelledNames(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split('\n')) {
    const labels = [...line.matchAll(LABELLED)];
    for (const [i, match] of labels.entries()) {
      const from = match.index + match[0].length;
      const name = nameInValue(line.slice(from, labels[i + 1]?.index ?? line.length));
      if (name) names.push(name);
    }
  }
  return names;
}

/** The username a label's value names, or undefined (empty, several words, no username). */
function nameInValue(value: string): string | undefined {
  const word = WORD_AT.exec(value)?.[0];
  const name = word && nameOf(word);
  if (!word || !name) return undefined;
  // Punctuation after the name ends the value ("Player: Bob. Then…"); else a capitalised word may go on.
  const rest = value.slice(word.length);
  const next = /^[ \t]+(\S)/u.exec(rest)?.[1];
  const ended = !word.endsWith(name) || next === undefined || !/\p{Lu}/u.test(next);
  return ended || LABEL_AHEAD.test(rest.trimStart()) ? name : undefined;
}

/** The usernames a message names, labelled ones first, each once (any case), at most 25. */
export function playerNames(message: MessageText): string[] {
  const embeds = message.embeds ?? [];
  const texts = [
    message.content,
    ...embeds.flatMap((e) => [
      e.title,
      e.description,
      e.author?.name,
      e.footer?.text,
      ...(e.fields ?? []).flatMap((f) => [`${f.name ?? ''}: ${f.value ?? ''}`]),
    ]),
  ].map(clean);
  const labelled = texts.flatMap(labelledNames);
  for (const e of embeds)
    for (const f of e.fields ?? [])
      if (FIELD_NAME.test(f.name ?? '')) {
        const name = nameOf(clean(f.value).trim());
        if (name) labelled.push(name);
      }
  const shaped = texts
    .flatMap((t) => t.split(SEPARATOR))
    .map(nameOf)
    .filter((name): name is string => name !== undefined && looksLikeUsername(name));
  const seen = new Set<string>();
  const names: string[] = [];
  for (const name of [...labelled, ...shaped]) {
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(name);
    if (names.length === LIMITS.selectOptions) break;
  }
  return names;
}
