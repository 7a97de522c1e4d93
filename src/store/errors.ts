/**
 * The store's errors: each says in one sentence what is wrong and which setting or action fixes it.
 * None of them ever carries a token, a key or a database password.
 */

export type StoreErrorCode =
  /** The database cannot be reached or opened (at start or mid-run). */
  | 'unavailable'
  /** ROLLCALL_SECRET_KEY is missing or is not the key the stored rows were sealed with. */
  | 'key'
  /** The database holds a schema this version does not know (set up by a newer Rollcall). */
  | 'schema'
  /** One server's stored token does not decrypt (copied from another server, or altered). */
  | 'unreadable'
  /** One server's stored settings do not validate (written by another version, or altered). */
  | 'settings';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreError';
  }
}

/**
 * The code of a low-level failure (ECONNREFUSED, EACCES, 57P01…), or its message when it has no code
 * and the message is short plain text (no address, no quoted value: nothing that could carry a secret).
 */
export function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code !== '') return code;
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error && /^[\w ,.-]{1,80}$/.test(error.message)) return error.message;
  return error instanceof Error ? error.name : 'unknown error';
}
