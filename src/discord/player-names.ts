/**
 * The game usernames a message names, for "Check player" (right-click a message → Apps): what the
 * community's reports and tickets call a player, offered in a select. The API does not say what a
 * username looks like (docs/api-decisions.md): Rollcall takes 3 to 20 letters, digits and
 * underscores, the shape game usernames commonly have. Labelled names come first ("Username:
 * Foo_1", "Spieler: Foo_1", an embed field named "Player" or "Jugador"), then words shaped only like usernames (with an
 * underscore, letters and digits mixed, or an inner capital), so plain words are not offered.
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

/** 3 to 20 letters, digits, underscores and inner dots ("john.doe"; a dot never starts or ends one). */
const NAME = '[A-Za-z0-9_](?:[A-Za-z0-9_.]{1,18})[A-Za-z0-9_]';
const SHAPE = new RegExp(`^${NAME}$`);
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
const LABELLED = new RegExp(`\\b(?:${LABEL})\\s*[:=]\\s*@?(${NAME})(?![A-Za-z0-9_]|\\.[A-Za-z0-9_])`, 'gi');
const FIELD_NAME = new RegExp(`\\b(?:${LABEL})\\b`, 'i');
/** Mentions, channels, custom emoji, timestamps (<…>) and links: never usernames. */
const NOT_TEXT = /<[^>\s]{1,100}>|https?:\/\/\S+/g;

/**
 * A word shaped only like a username: an underscore, letters with digits, an inner capital, or an
 * inner dot in a word of 5 or more ("john.doe", not "e.g").
 */
function looksLikeUsername(word: string): boolean {
  if (!SHAPE.test(word) || /^[\d.]+$/.test(word)) return false;
  return (
    word.includes('_') ||
    (/\d/.test(word) && /[A-Za-z]/.test(word)) ||
    /[a-z][A-Z]/.test(word) ||
    (word.includes('.') && word.length >= 5)
  );
}

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(NOT_TEXT, ' ').replace(/[`*~|>]/g, ' ');
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
  const labelled: string[] = [];
  for (const text of texts) for (const m of text.matchAll(LABELLED)) labelled.push(m[1] as string);
  for (const e of embeds)
    for (const f of e.fields ?? [])
      if (FIELD_NAME.test(f.name ?? '')) {
        const value = clean(f.value).trim().replace(/^@/, '');
        if (SHAPE.test(value)) labelled.push(value);
      }
  const shaped = texts
    .flatMap((t) => t.split(/[^A-Za-z0-9_.]+/))
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter(looksLikeUsername);
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
