/**
 * Shifts of staff members: a few running now, the rest in the past.
 */
import { SHIFT_TYPES } from './codes.js';
import {
  DAY,
  type GenContext,
  HISTORY_SECONDS,
  HOUR,
  type MemberSeed,
  omitUnset,
  zipfPicker,
} from './data-context.js';
import type { JsonObject, SandboxShift } from './types.js';

/**
 * Shifts of staff members (Zipf-spread). `activeCount` staff have one running shift each
 * (endedAt 0, possibly an open break); all other shifts ended before the running ones began.
 */
export function buildShifts(
  ctx: GenContext,
  count: number,
  activeCount: number,
  staff: readonly MemberSeed[],
): SandboxShift[] {
  const { rng, baseTime } = ctx;
  const shifts: SandboxShift[] = [];
  const shiftType = (): string => (rng.chance(0.6) ? 'default' : rng.pick(SHIFT_TYPES));
  for (const owner of rng.sample(staff, Math.min(activeCount, count))) {
    const createdAt = baseTime - rng.int(5 * 60, 10 * HOUR);
    const breaks: JsonObject[] = [];
    if (rng.chance(0.4)) {
      const startedAt = createdAt + rng.int(60, baseTime - createdAt - 60);
      const open = rng.chance(0.4);
      breaks.push({ startedAt, endedAt: open ? 0 : Math.min(startedAt + rng.int(60, 30 * 60), baseTime) });
    }
    const shift: SandboxShift = {
      id: ctx.id(createdAt),
      serverId: ctx.serverId,
      memberId: owner.member.id,
      type: shiftType(),
      wave: rng.int(0, 4),
      autoEnd: rng.chance(0.2),
      breakTimestamps: breaks,
      createdAt,
      endedAt: 0,
      endedBy: '',
    };
    shifts.push(ctx.absent() ? omitUnset(shift) : shift);
  }
  const pickStaff = zipfPicker(rng, staff, 0.8);
  while (shifts.length < count) {
    const owner = pickStaff();
    const createdAt = baseTime - rng.int(DAY, HISTORY_SECONDS);
    const endedAt = createdAt + rng.int(15 * 60, 6 * HOUR);
    const autoEnd = rng.chance(0.1);
    const breaks: JsonObject[] = [];
    let cursor = createdAt;
    for (let b = rng.chance(0.3) ? rng.int(1, 3) : 0; b > 0; b--) {
      const startedAt = rng.int(cursor + 60, Math.max(cursor + 60, endedAt - 15 * 60));
      const breakEnd = Math.min(startedAt + rng.int(60, 20 * 60), endedAt);
      breaks.push({ startedAt, endedAt: breakEnd });
      cursor = breakEnd;
      if (cursor >= endedAt - 20 * 60) break;
    }
    const shift: SandboxShift = {
      id: ctx.id(createdAt),
      serverId: ctx.serverId,
      memberId: owner.member.id,
      type: shiftType(),
      wave: rng.int(0, 4),
      autoEnd,
      breakTimestamps: breaks,
      createdAt,
      endedAt,
      endedBy: autoEnd ? '' : rng.chance(0.9) ? owner.chatId : rng.pick(staff).chatId,
    };
    shifts.push(ctx.absent() ? omitUnset(shift) : shift);
  }
  return shifts;
}
