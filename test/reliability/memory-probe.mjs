/**
 * Loaded with `node --import` before Rollcall's entry point by the soak: on SIGUSR2 the process runs
 * two full garbage collections and writes one line to stderr, `MEMORY {…}`, with its memory after
 * them (RSS, V8 heap used and reserved, external and array buffers, in bytes), then one
 * memory-reducing collection (V8's "last resort", as under memory pressure) and `reduced`: RSS and
 * heap after it. Node 24's V8 keeps the pages a plain collection frees in a pool, resident, until a
 * memory-reducing collection (its memory reducer, when it finds the process idle, or pressure) gives
 * them back: 190 MB of them after the soak under half a core (docs/reliability.md, "Memory"). With
 * MEMORY_SNAPSHOT_DIR set it also writes a heap snapshot there (`rollcall-<n>.heapsnapshot`), for
 * `heap-diff.ts`. Plain JavaScript, so that it also loads before the build (`dist/src/main.js`).
 */
import { join } from 'node:path';
import { getHeapStatistics, setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const dir = process.env.MEMORY_SNAPSHOT_DIR;
let count = 0;

process.on('SIGUSR2', () => {
  count++;
  gc();
  gc();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  // V8's own malloc (compiler zones, tables) and global handles, outside the JS heap
  const { malloced_memory: malloced, used_global_handles_size: globalHandles } = getHeapStatistics();
  // the pooled pages back to the system: what stays is what the process cannot give back
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  const after = process.memoryUsage();
  const reduced = { rss: after.rss, heapUsed: after.heapUsed, heapTotal: after.heapTotal };
  const snapshot = dir ? writeHeapSnapshot(join(dir, `rollcall-${count}.heapsnapshot`)) : undefined;
  process.stderr.write(
    `MEMORY ${JSON.stringify({ n: count, rss, heapUsed, heapTotal, external, arrayBuffers, malloced, globalHandles, reduced, snapshot })}\n`,
  );
});
