/**
 * Bearer-token authentication and per-operation permissions of the sandbox.
 * Raw tokens never leave this module: callers get a label (configured, or a short hash).
 */
import { createHash } from 'node:crypto';
import type { Dataset } from './data.js';
import { DEFAULT_TOKEN, ERROR_MESSAGES } from './defaults.js';
import type { OperationId } from './types.js';

/** What a token may do: everything, nothing, or the listed operations. */
export type TokenPermission = 'all' | 'none' | ReadonlySet<OperationId> | readonly OperationId[];

/**
 * One accepted token. Every token is scoped to one community server: the sandbox's dataset, or
 * its own `dataset` (several communities served at once, one per token).
 */
export interface TokenConfig {
  permission: TokenPermission;
  /** The community this token reads; the sandbox's dataset when absent. */
  dataset?: Dataset;
  /** Shown in the request log instead of the hash (never the raw token). */
  label?: string;
}

/** The tokens of a sandbox started without `tokens`. */
export const DEFAULT_TOKENS: Readonly<Record<string, TokenConfig>> = {
  [DEFAULT_TOKEN]: { permission: 'all', label: 'default' },
};

/** A short, non-reversible label for a token: `sha256:` and 12 hex characters. */
export function tokenHash(token: string): string {
  return `sha256:${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;
}

/** The result of checking the Authorization header. */
export type AuthResult =
  | {
      ok: true;
      label: string;
      config: TokenConfig /** Per-token key (hash) for rate limiting. */;
      key: string;
    }
  | { ok: false; status: 401; message: string; label: string | null };

const BEARER = /^Bearer (\S+)$/;

/**
 * Checks an Authorization header: absent -> 401 `authorization header is required`; anything but
 * `Bearer <known token>` (wrong scheme, case, extra spaces, unknown token) -> 401 `invalid or expired token`.
 */
export function authenticate(
  header: string | undefined,
  tokens: Readonly<Record<string, TokenConfig>>,
): AuthResult {
  if (header === undefined)
    return { ok: false, status: 401, message: ERROR_MESSAGES.noAuthorization, label: null };
  const match = BEARER.exec(header);
  const token = match?.[1];
  if (token === undefined) {
    return { ok: false, status: 401, message: ERROR_MESSAGES.invalidToken, label: 'malformed' };
  }
  const config = Object.hasOwn(tokens, token) ? tokens[token] : undefined;
  if (!config)
    return { ok: false, status: 401, message: ERROR_MESSAGES.invalidToken, label: tokenHash(token) };
  const key = tokenHash(token);
  return { ok: true, label: config.label ?? key, config, key };
}

/** Whether a token's permission covers an operation. */
export function permits(permission: TokenPermission, operationId: OperationId): boolean {
  if (permission === 'all') return true;
  if (permission === 'none') return false;
  return 'has' in permission ? permission.has(operationId) : permission.includes(operationId);
}
