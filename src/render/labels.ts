/**
 * Meanings the API does not state, decided once here.
 *
 * The API gives integer codes (LOA status and startType, log type, audit-log type, banAppeal)
 * without their meanings. Rollcall shows every code as its number; a label is added only when
 * it is known, from this table. The tables start empty on purpose: a wrong label is worse than
 * a number. Add entries here when a community confirms a meaning.
 */
import type { Loa } from '../../generated/api.js';
import { isSetTimestamp } from './format.js';

export const CODE_LABELS = {
  loaStatus: {} as Record<number, string>,
  loaStartType: {} as Record<number, string>,
  logType: {} as Record<number, string>,
  auditType: {} as Record<number, string>,
  banAppeal: {} as Record<number, string>,
} as const;

/** "3" or "3 (Warning)" when the code has a known label; absent → undefined. */
export function codeLabel(table: keyof typeof CODE_LABELS, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const label = CODE_LABELS[table][value];
  return label ? `${value} (${label})` : String(value);
}

export type LoaState =
  | 'Cancelled'
  | 'Denied'
  | 'Ended'
  | 'Expired'
  | 'Active'
  | 'Approved'
  | 'Pending review';

/**
 * An LOA's state, derived from its lifecycle timestamps because the meaning of `status` is not
 * given. The most final lifecycle point wins: cancelled, denied (a deny reason), ended, expired,
 * started (active), reviewed (approved, not started yet), otherwise pending review.
 */
export function loaState(loa: Partial<Loa>): LoaState {
  if (isSetTimestamp(loa.cancelledAt)) return 'Cancelled';
  if (typeof loa.denyReason === 'string' && loa.denyReason.trim() !== '') return 'Denied';
  if (isSetTimestamp(loa.endedAt)) return 'Ended';
  if (isSetTimestamp(loa.expiredAt)) return 'Expired';
  if (isSetTimestamp(loa.startedAt)) return 'Active';
  if (isSetTimestamp(loa.reviewedAt)) return 'Approved';
  return 'Pending review';
}

export const LOA_STATE_EMOJI: Record<LoaState, string> = {
  Cancelled: '⚪',
  Denied: '🔴',
  Ended: '⚫',
  Expired: '⚫',
  Active: '🟢',
  Approved: '🔵',
  'Pending review': '🟡',
};
