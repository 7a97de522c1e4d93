// @ts-check
/**
 * The part of Discord's markdown Rollcall's messages use, read into a small tree the adapter turns
 * into elements: **bold**, *italic* / _italic_, __underline__, ~~strike~~, `code`, ```blocks```,
 * [links](url), > quotes, `\` escapes, mentions (<@id>, <@&id>, <#id>) and timestamps (<t:s:f>).
 * Timestamps are formatted in the viewer's time zone as Discord does. Pure: runs in the browser
 * and in Node (tests).
 */

/**
 * @typedef {{ type: 'text', text: string }
 *   | { type: 'br' }
 *   | { type: 'bold' | 'italic' | 'underline' | 'strike' | 'quote', children: MdNode[] }
 *   | { type: 'code', text: string }
 *   | { type: 'codeblock', text: string }
 *   | { type: 'link', url: string, children: MdNode[] }
 *   | { type: 'mention', kind: 'user' | 'role' | 'channel', id: string }
 *   | { type: 'time', seconds: number, style: string }
 *   | { type: 'emoji', name: string, id: string, animated: boolean }} MdNode
 */

/** @type {Array<[string, 'bold' | 'underline' | 'strike' | 'italic']>} */
const WRAPS = [
  ['**', 'bold'],
  ['__', 'underline'],
  ['~~', 'strike'],
  ['*', 'italic'],
  ['_', 'italic'],
];

/**
 * Reads inline markdown (no quotes or code blocks).
 * @param {string} text
 * @returns {MdNode[]}
 */
