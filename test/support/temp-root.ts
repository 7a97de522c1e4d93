/**
 * Vitest global set-up: every temporary directory the tests make (worlds' DATA_DIR, test data,
 * sandboxes, browsers) goes under one root made for this run, removed when the run ends, so a run
 * leaves nothing behind in the system's temporary directory. The test processes are started after
 * this, so they inherit TMPDIR, and os.tmpdir() in them is the root.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  // Each project of the run calls this (vitest.config.ts): the first makes the root, the rest use it
  // (a root within a root would make paths too long for Unix sockets, such as Chromium's).
  if (process.env.ROLLCALL_RUN_ROOT) return () => {};
  const root = mkdtempSync(join(tmpdir(), 'rollcall-run-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  process.env.ROLLCALL_RUN_ROOT = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    delete process.env.ROLLCALL_RUN_ROOT;
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
