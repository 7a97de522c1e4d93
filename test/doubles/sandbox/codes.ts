/**
 * The sandbox's own code tables.
 *
 * The API description (section 2.11) does NOT give the meaning of the integer codes
 * (LOA status and startType, log type, audit-log type, application banAppeal) nor the values of
 * shift `type`. Every value below is the SANDBOX'S OWN CHOICE, made so that generated records are
 * internally consistent. Nothing in src/ may rely on these meanings: the real service may differ.
 */

/** LOA `status` codes (sandbox's choice). Lifecycle timestamps agree with the status, see data-loas.ts. */
export const LOA_STATUS = {
  /** Submitted, not reviewed yet: reviewedAt/startedAt/endedAt are 0. */
  pending: 0,
  /** Approved; scheduled (startedAt 0) or running (startedAt set, endAt in the future). */
  approved: 1,
  /** Denied at review: reviewedAt, reviewedBy and denyReason set. */
  denied: 2,
  /** Withdrawn by the member before or during the leave: cancelledAt set. */
  cancelled: 3,
  /** Ended early by the member or staff: endedAt before endAt, endedBy set. */
  ended: 4,
  /** Ran to its end: expiredAt = endedAt = endAt. */
  expired: 5,
} as const;

/** LOA `startType` codes (sandbox's choice). */
export const LOA_START_TYPE = {
  /** Starts as soon as it is approved (startAt = createdAt). */
  immediate: 0,
  /** Starts at a later `startAt`. */
  scheduled: 1,
} as const;

/** Moderation log `type` codes (sandbox's choice). `typeId` names a custom type within these. */
export const LOG_TYPE = {
  note: 0,
  warning: 1,
  kick: 2,
  ban: 3,
  mute: 4,
  jail: 5,
} as const;

/** Audit-log `type` codes (sandbox's choice). */
export const AUDIT_LOG_TYPE = {
  applicationSubmitted: 0,
  applicationApproved: 1,
  applicationDenied: 2,
  applicationUpdated: 3,
  loaReviewed: 4,
  logCreated: 5,
  logEdited: 6,
  roleUpdated: 7,
  settingsChanged: 8,
} as const;

/** Application `banAppeal` codes (sandbox's choice). */
export const BAN_APPEAL = {
  /** Not a ban-appeal form. */
  none: 0,
  /** Appeals for game bans. */
  game: 1,
  /** Appeals for chat bans. */
  chat: 2,
} as const;

/** Shift `type` values (sandbox's choice; the API types it as a free string). */
export const SHIFT_TYPES = ['default', 'patrol', 'dispatch', 'training', 'event'] as const;
