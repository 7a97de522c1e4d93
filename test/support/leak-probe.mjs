/**
 * A leak on purpose, to prove that the soak's memory bounds fail on one (docs/development.md,
 * "Tests"; docs/reliability.md, "Memory"). Loaded with `node --import` before Rollcall's entry point
 * (the soak passes `SOAK_NODE_FLAGS` and `SOAK_LEAK` through): for every HTTP request the process
 * makes (its REST calls to Discord, each interaction's answer among them, and its API calls: undici's
 * `undici:request:create` channel, which both Node's fetch and the undici package publish) it keeps
 * `SOAK_LEAK` = `heap:<bytes>` (a string on the JS heap) or `native:<bytes>` (a Buffer's memory,
 * outside the JS heap, which the heap bound cannot see) for ever. Never loaded by the product.
 * Plain JavaScript, so that it also loads before the build.
 */
import { subscribe } from 'node:diagnostics_channel';

const [kind, size] = (process.env.SOAK_LEAK ?? '').split(':');
const bytes = Number(size);
const kept = [];
if ((kind === 'heap' || kind === 'native') && bytes > 0) {
  let n = 0;
  subscribe('undici:request:create', () => {
    n++;
    // a flat one-byte string (padEnd or repeat would make a rope sharing its parts), or the Buffer
    // itself, filled so that its pages are resident
    const filled = Buffer.alloc(bytes, n % 256);
    kept.push(kind === 'heap' ? filled.toString('latin1') : filled);
  });
  process.on('exit', () => process.stderr.write(`LEAK ${kind} kept ${kept.length} × ${bytes} B\n`));
}
