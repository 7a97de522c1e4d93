/**
 * A chart job (spec.ts) laid out and written as SVG, for resvg to draw (draw.ts, in the drawing
 * thread). Pure but for the fonts' metrics (metrics.ts, read once per thread): every text's width is
 * the shipped font's, so a name is cut with "…" where it would pass its column, and a label never
 * runs off the picture (the picture grows to hold it). Every text goes through `escapeXml`: a name is
 * data, never markup.
 *
 * The picture: the title (bold 15 px) and a subtitle (12 px) at the top left, then each part stacked,
 * 24 px apart. `bars` and `grid` put the names in a 210 px column, right-aligned, and their plot
 * beside it; a lone `days` part puts its hours axis there instead. Sizes are the picture's own
 * pixels; resvg draws them at twice that (draw.ts).
 */
import { FONT, textWidth } from './metrics.js';
import type { BarRow, BarsPart, ChartJob, ChartPart, DaysPart, GridPart, Key, Mark, Series } from './spec.js';

const COLOURS: Record<Series, string> = {
  duty: '#2f6db3',
  pass: '#1b8a5a',
  fail: '#d55e00',
  leave: '#a0a0a0',
  away: '#dcdcdc',
  quota: '#222222',
};
const TEXT = '#333333';
const SUBTLE = '#555555';
const GRID = '#dddddd';
const AXIS = '#888888';
const PAD = 12;
const PLOT_WIDTH = 560;
/** Pixels a name may take beside its bar (about 32 characters of Latin); a longer one is cut with "…". */
const NAME_PIXELS = 210;
const NAME_GAP = 8;
const ROW = 22;
const BAR = 18;
const DAYS_HEIGHT = 200;
const PART_GAP = 24;
const SIZE = { title: 15, subtitle: 12, label: 12, value: 11 } as const;
/** Where a line of text sits: its baseline below the line's top (the font's ascent), and its height. */
const ASCENT = 0.93;
const lineHeight = (size: number) => Math.round(size * 1.25);
/** The baseline that centres a text's capitals on `middle`. */
const centred = (middle: number, size: number) => middle + size * 0.365;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** What XML cannot hold at all (controls, lone surrogates, U+FFFE and U+FFFF): drawn as nothing would be no picture. */
const NOT_XML = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu;

/** The one way a text reaches the SVG: markup characters escaped, characters XML cannot hold replaced. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, ' ').replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

const num = (value: number) => String(Math.round(value * 100) / 100);

interface TextStyle {
  size: number;
  bold?: boolean;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
  transform?: string;
}

function text(x: number, y: number, content: string, style: TextStyle): string {
  const anchor = style.anchor && style.anchor !== 'start' ? ` text-anchor="${style.anchor}"` : '';
  const bold = style.bold ? ' font-weight="bold"' : '';
  const at = style.transform
    ? ` transform="translate(${num(x)},${num(y)}) ${style.transform}"`
    : ` x="${num(x)}" y="${num(y)}"`;
  return `<text${at}${anchor}${bold} font-size="${style.size}" fill="${style.fill ?? TEXT}">${escapeXml(content)}</text>`;
}

const rect = (x: number, y: number, width: number, height: number, attributes: string) =>
  `<rect x="${num(x)}" y="${num(y)}" width="${num(Math.max(0, width))}" height="${num(Math.max(0, height))}" ${attributes}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, colour: string) =>
  `<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}" stroke="${colour}" stroke-width="1"/>`;

let graphemes: Intl.Segmenter | undefined;
/** Right-to-left letters (Hebrew, Arabic and their neighbours). */
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** A text cut past this many UTF-16 units before measuring: no character is narrow enough to need more. */
const LONGEST = 1000;
/**
 * The share of its room a text is given: the metrics leave out kerning, which resvg applies, and a
 * few of DejaVu's pairs draw wider than their advances (32 "A" take 4% more).
 */
const KERNING_SLACK = 0.96;

