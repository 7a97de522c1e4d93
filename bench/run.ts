/**
 * `npm run bench [-- --quick] [--scenario name[,name]] [--seed N]`: runs the scenarios against the
 * real bot in its own process, prints the table and writes bench/results/<timestamp>.{json,md}.
 * `runBench` is the same without the printing and the files (the quick test calls it).
 */
import { cpus } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Dataset, generateDataset } from '../test/doubles/sandbox/index.js';
import type { BotEntry } from './bot-process.js';
import { type Backend, formatCommunities, runCommunities } from './communities.js';
import { measure, type ScenarioResult } from './measure.js';
import { type BenchReport, buildReport, formatText, writeReport } from './report.js';
import { formatReportsBench, runReportsBench } from './reports.js';
import { formatReportsLarge, runReportsLarge } from './reports-large.js';
import { formatScale, runScale } from './scale.js';
import {
  type BenchPlan,
  FULL_PLAN,
  QUICK_PLAN,
  runScenario,
  SCENARIO_NAMES,
  type ScenarioName,
  scenarioSpecs,
} from './scenarios.js';
import type { WorkloadData } from './workload.js';

export const DEFAULT_SEED = 42;

export interface BenchOptions {
  quick?: boolean;
  /** Run only these scenarios (default: all). */
  scenarios?: ScenarioName[];
  seed?: number;
  /** `dist` (default; build first) or `source` (through tsx, no build needed). */
  entry?: BotEntry;
  /** Progress lines; default: none. */
  log?: (line: string) => void;
  /**
   * The compressed month played this many times slower (W and its cache times with it; default 1):
   * the same interactions against the same allowance, offered at a pace a machine with less CPU
   * keeps up with (test/bench/quick.system.test.ts, under half a core).
   */
  monthStretch?: number;
}

/** The ids the workload draws on, most popular first. */
export function workloadData(dataset: Dataset): WorkloadData {
  const special = new Set(dataset.samples.specialUsernames);
  const busyChat = dataset.samples.busyChatIds.filter(Boolean);
  const chatIds = dataset.members
    .map((m) => dataset.chatIdOf(m.id))
    .filter((id): id is string => id !== undefined && !busyChat.includes(id));
  const usernames = [...dataset.logsByUsername.entries()]
    .filter(([name]) => !special.has(name))
    .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
    .map(([name]) => name);
  return {
    memberChatIds: [...busyChat, ...chatIds],
    usernames,
    roleIds: dataset.roles.map((r) => r.id),
    applicationIds: dataset.applications.map((a) => a.id),
    joinRequestUserIds: dataset.samples.joinRequestUserIds,
  };
}

/** Run the bench; resolves with the report (nothing printed or written). */
export async function runBench(options: BenchOptions = {}): Promise<BenchReport> {
  const started = Date.now();
  const base: BenchPlan = options.quick ? QUICK_PLAN : FULL_PLAN;
  const stretch = Math.max(1, options.monthStretch ?? 1);
  const plan: BenchPlan = {
    ...base,
    month: { ...base.month, windowMs: Math.round(base.month.windowMs * stretch) },
  };
  const seed = options.seed ?? DEFAULT_SEED;
  const entry = options.entry ?? 'dist';
  const log = options.log ?? (() => {});
  const dataset = generateDataset({ seed });
  const ctx = { dataset, workloadData: workloadData(dataset), seed, entry, log };
  const results: ScenarioResult[] = [];
  for (const spec of scenarioSpecs(plan, options.scenarios)) {
    log(`${spec.title}: ${spec.description}`);
    const raw = await runScenario(spec, ctx);
    const result = measure(raw);
    results.push(result);
    log(
      `  done in ${(raw.wallMs / 1000).toFixed(1)} s: ${result.dispatched} interactions, ${result.api.requests} API requests, ${result.deadlineMisses} over the deadline`,
    );
  }
  return buildReport(
    results,
    {
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      quick: plan.quick,
      seed,
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: cpus().length,
      botEntry: entry === 'dist' ? 'dist/src/main.js' : 'src/main.ts (tsx)',
    },
    plan.growthSizes,
  );
}

export interface CliArgs {
  quick: boolean;
  scenarios: ScenarioName[];
  /** `--scenario scale` (bench/scale.ts: several processes; reported on its own). */
  scale?: boolean;
  /** `--scenario reports-large` (bench/reports-large.ts: the event loop under a large community's reports; reported on its own). */
  reportsLarge?: boolean;
  /** `--scenario hostile-pages` (bench/reports-large.ts over records of about 200 KB, pages of 20 MB; reported on its own). */
  hostilePages?: boolean;
  /** `--scenario communities` (bench/communities.ts: 1,000 and 10,000 linked communities in one process; reported on its own). */
  communities?: boolean;
  /** `--counts 1000,10000` (communities only): the counts of communities to run. */
  counts?: number[];
  /** `--backends sqlite,postgres` (communities only): the stores to run them on. */
  backends?: Backend[];
  seed: number;
}

