/**
 * Rollcall in its own process, as shipped (package.json's `start`: `node <its flags> dist/src/main.js`,
 * the flags read from there so the bench cannot drift from it), with the settings of one scenario,
 * and what the bench reads from the outside: RSS and peak RSS from /proc/<pid>/status (VmRSS,
 * VmHWM), CPU time from /proc/<pid>/stat (utime + stime), the V8 heap from a preloaded probe
 * (bench/heap-probe.mjs, writing to a pipe), and the bot's own pino log lines.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HEAP_FD = 3;

/** Which build of the bot to run: the compiled one (`npm run bench` builds it first) or the sources through tsx (tests). */
export type BotEntry = 'dist' | 'source';

export interface BotProcessOptions {
  /** Rollcall's settings (the child gets these plus PATH and HOME, nothing else of ours). */
  env: Record<string, string>;
  entry?: BotEntry;
  /**
   * The shard manager (SHARDS set): it connects nothing itself, so the bot is ready when it logs
   * that every shard connected; /proc is read for it and every process it started, summed; and the
   * heap probe stays out (the shards run with the manager's Node flags, and a shard's fd 3 is its
   * IPC channel to the manager, not the bench's pipe).
   */
  manager?: boolean;
  /** More modules preloaded with `--import` after the heap probe (bench/query-probe.mjs), as file URLs. */
  preload?: string[];
  /** Told every one of the bot's log lines, parsed (bench/reports-large.ts reads its charts' lines). */
  onLog?: (entry: Record<string, unknown>) => void;
}

/** One reading of the child from /proc. */
export interface ProcSample {
  /** Resident set size now, bytes. */
  rss: number;
  /** Peak resident set size since the process started (VmHWM), bytes. */
  peakRss: number;
  /** User + system CPU time since the process started, ms. */
  cpuMs: number;
}

export interface BotLogCounts {
  /** Lines by pino level (30 info, 40 warn, 50 error, 60 fatal). */
  byLevel: Record<string, number>;
  /** The first few error/fatal messages, for the report. */
  errors: string[];
  /** Warning lines (level 40) by message, e.g. the month's count restored from the database. */
  warnings: Record<string, number>;
}

export interface BotProcess {
  readonly pid: number;
  /** Resolves once the bot logged "connected to Discord"; rejects if it exits or the time runs out. */
  ready(timeoutMs: number): Promise<void>;
  /** Reads /proc now (undefined once the process is gone). */
  sample(): ProcSample | undefined;
  /** Largest V8 heapUsed / heapTotal reported by the probe since the last `resetHeapPeak` (bytes; 0 if none). */
  heapPeak(): { heapUsed: number; heapTotal: number; samples: number };
  resetHeapPeak(): void;
  /**
   * The event loop's delay as the probe last reported it (since start or the last
   * `resetLoopDelay`); undefined before its first line (or for the shard manager, which has no probe).
   */
  loopDelay(): LoopDelay | undefined;
  /** Start the probe's delay count again (SIGUSR2, which only the probe listens to); see `loopDelay`. */
  resetLoopDelay(): void;
  logs(): BotLogCounts;
  /** SIGTERM, then SIGKILL after `timeoutMs`; resolves with how it ended. */
  stop(timeoutMs: number): Promise<{ code: number | null; signal: string | null; graceful: boolean }>;
}

/** The event loop's delay in the bot (`perf_hooks.monitorEventLoopDelay`, through bench/heap-probe.mjs). */
export interface LoopDelay {
  /** When the probe wrote it (epoch ms). */
  at: number;
  /** Timer samples counted. */
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * The most CPU time the process spent between two ticks of a 5 ms timer: an upper bound of the
   * longest hold in CPU time, which a machine busy with other processes does not inflate.
   */
  cpuMaxMs: number;
  /**
   * The most CPU time the main thread alone spent between two ticks (Linux's schedstat): the
   * longest hold of the event loop in its own CPU time, other threads and other processes left out.
   * Undefined where the system does not say.
   */
  mainCpuMaxMs: number | undefined;
  /** The longest garbage-collection pause (`PerformanceObserver` 'gc' entries) and its kind. */
  gcMaxMs: number;
  gcMaxKind: string;
  /**
   * The five longest gaps between two 5 ms ticks: when each ended (monotonic µs), how long it was,
   * and of it the main thread's time on a CPU and waiting for one (the rest: blocked in the kernel).
   */
  longGaps: Array<{ endUs: number; ms: number; cpuMs?: number; queuedMs?: number }>;
}

