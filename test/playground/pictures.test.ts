/**
 * The README pictures are as new as what they show: docs/images/manifest.json holds the hash of the
 * renderers, commands, playground page, screenshot script and renderer version they were made
 * from; when any of those changes, this fails until `npm run screenshots` is run again.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGES_DIR, inputsHash, ROOT, readManifest } from '../../tools/playground/manifest.js';

describe('README pictures', () => {
  it('were made from the current renderers, commands and playground (else: npm run screenshots)', () => {
    const manifest = readManifest();
    expect(
      manifest.inputs,
      'docs/images are older than what they show: run `npm run screenshots` and commit docs/images',
    ).toBe(inputsHash());
  });

  it('are all there, are PNGs, and each one is shown in the README', () => {
    const manifest = readManifest();
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const files = Object.keys(manifest.pictures);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const path = join(IMAGES_DIR, file);
      expect(existsSync(path), file).toBe(true);
      expect(readFileSync(path).subarray(0, 8).toString('hex'), file).toBe('89504e470d0a1a0a');
      expect(readme, file).toContain(`docs/images/${file}`);
    }
  });
});