export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { quick: false, scenarios: [], seed: DEFAULT_SEED };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.includes('=')
      ? (arg.split(/=(.*)/s, 2) as [string, string])
      : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--quick') args.quick = true;
    else if (flag === '--seed') {
      const seed = Number(value());
      if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed must be a whole number');
      args.seed = seed;
    } else if (flag === '--scenario') {
      for (const name of value().split(',')) {
        if (name === 'scale') {
          args.scale = true;
          continue;
        }
        if (name === 'reports-large') {
          args.reportsLarge = true;
          continue;
        }
        if (name === 'hostile-pages') {
          args.hostilePages = true;
          continue;
        }
        if (name === 'communities') {
          args.communities = true;
          continue;
        }
        if (!(SCENARIO_NAMES as readonly string[]).includes(name)) {
          throw new Error(`unknown scenario ${name} (one of ${SCENARIO_NAMES.join(', ')})`);
        }
        args.scenarios.push(name as ScenarioName);
      }
    } else if (flag === '--counts') {
      args.counts = value()
        .split(',')
        .map((v) => {
          const count = Number(v);
          if (!Number.isInteger(count) || count < 1)
            throw new Error('--counts takes whole numbers, e.g. 1000,10000');
          return count;
        });
    } else if (flag === '--backends') {
      args.backends = value()
        .split(',')
        .map((v) => {
          if (v !== 'sqlite' && v !== 'postgres')
            throw new Error('--backends takes sqlite, postgres or both');
          return v;
        });
    } else if (flag === '--help' || flag === '-h') {
      throw new Error('usage');
    } else throw new Error(`unknown argument ${arg}`);
  }
  if ((args.counts || args.backends) && !args.communities)
    throw new Error('--counts and --backends are options of --scenario communities');
  return args;
}

const USAGE = `usage: npm run bench [-- --quick] [--scenario ${[...SCENARIO_NAMES, 'scale', 'reports-large', 'hostile-pages', 'communities'].join('|')}[,...]] [--seed N] [--counts N[,N]] [--backends sqlite|postgres[,...]]`;

async function main(argv: string[]): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(message === 'usage' ? `${USAGE}\n` : `${message}\n${USAGE}\n`);
    return message === 'usage' ? 0 : 2;
  }
  // A hard stop, whatever happens: the bench never hangs.
  // Every scenario takes about 30 minutes, and each month waits up to its W (8 minutes) for a period
  // boundary; quick month-faults waits up to 30 s after its processes start.
  const extraMonths = ['month-faults', 'month-access'].filter((name) =>
    args.scenarios.includes(name as ScenarioName),
  ).length;
  // communities has no quick variant: with --quick it runs in full, within the full limit.
  const limitMs = args.quick && !args.communities ? 120_000 + extraMonths * 120_000 : 70 * 60_000;
  const watchdog = setTimeout(() => {
    process.stderr.write(`bench: still running after ${limitMs / 1000} s; giving up\n`);
    process.exit(3);
  }, limitMs);
  watchdog.unref();
  if (args.scale) {
    const dataset = generateDataset({ seed: args.seed });
    const log = (line: string) => process.stderr.write(`${line}\n`);
    log('scale: two shard processes sharing Redis, one killed mid-run');
    const scale = await runScale({
      quick: args.quick,
      seed: args.seed,
      dataset,
      workloadData: workloadData(dataset),
      entry: 'dist',
      log,
    });
    process.stdout.write(formatScale(scale));
    if (args.scenarios.length === 0 && !args.reportsLarge && !args.hostilePages && !args.communities)
      return 0;
  }
  if (args.reportsLarge) {
    const log = (line: string) => process.stderr.write(`${line}\n`);
    log("reports-large: a large community's reports while other interactions arrive");
    const large = await runReportsLarge({ quick: args.quick, seed: args.seed, entry: 'dist', log });
    process.stdout.write(formatReportsLarge(large));
    if (args.scenarios.length === 0 && !args.hostilePages && !args.communities) return 0;
  }
  if (args.hostilePages) {
    const log = (line: string) => process.stderr.write(`${line}\n`);
    log('hostile-pages: the same reports over pages of about 20 MB of deeply nested records');
    const hostile = await runReportsLarge({
      quick: args.quick,
      hostile: true,
      seed: args.seed,
      entry: 'dist',
      log,
    });
    process.stdout.write(formatReportsLarge(hostile));
    if (args.scenarios.length === 0 && !args.communities) return 0;
  }
  if (args.communities) {
    const log = (line: string) => process.stderr.write(`${line}\n`);
    const result = await runCommunities({
      seed: args.seed,
      entry: 'dist',
      log,
      ...(args.counts ? { counts: args.counts } : {}),
      ...(args.backends ? { backends: args.backends } : {}),
    });
    process.stdout.write(formatCommunities(result));
    if (args.scenarios.length === 0) return 0;
  }
  const report = await runBench({
    quick: args.quick,
    scenarios: args.scenarios,
    seed: args.seed,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(formatText(report));
  process.stdout.write(formatReportsBench(await runReportsBench({ quick: args.quick })));
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  const files = writeReport(report, dir);
  process.stdout.write(`\nWritten: ${files.json}\n         ${files.md}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