/** Children still running, and how to kill each; killed if the bench itself exits early, so none is left behind. */
const live = new Map<ChildProcess, () => void>();
process.once('exit', () => {
  for (const kill of live.values()) kill();
});

let clockTicks: number | undefined;
/** Kernel clock ticks per second (the unit of utime/stime), usually 100. */
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** RSS, peak RSS and CPU time of `pid` from /proc; undefined when it cannot be read. */
export function readProc(pid: number): ProcSample | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start at field 3 (state).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    const sample = {
      rss: kb('VmRSS') * 1024,
      peakRss: kb('VmHWM') * 1024,
      cpuMs: ((utime + stime) * 1000) / ticksPerSecond(),
    };
    return Object.values(sample).every(Number.isFinite) ? sample : undefined;
  } catch {
    return undefined;
  }
}

/** The process ids of `pid`'s children (/proc/<pid>/task/<tid>/children, every thread). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * `pid` and every process below it, summed (the shard manager and its shards). The peak is the
 * sum of each process's own peak, an upper bound of the tree's peak (they need not peak together).
 */
export function readProcTree(pid: number): ProcSample | undefined {
  const own = readProc(pid);
  if (!own) return undefined;
  return childrenOf(pid)
    .map(readProcTree)
    .reduce<ProcSample>(
      (sum, s) =>
        s ? { rss: sum.rss + s.rss, peakRss: sum.peakRss + s.peakRss, cpuMs: sum.cpuMs + s.cpuMs } : sum,
      own,
    );
}

/** The shipped command, package.json's `start` script: `node <flags> dist/src/main.js`. */
export const SHIPPED_MAIN = 'dist/src/main.js';

/**
 * The Node flags Rollcall ships with: those of package.json's `start` script (the Dockerfile's CMD
 * carries the same, checked by test/ops/container.system.test.ts). Throws if the script has another shape.
 */
export function shippedNodeFlags(root: string = ROOT): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  const words = (pkg.scripts?.start ?? '').trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== SHIPPED_MAIN || words.length < 2)
    throw new Error(`package.json "start" is not \`node [flags] ${SHIPPED_MAIN}\`: ${pkg.scripts?.start}`);
  return words.slice(1, -1);
}