/**
 * `content` as drawn in `room` pixels: whole, or cut at a character (never inside one) and ended
 * with "…". After right-to-left letters the "…" is followed by a right-to-left mark, so it stands
 * at the end the reader reads last (the left), not after the name's first letters.
 */
export function cutToWidth(content: string, room: number, size: number, bold = false): string {
  const budget = room * KERNING_SLACK;
  if (content.length <= LONGEST && textWidth(content, size, bold) <= budget) return content;
  const left = budget - textWidth('…', size, bold);
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes.segment(content.slice(0, LONGEST))) {
    used += textWidth(segment, size, bold);
    if (used > left) break;
    kept += segment;
  }
  kept = kept.trimEnd();
  const letters = kept.match(/\p{L}/gu);
  return `${kept}…${letters && RTL.test(letters.at(-1) as string) ? '\u200F' : ''}`;
}

/**
 * Ticks for an axis from 0 to `top`: integers a nice step apart (1, 2 or 5 × 10^k, never less than
 * 1), about `count` of them, the last at or below `top`.
 */
export function ticks(top: number, count: number): number[] {
  const step = tickStep(top, count);
  return Array.from({ length: Math.floor(top / step) + 1 }, (_, i) => i * step);
}

function tickStep(top: number, count: number): number {
  const raw = top / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  const error = raw / power;
  const step =
    power * (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1);
  return Math.max(1, Math.round(step));
}

/** An integer with the reader's group separator (spec.ts `numbers`). */
function integer(value: number, numbers: ChartJob['numbers']): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, numbers.group);
}

/** Ticks that fit `length` pixels with their labels apart: fewer when the labels are wide. */
function spacedTicks(top: number, length: number, numbers: ChartJob['numbers']): number[] {
  let count = Math.max(2, Math.round(length / 40));
  for (;;) {
    const found = ticks(top, count);
    const widest = Math.max(...found.map((v) => textWidth(integer(v, numbers), SIZE.label)));
    const apart = (length * (found[1] ?? top)) / top;
    if (found.length < 3 || apart >= widest + 10) return found;
    count = Math.max(1, Math.floor(count / 2));
  }
}

/** What a part gives the picture: its SVG, its height, and how far right it reaches. */
interface Drawn {
  svg: string;
  height: number;
  right: number;
}

/** A legend's mark (or a quota bar's marker) centred on (x, y). */
function mark(kind: Mark, series: Series, x: number, y: number): string {
  const fill = `fill="${COLOURS[series]}"`;
  const edge = 'stroke="#ffffff" stroke-width="1"';
  switch (kind) {
    case 'circle':
      return `<circle cx="${num(x)}" cy="${num(y)}" r="5" ${fill} ${edge}/>`;
    case 'triangle-down':
      return `<path d="M${num(x - 5.5)},${num(y - 4)}H${num(x + 5.5)}L${num(x)},${num(y + 5.5)}Z" ${fill} ${edge}/>`;
    case 'square':
      return rect(x - 4.5, y - 4.5, 9, 9, `${fill} ${edge}`);
    case 'tick':
      return rect(x - 1, y - 7, 2, 14, fill);
    case 'swatch':
      return rect(x - 5, y - 5, 10, 10, fill);
  }
}

const LEGEND_ROW = 18;
/** Legend entries from `x`, in rows of at most `width` pixels: each its mark and its label. */
function legend(keys: readonly Key[], x: number, y: number, width: number): Drawn {
  const out: string[] = [];
  let [at, top, right] = [x, y, x];
  for (const key of keys) {
    const size = 12 + 4 + textWidth(key.label, SIZE.label);
    if (at > x && at + size > x + width) [at, top] = [x, top + LEGEND_ROW];
    const middle = top + LEGEND_ROW / 2;
    out.push(mark(key.mark, key.series, at + 6, middle));
    out.push(text(at + 16, centred(middle, SIZE.label), key.label, { size: SIZE.label, fill: '#000000' }));
    right = Math.max(right, at + size);
    at += size + 16;
  }
  return { svg: out.join(''), height: keys.length === 0 ? 0 : top - y + LEGEND_ROW + 8, right };
}

