/**
 * Shift renderers: API object → embed JSON. Pure: the "now" of a running shift is the data's
 * fetchedAt, never the clock.
 *
 * The inner shape of breakTimestamps is not described by the API. A break is read from an entry
 * when it has a recognisable start number (keys like start, startedAt, startAt, begin, from) and
 * optionally an end number (end, endedAt, endAt, stop, resumedAt, to), or is a [start, end] pair.
 * A break without an end is still running: it lasts until the shift's end (or "now" for an active
 * shift). Breaks are clipped to the shift and overlaps are counted once. Entries that cannot be
 * read are counted and reported as unreadable; net time is then shown as an upper bound. The
 * reading is src/reports/time.ts `readBreak`, so the embed and the reports count the same breaks.
 */
import type { APIEmbed } from 'discord.js';
import type { Shift } from '../../generated/api.js';
import type { PageInfo, Source } from '../api/pages.js';
import type { Words } from '../i18n/words.js';
import { readBreak } from '../reports/time.js';
import { describeEntries, isRecord } from './entries.js';
import { field, isSetTimestamp, NONE, plainText, safeLine } from './format.js';
import type { Labelled } from './labels.js';
import { type MarkName, mark } from './marks.js';
import { detailEmbed, listEmbed } from './page.js';
import { actor, type People, person, personInDetail } from './people.js';

type ShiftState = 'Active' | 'Ended' | 'Unknown';

const SHIFT_STATE_MARK: Record<ShiftState, MarkName> = {
  Active: 'onDuty',
  Ended: 'ended',
  Unknown: 'unknown',
};

const COLOUR: Record<ShiftState, number> = { Active: 0x57f287, Ended: 0x99aab5, Unknown: 0x99aab5 };

const STATE_KEYS: Record<ShiftState, keyof Words['shift']['states']> = {
  Active: 'active',
  Ended: 'ended',
  Unknown: 'unknown',
};

/** A shift's state in the reader's words ("Active", "Aktiv"). */
export function shiftStateText(state: ShiftState, t: Words): string {
  return t.shift.states[STATE_KEYS[state]];
}

/**
 * Ended when endedAt is a timestamp; Active when it is 0 or absent and the start is a date; Unknown
 * when the end is unreadable, or the start is no date (not read as still running, as /shift active
 * and the reports do not: docs/api-decisions.md, "Shift state and length").
 */
export function shiftState(shift: Partial<Shift>): ShiftState {
  const endedAt: unknown = shift.endedAt;
  if (isSetTimestamp(endedAt)) return 'Ended';
  const open = endedAt === undefined || endedAt === null || endedAt === 0;
  return open && isSetTimestamp(shift.createdAt) ? 'Active' : 'Unknown';
}

interface BreakSummary {
  /** Entries in breakTimestamps. */
  count: number;
  /** Entries read as a break. */
  readable: number;
  /** Time on the readable breaks, clipped to the shift, overlaps counted once (seconds). */
  seconds: number;
  /** A readable break has no end yet. */
  open: boolean;
}

/**
 * Breaks of a shift: how many, how many could be read, and their total length within
 * [shiftStart, shiftEnd]. An open break lasts until shiftEnd; without a shiftEnd it adds no time.
 */
export function summariseBreaks(breaks: unknown, shiftStart?: number, shiftEnd?: number): BreakSummary {
  const entries = Array.isArray(breaks) ? breaks : isRecord(breaks) ? Object.values(breaks) : [];
  const intervals: Array<[number, number]> = [];
  let readable = 0;
  let open = false;
  for (const entry of entries) {
    const b = readBreak(entry);
    if (!b) continue;
    readable++;
    if (b.end === undefined) open = true;
    const end = b.end ?? shiftEnd;
    if (end === undefined) continue;
    const from = shiftStart === undefined ? b.start : Math.max(b.start, shiftStart);
    const to = shiftEnd === undefined ? end : Math.min(end, shiftEnd);
    if (to > from) intervals.push([from, to]);
  }
  intervals.sort((a, b) => a[0] - b[0]);
  let seconds = 0;
  let reach = Number.NEGATIVE_INFINITY;
  for (const [from, to] of intervals) {
    const start = Math.max(from, reach);
    if (to > start) seconds += to - start;
    reach = Math.max(reach, to);
  }
  return { count: entries.length, readable, seconds, open };
}

interface ShiftTiming {
  state: ShiftState;
  /** Seconds from start to end (or to the data time for an active shift); undefined when unknown. */
  length?: number;
  breaks: BreakSummary;
  /** Length minus breaks; an upper bound when some breaks were unreadable. */
  net?: number;
  /** True when `net` is exact (every break was readable). */
  netExact: boolean;
}

