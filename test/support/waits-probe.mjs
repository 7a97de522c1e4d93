/**
 * Loaded with `node --import` (through NODE_OPTIONS) before a process that must fail fast: it counts
 * what the process could have waited on before it exited, from Node's own async resources, whatever
 * module made them (`setTimeout`, `timers/promises`, `AbortSignal.timeout`, sockets, DNS). At exit it
 * writes `waits.json` beside itself: every timer armed (its delay, and whether it fired) and every
 * network resource made. A process that exits before any of its timers fired and with no socket or
 * lookup has waited on nothing, however slow the machine: a count, not a time
 * (test/ops/container.system.test.ts). Plain JavaScript, so that it loads before the build.
 */
import { createHook } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';

/**
 * Async resources that are a wait on the network: a connection, a lookup, a datagram socket (not a
 * pipe: stdout and stderr are pipes when a test runs the process).
 */
const NETWORK = new Set([
  'TCPWRAP',
  'TCPCONNECTWRAP',
  'PIPECONNECTWRAP',
  'TLSWRAP',
  'UDPWRAP',
  'GETADDRINFOREQWRAP',
  'GETNAMEINFOREQWRAP',
  'QUERYWRAP',
  'HTTPCLIENTREQUEST',
]);

/** Timers by async id: their delay in ms, and whether their callback ran. */
const timers = new Map();
const network = {};

createHook({
  init(id, type, _trigger, resource) {
    if (type === 'Timeout') timers.set(id, { ms: resource._idleTimeout, fired: false });
    else if (NETWORK.has(type)) network[type] = (network[type] ?? 0) + 1;
  },
  before(id) {
    const timer = timers.get(id);
    if (timer) timer.fired = true;
  },
}).enable();

process.on('exit', () => {
  writeFileSync(
    new URL('./waits.json', import.meta.url),
    JSON.stringify({ timers: [...timers.values()], network }),
  );
});
