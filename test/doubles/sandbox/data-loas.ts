/**
 * LOAs whose status codes and lifecycle timestamps agree (see LOA_STATUS in codes.ts).
 */
import { LOA_START_TYPE, LOA_STATUS } from './codes.js';
import {
  DAY,
  type GenContext,
  HISTORY_SECONDS,
  HOUR,
  type MemberSeed,
  omitUnset,
  weighted,
  zipfPicker,
} from './data-context.js';
import type { JsonObject, SandboxLoa } from './types.js';

const LOA_STATUS_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [LOA_STATUS.pending, 8],
  [LOA_STATUS.approved, 15],
  [LOA_STATUS.denied, 12],
  [LOA_STATUS.cancelled, 8],
  [LOA_STATUS.ended, 17],
  [LOA_STATUS.expired, 40],
];

/**
 * LOAs whose status and lifecycle timestamps agree (see LOA_STATUS):
 * reviewedAt <= startedAt <= endedAt, and only terminal LOAs lie wholly in the past.
 */
export function buildLoas(
  ctx: GenContext,
  count: number,
  members: readonly MemberSeed[],
  staffChatIds: readonly string[],
): SandboxLoa[] {
  const { rng, text, baseTime } = ctx;
  const pickMember = zipfPicker(rng, members, 1);
  const loas: SandboxLoa[] = [];
  for (let i = 0; i < count; i++) {
    const owner = pickMember();
    const status = weighted(rng, LOA_STATUS_WEIGHTS);
    const duration = rng.int(2, 45) * DAY + rng.int(0, 23) * HOUR;
    const reviewDelay = rng.int(HOUR, Math.min(48 * HOUR, Math.floor(duration / 4)));
    const startDelay = rng.int(3, 21) * DAY;
    let startType: number = rng.chance(0.35) ? LOA_START_TYPE.scheduled : LOA_START_TYPE.immediate;
    let createdAt: number;
    let started = true;
    let reviewed = true;
    if (status === LOA_STATUS.pending) {
      createdAt = baseTime - rng.int(HOUR, 3 * DAY);
      started = false;
      reviewed = false;
    } else if (status === LOA_STATUS.approved && rng.chance(0.3)) {
      // approved, scheduled for later: not started yet
      startType = LOA_START_TYPE.scheduled;
      createdAt = baseTime - rng.int(reviewDelay + HOUR, reviewDelay + 5 * DAY);
      started = false;
    } else if (status === LOA_STATUS.approved) {
      // approved and running now: startedAt <= baseTime < endAt
      const elapsed = rng.int(HOUR, duration - reviewDelay - HOUR);
      const startedAt = baseTime - elapsed;
      createdAt = startType === LOA_START_TYPE.immediate ? startedAt - reviewDelay : startedAt - startDelay;
    } else {
      createdAt = baseTime - rng.int(duration + startDelay + 2 * DAY, HISTORY_SECONDS);
    }
    const startAt =
      startType === LOA_START_TYPE.immediate
        ? createdAt
        : status === LOA_STATUS.approved && !started
          ? baseTime + rng.int(1, 20) * DAY
          : createdAt + startDelay;
    const endAt = startAt + duration;
    const reviewedAt = createdAt + reviewDelay;
    const loa: SandboxLoa = {
      id: ctx.id(createdAt),
      serverId: ctx.serverId,
      memberId: owner.member.id,
      reason: text.loaReason(),
      reasonHistory: [],
      extensionRequests: [],
      status,
      startType,
      createdAt,
      startAt,
      startedAt: 0,
      endAt,
      endedAt: 0,
      endedBy: '',
      reviewedAt: 0,
      reviewedBy: '',
      denyReason: '',
      cancelledAt: 0,
      expiredAt: 0,
    };
    if (reviewed) {
      loa.reviewedAt = reviewedAt;
      loa.reviewedBy = rng.pick(staffChatIds);
    }
    if (status === LOA_STATUS.denied) {
      loa.denyReason = text.denyReason();
    } else if (status === LOA_STATUS.cancelled) {
      // withdrawn before it started; reviewed only if the review came first
      loa.cancelledAt =
        createdAt +
        (startType === LOA_START_TYPE.immediate
          ? rng.int(HOUR / 2, reviewDelay - 60)
          : rng.int(HOUR / 2, startDelay - HOUR));
      if (loa.cancelledAt < reviewedAt) {
        loa.reviewedAt = 0;
        loa.reviewedBy = '';
      }
    } else if (status !== LOA_STATUS.pending && started) {
      loa.startedAt = Math.max(startAt, reviewedAt);
      if (status === LOA_STATUS.ended) {
        loa.endedAt = rng.int(loa.startedAt + HOUR, endAt - HOUR);
        loa.endedBy = rng.chance(0.6) ? owner.chatId : rng.pick(staffChatIds);
      } else if (status === LOA_STATUS.expired) {
        loa.endedAt = endAt;
        loa.expiredAt = endAt;
      }
    }
    if (rng.chance(0.1)) {
      loa.reasonHistory = [
        { reason: text.loaReason(), changedAt: createdAt + rng.int(60, HOUR), changedBy: owner.chatId },
      ];
    }
    if (loa.startedAt && rng.chance(0.15)) loa.extensionRequests = [extensionRequest(ctx, loa, staffChatIds)];
    loas.push(ctx.absent() ? omitUnset(loa) : loa);
  }
  return loas;
}

function extensionRequest(ctx: GenContext, loa: SandboxLoa, staffChatIds: readonly string[]): JsonObject {
  const { rng } = ctx;
  const requestedAt = Math.min((loa.startedAt ?? 0) + rng.int(HOUR, 5 * DAY), ctx.baseTime - HOUR);
  const state = rng.pick(['pending', 'approved', 'denied'] as const);
  return {
    id: ctx.id(requestedAt),
    requestedAt,
    previousEndAt: (loa.endAt ?? 0) - (state === 'approved' ? rng.int(1, 7) * DAY : 0),
    newEndAt: (loa.endAt ?? 0) + (state === 'approved' ? 0 : rng.int(1, 7) * DAY),
    reason: ctx.text.loaReason(),
    status: state,
    reviewedBy: state === 'pending' ? null : rng.pick(staffChatIds),
    reviewedAt: state === 'pending' ? null : requestedAt + rng.int(HOUR, DAY),
  };
}
