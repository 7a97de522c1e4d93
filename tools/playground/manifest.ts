/**
 * The README pictures (docs/images/*.png, made by `npm run screenshots`) and what they were made
 * from: a hash of every input that changes what they show — the renderers (src/render/**), the
 * commands (commands/**), the playground page and its adapter (tools/playground/page/**), its
 * session and server (the channel's reports, the data's time), its hosted world (the settings
 * form's), the sandbox's messages, the
 * screenshot script (scenes, seed, clock, time zone) and the version of the Discord-like renderer.
 * docs/images/manifest.json keeps the hash; a test recomputes it, so the pictures never drift from
 * what the bot shows.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const IMAGES_DIR = join(ROOT, 'docs', 'images');
export const MANIFEST_PATH = join(IMAGES_DIR, 'manifest.json');

/** Directories and files (from the repository root) whose contents the pictures depend on. */
export const INPUTS = [
  'src/render',
  'commands',
  'tools/playground/page',
  'tools/playground/screenshots.ts',
  // What the playground's channel holds and when its data is (reports naming players, "now").
  'tools/playground/session.ts',
  'tools/playground/server.ts',
  // The hosted world the settings form is pictured in.
  'tools/playground/hosted.ts',
  // What Rollcall posts in the channel on its own (the morning's digest and leave reminders).
  'tools/playground/schedules.ts',
  'test/doubles/sandbox/data-messages.ts',
  'node_modules/@skyra/discord-components-core/package.json',
] as const;

export interface Manifest {
  /** sha256 over the inputs (see inputsHash). */
  inputs: string;
  seed: number;
  clock: string;
  timeZone: string;
  /** Picture file name → the command family and what was run. */
  pictures: Record<string, { family: string; run: string }>;
}

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.name.startsWith('.') ? [] : filesUnder(relative(ROOT, join(full, entry.name))),
  );
}

/** sha256 of every input file's path and contents (line endings normalised), in path order. */
export function inputsHash(): string {
  const hash = createHash('sha256');
  const files = INPUTS.flatMap((p) => filesUnder(p)).map((p) => p.split('\\').join('/'));
  for (const file of [...new Set(files)].sort()) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(join(ROOT, file), 'utf8').replace(/\r\n/g, '\n'));
    hash.update('\n\0');
  }
  return hash.digest('hex');
}

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
}