/** A bar from `x` to `x + width`, its end rounded by 2 px (none for a bar too short to round). */
function barEnd(x: number, y: number, width: number, height: number, fill: string): string {
  if (width <= 0) return '';
  const r = Math.min(2, width / 2, height / 2);
  const d = `M${num(x)},${num(y)}h${num(width - r)}a${r},${r} 0 0 1 ${r},${r}v${num(height - 2 * r)}a${r},${r} 0 0 1 -${r},${r}h${num(r - width)}Z`;
  return `<path d="${d}" fill="${fill}"/>`;
}

/** A row's bar, its marker and tick (quota) and its label; returns how far right the label reaches. */
function barRow(row: BarRow, part: BarsPart, x: (hours: number) => number, middle: number, out: string[]) {
  const top = middle - BAR / 2;
  const colour = COLOURS[row.series];
  if (part.faded) out.push(rect(x(0), top, x(row.hours) - x(0), BAR, `fill="${colour}" fill-opacity="0.45"`));
  else out.push(barEnd(x(0), top, x(row.hours) - x(0), BAR, colour));
  if (row.required !== undefined) out.push(rect(x(row.required) - 1, top, 2, BAR, `fill="${COLOURS.quota}"`));
  if (row.marker) out.push(mark(row.marker, row.series, x(row.hours), middle));
  const labelAt = x(Math.max(row.hours, row.required ?? 0)) + (row.marker ? 8 : 4);
  out.push(text(labelAt, centred(middle, SIZE.value), row.label, { size: SIZE.value }));
  return labelAt + textWidth(row.label, SIZE.value);
}

/** The names' column: each right-aligned beside its row, cut to NAME_PIXELS. */
function names(rows: ReadonlyArray<{ name: string }>, top: number, out: string[]): void {
  rows.forEach((row, i) => {
    const middle = top + i * ROW + ROW / 2;
    const name = cutToWidth(row.name, NAME_PIXELS, SIZE.label);
    out.push(text(PAD + NAME_PIXELS, centred(middle, SIZE.label), name, { size: SIZE.label, anchor: 'end' }));
  });
}

/** Bars along the hours axis: light grid lines at the ticks, the axis below, its title under it. */
function barsPart(part: BarsPart, left: number, y: number, numbers: ChartJob['numbers']): Drawn {
  const keys = legend(part.keys, left, y, PLOT_WIDTH);
  const out = [keys.svg];
  const top = y + keys.height;
  const bottom = top + part.rows.length * ROW;
  const x = (hours: number) => left + (Math.min(hours, part.top) / part.top) * PLOT_WIDTH;
  const marks = spacedTicks(part.top, PLOT_WIDTH, numbers);
  for (const tick of marks) out.push(line(x(tick), top, x(tick), bottom, GRID));
  let right = Math.max(keys.right, left + PLOT_WIDTH);
  part.rows.forEach((row, i) => {
    right = Math.max(right, barRow(row, part, x, top + i * ROW + ROW / 2, out));
  });
  names(part.rows, top, out);
  out.push(line(left, bottom + 0.5, left + PLOT_WIDTH, bottom + 0.5, AXIS));
  for (const tick of marks) {
    const label = integer(tick, numbers);
    out.push(line(x(tick), bottom, x(tick), bottom + 5, AXIS));
    out.push(text(x(tick), bottom + 7 + SIZE.label * ASCENT, label, { size: SIZE.label, anchor: 'middle' }));
    right = Math.max(right, x(tick) + textWidth(label, SIZE.label) / 2);
  }
  const title = bottom + 24 + SIZE.label * ASCENT;
  out.push(text(left + PLOT_WIDTH / 2, title, part.axis, { size: SIZE.label, bold: true, anchor: 'middle' }));
  return { svg: out.join(''), height: title + 4 - y, right };
}

/**
 * The days labelled under a day chart: every day of a short one, else every 7th and the last; fewer
 * (every 14th, 21st…) when the labels would touch, and the one before the last left out when it
 * would touch the last.
 */