/** Length, breaks and net time on duty of a shift, as of `nowMs` (the data's fetchedAt). */
export function shiftTiming(shift: Partial<Shift>, nowMs: number): ShiftTiming {
  const state = shiftState(shift);
  const start = isSetTimestamp(shift.createdAt) ? shift.createdAt : undefined;
  const now = Number.isFinite(nowMs) ? Math.floor(nowMs / 1000) : undefined;
  const end = state === 'Ended' ? (shift.endedAt as number) : state === 'Active' ? now : undefined;
  const length = start !== undefined && end !== undefined && end >= start ? end - start : undefined;
  const breaks = summariseBreaks(shift.breakTimestamps, start, length === undefined ? undefined : end);
  const net = length === undefined ? undefined : Math.max(0, length - breaks.seconds);
  return { state, length, breaks, net, netExact: breaks.readable === breaks.count };
}

function lengthText(timing: ShiftTiming, t: Words): string {
  if (timing.length === undefined) return NONE;
  const length = t.f.duration(timing.length);
  return timing.state === 'Active' ? t.shift.soFar(length) : length;
}

function breaksText(timing: ShiftTiming, t: Words): string {
  const { count, readable, seconds, open } = timing.breaks;
  if (count === 0) return NONE; // no break: the field is left out
  const noun = t.shift.breakCount(count);
  if (readable === 0) return t.shift.timesUnreadable(noun);
  const parts = [noun, timing.length === undefined ? NONE : t.f.duration(seconds)];
  if (open) parts.push(timing.state === 'Active' ? t.shift.onBreakNow : t.shift.oneNeverEnded);
  const unreadable = count - readable;
  if (unreadable > 0) parts.push(t.shift.unreadable(unreadable));
  return parts.join(' · ');
}

function netText(timing: ShiftTiming, t: Words): string {
  if (timing.net === undefined) return NONE;
  const net = t.f.duration(timing.net);
  return timing.netExact ? net : t.shift.atMost(net);
}

function wave(shift: Partial<Shift>): string {
  return typeof shift.wave === 'number' && Number.isFinite(shift.wave) ? String(shift.wave) : NONE;
}

/**
 * One list row: who (a mention when the directory knows them), state, when (start), length, what
 * (type, wave). The shift's own id is in its detail, its "Open…" option and the export.
 */
export function shiftRow(shift: Partial<Shift>, nowMs: number, people: People | undefined, t: Words): string {
  const timing = shiftTiming(shift, nowMs);
  const w = wave(shift);
  const type = safeLine(shift.type, 40);
  return [
    person(shift.memberId, people),
    `${mark(SHIFT_STATE_MARK[timing.state])} **${shiftStateText(timing.state, t)}**`,
    t.f.date(shift.createdAt),
    lengthText(timing, t),
    w === NONE ? type : t.shift.typeInWave(type, w),
  ].join(' · ');
}

/** A page of shifts in the reader's words (`source.t`). */
export function renderShiftList(
  items: Shift[],
  info: PageInfo,
  source: Source & Labelled,
  title?: string,
): APIEmbed {
  const t = source.t;
  return listEmbed({
    title: title ?? t.shift.title,
    rows: items.map((s) => shiftRow(s, source.fetchedAt, source.people, t)),
    info,
    total: t.shift.count(info.total),
    source,
    emptyText: t.shift.empty,
    colour: COLOUR.Active,
    t,
  });
}

/** One shift in the reader's words (`source.t`). */
export function renderShift(shift: Shift, source: Source & Labelled): APIEmbed {
  const t = source.t;
  const w = t.shift;
  const timing = shiftTiming(shift, source.fetchedAt);
  const autoEnd = shift.autoEnd === true ? t.common.yes : shift.autoEnd === false ? t.common.no : NONE;
  return detailEmbed(
    {
      title: `${mark(SHIFT_STATE_MARK[timing.state])} ${w.detailTitle(safeLine(shift.id, 200), shiftStateText(timing.state, t))}`,
      color: COLOUR[timing.state],
      fields: [
        field(w.member, personInDetail(shift.memberId, source.people)),
        field(w.type, safeLine(shift.type, 200)),
        field(w.wave, wave(shift)),
        field(w.autoEnd, autoEnd),
        field(w.started, t.f.when(shift.createdAt)),
        field(w.ended, timing.state === 'Active' ? w.stillOnDuty : t.f.when(shift.endedAt)),
        field(w.endedBy, actor(shift.endedBy, source.people)),
        field(w.length, lengthText(timing, t)),
        field(w.breaks, breaksText(timing, t)),
        field(w.netTime, netText(timing, t)),
        field(w.breakEntries, describeEntries(shift.breakTimestamps, undefined, undefined, t), false),
      ],
    },
    source,
    t.records.server(plainText(shift.serverId, 40)),
    undefined,
    t,
  );
}