/** Start the bot. Build it first for `entry: 'dist'` (`npm run bench` does). */
export function startBot(options: BotProcessOptions): BotProcess {
  const manager = options.manager ?? false;
  const probe = manager
    ? []
    : [
        '--import',
        new URL('./heap-probe.mjs', import.meta.url).href,
        ...(options.preload ?? []).flatMap((href) => ['--import', href]),
      ];
  const flags = [
    ...shippedNodeFlags(),
    ...(process.env.XPROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.XPROF}`] : []),
  ];
  const args =
    options.entry === 'source'
      ? [...flags, '--import', 'tsx', ...probe, 'src/main.ts']
      : [...flags, ...probe, SHIPPED_MAIN];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...options.env,
      ...(manager ? {} : { BENCH_HEAP_FD: String(HEAP_FD) }),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    // The manager leads a process group of its own, so a last SIGKILL takes its shards too.
    detached: manager,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the bot process');
  /** SIGKILL to the bot; to the manager's whole group (its shards too). */
  const killHard = () => {
    try {
      if (manager) process.kill(-pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // already gone
    }
  };
  live.set(child, killHard);

  const byLevel: Record<string, number> = {};
  const errors: string[] = [];
  const warnings: Record<string, number> = {};
  const stderrTail: string[] = [];
  let connected = false;
  let exited: { code: number | null; signal: string | null } | undefined;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };

  const lines = (stream: NodeJS.ReadableStream | null, onLine: (line: string) => void) => {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) if (line) onLine(line);
    });
  };
  // With BENCH_BOT_LOG=<file> in the bench's environment, every line the bot logs is kept there too.
  const keep = process.env.BENCH_BOT_LOG;
  lines(child.stdout, (line) => {
    if (keep) appendFileSync(keep, `${line}\n`);
    let entry: { level?: number; msg?: string; err?: { message?: string }; reason?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    options.onLog?.(entry);
    const level = String(entry.level ?? '?');
    byLevel[level] = (byLevel[level] ?? 0) + 1;
    if ((entry.level ?? 0) >= 50 && errors.length < 5) {
      errors.push(`${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
    }
    if (entry.level === 40 && entry.msg) warnings[entry.msg] = (warnings[entry.msg] ?? 0) + 1;
    if (entry.msg === (manager ? 'every shard connected' : 'connected to Discord')) {
      connected = true;
      wake();
    }
  });
  lines(child.stderr, (line) => {
    stderrTail.push(line);
    if (stderrTail.length > 20) stderrTail.shift();
  });
  let heap = { heapUsed: 0, heapTotal: 0, samples: 0 };
  let loop: LoopDelay | undefined;
  let resetsSent = 0;
  lines(child.stdio[HEAP_FD] as NodeJS.ReadableStream | null, (line) => {
    try {
      const m = JSON.parse(line) as {
        t: number;
        heapUsed: number;
        heapTotal: number;
        loopResets?: number;
        loopCount?: number;
        loopP50Ms?: number;
        loopP99Ms?: number;
        loopMaxMs?: number;
        loopCpuMaxMs?: number;
        loopMainCpuMaxMs?: number;
        gcMaxMs?: number;
        gcMaxKind?: string;
        longGaps?: LoopDelay['longGaps'];
      };
      // Only lines counted since the last reset the bench asked for.
      if (m.loopCount !== undefined && m.loopResets === resetsSent)
        loop = {
          at: m.t,
          samples: m.loopCount,
          p50Ms: m.loopP50Ms ?? 0,
          p99Ms: m.loopP99Ms ?? 0,
          maxMs: m.loopMaxMs ?? 0,
          cpuMaxMs: m.loopCpuMaxMs ?? 0,
          mainCpuMaxMs: m.loopMainCpuMaxMs,
          gcMaxMs: m.gcMaxMs ?? 0,
          gcMaxKind: m.gcMaxKind ?? '',
          longGaps: m.longGaps ?? [],
        };
      heap = {
        heapUsed: Math.max(heap.heapUsed, m.heapUsed),
        heapTotal: Math.max(heap.heapTotal, m.heapTotal),
        samples: heap.samples + 1,
      };
    } catch {
      // a torn line; the next one will do
    }
  });
  const closed = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      exited = { code, signal };
      wake();
      resolve();
    });
  });

  return {
    pid,
    ready(timeoutMs) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (connected) finish(resolve);
          else if (exited) {
            finish(() =>
              reject(
                new Error(
                  `the bot exited (code ${exited?.code}, signal ${exited?.signal}) before connecting: ${stderrTail.join(' | ')}`,
                ),
              ),
            );
          }
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`the bot did not connect within ${timeoutMs} ms`))),
          timeoutMs,
        );
        const finish = (outcome: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          outcome();
        };
        waiters.add(check);
        check();
      });
    },
    sample: () => (exited ? undefined : manager ? readProcTree(pid) : readProc(pid)),
    heapPeak: () => ({ ...heap }),
    resetHeapPeak() {
      heap = { heapUsed: 0, heapTotal: 0, samples: 0 };
    },
    loopDelay: () => (loop ? { ...loop } : undefined),
    resetLoopDelay() {
      loop = undefined;
      if (exited || manager) return;
      resetsSent++;
      child.kill('SIGUSR2');
    },
    logs: () => ({ byLevel: { ...byLevel }, errors: [...errors], warnings: { ...warnings } }),
    async stop(timeoutMs) {
      if (!exited) child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const graceful = await Promise.race([
        closed.then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (!graceful) {
        killHard();
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      }
      return { code: exited?.code ?? null, signal: exited?.signal ?? null, graceful };
    },
  };
}