function inline(text) {
  /** @type {MdNode[]} */
  const out = [];
  let plain = '';
  const flush = () => {
    if (plain !== '') out.push({ type: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length && /[\\*_~`[\]()<>#|-]/.test(text[i + 1] ?? '')) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '\n') {
      flush();
      out.push({ type: 'br' });
      i++;
      continue;
    }
    const time = /^<t:(-?\d{1,13})(?::([tTdDfFR]))?>/.exec(rest);
    if (time) {
      flush();
      out.push({ type: 'time', seconds: Number(time[1]), style: time[2] ?? 'f' });
      i += time[0].length;
      continue;
    }
    const emoji = /^<(a?):([A-Za-z0-9_]{2,32}):(\d{17,20})>/.exec(rest);
    if (emoji) {
      flush();
      out.push({ type: 'emoji', name: emoji[2] ?? '', id: emoji[3] ?? '', animated: emoji[1] === 'a' });
      i += emoji[0].length;
      continue;
    }
    const mention = /^<(@!?|@&|#)(\d{17,20})>/.exec(rest);
    if (mention) {
      flush();
      const kind = mention[1] === '@&' ? 'role' : mention[1] === '#' ? 'channel' : 'user';
      out.push({ type: 'mention', kind, id: mention[2] ?? '' });
      i += mention[0].length;
      continue;
    }
    if (ch === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    const link = /^\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/.exec(rest);
    if (link) {
      flush();
      out.push({ type: 'link', url: link[2] ?? '', children: inline(link[1] ?? '') });
      i += link[0].length;
      continue;
    }
    const wrap = WRAPS.find(([mark]) => rest.startsWith(mark));
    if (wrap) {
      const [mark, type] = wrap;
      const end = findClose(text, mark, i + mark.length);
      if (end > i + mark.length) {
        flush();
        out.push({ type, children: inline(text.slice(i + mark.length, end)) });
        i = end + mark.length;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}

/**
 * Where `mark` closes, skipping escaped characters and code spans; -1 when it does not.
 * @param {string} text
 * @param {string} mark
 * @param {number} from
 */
function findClose(text, mark, from) {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > 0) i = end;
      continue;
    }
    if (text.startsWith(mark, i)) {
      // `**` must not close a single `*`.
      if (mark.length === 1 && text[i + 1] === mark) {
        i++;
        continue;
      }
      return i;
    }
  }
  return -1;
}

/**
 * Reads a message or embed text: code blocks and `> ` quote lines, then inline markdown.
 * @param {string} text
 * @returns {MdNode[]}
 */
export function parseMarkdown(text) {
  /** @type {MdNode[]} */
  const out = [];
  const parts = text.split(/(```[\s\S]*?```)/);
  for (const part of parts) {
    if (part.startsWith('```') && part.endsWith('```') && part.length >= 6) {
      const body = part.slice(3, -3).replace(/^[a-z0-9+-]*\n/i, '');
      out.push({ type: 'codeblock', text: body.replace(/\n$/, '') });
      continue;
    }
    const lines = part.split('\n');
    let index = 0;
    while (index < lines.length) {
      const line = lines[index] ?? '';
      if (line.startsWith('> ') || line === '>') {
        const quoted = [];
        while (index < lines.length && ((lines[index] ?? '').startsWith('> ') || lines[index] === '>')) {
          quoted.push((lines[index] ?? '').replace(/^> ?/, ''));
          index++;
        }
        out.push({ type: 'quote', children: inline(quoted.join('\n')) });
        continue;
      }
      const run = [];
      while (index < lines.length && !(lines[index] ?? '').startsWith('> ') && lines[index] !== '>') {
        run.push(lines[index]);
        index++;
      }
      const nodes = inline(run.join('\n'));
      if (out.length > 0 && out[out.length - 1]?.type === 'quote' && nodes[0]?.type === 'br') nodes.shift();
      out.push(...nodes);
    }
  }
  return out;
}

/** @type {Array<[Intl.RelativeTimeFormatUnit, number]>} */
const UNITS = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * A Discord timestamp as the Discord client shows it in the viewer's locale and time zone:
 * t 9:41 PM · T 9:41:30 PM · d 11/23/2026 · D November 23, 2026 · f November 23, 2026 at 9:41 PM ·
 * F Monday, November 23, 2026 at 9:41 PM · R in 3 days / 2 hours ago.
 * @param {number} seconds
 * @param {string} style
 * @param {{ now: number, timeZone?: string, locale?: string }} options
 */
export function formatTimestamp(seconds, style, options) {
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const locale = options.locale ?? 'en-US';
  const zone = options.timeZone ? { timeZone: options.timeZone } : {};
  if (style === 'R') {
    const delta = Math.round((date.getTime() - options.now) / 1000);
    const [unit, size] = UNITS.find(([, s]) => Math.abs(delta) >= s) ?? ['second', 1];
    return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(Math.trunc(delta / size), unit);
  }
  /** @type {Record<string, Intl.DateTimeFormatOptions>} */
  const styles = {
    t: { timeStyle: 'short' },
    T: { timeStyle: 'medium' },
    d: { year: 'numeric', month: '2-digit', day: '2-digit' },
    D: { dateStyle: 'long' },
    f: { dateStyle: 'long', timeStyle: 'short' },
    F: { dateStyle: 'full', timeStyle: 'short' },
  };
  const format = styles[style] ?? styles.f;
  return new Intl.DateTimeFormat(locale, { ...format, ...zone }).format(date);
}

/**
 * A message's own time as Discord's header shows it: "Today at 9:41 PM", "Yesterday at …" or a date.
 * @param {string} iso
 * @param {{ now: number, timeZone?: string, locale?: string }} options
 */
export function formatMessageTime(iso, options) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = options.locale ?? 'en-US';
  const zone = options.timeZone ? { timeZone: options.timeZone } : {};
  const day = new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', ...zone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', ...zone }).format(date);
  const today = day.format(new Date(options.now));
  const yesterday = day.format(new Date(options.now - 24 * 3600 * 1000));
  const that = day.format(date);
  if (that === today) return `Today at ${time}`;
  if (that === yesterday) return `Yesterday at ${time}`;
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'short', ...zone }).format(date)} ${time}`;
}
