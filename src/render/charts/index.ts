/**
 * Charts as PNG attachments: `renderChart(kind, data, t)` builds the chart's job on the event loop
 * (spec.ts: pure, at most MAX_ROWS rows, a few milliseconds) and has it drawn in one worker thread
 * (draw.ts: its SVG laid out by svg.ts, resvg's PNG of it: about 30 ms, never on the loop). The render
 * layer's one module with a thread: it reads nothing but its fonts and keeps no state an answer depends on.
 *
 * A chart is never in the way of its answer: charts turned off (REPORTS_CHARTS=false), nothing to
 * draw, the thread busy, failing, missing its native module or not done within CHART_WAIT_MS (a post's,
 * the digest's: POSTED_CHART_WAIT_MS), or a
 * picture over Discord's attachment limit all give `{ omitted }` (a line to say, or '' when off), and a failing thread is
 * logged once. `withChart` puts either in the answer.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { APIEmbed } from 'discord.js';
import { LIMITS } from '../../base/discord-limits.js';
import type { Logger } from '../../base/log.js';
import type { Words } from '../../i18n/words.js';
import { type ChartData, type ChartJob, type ChartKind, type ChartSpec, SPECS } from './spec.js';
import type { DrawAnswer } from './worker.js';

export { MAX_ROWS } from './spec.js';
export type { ChartData, ChartKind };

interface ChartFile {
  name: string;
  data: Buffer;
}
export type ChartResult = { file: ChartFile } | { omitted: string };

/** Jobs waiting for the thread past which a chart is left out rather than queued. */
const MAX_WAITING = 8;
/**
 * Longest an answer waits for its chart once its text is ready: past it the answer goes without the
 * chart (one line says so) and the picture, when drawn, is dropped. A cold thread (started by the
 * report's `warmCharts` while it reads its snapshot, the first time or after an idle minute) has its
 * first digest drawn about 0.1 s after `warmCharts` (104–110 ms, built code, the machine's 2 cores
 * shared at a load of 2.5–3.6: the thread, resvg's module, the fonts' metrics and one chart); a warm
 * one draws a digest in about 30 ms. Three seconds is then room for a machine whose cores are taken
 * by other work many times over, and as long as a reader waits for a picture; more and the chart
 * holds the record up (the thread's own limit, DRAW_TIMEOUT_MS, is for a stuck thread).
 */
export const CHART_WAIT_MS = 3_000;
/** A job the thread has not answered in this long stops the thread (stuck): the next chart starts another. */
const DRAW_TIMEOUT_MS = 15_000;
/**
 * How long a post (the weekly digest: no interaction, nobody watching a spinner) waits for its
 * chart: as long as the thread may take to draw it, so a cold thread on a busy machine still puts
 * the picture in the post.
 */
export const POSTED_CHART_WAIT_MS = DRAW_TIMEOUT_MS;

/** Who waits for the chart: an interaction's answer (CHART_WAIT_MS) or a post (POSTED_CHART_WAIT_MS). */
type ChartFor = 'answer' | 'post';
/**
 * The thread's old generation, in a process started without `--max-old-space-size`. Under that flag
 * (`npm start`, the image: 512) V8 sizes every isolate by the flag, the thread's too, and this is
 * not applied (V8's flags are the process's; measured on Node 20 and 24): the thread's memory is
 * then kept down by drawing one chart at a time and stopping it when idle.
 */
const WORKER_HEAP_MB = 256;
/** Thread failures in a row after which this process stops trying (a native module that cannot load). */
const MAX_FAILURES = 3;
/**
 * An idle thread is stopped after this, giving back the 30–45 MB of RSS it holds (its isolate,
 * resvg's module and what resvg's last charts left in the thread's allocator; measured after 10
 * digests).
 */
const IDLE_MS = 60_000;

