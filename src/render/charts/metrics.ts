/**
 * How wide a text is drawn in the shipped fonts (DejaVu Sans and DejaVu Sans Bold, the only fonts
 * resvg is given): the sum of each character's advance width, read from the fonts' own tables
 * (`cmap` formats 4 and 12, `hhea`, `hmtx`, `head`). Kerning and Arabic's joined forms are left
 * out (a little off, never by a character). Read once per thread, at the first text measured, and
 * kept as a codepoint → advance table only (about 130 KiB a font); the font files themselves are
 * resvg's to read. Used in the drawing thread only (svg.ts), never on the event loop.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const FONT = 'DejaVu Sans';
const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONT_FILES = {
  regular: join(fontDir, 'DejaVuSans.ttf'),
  bold: join(fontDir, 'DejaVuSans-Bold.ttf'),
} as const;

/** A character neither font has (resvg draws it from the other font, or as a box): this many em. */
const FALLBACK_EM = 0.6;
/** Zero-width characters (joiners, direction marks): no advance, whatever the font says. */
const ZERO_WIDTH = /\p{Cf}/u;
/** In `bmp`: no glyph for that codepoint. */
const NONE = 0xffff;

/** A font as measuring needs it: codepoint → advance in font units, and the units to the em. */
interface Advances {
  unitsPerEm: number;
  bmp: Uint16Array;
  astral: Map<number, number>;
}

interface Tables {
  view: DataView;
  /** Each table's offset in the file, by tag. */
  at: Map<string, number>;
}

function tables(file: Uint8Array): Tables {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const at = new Map<string, number>();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(...file.subarray(record, record + 4));
    at.set(tag, view.getUint32(record + 8));
  }
  for (const tag of ['cmap', 'head', 'hhea', 'hmtx'])
    if (!at.has(tag)) throw new Error(`font without its ${tag} table`);
  return { view, at };
}

/** Each glyph's advance (`hmtx`: the last of `hhea`'s numberOfHMetrics goes on for the glyphs after it). */
function glyphAdvances({ view, at }: Tables): (glyph: number) => number {
  const metrics = view.getUint16((at.get('hhea') as number) + 34);
  const hmtx = at.get('hmtx') as number;
  const last = view.getUint16(hmtx + (metrics - 1) * 4);
  return (glyph) => (glyph < metrics ? view.getUint16(hmtx + glyph * 4) : last);
}

/** The cmap subtable to read: Unicode full (format 12) first, else Unicode BMP (format 4). */
function subtable({ view, at }: Tables): { offset: number; format: 4 | 12 } {
  const cmap = at.get('cmap') as number;
  const found: Array<{ offset: number; format: number }> = [];
  for (let i = 0; i < view.getUint16(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    const platform = view.getUint16(record);
    const encoding = view.getUint16(record + 2);
    const offset = cmap + view.getUint32(record + 4);
    if (platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))
      found.push({ offset, format: view.getUint16(offset) });
  }
  const best = found.find((s) => s.format === 12) ?? found.find((s) => s.format === 4);
  if (!best) throw new Error('font without a Unicode cmap');
  return best as { offset: number; format: 4 | 12 };
}

/** Format 12: groups of consecutive codepoints mapped to consecutive glyphs. */
function eachFormat12(view: DataView, offset: number, add: (codepoint: number, glyph: number) => void): void {
  const groups = view.getUint32(offset + 12);
  for (let i = 0; i < groups; i++) {
    const group = offset + 16 + i * 12;
    const first = view.getUint32(group);
    const last = view.getUint32(group + 4);
    const glyph = view.getUint32(group + 8);
    for (let c = first; c <= last; c++) add(c, glyph + c - first);
  }
}

/** Format 4: segments of the BMP, each mapped by a delta or through the glyph id array. */
function eachFormat4(view: DataView, offset: number, add: (codepoint: number, glyph: number) => void): void {
  const segments = view.getUint16(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = view.getUint16(ends + s * 2);
    const start = view.getUint16(starts + s * 2);
    const delta = view.getInt16(deltas + s * 2);
    const range = view.getUint16(ranges + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (range === 0) glyph = (c + delta) & 0xffff;
      else {
        const raw = view.getUint16(ranges + s * 2 + range + (c - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) add(c, glyph);
    }
  }
}

function readAdvances(path: string): Advances {
  const font = tables(readFileSync(path));
  const advance = glyphAdvances(font);
  const bmp = new Uint16Array(0x10000).fill(NONE);
  const astral = new Map<number, number>();
  const add = (codepoint: number, glyph: number) => {
    const units = Math.min(advance(glyph), NONE - 1);
    if (codepoint < 0x10000) bmp[codepoint] = units;
    else astral.set(codepoint, units);
  };
  const { offset, format } = subtable(font);
  if (format === 12) eachFormat12(font.view, offset, add);
  else eachFormat4(font.view, offset, add);
  return { unitsPerEm: font.view.getUint16((font.at.get('head') as number) + 18), bmp, astral };
}

let loaded: { regular: Advances; bold: Advances } | undefined;
const fonts = () => {
  loaded ??= { regular: readAdvances(FONT_FILES.regular), bold: readAdvances(FONT_FILES.bold) };
  return loaded;
};

/** The width, in pixels, of `text` drawn at `size` pixels in DejaVu Sans (`bold`: DejaVu Sans Bold). */
export function textWidth(text: string, size: number, bold = false): number {
  const font = bold ? fonts().bold : fonts().regular;
  let units = 0;
  for (const character of text) {
    const codepoint = character.codePointAt(0) as number;
    const advance = codepoint < 0x10000 ? (font.bmp[codepoint] as number) : font.astral.get(codepoint);
    if (ZERO_WIDTH.test(character)) continue;
    units += advance === undefined || advance === NONE ? FALLBACK_EM * font.unitsPerEm : advance;
  }
  return (units / font.unitsPerEm) * size;
}
