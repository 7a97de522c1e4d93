/**
 * An argument that carries where its record was opened from, so a view reached through a shortcut
 * can still lead back to the list the first record came from (LOA list → LOA → Member → back), with
 * every piece of state in the custom_id (or the state store, when it does not fit):
 *
 *   <arg>|<list view>|<page>|<list arg>   each part URI-encoded; the last three empty for none
 *
 * A bare argument without "|" (a button made before the way back was carried) is read as the
 * argument with no way back.
 */
import { say, UserError } from '../replies.js';
import { MAX_PAGE } from './custom-id.js';
import type { BackTarget } from './views.js';

/** `arg`, carrying `back` when there is one. */
export function argWithBack(arg: string, back: BackTarget | undefined): string {
  const parts = back ? [arg, back.view, String(back.page), back.arg] : [arg, '', '', ''];
  return parts.map((p) => encodeURIComponent(p)).join('|');
}

/** The argument and the way back it carries; a forged one is refused with the expired sentence. */
export function splitBack(carried: string): { arg: string; back?: BackTarget } {
  if (!carried.includes('|')) return { arg: carried };
  const parts = carried.split('|');
  if (parts.length !== 4) throw new UserError(say.expired);
  let arg: string;
  let view: string;
  let pageText: string;
  let listArg: string;
  try {
    [arg, view, pageText, listArg] = parts.map((p) => decodeURIComponent(p)) as [
      string,
      string,
      string,
      string,
    ];
  } catch {
    throw new UserError(say.expired);
  }
  if (view === '' && pageText === '' && listArg === '') return { arg };
  const page = Number(pageText);
  if (view === '' || !/^[1-9]\d{0,15}$/.test(pageText) || page > MAX_PAGE) throw new UserError(say.expired);
  return { arg, back: { view, page, arg: listArg } };
}
