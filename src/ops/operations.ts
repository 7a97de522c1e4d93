/**
 * The API operation a request URL belongs to, for the metrics' `endpoint` label. The table is
 * checked against the generated types: every path of openapi.yaml must be listed, with the
 * operationId of its GET, or the build fails.
 */
import type { operations, paths } from '../../generated/api.js';

type Get<P extends keyof paths> = paths[P]['get'];
/** The operationId whose type is exactly the GET of path P. */
type OperationOf<P extends keyof paths> = {
  [K in keyof operations]: [operations[K]] extends [Get<P>]
    ? [Get<P>] extends [operations[K]]
      ? K
      : never
    : never;
}[keyof operations];

const OPERATIONS: { [P in keyof paths]: OperationOf<P> } = {
  '/server/applications': 'listApplications',
  '/server/applications/{applicationId}': 'getApplication',
  '/server/audit-logs': 'listAuditLogs',
  '/server/join-requests/{userId}': 'getJoinRequest',
  '/server/loas': 'listLoas',
  '/server/loas/{loaId}': 'getLoa',
  '/server/loas/user/{memberId}': 'listMemberLoas',
  '/server/logs/{logId}': 'getLog',
  '/server/logs/user/{username}': 'listUserLogs',
  '/server/members': 'listMembers',
  '/server/members/{memberId}': 'getMember',
  '/server/members/chat/{chatId}': 'getMemberByChatId',
  '/server/roles': 'listRoles',
  '/server/roles/{roleId}': 'getRole',
  '/server/shifts': 'listShifts',
  '/server/shifts/{shiftId}': 'getShift',
};

/** Label for a URL that matches no described path (never the path itself: it may carry ids). */
export const OTHER_OPERATION = 'other';

/** Templates as patterns; literal segments first so `/loas/user/{id}` never reads as `/loas/{loaId}`. */
const PATTERNS = Object.entries(OPERATIONS)
  .map(([template, op]) => ({
    op,
    literal: template.split('/').filter((s) => !s.startsWith('{')).length,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))
  .sort((a, b) => b.literal - a.literal);

/**
 * The operationId for `url` under the API base path `basePath` (e.g. `/api/v1`), or `other`.
 */
export function operationOf(url: string, basePath: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return OTHER_OPERATION;
  }
  const base = basePath.replace(/\/+$/, '');
  if (!path.startsWith(`${base}/`)) return OTHER_OPERATION;
  const rest = path.slice(base.length);
  return PATTERNS.find((p) => p.pattern.test(rest))?.op ?? OTHER_OPERATION;
}
