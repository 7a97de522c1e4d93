/**
 * Arguments too long for a custom_id (long usernames, ids with many escaped characters) are kept
 * under a short key instead. The key is derived from the value, so the same argument always gets
 * the same key, and it lives in the shared cache (Redis when configured), so it survives restarts
 * there. When the key has gone, the moderator is asked to run the command again.
 */
import { createHash } from 'node:crypto';
import { type ControlState, encodeCustomId } from './custom-id.js';

/** The little a state store needs from a key-value cache. */
export interface KeyValue {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlMs: number): Promise<unknown>;
}

/** How long a stored argument stays usable: the life of a Discord interaction token and then some. */
export const STATE_TTL_MS = 24 * 60 * 60 * 1000;

export class StateStore {
  constructor(private readonly kv: KeyValue) {}

  /** A custom_id for the control, storing the argument aside when it does not fit. */
  async customId(state: ControlState): Promise<string> {
    const direct = encodeCustomId(state);
    if (direct) return direct;
    const key = `~${createHash('sha256').update(state.arg).digest('base64url').slice(0, 16)}`;
    await this.kv.set(`state:${key}`, state.arg, STATE_TTL_MS);
    const stored = encodeCustomId(state, key);
    if (!stored) throw new Error(`custom_id for view ${state.view} does not fit even with a short key`);
    return stored;
  }

  /** The argument of a parsed control; undefined when it was stored aside and has expired. */
  async resolve(parsed: { state: ControlState; storedKey?: string }): Promise<string | undefined> {
    if (parsed.storedKey === undefined) return parsed.state.arg;
    const value = await this.kv.get(`state:${parsed.storedKey}`);
    return typeof value === 'string' ? value : undefined;
  }
}
