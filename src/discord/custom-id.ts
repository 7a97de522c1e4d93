/**
 * Paging state lives in each component's custom_id, so buttons keep working after a restart
 * and on every shard. Format (version 1, at most 100 characters):
 *
 *   rc1:<action>:<view>:<owner>:<page>:<arg>
 *
 * action  one letter (see ACTIONS); distinct letters keep ids unique within a message
 * view    the registered view to show (e.g. "loa.member")
 * owner   the Discord user id of whoever ran the command; only they may use the control
 * page    1-based page of a list view (0 for detail views)
 * arg     the view's argument (an API id or username), URI-encoded (a leading "~" too); when it
 *         does not fit, a short key into the state store prefixed with "~" (see StateStore)
 */
import { LIMITS } from '../render/format.js';

export const CUSTOM_ID_VERSION = 'rc1';

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
  shortcut2: 't',
} as const;
export type Action = (typeof ACTIONS)[keyof typeof ACTIONS];
const ACTION_LETTERS = new Set<string>(Object.values(ACTIONS));

/**
 * Largest page number a control can carry: any page count the API can report (view pages of 10 cut
 * from pages of 100 stay exact integers below this).
 */
export const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / 100);

export interface ControlState {
  action: Action;
  view: string;
  owner: string;
  page: number;
  /** The view's argument ('' for none). */
  arg: string;
}

export type ParseResult =
  /** `storedKey` is set (and `arg` is '') when the argument was kept in the state store. */
  | { ok: true; state: ControlState; storedKey?: string }
  | { ok: false; reason: 'foreign' | 'old-version' | 'malformed' };

const SHAPE = /^rc1:([a-z]):([a-z][a-z0-9.-]{0,23}):(\d{17,20}):(0|[1-9]\d{0,13}):(.*)$/s;

/**
 * The custom_id for a control, or undefined when it does not fit in 100 characters (or the argument
 * is not valid unicode). With `storedKey`, the key stands in for the argument.
 */
export function encodeCustomId(state: ControlState, storedKey?: string): string | undefined {
  let arg: string;
  if (storedKey !== undefined) arg = storedKey;
  else if (!state.arg.isWellFormed()) return undefined;
  else arg = encodeURIComponent(state.arg).replace(/^~/, '%7E');
  const id = `${CUSTOM_ID_VERSION}:${state.action}:${state.view}:${state.owner}:${state.page}:${arg}`;
  return id.length <= LIMITS.customId ? id : undefined;
}

/** Parse and validate a custom_id coming back from Discord. Never throws. */
export function parseCustomId(customId: string): ParseResult {
  if (typeof customId !== 'string' || customId.length > LIMITS.customId)
    return { ok: false, reason: 'malformed' };
  if (!customId.startsWith('rc')) return { ok: false, reason: 'foreign' };
  if (!customId.startsWith(`${CUSTOM_ID_VERSION}:`)) return { ok: false, reason: 'old-version' };
  const m = SHAPE.exec(customId);
  if (!m) return { ok: false, reason: 'malformed' };
  const [, action, view, owner, pageText, rawArg] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!ACTION_LETTERS.has(action)) return { ok: false, reason: 'malformed' };
  const page = Number(pageText);
  if (page > MAX_PAGE) return { ok: false, reason: 'malformed' };
  const state = { action: action as Action, view, owner, page, arg: '' };
  if (rawArg.startsWith('~')) {
    return /^~[A-Za-z0-9_-]{6,32}$/.test(rawArg)
      ? { ok: true, state, storedKey: rawArg }
      : { ok: false, reason: 'malformed' };
  }
  try {
    return { ok: true, state: { ...state, arg: decodeURIComponent(rawArg) } };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}
