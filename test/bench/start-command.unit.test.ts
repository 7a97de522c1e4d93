/**
 * The bench runs Rollcall as shipped: the Node flags it spawns the bot with are package.json's
 * `start` script's, and the container image's CMD carries the same flags, so a flag that changes
 * memory or CPU cannot be measured without also shipping.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHIPPED_MAIN, shippedNodeFlags } from '../../bench/bot-process.js';
import { readDockerfile } from '../ops/dockerfile.js';

const root = new URL('../..', import.meta.url).pathname;

describe('the shipped start command', () => {
  it('is `node <flags> dist/src/main.js` in package.json, and the image runs the same', () => {
    const flags = shippedNodeFlags(root);
    for (const flag of flags) expect(flag).toMatch(/^--[a-z-]+(=\S+)?$/);
    const runtime = readDockerfile(join(root, 'Dockerfile')).stages.at(-1);
    const cmd = runtime?.instructions.filter((i) => i.keyword === 'CMD').at(-1);
    expect(cmd?.exec).toEqual(['node', ...flags, SHIPPED_MAIN]);
  });

  it('bounds the young generation (the semi-space) and leaves source maps to NODE_OPTIONS', () => {
    const flags = shippedNodeFlags(root);
    const semi = flags.find((f) => f.startsWith('--max-semi-space-size='));
    expect(Number(semi?.split('=')[1])).toBeLessThanOrEqual(4);
    expect(flags).not.toContain('--enable-source-maps');
  });

  it('caps the old generation, by which V8 sizes the garbage it lets grow before a full collection', () => {
    const old = shippedNodeFlags(root).find((f) => f.startsWith('--max-old-space-size='));
    expect(Number(old?.split('=')[1])).toBeLessThanOrEqual(512);
  });

  it('keeps WebAssembly in its baseline compiler, with flags this Node accepts', () => {
    const flags = shippedNodeFlags(root);
    // undici's HTTP parser (llhttp) is WebAssembly: V8's optimizing compiler took ~30 MB compiling it.
    expect(flags).toEqual(expect.arrayContaining(['--no-wasm-tier-up', '--no-wasm-dynamic-tiering']));
    // A flag Node does not know stops it at once ("bad option"): every shipped flag must start it.
    expect(execFileSync(process.execPath, [...flags, '-p', '1+1'], { encoding: 'utf8' }).trim()).toBe('2');
  });

  it('refuses a start script of another shape rather than guess the flags', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollcall-start-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { start: 'tsx src/main.ts' } }));
    expect(() => shippedNodeFlags(dir)).toThrow(/is not `node \[flags\] dist\/src\/main.js`/);
  });
});