function labelledDays(labels: readonly string[], step: number): number[] {
  const widest = Math.max(0, ...labels.map((l) => textWidth(l, SIZE.label))) + 6;
  const base = labels.length > 10 ? 7 : 1;
  let every = base;
  while (every * step < widest && every < labels.length) every += base;
  const last = labels.length - 1;
  const shown = labels.map((_, i) => i).filter((i) => i % every === 0 || (base === 7 && i === last));
  const before = shown.at(-2);
  if (before !== undefined && shown.at(-1) === last && (last - before) * step < widest) shown.splice(-2, 1);
  return shown;
}

/** The width of a day chart's hours axis (its title, tick labels and ticks) left of its plot. */
function daysAxisWidth(part: DaysPart, numbers: ChartJob['numbers']): number {
  const labels = dayTicks(part).map((v) => textWidth(integer(v, numbers), SIZE.label));
  return SIZE.label + 8 + Math.max(...labels) + 8;
}

function dayTicks(part: DaysPart): number[] {
  const most = Math.max(1, ...part.days.map((d) => d.hours));
  const step = tickStep(most, DAYS_HEIGHT / 40);
  return ticks(Math.ceil(most / step) * step, DAYS_HEIGHT / 40);
}

/** A bar per day, a grey band behind the days on leave; the hours axis at the left, the days below. */
function daysPart(part: DaysPart, left: number, y: number, numbers: ChartJob['numbers']): Drawn {
  const keys = legend(part.keys, left, y, PLOT_WIDTH);
  const out = [keys.svg];
  const top = y + keys.height + 6;
  const bottom = top + DAYS_HEIGHT;
  const marks = dayTicks(part);
  const most = marks.at(-1) as number;
  const yOf = (hours: number) => bottom - (Math.min(hours, most) / most) * DAYS_HEIGHT;
  const step = PLOT_WIDTH / part.days.length;
  for (const tick of marks) {
    out.push(line(left, yOf(tick), left + PLOT_WIDTH, yOf(tick), GRID));
    out.push(line(left - 5, yOf(tick), left, yOf(tick), AXIS));
    const label = integer(tick, numbers);
    out.push(text(left - 8, centred(yOf(tick), SIZE.label), label, { size: SIZE.label, anchor: 'end' }));
  }
  const gap = Math.min(2, step * 0.1);
  part.days.forEach((day, i) => {
    if (day.leave)
      out.push(rect(left + i * step + gap / 2, top, step - gap, DAYS_HEIGHT, `fill="${COLOURS.away}"`));
  });
  part.days.forEach((day, i) => {
    const height = bottom - yOf(day.hours);
    if (height > 0) out.push(upBar(left + i * step + step * 0.15, bottom - height, step * 0.7, height));
  });
  out.push(line(left - 0.5, top, left - 0.5, bottom, AXIS));
  out.push(line(left, bottom + 0.5, left + PLOT_WIDTH, bottom + 0.5, AXIS));
  let right = Math.max(keys.right, left + PLOT_WIDTH);
  for (const i of labelledDays(
    part.days.map((d) => d.day),
    step,
  )) {
    const centre = left + (i + 0.5) * step;
    const label = part.days[i]?.day ?? '';
    out.push(line(centre, bottom, centre, bottom + 5, AXIS));
    out.push(text(centre, bottom + 7 + SIZE.label * ASCENT, label, { size: SIZE.label, anchor: 'middle' }));
    right = Math.max(right, centre + textWidth(label, SIZE.label) / 2);
  }
  const axisTitle = left - daysAxisWidth(part, numbers) + SIZE.label * ASCENT - 2;
  const middle = (top + bottom) / 2;
  out.push(
    text(axisTitle, middle, part.axis, {
      size: SIZE.label,
      bold: true,
      anchor: 'middle',
      transform: 'rotate(-90)',
    }),
  );
  return { svg: out.join(''), height: bottom + 7 + lineHeight(SIZE.label) - y, right };
}