interface Settings {
  enabled: boolean;
  /** Warnings (a failing thread, once) and a debug line per chart drawn (its time in the thread, its size). */
  log: Pick<Logger, 'warn' | 'debug'> | undefined;
  /** The thread's module (tests name a missing one); the largest picture sent (tests lower it). */
  worker?: URL;
  maxBytes: number;
  /** How long an answer waits for its chart (CHART_WAIT_MS; tests whose thread starts cold through tsx raise it). */
  waitMs: number;
}
const settings: Settings = {
  enabled: true,
  log: undefined,
  maxBytes: LIMITS.attachmentBytes,
  waitMs: CHART_WAIT_MS,
};

/** The wiring's settings: REPORTS_CHARTS and the logger a failing thread is reported to (once). */
export function configureCharts(options: Partial<Settings>): void {
  Object.assign(settings, options);
  void shared?.close();
  shared = undefined;
}

/** Whether charts are drawn at all (REPORTS_CHARTS): off, no post carries one. */
export function chartsEnabled(): boolean {
  return settings.enabled;
}

export async function renderChart<K extends ChartKind>(
  kind: K,
  data: ChartData[K],
  t: Words,
  waitFor: ChartFor = 'answer',
): Promise<ChartResult> {
  if (!settings.enabled) return { omitted: '' };
  let spec: ChartSpec;
  try {
    spec = SPECS[kind](data, t);
  } catch (error) {
    drawer().failed(error, false);
    return { omitted: t.charts.unavailable };
  }
  if ('omitted' in spec) return { omitted: t.charts.noData };
  const waitMs = waitFor === 'post' ? Math.max(settings.waitMs, POSTED_CHART_WAIT_MS) : settings.waitMs;
  const png = await inTime(drawer().draw(kind, spec.job, waitMs), waitMs);
  if (png === undefined) return { omitted: t.charts.unavailable };
  if (png.byteLength > settings.maxBytes) return { omitted: t.charts.tooLarge };
  return { file: { name: `${kind}-chart.png`, data: png } };
}

/** `drawn`, or undefined once `ms` have passed without it. */
function inTime(drawn: Promise<Buffer | undefined>, ms: number): Promise<Buffer | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([drawn, late]).finally(() => clearTimeout(timer));
}

/**
 * Starts the drawing thread, if charts are on and it is not running, so it starts while a
 * report reads its snapshot (the reports that draw call it first): its chart then waits for the
 * drawing only. Cheap when the thread runs; never fails. An unused thread stops after IDLE_MS.
 */
export function warmCharts(): void {
  if (settings.enabled) drawer().warm();
}

/** The answer with its chart: the embed shows the attachment, or says in one line why there is none. */
export function withChart(embed: APIEmbed, chart: ChartResult): { embed: APIEmbed; files: ChartFile[] } {
  if ('file' in chart)
    return { embed: { ...embed, image: { url: `attachment://${chart.file.name}` } }, files: [chart.file] };
  const description = [embed.description, chart.omitted].filter(Boolean).join('\n');
  if (chart.omitted === '' || description.length > LIMITS.description) return { embed, files: [] };
  return { embed: { ...embed, description }, files: [] };
}

/** A chart asked of the thread: how it is answered, and when its answer stops being awaited. */
interface Job {
  done: (png: Buffer | undefined) => void;
  kind: ChartKind;
  job: ChartJob;
  /** performance.now() past which nobody waits for it (its answer's or post's wait): dropped unless already drawing. */
  until: number;
  /** DRAW_TIMEOUT_MS, from when the thread was given it. */
  timer?: NodeJS.Timeout;
}

/**
 * The one drawing thread, given one chart at a time: the others wait here, in order (at most
 * MAX_WAITING in all), so that a chart nobody waits for any more is dropped before the thread spends
 * its time on it (a digest round asks for four at once). The thread draws one at a time on one core
 * either way, each chart's native memory given back before the next (worker.ts).
 */
class Drawer {
  private worker: Worker | undefined;
  /** By id: the job in the thread (`drawing`) and those waiting for it (`queue`, in order). */
  private readonly waiting = new Map<number, Job>();
  private readonly queue: number[] = [];
  private drawing: number | undefined;
  private nextId = 1;
  private failures = 0;
  private warned = false;
  private idle: NodeJS.Timeout | undefined;

