/**
 * Preloaded into the bot's process by the benchmark only (`node --import ./bench/heap-probe.mjs`,
 * with BENCH_HEAP_FD naming a pipe the bench opened): every 100 ms it writes one JSON line with the
 * V8 heap figures and the event loop's delay (`perf_hooks.monitorEventLoopDelay`, 5 ms resolution:
 * its p50, p99 and max since the process started or since the bench last sent SIGUSR2, which
 * starts the count again, the most CPU time spent between two ticks of a 5 ms timer, by the process
 * and by its main thread alone) to that pipe. Nothing in Rollcall imports or knows about it. RSS and CPU
 * time are read from /proc by the bench, not from here.
 */
import { readFileSync, writeSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const fd = Number(process.env.BENCH_HEAP_FD);
// Node runs `--import` modules in every worker thread started from a file too (the drawing and
// reading threads): the probe measures the main thread only, and costs the others nothing.
if (isMainThread && Number.isInteger(fd) && fd > 2) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // The bench's "measure from now on" (bench/reports-large.ts); the bot never uses SIGUSR2.
  // The CPU time the process spent between two ticks of a 5 ms timer: the longest is an upper bound
  // of how long one piece of work held the loop in CPU time (other threads' CPU, e.g. the garbage
  // collector's helpers, counts too), which a busy machine does not inflate as it does the delay.
  let cpuMax = 0;
  let lastCpu = process.cpuUsage();
  // The five longest gaps between two ticks, each with when it ended on the monotonic clock (µs, the
  // clock a `--cpu-prof` profile's sample times use), so `bench/holds.ts` can name what ran in it.
  let lastTick = process.hrtime.bigint();
  let gaps = [];
  // The main thread's own time on a CPU and waiting for one (ns, Linux's
  // /proc/<pid>/task/<tid>/schedstat; the main thread's tid is the pid): between two ticks, the
  // first is the hold in CPU time of the event loop alone, the rest of the gap is the thread kept
  // off a CPU by other processes (queued) or blocked in the kernel (a disk's fsync).
  const schedstat = `/proc/${process.pid}/task/${process.pid}/schedstat`;
  const sched = () => {
    try {
      const [run, queued] = readFileSync(schedstat, 'utf8').split(' ').map(Number);
      return { run, queued };
    } catch {
      return undefined;
    }
  };
  let lastSched = sched();
  let mainCpuMax = 0;
  const ticker = setInterval(() => {
    const cpu = process.cpuUsage();
    cpuMax = Math.max(cpuMax, (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000);
    lastCpu = cpu;
    const now = sched();
    const cpuMs = now && lastSched ? (now.run - lastSched.run) / 1e6 : undefined;
    const queuedMs = now && lastSched ? (now.queued - lastSched.queued) / 1e6 : undefined;
    lastSched = now;
    if (cpuMs !== undefined) mainCpuMax = Math.max(mainCpuMax, cpuMs);
    const tick = process.hrtime.bigint();
    const ms = Number(tick - lastTick) / 1e6;
    lastTick = tick;
    if (gaps.length < 5 || ms > gaps[gaps.length - 1].ms)
      gaps = [...gaps, { endUs: Number(tick / 1000n), ms, cpuMs, queuedMs }]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5);
  }, 5);
  ticker.unref();
  // The longest garbage-collection pause (the main thread stopped for it) and its kind, so a hold
  // the bot's own code did not cause can be told from one it did.
  const GC_KINDS = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  let gcMax = { ms: 0, kind: '' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.duration > gcMax.ms)
        gcMax = { ms: entry.duration, kind: GC_KINDS[entry.detail?.kind] ?? 'other' };
  }).observe({ entryTypes: ['gc'] });
  let resets = 0;
  process.on('SIGUSR2', () => {
    loop.reset();
    cpuMax = 0;
    mainCpuMax = 0;
    lastSched = sched();
    gcMax = { ms: 0, kind: '' };
    gaps = [];
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
      loopMainCpuMaxMs: lastSched ? mainCpuMax : undefined,
      gcMaxMs: gcMax.ms,
      gcMaxKind: gcMax.kind,
      longGaps: gaps,
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
