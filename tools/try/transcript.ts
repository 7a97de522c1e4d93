/**
 * The transcript shown in docs/try.md, produced by running its lines through `npm run try`'s session
 * against the real bot (a fresh world: sandbox seed 1, the sandbox's sample quotas, the default
 * limits of the world). `test/try/transcript.system.test.ts` fails when the doc's copy differs.
 *
 *   npx tsx tools/try/transcript.ts           prints the transcript
 *   npx tsx tools/try/transcript.ts --write   writes it into docs/try.md (between the markers)
 *
 * Reproducible: every clock of this process (the bot's, the sandbox's, the double's) reads CLOCK,
 * moving on only by whole minutes of real time (a run takes seconds), so "data as of" and relative
 * times do not depend on the day or the machine's speed. Whether the bot deferred an answer does
 * depend on the machine's speed, so a deferred answer is shown as the reply or update it became
 * (a button's update deferred under half a core reads as the update it is on a quick machine).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The instant the transcript is taken at. */
export const CLOCK = '2026-11-20T15:00:00.000Z';

/** What is typed, in order (the sandbox's sample values for seed 1). */
export const LINES = [
  '/loa list',
  'next',
  'open 2',
  'back',
  '/shift totals period:Last month',
  '/quota check period:last week',
  '/shift totals period:yesterday',
  'complete /role view role:Mod',
  'check-player',
  'open 1',
  'quit',
];

export const DOC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'try.md');
const START = '<!-- transcript: tools/try/transcript.ts -->\n```text\n';
const END = '```\n<!-- /transcript -->';

/** The transcript block of docs/try.md (`text`), or undefined when its markers are missing. */
export function docTranscript(text: string): string | undefined {
  const from = text.indexOf(START);
  const to = text.indexOf(END, from);
  return from < 0 || to < 0 ? undefined : text.slice(from + START.length, to);
}

/** `text` with its transcript block replaced by `transcript`. */
export function withTranscript(text: string, transcript: string): string {
  const from = text.indexOf(START);
  const to = text.indexOf(END, from);
  if (from < 0 || to < 0) throw new Error(`docs/try.md has no transcript markers (${START.trim()})`);
  return `${text.slice(0, from + START.length)}${transcript}${text.slice(to)}`;
}

/** Every clock of this process reads `iso`, moving on only by whole minutes of real time. */
function holdClock(iso: string): number {
  const RealDate = Date;
  const start = RealDate.parse(iso);
  const began = RealDate.now();
  const now = () => start + Math.floor((RealDate.now() - began) / 60_000) * 60_000;
  class HeldDate extends RealDate {
    constructor(...args: ConstructorParameters<typeof Date> | []) {
      if (args.length === 0) super(now());
      else super(...(args as ConstructorParameters<typeof Date>));
    }
    static override now(): number {
      return now();
    }
  }
  globalThis.Date = HeldDate as DateConstructor;
  return start;
}

/** How long the transcript's answers wait for their charts (a limit for a hang). */
const TRANSCRIPT_CHART_WAIT_MS = 120_000;

/** Runs LINES against a fresh world; the clock must be held first (see holdClock). */
export async function transcript(clockMs: number): Promise<string> {
  // Imported after the clock is held, so everything the bot creates reads it.
  const { runScript } = await import('./session.js');
  // Whether a chart is drawn within an answer's 3 s is the machine's speed, not the bot's words: the
  // transcript waits for it, so it reads the same on a busy machine or under half a core.
  const { configureCharts } = await import('../../src/render/charts/index.js');
  configureCharts({ waitMs: TRANSCRIPT_CHART_WAIT_MS });
  const out = await runScript(LINES, { now: () => clockMs, width: 100 });
  return `${out.replace(/^── deferred (reply|update) /gm, '── $1 ')}\n`;
}

async function main(): Promise<void> {
  const text = await transcript(holdClock(CLOCK));
  if (process.argv.includes('--write')) {
    writeFileSync(DOC, withTranscript(readFileSync(DOC, 'utf8'), text));
    console.log(`wrote the transcript into ${DOC}`);
  } else {
    process.stdout.write(text);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error('transcript: failed:', error);
    process.exit(1);
  });
}
