/**
 * The event loop's long holds in CPU profiles: `npx tsx bench/holds.ts <dir or .cpuprofile>… [--over 25]`.
 *
 * A bench run with `XPROF=<dir>` writes the bot's CPU profile there (`--cpu-prof`). This reads each
 * profile's samples in order and finds every stretch of consecutive samples that are not `(idle)`
 * lasting longer than `--over` milliseconds (default 25): the main thread busy without a break, which
 * is what delays every other interaction. For each stretch it prints where it started, its length,
 * the functions with the most self time in it, and the deepest frames of Rollcall's own code
 * (`src/`, `commands/`) on its stacks: the work to slice. Only the main thread's profile is read
 * (Node names it `CPU.<date>.<time>.<pid>.0.<n>.cpuprofile`): a worker's (the reading thread's,
 * src/api/parse-worker.ts) holds no interaction; `--threads` reads every profile named.
 *
 * With `gaps.json`, each gap also says, when the probe could tell (Linux's schedstat), how long of
 * it the main thread was on a CPU (the bot's own hold), waiting for one (other processes), or
 * blocked in the kernel (a disk's fsync under SQLite's synchronous commit).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface Hold {
  file: string;
  atMs: number;
  ms: number;
  self: Map<string, number>;
  ours: Map<string, number>;
}

const OURS = /\/(src|commands)\/[^/]+/;

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*\/(dist\/|node_modules\/)/, '$1')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
}

/** The deepest frame of Rollcall's own code on a sample's stack. */
function ours(id: number, byId: Map<number, ProfileNode>, parent: Map<number, number>): string {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at);
    if (node && OURS.test(node.callFrame.url)) return frameName(node);
  }
  return '(outside our code)';
}

/** The long holds of one profile. */
export function holdsOf(file: string, profile: Profile, overMs: number): Hold[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const oursOf = (id: number): string => ours(id, byId, parent);
  const holds: Hold[] = [];
  let current: Hold | undefined;
  let t = profile.startTime;
  const close = () => {
    if (current && current.ms > overMs) holds.push(current);
    current = undefined;
  };
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    t += profile.timeDeltas[i] ?? 0;
    const node = byId.get(profile.samples[i] as number);
    if (!node || node.callFrame.functionName === '(idle)') {
      close();
      continue;
    }
    current ??= { file, atMs: (t - profile.startTime) / 1000, ms: 0, self: new Map(), ours: new Map() };
    current.ms += delta;
    const name = frameName(node);
    current.self.set(name, (current.self.get(name) ?? 0) + delta);
    const mine = oursOf(node.id);
    current.ours.set(mine, (current.ours.get(mine) ?? 0) + delta);
  }
  close();
  return holds;
}

/** What the main thread ran in [fromUs, toUs) (monotonic µs, as `gaps.json` gives them). */
export function windowOf(file: string, profile: Profile, fromUs: number, toUs: number): Hold {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const hold: Hold = {
    file,
    atMs: (fromUs - profile.startTime) / 1000,
    ms: 0,
    self: new Map(),
    ours: new Map(),
  };
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (t < fromUs || t >= toUs) continue;
    const next = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(profile.samples[i] as number);
    if (!node) continue;
    const name = frameName(node);
    hold.ms += next / 1000;
    hold.self.set(name, (hold.self.get(name) ?? 0) + next / 1000);
    const mine = ours(node.id, byId, parent);
    hold.ours.set(mine, (hold.ours.get(mine) ?? 0) + next / 1000);
  }
  return hold;
}

/** How the main thread spent a gap, when the probe could tell (Linux's schedstat). */
function sched(gap: { ms: number; cpuMs?: number; queuedMs?: number }): string {
  if (gap.cpuMs === undefined || gap.queuedMs === undefined) return '';
  const blocked = Math.max(0, gap.ms - gap.cpuMs - gap.queuedMs);
  return `: the main thread on a CPU ${gap.cpuMs.toFixed(1)} ms, waiting for one ${gap.queuedMs.toFixed(1)} ms, blocked in the kernel (I/O) ${blocked.toFixed(1)} ms`;
}

function top(map: Map<string, number>, n: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `    ${ms.toFixed(1).padStart(6)} ms  ${name}`);
}

function main(argv: string[]): void {
  let overMs = 25;
  let threads = false;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--over') overMs = Number(argv[++i]);
    else if (argv[i] === '--threads') threads = true;
    else paths.push(argv[i] as string);
  }
  const mainThread = (f: string) => threads || /\.\d+\.0\.\d+\.cpuprofile$/.test(f);
  const files = paths.flatMap((p) =>
    statSync(p).isDirectory()
      ? readdirSync(p)
          .filter((f) => f.endsWith('.cpuprofile') && mainThread(f))
          .map((f) => join(p, f))
      : [p],
  );
  const gapsFile = paths.map((p) => join(p, 'gaps.json')).find((g) => existsSync(g));
  if (gapsFile) {
    const gaps = JSON.parse(readFileSync(gapsFile, 'utf8')) as Array<{
      endUs: number;
      ms: number;
      cpuMs?: number;
      queuedMs?: number;
    }>;
    const profiles = files.map((file) => ({
      file,
      profile: JSON.parse(readFileSync(file, 'utf8')) as Profile,
    }));
    console.log(`the ${gaps.length} longest gaps between the probe's 5 ms ticks (${gapsFile})`);
    for (const gap of gaps) {
      const fromUs = gap.endUs - gap.ms * 1000;
      const within = profiles.filter(({ profile: p }) => p.startTime <= fromUs && fromUs <= p.endTime);
      for (const { file, profile } of within) {
        const w = windowOf(file, profile, fromUs, gap.endUs);
        console.log(
          `\ngap of ${gap.ms.toFixed(1)} ms (${w.ms.toFixed(1)} ms of samples) at ${(w.atMs / 1000).toFixed(2)} s${sched(gap)}`,
        );
        console.log(top(w.self, 8).join('\n'));
        console.log('  our deepest frames:');
        console.log(top(w.ours, 6).join('\n'));
      }
    }
    console.log('');
  }
  const holds = files.flatMap((file) =>
    holdsOf(file, JSON.parse(readFileSync(file, 'utf8')) as Profile, overMs),
  );
  holds.sort((a, b) => b.ms - a.ms);
  console.log(`${holds.length} stretch(es) of the main thread busy over ${overMs} ms`);
  for (const h of holds) {
    console.log(`\n${h.ms.toFixed(1)} ms at ${(h.atMs / 1000).toFixed(2)} s (${h.file})`);
    console.log('  self time:');
    console.log(top(h.self, 6).join('\n'));
    console.log('  our deepest frames:');
    console.log(top(h.ours, 6).join('\n'));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