  warm(): void {
    if (this.worker || this.failures >= MAX_FAILURES) return;
    try {
      this.start();
    } catch (error) {
      this.failed(error);
      return;
    }
    this.idleAfter();
  }

  private idleAfter(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.close(), IDLE_MS).unref();
  }

  draw(kind: ChartKind, job: ChartJob, waitMs: number): Promise<Buffer | undefined> {
    if (this.failures >= MAX_FAILURES || this.waiting.size >= MAX_WAITING) return Promise.resolve(undefined);
    try {
      if (!this.worker) this.start();
    } catch (error) {
      this.failed(error);
      return Promise.resolve(undefined);
    }
    clearTimeout(this.idle);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, { done: resolve, kind, job, until: performance.now() + waitMs });
      this.queue.push(id);
      this.next();
    });
  }

  /** Gives the thread the next job still awaited, when it draws none; the rest wait. */
  private next(): void {
    const worker = this.worker;
    if (!worker || this.drawing !== undefined) return;
    for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) {
      const job = this.waiting.get(id);
      if (!job) continue;
      if (performance.now() > job.until) {
        // Its answer went without it: drawing it would only keep the ones behind it waiting.
        this.waiting.delete(id);
        job.done(undefined);
        continue;
      }
      job.timer = setTimeout(
        () => this.stop(worker, new Error('a chart took too long to draw')),
        DRAW_TIMEOUT_MS,
      );
      this.drawing = id;
      worker.ref();
      worker.postMessage({ id, job: job.job });
      return;
    }
    if (this.waiting.size === 0) {
      worker.unref();
      this.idleAfter();
    }
  }

  close(): Promise<unknown> | undefined {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    this.settle();
    return worker?.terminate();
  }

  private settle(): void {
    for (const job of this.waiting.values()) {
      clearTimeout(job.timer);
      job.done(undefined);
    }
    this.waiting.clear();
    this.queue.length = 0;
    this.drawing = undefined;
  }

  private start(): Worker {
    const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB };
    // As src/api/body.ts: built, the worker is JavaScript beside this file; from the sources, TypeScript through tsx.
    const typescript = extname(fileURLToPath(import.meta.url)) === '.ts';
    const entry = settings.worker ?? new URL(`./worker${typescript ? '.ts' : '.js'}`, import.meta.url);
    const worker = typescript
      ? new Worker(
          `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}));`,
          { eval: true, resourceLimits },
        )
      : new Worker(entry, { resourceLimits });
    worker.unref();
    worker.on('message', (answer: DrawAnswer) => this.answered(answer));
    worker.on('error', (error) => this.stop(worker, error));
    worker.on('exit', (code) => this.stop(worker, new Error(`the chart thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private answered(answer: DrawAnswer): void {
    const job = this.waiting.get(answer.id);
    if (!job) return;
    this.waiting.delete(answer.id);
    clearTimeout(job.timer);
    if (this.drawing === answer.id) this.drawing = undefined;
    this.next();
    if (answer.ok) {
      this.failures = 0;
      settings.log?.debug(
        { chart: job.kind, drawMs: Math.round(answer.ms), bytes: answer.png.byteLength },
        'chart drawn',
      );
      job.done(Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength));
    } else {
      // One chart the thread could not draw: that answer goes without it, the thread draws on.
      this.failed(new Error(answer.message), false);
      job.done(undefined);
    }
  }

  /** The thread failed (an error, its exit, a job past its time): its jobs have no chart. */
  private stop(worker: Worker, cause: unknown): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    void worker.terminate().catch(() => undefined);
    this.failed(cause);
    this.settle();
  }

  failed(cause: unknown, thread = true): void {
    if (thread) this.failures++;
    if (this.warned) return;
    this.warned = true;
    const message = cause instanceof Error ? cause.message : String(cause);
    settings.log?.warn({ err: message }, 'charts could not be drawn: answers go without them');
  }
}

let shared: Drawer | undefined;
const drawer = () => {
  shared ??= new Drawer();
  return shared;
};

/** Stops the drawing thread (at shutdown; the next chart starts it again). */
export async function closeCharts(): Promise<void> {
  await shared?.close();
  shared = undefined;
}
