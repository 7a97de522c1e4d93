/**
 * docs/try.md shows what `npm run try` answers: its transcript is made by tools/try/transcript.ts,
 * run here as a process of its own (the script holds every clock of its process at a fixed instant),
 * and must match the doc's copy line for line.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC, docTranscript, LINES, withTranscript } from '../../tools/try/transcript.js';

const ROOT = join(import.meta.dirname, '..', '..');

function runTranscript(): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'tools', 'try', 'transcript.ts')],
      { cwd: ROOT, timeout: 150_000, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

describe('the transcript in docs/try.md', () => {
  it('is what the script produces against the real bot (else: npx tsx tools/try/transcript.ts --write)', async () => {
    const doc = docTranscript(readFileSync(DOC, 'utf8'));
    expect(doc, 'docs/try.md has no transcript markers').toBeDefined();
    const produced = await runTranscript();
    // Every typed line is there, after its prompt, and the session ends as typed.
    for (const line of LINES) expect(produced).toContain(`> ${line}\n`);
    expect(produced.trimEnd().endsWith('Bye.')).toBe(true);
    expect(doc, 'docs/try.md is stale: run npx tsx tools/try/transcript.ts --write').toBe(produced);
  }, 180_000);

  it('is replaced between its markers only', () => {
    const text =
      'before\n<!-- transcript: tools/try/transcript.ts -->\n```text\nold\n```\n<!-- /transcript -->\nafter\n';
    const next = withTranscript(text, 'new\n');
    expect(next).toBe(text.replace('old\n', 'new\n'));
    expect(docTranscript(next)).toBe('new\n');
    expect(() => withTranscript('no markers', 'x')).toThrow(/no transcript markers/);
  });
});
