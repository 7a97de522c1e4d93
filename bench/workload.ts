/**
 * The benchmark's workload: a seeded, deterministic moderator mix (see bench/README.md).
 *
 * Each moderator gets a script of sessions; a session is a slash command followed by what a
 * moderator does with the answer (paging, opening an item, going back, following a shortcut).
 * Steps that act on a message name the control by what it does, not by its custom_id: the runner
 * finds it on the message the bot actually sent. The same seed and size give the same scripts;
 * how the moderators' steps interleave depends on timing.
 */

/** A small seeded PRNG (mulberry32): uniform floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Draws ranks 0..n-1 with P(k) proportional to 1/(k+1)^s: a few items get most of the traffic. */
export function zipf(n: number, s: number, random: () => number): () => number {
  const cdf: number[] = [];
  let total = 0;
  for (let k = 1; k <= n; k++) {
    total += 1 / k ** s;
    cdf.push(total);
  }
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cdf[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** What a click does; the runner maps it to the control's custom_id action letter. */
export type Control = 'next' | 'prev' | 'first' | 'last' | 'refresh' | 'back' | 'shortcut';

/** A slash command option: a string, a boolean, or a Discord user given by id (the runner creates them). */
export type OptionSpec = string | boolean | { user: string };

export type Step = { thinkMs: number } & (
  | {
      kind: 'slash';
      command: string;
      subcommand?: string;
      options?: Record<string, OptionSpec>;
    }
  | { kind: 'click'; control: Control }
  /** Pick an item in the "Open…" menu: option number `pick` modulo the options shown. */
  | { kind: 'open'; pick: number }
);

export type SessionKind = 'browse' | 'member' | 'player' | 'roster' | 'join-request' | 'repeat';

export interface Session {
  kind: SessionKind;
  /** Short description, e.g. "/loa list +3 pages, open". */
  label: string;
  steps: Step[];
}

export interface ModeratorScript {
  index: number;
  sessions: Session[];
}

/** Ids from the dataset the workload draws on, most popular first where it matters. */
export interface WorkloadData {
  /** Discord (chat) ids of community members: the busy ones first, then the rest. */
  memberChatIds: string[];
  /** Game usernames with logs: the busy ones first. */
  usernames: string[];
  roleIds: string[];
  applicationIds: string[];
  /** Discord ids of users with a join request. */
  joinRequestUserIds: string[];
}

/** How fast moderators act (the bench compresses time; see the README). */
export interface Pace {
  /** Think time before each step inside a session, ms (uniform). */
  stepMs: [number, number];
  /** Extra pause before a moderator starts a new session, ms (uniform). */
  sessionGapMs: [number, number];
}

export const DEFAULT_PACE: Pace = { stepMs: [60, 400], sessionGapMs: [200, 1_000] };

/** Session mix (weights sum to 1). */
export const SESSION_MIX: Readonly<Record<SessionKind, number>> = {
  browse: 0.3,
  member: 0.3,
  player: 0.12,
  roster: 0.18,
  'join-request': 0.05,
  repeat: 0.05,
};

export interface WorkloadOptions {
  seed: number;
  /** Total interactions (steps) over all moderators. */
  interactions: number;
  moderators: number;
  pace?: Pace;
}

export interface Workload {
  seed: number;
  interactions: number;
  moderators: ModeratorScript[];
  /** Sessions per kind, for the report. */
  sessionCounts: Record<SessionKind, number>;
  /** Every Discord user id the scripts name in a `user` option (the runner creates them). */
  userIds: string[];
}

/** Zipf exponent for members, players and join requests; roles and forms are flatter. */
const PEOPLE_SKEW = 1.05;
const ROSTER_SKEW = 0.8;

interface Draw {
  random: () => number;
  between(range: [number, number]): number;
  chance(p: number): boolean;
  pick<T>(weights: ReadonlyArray<readonly [T, number]>): T;
  member(): string;
  username(): string;
  role(): string;
  application(): string;
  joinRequestUser(): string;
}

function createDraw(seed: number, data: WorkloadData): Draw {
  const random = createRandom(seed);
  const ranked = (items: string[], s: number) => {
    if (items.length === 0) throw new Error('the workload needs a non-empty dataset');
    const rank = zipf(items.length, s, random);
    return () => items[rank()] as string;
  };
  return {
    random,
    between: ([min, max]) => Math.round(min + random() * (max - min)),
    chance: (p) => random() < p,
    pick(weights) {
      let x = random() * weights.reduce((sum, [, w]) => sum + w, 0);
      for (const [value, w] of weights) {
        x -= w;
        if (x < 0) return value;
      }
      return (weights[weights.length - 1] as readonly [(typeof weights)[number][0], number])[0];
    },
    member: ranked(data.memberChatIds, PEOPLE_SKEW),
    username: ranked(data.usernames, PEOPLE_SKEW),
    role: ranked(data.roleIds, ROSTER_SKEW),
    application: ranked(data.applicationIds, ROSTER_SKEW),
    joinRequestUser: ranked(data.joinRequestUserIds, PEOPLE_SKEW),
  };
}

type StepBody = Step extends infer S ? (S extends Step ? Omit<S, 'thinkMs'> : never) : never;

/** A run of paging clicks: mostly forward, sometimes back, now and then to the first page. */
function pagingRun(d: Draw, meanLength: number): StepBody[] {
  const steps: StepBody[] = [];
  // geometric length with the given mean (0 allowed)
  const p = 1 / (meanLength + 1);
  while (steps.length < 12 && !d.chance(p)) {
    const control = d.pick<Control>([
      ['next', 0.75],
      ['prev', 0.17],
      ['first', 0.04],
      ['last', 0.04],
    ]);
    steps.push({ kind: 'click', control });
  }
  return steps;
}

/** Open an item from the list shown, sometimes go back to the list and page on. */
function openAndBack(d: Draw, pOpen: number): StepBody[] {
  if (!d.chance(pOpen)) return [];
  const steps: StepBody[] = [{ kind: 'open', pick: Math.floor(d.random() * 10) }];
  if (d.chance(0.5)) {
    steps.push({ kind: 'click', control: 'back' });
    steps.push(...pagingRun(d, 1));
    if (d.chance(0.3)) steps.push({ kind: 'open', pick: Math.floor(d.random() * 10) });
  }
  return steps;
}

function session(kind: Exclude<SessionKind, 'repeat'>, d: Draw): { label: string; steps: StepBody[] } {
  switch (kind) {
    case 'browse': {
      const command = d.pick<string>([
        ['loa', 0.35],
        ['shift', 0.25],
        ['audit-log', 0.25],
        ['member', 0.15],
      ]);
      const paging = pagingRun(d, 3);
      return {
        label: `/${command} list`,
        steps: [{ kind: 'slash', command, subcommand: 'list' }, ...paging, ...openAndBack(d, 0.6)],
      };
    }
    case 'member': {
      if (d.chance(0.7)) {
        const steps: StepBody[] = [
          { kind: 'slash', command: 'member', subcommand: 'view', options: { user: { user: d.member() } } },
        ];
        if (d.chance(0.3)) {
          steps.push({ kind: 'click', control: 'shortcut' }, ...pagingRun(d, 0.5));
        }
        return { label: '/member view user', steps };
      }
      return {
        label: '/loa member user',
        steps: [
          { kind: 'slash', command: 'loa', subcommand: 'member', options: { user: { user: d.member() } } },
          ...pagingRun(d, 0.7),
          ...openAndBack(d, 0.3),
        ],
      };
    }
    case 'player':
      return {
        label: '/log user',
        steps: [
          { kind: 'slash', command: 'log', subcommand: 'user', options: { username: d.username() } },
          ...pagingRun(d, 1.5),
          ...openAndBack(d, 0.4),
        ],
      };
    case 'roster': {
      const what = d.pick<string>([
        ['role list', 0.25],
        ['role view', 0.35],
        ['application list', 0.15],
        ['application view', 0.25],
      ]);
      const [command, sub] = what.split(' ') as [string, string];
      if (sub === 'list') {
        return {
          label: `/${what}`,
          steps: [
            { kind: 'slash', command, subcommand: 'list' },
            ...pagingRun(d, 0.3),
            ...openAndBack(d, 0.5),
          ],
        };
      }
      const options: Record<string, OptionSpec> =
        command === 'role' ? { role: d.role() } : { application: d.application() };
      return { label: `/${what}`, steps: [{ kind: 'slash', command, subcommand: 'view', options }] };
    }
    case 'join-request':
      return {
        label: '/join-request view user',
        steps: [
          {
            kind: 'slash',
            command: 'join-request',
            subcommand: 'view',
            options: { user: { user: d.joinRequestUser() } },
          },
        ],
      };
  }
}

const KINDS = Object.entries(SESSION_MIX) as Array<[SessionKind, number]>;

/** The scripts for `options.moderators` moderators, `options.interactions` steps in all. */
export function generateWorkload(data: WorkloadData, options: WorkloadOptions): Workload {
  const pace = options.pace ?? DEFAULT_PACE;
  const d = createDraw(options.seed, data);
  const moderators: ModeratorScript[] = Array.from({ length: options.moderators }, (_, index) => ({
    index,
    sessions: [],
  }));
  const sessionCounts = Object.fromEntries(KINDS.map(([k]) => [k, 0])) as Record<SessionKind, number>;
  const userIds = new Set<string>();
  let remaining = options.interactions;
  for (let n = 0; remaining > 0; n++) {
    const moderator = moderators[n % moderators.length] as ModeratorScript;
    let kind = d.pick(KINDS);
    let body: { label: string; steps: StepBody[] };
    const previous = moderator.sessions.filter((s) => s.kind !== 'repeat');
    if (kind === 'repeat' && previous.length > 0) {
      // The same command again a few minutes later (a moderator checking back): the first step only.
      const again = previous[Math.max(0, previous.length - 1 - Math.floor(d.random() * 3))] as Session;
      body = { label: `again: ${again.label}`, steps: [stripThink(again.steps[0] as Step)] };
    } else {
      if (kind === 'repeat') kind = 'member';
      body = session(kind as Exclude<SessionKind, 'repeat'>, d);
    }
    const steps = body.steps.slice(0, remaining).map((step, i) => {
      const think = d.between(pace.stepMs) + (i === 0 ? d.between(pace.sessionGapMs) : 0);
      return { ...step, thinkMs: think } as Step;
    });
    for (const step of steps) {
      if (step.kind !== 'slash') continue;
      for (const value of Object.values(step.options ?? {})) {
        if (typeof value === 'object') userIds.add(value.user);
      }
    }
    remaining -= steps.length;
    sessionCounts[kind]++;
    moderator.sessions.push({ kind, label: body.label, steps });
  }
  return {
    seed: options.seed,
    interactions: options.interactions,
    moderators,
    sessionCounts,
    userIds: [...userIds],
  };
}

function stripThink(step: Step): StepBody {
  const { thinkMs: _thinkMs, ...body } = step;
  return body as StepBody;
}

/** One slash command of a burst, `atMs` after the burst starts, by moderator `moderator`. */
export interface BurstItem {
  atMs: number;
  moderator: number;
  step: Step & { kind: 'slash' };
}

export interface BurstOptions {
  seed: number;
  interactions: number;
  /** The burst is spread evenly (seeded) over this window. */
  windowMs: number;
  moderators: number;
}

/** `interactions` slash commands from the session mix (first steps only), all within `windowMs`. */
export function generateBurst(
  data: WorkloadData,
  options: BurstOptions,
): { items: BurstItem[]; userIds: string[] } {
  const d = createDraw(options.seed, data);
  const items: BurstItem[] = [];
  const userIds = new Set<string>();
  for (let i = 0; i < options.interactions; i++) {
    let kind = d.pick(KINDS);
    if (kind === 'repeat') kind = 'browse';
    const first = session(kind as Exclude<SessionKind, 'repeat'>, d).steps[0] as StepBody & { kind: 'slash' };
    for (const value of Object.values(first.options ?? {})) {
      if (typeof value === 'object') userIds.add(value.user);
    }
    items.push({
      atMs: Math.floor(d.random() * options.windowMs),
      moderator: i % options.moderators,
      step: { ...first, thinkMs: 0 },
    });
  }
  items.sort((a, b) => a.atMs - b.atMs);
  return { items, userIds: [...userIds] };
}

/**
 * The month's ceiling: the most answers with data any bot could give the planned workload with
 * `budget` requests for per-record reads (the allowance less what lists cost), knowing every ask of
 * the month in advance and keeping everything it read. Each ask needs the records it shows, one
 * request each: `/member view` the member (by chat id), `/loa member` the member and their LOAs, the
 * "LOAs" shortcut of a member view their LOAs, `/log user` the player's logs, `/join-request view`
 * the request. Lists, roles and forms are left out (their cost is in the budget). Greedy: buy the set
 * of records that answers the most asks per request, until the budget is spent.
 */
export function monthCeiling(workload: Workload, budget: number): { asks: number; unserved: number } {
  const groups = new Map<string, { keys: string[]; count: number }>();
  const add = (keys: string[]) => {
    const id = keys.join('|');
    const group = groups.get(id) ?? { keys, count: 0 };
    group.count++;
    groups.set(id, group);
  };
  for (const script of workload.moderators) {
    for (const session of script.sessions) {
      const [first, ...rest] = session.steps;
      if (first?.kind !== 'slash') continue;
      const o = first.options ?? {};
      const user = (o.user as { user?: string } | undefined)?.user;
      const what = `${first.command} ${first.subcommand ?? ''}`;
      if (what === 'member view' && user) {
        add([`chat:${user}`]);
        if (rest.some((s) => s.kind === 'click' && s.control === 'shortcut'))
          add([`chat:${user}`, `loas:${user}`]);
      } else if (what === 'loa member' && user) add([`chat:${user}`, `loas:${user}`]);
      else if (what === 'log user') add([`logs:${String(o.username)}`]);
      else if (what === 'join-request view' && user) add([`join:${user}`]);
    }
  }
  const all = [...groups.values()];
  const asks = all.reduce((n, g) => n + g.count, 0);
  const bought = new Set<string>();
  let left = budget;
  let served = 0;
  const open = new Set(all);
  while (left > 0 && open.size > 0) {
    let best: { missing: string[]; gain: number } | undefined;
    for (const group of open) {
      const missing = group.keys.filter((k) => !bought.has(k));
      if (missing.length > left) continue;
      const gain = [...open]
        .filter((g) => g.keys.every((k) => bought.has(k) || missing.includes(k)))
        .reduce((n, g) => n + g.count, 0);
      if (!best || gain / missing.length > best.gain / best.missing.length) best = { missing, gain };
    }
    if (!best) break;
    for (const k of best.missing) bought.add(k);
    left -= best.missing.length;
    for (const group of [...open]) {
      if (group.keys.every((k) => bought.has(k))) {
        served += group.count;
        open.delete(group);
      }
    }
  }
  return { asks, unserved: asks - served };
}

/** A report session of the month: when (day 0–29, hour of day), by whom, and its steps. */
export interface MonthReport {
  day: number;
  hour: number;
  moderator: number;
  label: string;
  steps: Step[];
}

/**
 * The month's report use: every day one moderator looks at this week's time on duty (and pages on
 * half the time) and one at who is on leave now; every week (days 0, 7, 14, 21, 28) one checks last
 * week's quotas. Each at an hour of the moderator's own 8-hour shift (as the session mix).
 */
export function monthReports(seed: number, moderators: number, pace: Pace): MonthReport[] {
  const random = createRandom(seed ^ 0x72657074);
  const between = ([min, max]: [number, number]) => Math.round(min + random() * (max - min));
  const at = (day: number, label: string, steps: StepBody[]): MonthReport => {
    const moderator = Math.floor(random() * moderators);
    const hour = (((moderator * 7) % 24) + random() * 8) % 24;
    return {
      day,
      hour,
      moderator,
      label,
      steps: steps.map((s) => ({ ...s, thinkMs: between(pace.stepMs) }) as Step),
    };
  };
  const out: MonthReport[] = [];
  for (let day = 0; day < 30; day++) {
    const totals: StepBody[] = [
      { kind: 'slash', command: 'shift', subcommand: 'totals', options: { period: 'this-week' } },
    ];
    if (random() < 0.5) totals.push({ kind: 'click', control: 'next' });
    out.push(at(day, '/shift totals this-week', totals));
    out.push(at(day, '/loa active', [{ kind: 'slash', command: 'loa', subcommand: 'active' }]));
    if (day % 7 === 0) {
      out.push(
        at(day, '/quota check last-week', [
          { kind: 'slash', command: 'quota', subcommand: 'check', options: { period: 'last-week' } },
        ]),
      );
    }
  }
  return out;
}
