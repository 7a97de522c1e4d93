// A drawing thread that answers each job after a few turns of its loop, its "picture" two bytes: how
// many jobs it held at once, at most, and how many it was given, so far (test/charts/charts-faults.test.ts).
import { parentPort } from 'node:worker_threads';

let held = 0;
let most = 0;
let given = 0;
const turns = (n) =>
  new Promise((resolve) => (n === 0 ? resolve() : setImmediate(() => turns(n - 1).then(resolve))));

parentPort?.on('message', async ({ id }) => {
  given++;
  held++;
  most = Math.max(most, held);
  // Room for the jobs posted meanwhile to arrive, were the thread to take them while it draws.
  await turns(20);
  held--;
  const png = new Uint8Array([most, given]);
  parentPort?.postMessage({ id, ok: true, png, ms: 0 }, [png.buffer]);
});
