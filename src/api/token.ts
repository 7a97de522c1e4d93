import { createHash } from 'node:crypto';

/**
 * A short, stable stand-in for the API token: the first 16 hex digits of its SHA-256.
 * Used wherever the token must be told apart (cache keys, limiter keys, logs) without being shown.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}
