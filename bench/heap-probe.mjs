/**
 * Preloaded into the bot's process by the benchmark only (`node --import ./bench/heap-probe.mjs`,
 * with BENCH_HEAP_FD naming a pipe the bench opened): every 100 ms it writes one JSON line with the
 * V8 heap figures and the event loop's delay (`perf_hooks.monitorEventLoopDelay`, 5 ms resolution:
 * its p50, p99 and max since the process started or since the bench last sent SIGUSR2, which
 * starts the count again, and the most CPU time spent between two ticks of a 5 ms timer) to that pipe. Nothing in Rollcall imports or knows about it. RSS and CPU
 * time are read from /proc by the bench, not from here.
 */
import { writeSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const fd = Number(process.env.BENCH_HEAP_FD);
if (Number.isInteger(fd) && fd > 2) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // The bench's "measure from now on" (bench/reports-large.ts); the bot never uses SIGUSR2.
  // The CPU time the process spent between two ticks of a 5 ms timer: the longest is an upper bound
  // of how long one piece of work held the loop in CPU time (other threads' CPU, e.g. the garbage
  // collector's helpers, counts too), which a busy machine does not inflate as it does the delay.
  let cpuMax = 0;
  let lastCpu = process.cpuUsage();
  const ticker = setInterval(() => {
    const cpu = process.cpuUsage();
    cpuMax = Math.max(cpuMax, (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000);
    lastCpu = cpu;
  }, 5);
  ticker.unref();
  let resets = 0;
  process.on('SIGUSR2', () => {
    loop.reset();
    cpuMax = 0;
    lastCpu = process.cpuUsage();
    resets++;
  });
  const ms = (ns) => (Number.isFinite(ns) ? ns / 1e6 : 0);
  const timer = setInterval(() => {
    const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    const delay = {
      loopResets: resets,
      loopCount: loop.count,
      loopP50Ms: ms(loop.percentile(50)),
      loopP99Ms: ms(loop.percentile(99)),
      loopMaxMs: ms(loop.max),
      loopCpuMaxMs: cpuMax,
    };
    try {
      writeSync(
        fd,
        `${JSON.stringify({ t: Date.now(), heapUsed, heapTotal, external, arrayBuffers, ...delay })}\n`,
      );
    } catch {
      clearInterval(timer); // the bench went away
    }
  }, 100);
  timer.unref();
}
