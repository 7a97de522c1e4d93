/**
 * The community's roles list: one reader, paged to the end (up to ROLE_PAGES_MAX pages of 100), used
 * by the access guard, /rollcall-admin settings and reports, every role picker and /rollcall status
 * alike. Every reader reads with the same life, so they share one saved copy (the cache), fresh for
 * ROLES_FRESH_MS and kept ROLES_KEEP_MS. Each answer says when it was read, when it will be read
 * again, and whether it is the saved copy standing in for a read that failed.
 */
import type { Role } from '../../generated/api.js';
import { AccessSpentError, isApiError } from './errors.js';
import { type Gathered, gatherPages } from './pages.js';
import type { ReadOptions, Resources } from './types.js';

/** How long a read roles list is used before it is read again (links change rarely). */
const ROLES_FRESH_MS = 86_400_000;
/**
 * How long a roles list that could not be read again (the access share spent, the API failing) stands
 * in: links keep saving lookups all month, and a removed Discord role still counts at once.
 */
const ROLES_KEEP_MS = 35 * 86_400_000;
/** After the roles list failed to read with no saved copy, when it is tried again (per process). */
const ROLES_RETRY_MS = 10 * 60_000;
/** Pages of 100 roles read at most: 1,000 roles, far beyond any real community. */
export const ROLE_PAGES_MAX = 10;

/** The community's roles, by id, with what the read covers. */
export interface RolesList {
  roles: Role[];
  byId: Map<string, Role>;
  /** False when the list has more than ROLE_PAGES_MAX pages (only those were read). */
  complete: boolean;
  /** When the API produced the oldest page of it (ms since epoch). */
  readAt: number;
  /** When it will be read again at the latest (a refresh may come sooner), ms since epoch. */
  nextReadAt: number;
  /**
   * Set when a saved copy stands in for a read that was due or asked for: the API failing, the
   * allowance (or the access checks' share) spent, or the month's pace.
   */
  standIn?: 'failing' | 'spent' | 'paced';
}

export interface ReadRolesOptions {
  /** Why it is read (ReadOptions, src/api/types.ts, says each purpose's rules); default 'ask'. */
  purpose?: 'ask' | 'refresh' | 'link-check' | 'access-roles';
  now?: () => number;
}

/** Every reader's life of the roles list (one saved copy for all). */
const ROLES_LIFE = { freshForMs: ROLES_FRESH_MS, keepMs: ROLES_KEEP_MS };

/**
 * The whole roles list through the cache. Throws the read's error when it cannot be read and nothing
 * is saved (`rolesRetryAt` says when to try again).
 */
export async function readRoles(resources: Resources, options: ReadRolesOptions = {}): Promise<RolesList> {
  const now = options.now ?? Date.now;
  const read: ReadOptions = { purpose: options.purpose ?? 'ask', life: ROLES_LIFE };
  const gathered: Gathered<Role> = await gatherPages<Role>(
    (query) => resources.listRoles(query, read),
    ROLE_PAGES_MAX,
  );
  const byId = new Map<string, Role>();
  for (const role of gathered.items) if (typeof role.id === 'string') byId.set(role.id, role);
  const list: RolesList = {
    roles: gathered.items,
    byId,
    complete: gathered.complete,
    readAt: gathered.fetchedAt,
    nextReadAt: gathered.fetchedAt + ROLES_FRESH_MS,
  };
  if (gathered.stale) {
    list.standIn = 'failing';
    list.nextReadAt = now() + ROLES_RETRY_MS;
  } else if (gathered.saving) {
    list.standIn = gathered.saving.spent ? 'spent' : 'paced';
    list.nextReadAt = gathered.saving.nextFreshAt;
  }
  return list;
}

/**
 * When a roles list that failed to read is tried again: when the allowance (or the pace) allows it,
 * else ROLES_RETRY_MS from `now`.
 */
export function rolesRetryAt(error: unknown, now: number): number {
  if (error instanceof AccessSpentError) return error.nextAt;
  if (isApiError(error) && error.kind === 'quota' && typeof error.resetAt === 'number') return error.resetAt;
  const nextAt = (error as { nextAt?: unknown } | null)?.nextAt;
  return typeof nextAt === 'number' && Number.isFinite(nextAt) ? nextAt : now + ROLES_RETRY_MS;
}

/** The roles list, or an empty one when it cannot be read (names then show as ids). */
export async function readRolesOrEmpty(
  resources: Resources,
  onError?: (error: unknown) => void,
): Promise<Pick<RolesList, 'roles' | 'byId' | 'complete'>> {
  try {
    return await readRoles(resources);
  } catch (error) {
    onError?.(error);
    return { roles: [], byId: new Map(), complete: false };
  }
}
