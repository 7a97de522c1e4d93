/**
 * Draws Rollcall's application emojis: one SVG per mark of src/render/marks.ts (the shapes below),
 * rasterised by resvg to a 128 × 128 PNG, both written to assets/emojis/. Each state differs by
 * its shape as well as its colour, with one bold white sign, so it reads at 22 px.
 * `npx tsx tools/emojis/draw.ts` (the files are committed; run it again after changing a shape).
 */
import { writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { EMOJI_NAMES } from '../../src/render/marks.js';

const GREEN = '#23a55a';
const RED = '#da373c';
const GREY = '#80848e';
const DARK = '#4e5058';
const W = 'fill="none" stroke="#fff" stroke-linecap="round" stroke-linejoin="round"';

const circle = (fill: string) => `<circle cx="64" cy="64" r="58" fill="${fill}"/>`;
const square = (fill: string) => `<rect x="8" y="8" width="112" height="112" rx="26" fill="${fill}"/>`;
const check = `<path d="M34 66 L56 88 L96 42" ${W} stroke-width="18"/>`;
const cross = `<path d="M40 40 L88 88 M88 40 L40 88" ${W} stroke-width="18"/>`;
const octagon = (fill: string) =>
  `<polygon points="41,6 87,6 122,41 122,87 87,122 41,122 6,87 6,41" fill="${fill}"/>`;

/** The drawing inside a 128 × 128 view box, by emoji name. */
const SHAPES: Record<string, string> = {
  // a shift running: a green disc with a play sign
  rc_on_duty: `${circle(GREEN)}<polygon points="48,34 96,64 48,94" fill="#fff" stroke="#fff" stroke-width="8" stroke-linejoin="round"/>`,
  // a shift or LOA over: a dark square with a stop sign
  rc_ended: `${square(DARK)}<rect x="40" y="40" width="48" height="48" rx="6" fill="#fff"/>`,
  // not known: a grey diamond with a question mark
  rc_unknown: `<polygon points="64,4 124,64 64,124 4,64" fill="${GREY}"/><path d="M48 50 a16 16 0 1 1 24 14 q-8 5 -8 14" ${W} stroke-width="13"/><circle cx="64" cy="96" r="8" fill="#fff"/>`,
  // on leave: a teal rounded square with a pause sign
  rc_on_leave: `${square('#1a9a8a')}<path d="M48 38 V90 M80 38 V90" ${W} stroke-width="18"/>`,
  // waiting for review: a yellow disc with clock hands
  rc_pending: `${circle('#e5a000')}<circle cx="64" cy="64" r="38" fill="none" stroke="#fff" stroke-width="10"/><path d="M64 42 V64 L80 76" ${W} stroke-width="11"/>`,
  // approved, ahead: a blue calendar page with a tick
  rc_approved: `<rect x="12" y="18" width="104" height="100" rx="16" fill="#4a5be0"/><rect x="12" y="18" width="104" height="26" rx="12" fill="#2f3db3"/><path d="M40 8 V28 M88 8 V28" fill="none" stroke="#2f3db3" stroke-linecap="round" stroke-width="12"/><path d="M40 80 L56 96 L88 62" ${W} stroke-width="13"/>`,
  // refused: a red disc with a cross
  rc_denied: `${circle(RED)}${cross}`,
  // called off: a grey ring with a slash
  rc_cancelled: `<circle cx="64" cy="64" r="50" fill="none" stroke="${GREY}" stroke-width="16"/><path d="M30 98 L98 30" fill="none" stroke="${GREY}" stroke-width="16" stroke-linecap="round"/>`,
  // quota met, a setting on: a green square with a tick
  rc_pass: `${square(GREEN)}${check}`,
  // quota not met, a setting off: a red square with a cross
  rc_fail: `${square(RED)}${cross}`,
  // a ban in effect: a red octagon with a bar (no entry)
  rc_ban: `${octagon(RED)}<path d="M34 64 H94" ${W} stroke-width="20"/>`,
  // a ban whose time has passed: an open padlock
  rc_ban_over: `<path d="M38 58 V38 a26 26 0 0 1 52 0" fill="none" stroke="${GREY}" stroke-width="14" stroke-linecap="round"/><rect x="20" y="58" width="88" height="64" rx="14" fill="${GREEN}"/><circle cx="64" cy="86" r="9" fill="#fff"/><path d="M64 90 V106" ${W} stroke-width="8"/>`,
  // a hidden log: a purple disc with a crossed-out eye
  rc_hidden: `${circle('#8e44ad')}<path d="M24 64 Q64 24 104 64 Q64 104 24 64 Z" ${W} stroke-width="9"/><circle cx="64" cy="64" r="12" fill="#fff"/><path d="M32 96 L96 32" fill="none" stroke="#8e44ad" stroke-width="20" stroke-linecap="round"/><path d="M32 96 L96 32" ${W} stroke-width="9"/>`,
  // an expired log: an orange hourglass
  rc_expired: `<rect x="24" y="8" width="80" height="14" rx="6" fill="#c96a10"/><rect x="24" y="106" width="80" height="14" rx="6" fill="#c96a10"/><path d="M32 22 H96 L70 64 L96 106 H32 L58 64 Z" fill="#e67e22"/><path d="M44 30 H84 L64 56 Z M64 78 L86 100 H42 Z" fill="#fff"/>`,
  // a form taking answers: a green ring around a dot
  rc_open: `<circle cx="64" cy="64" r="50" fill="none" stroke="${GREEN}" stroke-width="16"/><circle cx="64" cy="64" r="26" fill="${GREEN}"/>`,
  // a form closed: a red square with a shut padlock
  rc_closed: `${square(RED)}<path d="M44 58 V46 a20 20 0 0 1 40 0 V58" ${W} stroke-width="11"/><rect x="34" y="58" width="60" height="44" rx="8" fill="#fff"/>`,
};

const folder = new URL('../../assets/emojis/', import.meta.url);
for (const name of EMOJI_NAMES) {
  const shape = SHAPES[name];
  if (!shape) throw new Error(`No shape for ${name}: add one to tools/emojis/draw.ts`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img"><title>${name}</title>${shape}</svg>\n`;
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: 128 }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
  writeFileSync(new URL(`${name}.svg`, folder), svg);
  writeFileSync(new URL(`${name}.png`, folder), png);
  process.stdout.write(`${name}.png ${png.length} bytes\n`);
}
