/**
 * The marks of the states Rollcall shows (on duty, on leave, pending, pass, fail, ban in effect…):
 * the one source of each. A mark is the application's own emoji of that name (`<:rc_pass:id>`,
 * uploaded by `deploy-commands` from assets/emojis/) when the bot found it at start, else its
 * Unicode. The words stay beside every mark: the text is the record, and what screen readers read.
 *
 * The application's emojis are one set per application, so per process: the bot hands them over
 * once when it connects (`useApplicationEmojis`), and every renderer asks `mark(state)`.
 */

/** A state's mark: its application emoji's name (a file `assets/emojis/<emoji>.png`) and its Unicode. */
interface Mark {
  emoji: string;
  unicode: string;
}

/** Every state's mark. Two states that mean the same (an active LOA is leave) share one emoji. */
export const MARKS = {
  onDuty: { emoji: 'rc_on_duty', unicode: '🟢' },
  ended: { emoji: 'rc_ended', unicode: '⚫' },
  unknown: { emoji: 'rc_unknown', unicode: '❔' },
  onLeave: { emoji: 'rc_on_leave', unicode: '🌴' },
  loaActive: { emoji: 'rc_on_leave', unicode: '🟢' },
  pending: { emoji: 'rc_pending', unicode: '🟡' },
  approved: { emoji: 'rc_approved', unicode: '🔵' },
  denied: { emoji: 'rc_denied', unicode: '🔴' },
  cancelled: { emoji: 'rc_cancelled', unicode: '⚪' },
  pass: { emoji: 'rc_pass', unicode: '✅' },
  fail: { emoji: 'rc_fail', unicode: '❌' },
  ban: { emoji: 'rc_ban', unicode: '⛔' },
  banOver: { emoji: 'rc_ban_over', unicode: '🔓' },
  hidden: { emoji: 'rc_hidden', unicode: '🙈' },
  expired: { emoji: 'rc_expired', unicode: '⌛' },
  open: { emoji: 'rc_open', unicode: '🟢' },
  closed: { emoji: 'rc_closed', unicode: '🔴' },
} as const satisfies Record<string, Mark>;

export type MarkName = keyof typeof MARKS;

/** The application emojis Rollcall uses, each once: the files of assets/emojis/, the names deploy-commands uploads. */
export const EMOJI_NAMES: readonly string[] = [...new Set(Object.values(MARKS).map((m) => m.emoji))].sort();

/** Discord's rule for an emoji's name, and its ids: only such an emoji is ever written into a message. */
const NAME = /^[A-Za-z0-9_]{2,32}$/;
const SNOWFLAKE = /^\d{17,20}$/;

/** Emoji name → `<:name:id>`, of the application emojis found at start (none: Unicode everywhere). */
let custom: ReadonlyMap<string, string> = new Map();

/**
 * Use these application emojis for the marks from now on (all of them replace what was there);
 * returns how many of Rollcall's were found. Others' emojis, and anything not shaped like an emoji
 * (a name or id Discord would not give), are left out, so an answer's text never carries markup.
 */
export function useApplicationEmojis(
  emojis: ReadonlyArray<{ name?: string | null; id?: string | null; animated?: boolean | null }>,
): number {
  const ours = new Set(EMOJI_NAMES);
  const found = new Map<string, string>();
  for (const { name, id, animated } of emojis) {
    if (!name || !id || !ours.has(name) || !NAME.test(name) || !SNOWFLAKE.test(id)) continue;
    found.set(name, `<${animated === true ? 'a' : ''}:${name}:${id}>`);
  }
  custom = found;
  return found.size;
}

/** A state's mark: the application's emoji when it has it, else the Unicode. */
export function mark(state: MarkName): string {
  const { emoji, unicode } = MARKS[state];
  return custom.get(emoji) ?? unicode;
}
