/**
 * Paging state lives in each component's custom_id, so buttons keep working after a restart
 * and on every shard. Format (version 1, at most 100 characters):
 *
 *   rc1:<action>:<view>:<owner>:<page>:<arg>
 *
 * action  one letter (see ACTIONS); distinct letters keep ids unique within a message
 * view    the registered view to show (e.g. "loa.member")
 * owner   the Discord user id of whoever ran the command; only they may use the control
 * page    1-based page: of the list for list views (for the go-to-page control, the page count);
 *         1 for detail views
 * arg     empty for views that take no argument; otherwise the view's argument (an API id or
 *         username), URI-encoded (a leading "~" too), or, when that does not fit, a short key into
 *         the state store: "~" and 16 base64url characters (see StateStore)
 *
 * The codec is canonical: the parser accepts exactly the strings the encoder produces (leading
 * zeros, needless or lower-case escapes, lone surrogates, an argument for a view that takes none,
 * an unknown view: all refused), so `encode(parse(s)) === s` for every `s` that parses.
 */
import { LIMITS, SNOWFLAKE } from '../../base/discord-limits.js';

const CUSTOM_ID_VERSION = 'rc1';

export const ACTIONS = {
  first: 'f',
  prev: 'p',
  next: 'n',
  last: 'l',
  refresh: 'r',
  goto: 'g',
  gotoSubmit: 'm',
  open: 'o',
  back: 'b',
  shortcut: 's',
  secondShortcut: 't',
  /** "Export CSV": every row of the list as an attachment (page: the page shown when clicked). */
  export: 'x',
  /** A button that opens a modal asking for a detail view's argument (`DetailView.ask`). */
  ask: 'a',
  /** That modal's submission: the detail view of what was typed. */
  askSubmit: 'u',
} as const;
export type Action = (typeof ACTIONS)[keyof typeof ACTIONS];
const ACTION_LETTERS = new Set<string>(Object.values(ACTIONS));

/**
 * Largest page number a control can carry: any page count the API can report (view pages of 10 cut
 * from pages of 100 stay exact integers below this).
 */
export const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/** Whether a view takes an argument ('one': an API id or name; 'none': the argument is always ''). */
export type ArgKind = 'none' | 'one';
/** A view's argument kind by view id; undefined for a view that is not registered. */
type ArgKindOf = (view: string) => ArgKind | undefined;

export interface ControlState {
  action: Action;
  view: string;
  owner: string;
  page: number;
  /** The view's argument ('' for none). */
  arg: string;
}

type ParseResult =
  /** `storedKey` is set (and `arg` is '') when the argument was kept in the state store. */
  | { ok: true; state: ControlState; storedKey?: string }
  | { ok: false; reason: 'foreign' | 'old-version' | 'malformed' };

const VIEW_ID = /^[a-z][a-z0-9.-]{0,23}$/;
/** A state store key as it appears in a custom_id. */
const STORED_KEY = /^~[A-Za-z0-9_-]{16}$/;
const SHAPE = /^rc1:([a-z]):([^:]*):([^:]*):([^:]*):(.*)$/s;

/**
 * The custom_id for a control, or undefined when its argument cannot be carried in it directly
 * (too long for 100 characters, not well-formed unicode, or empty for a view that takes one): the
 * state store then keeps it under a short key, given as `storedKey`. Throws on a state no view can
 * be in (unknown action, view id or owner shape, page outside 1..MAX_PAGE, an argument for a view
 * that takes none): those are bugs, not input.
 */
export function encodeCustomId(state: ControlState, kind: ArgKind, storedKey?: string): string | undefined {
  const problem = stateProblem(state, kind, storedKey);
  if (problem) throw new Error(`cannot encode a control for view ${state.view}: ${problem}`);
  let arg: string;
  if (storedKey !== undefined) arg = storedKey;
  else if (kind === 'none') arg = '';
  else if (state.arg === '' || !state.arg.isWellFormed()) return undefined;
  else arg = encodeURIComponent(state.arg).replace(/^~/, '%7E');
  const id = `${CUSTOM_ID_VERSION}:${state.action}:${state.view}:${state.owner}:${state.page}:${arg}`;
  return id.length <= LIMITS.customId ? id : undefined;
}

function stateProblem(state: ControlState, kind: ArgKind, storedKey: string | undefined): string | undefined {
  if (!ACTION_LETTERS.has(state.action)) return 'unknown action';
  if (!VIEW_ID.test(state.view)) return 'view id shape';
  if (!SNOWFLAKE.test(state.owner)) return 'owner is not a Discord id';
  if (!Number.isSafeInteger(state.page) || state.page < 1 || state.page > MAX_PAGE)
    return 'page out of range';
  if (kind === 'none' && (state.arg !== '' || storedKey !== undefined)) return 'the view takes no argument';
  if (storedKey !== undefined && !STORED_KEY.test(storedKey)) return 'stored key shape';
  return undefined;
}

/**
 * Parse and validate a custom_id coming back from Discord against the registered views. Never
 * throws. Accepts exactly what `encodeCustomId` produces.
 */
export function parseCustomId(customId: string, kindOf: ArgKindOf): ParseResult {
  if (typeof customId !== 'string' || customId.length > LIMITS.customId)
    return { ok: false, reason: 'malformed' };
  if (!customId.startsWith('rc')) return { ok: false, reason: 'foreign' };
  if (!customId.startsWith(`${CUSTOM_ID_VERSION}:`)) return { ok: false, reason: 'old-version' };
  const m = SHAPE.exec(customId);
  const kind = m ? kindOf(m[2] as string) : undefined;
  if (!m || !kind || !/^[1-9]\d{0,15}$/.test(m[4] as string)) return { ok: false, reason: 'malformed' };
  const [, action, view, owner, pageText, rawArg] = m as unknown as [
    string,
    Action,
    string,
    string,
    string,
    string,
  ];
  const state: ControlState = { action, view, owner, page: Number(pageText), arg: '' };
  let parsed: ParseResult;
  if (rawArg.startsWith('~')) parsed = { ok: true, state, storedKey: rawArg };
  else {
    let arg: string;
    try {
      arg = decodeURIComponent(rawArg);
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    parsed = { ok: true, state: { ...state, arg } };
  }
  // Canonical: only what the encoder would have written for this state.
  try {
    if (encodeCustomId(parsed.state, kind, parsed.storedKey) === customId) return parsed;
  } catch {
    // a state no view can be in
  }
  return { ok: false, reason: 'malformed' };
}
