/**
 * Arguments too long for a custom_id (long usernames, ids with many escaped characters) are kept
 * under a short key instead. The key is derived from the value, so the same argument always gets
 * the same key, and it lives in the shared cache (Redis when configured), so it survives restarts
 * there. This process also keeps the most recent ones itself, so paging keeps working while the
 * shared cache is down. When the key has gone, the moderator is asked to run the command again.
 *
 * Each community's arguments are kept apart (`forCommunity`): the key is looked up under the
 * community of the server the control is used in, so a custom_id copied into another server finds
 * nothing.
 */
import { createHash } from 'node:crypto';
import { type ArgKind, type ControlState, encodeCustomId } from './custom-id.js';

/** The little a state store needs from a key-value cache. */
export interface KeyValue {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlMs: number): Promise<unknown>;
}

/** How long a stored argument stays usable: the life of a Discord interaction token and then some. */
const STATE_TTL_MS = 24 * 60 * 60 * 1000;

/** Stored arguments this process also keeps itself (the oldest go first). */
const LOCAL_MAX = 1_000;

export class StateStore {
  /**
   * @param scope names the community whose arguments these are (a credential's hash); '' for the
   *   single community of single-community mode.
   */
  constructor(
    private readonly kv: KeyValue,
    private readonly scope = '',
    private readonly local = new Map<string, { value: string; expiresAt: number }>(),
  ) {}

  /** The same store, seen by one community: it neither reads nor writes any other community's arguments. */
  forCommunity(scope: string): StateStore {
    return new StateStore(this.kv, scope, this.local);
  }

  /** Where a key is kept, in the shared cache and in this process. */
  private where(key: string): string {
    return this.scope === '' ? `state:${key}` : `state:${this.scope}:${key}`;
  }

  /** A custom_id for the control, storing the argument aside when it does not fit. */
  async customId(state: ControlState, kind: ArgKind): Promise<string> {
    const direct = encodeCustomId(state, kind);
    if (direct) return direct;
    const key = `~${createHash('sha256').update(state.arg).digest('base64url').slice(0, 16)}`;
    const where = this.where(key);
    this.local.delete(where);
    this.local.set(where, { value: state.arg, expiresAt: Date.now() + STATE_TTL_MS });
    if (this.local.size > LOCAL_MAX) this.local.delete(this.local.keys().next().value as string);
    await this.kv.set(where, state.arg, STATE_TTL_MS);
    const stored = encodeCustomId(state, kind, key);
    if (!stored) throw new Error(`custom_id for view ${state.view} does not fit even with a short key`);
    return stored;
  }

  /** The argument of a parsed control; undefined when it was stored aside and has expired. */
  async resolve(parsed: { state: ControlState; storedKey?: string }): Promise<string | undefined> {
    if (parsed.storedKey === undefined) return parsed.state.arg;
    const where = this.where(parsed.storedKey);
    const value = await this.kv.get(where);
    if (typeof value === 'string') return value;
    const kept = this.local.get(where);
    return kept && kept.expiresAt > Date.now() ? kept.value : undefined;
  }
}