/** A day's bar, its top rounded by 2 px. */
function upBar(x: number, y: number, width: number, height: number): string {
  const r = Math.min(2, width / 2, height / 2);
  const d = `M${num(x)},${num(y + height)}v${num(r - height)}a${num(r)},${num(r)} 0 0 1 ${num(r)},-${num(r)}h${num(width - 2 * r)}a${num(r)},${num(r)} 0 0 1 ${num(r)},${num(r)}v${num(height - r)}Z`;
  return `<path d="${d}" fill="${COLOURS.duty}"/>`;
}

/** A title (bold) and under it a subtitle, from the left edge, each cut to `room`. */
function heading(title: string, subtitle: string | undefined, y: number, room: number): Drawn {
  const style = { size: SIZE.title, bold: true, fill: '#000000' };
  const out = [text(PAD, y + SIZE.title * ASCENT, cutToWidth(title, room, SIZE.title, true), style)];
  if (subtitle !== undefined) {
    const below = y + lineHeight(SIZE.title) + SIZE.subtitle * ASCENT;
    out.push(
      text(PAD, below, cutToWidth(subtitle, room, SIZE.subtitle), { size: SIZE.subtitle, fill: SUBTLE }),
    );
  }
  return { svg: out.join(''), height: headingHeight(subtitle), right: PAD + room };
}

const headingHeight = (subtitle: string | undefined) =>
  lineHeight(SIZE.title) + (subtitle === undefined ? 0 : lineHeight(SIZE.subtitle));

/** Its own title (and note), the days along a top axis, a row per member with a grey mark per day away. */
function gridPart(part: GridPart, left: number, y: number): Drawn {
  const head = heading(part.title, part.note, y, left + PLOT_WIDTH - PAD);
  const out = [head.svg];
  const at = y + head.height + 6;
  const step = PLOT_WIDTH / Math.max(1, part.days.length);
  const axis = at + lineHeight(SIZE.label) + 6;
  let right = left + PLOT_WIDTH;
  part.days.forEach((day, i) => {
    const centre = left + (i + 0.5) * step;
    out.push(text(centre, at + SIZE.label * ASCENT, day, { size: SIZE.label, anchor: 'middle' }));
    out.push(line(centre, axis - 5, centre, axis, AXIS));
    right = Math.max(right, centre + textWidth(day, SIZE.label) / 2);
  });
  out.push(line(left, axis - 0.5, left + PLOT_WIDTH, axis - 0.5, AXIS));
  const top = axis + 1;
  part.rows.forEach((row, r) => {
    for (const d of row.days)
      out.push(
        rect(left + d * step + 1, top + r * ROW + 2, step - 2, ROW - 4, `rx="3" fill="${COLOURS.leave}"`),
      );
  });
  names(part.rows, top, out);
  return { svg: out.join(''), height: top + part.rows.length * ROW - y, right };
}

function drawPart(part: ChartPart, left: number, y: number, numbers: ChartJob['numbers']): Drawn {
  if (part.type === 'bars') return barsPart(part, left, y, numbers);
  if (part.type === 'days') return daysPart(part, left, y, numbers);
  return gridPart(part, left, y);
}

/** The chart as an SVG document, its size its own (the plot, the names' column, the padding). */
export function svg(job: ChartJob): string {
  const named = job.parts.some((p) => p.type !== 'days');
  const days = job.parts.find((p): p is DaysPart => p.type === 'days');
  const left = PAD + (named || !days ? NAME_PIXELS + NAME_GAP : daysAxisWidth(days, job.numbers));
  let y = PAD + headingHeight(job.subtitle) + 8;
  const drawn: string[] = [];
  let right = left + PLOT_WIDTH;
  job.parts.forEach((part, i) => {
    const one = drawPart(part, left, y, job.numbers);
    drawn.push(one.svg);
    right = Math.max(right, one.right);
    y += one.height + (i < job.parts.length - 1 ? PART_GAP : 0);
  });
  const width = Math.ceil(right + PAD);
  const height = Math.ceil(y + PAD);
  const head = heading(job.title, job.subtitle, PAD, width - 2 * PAD);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<g font-family="${escapeXml(FONT)}">${head.svg}${drawn.join('')}</g></svg>`,
  ].join('');
}
