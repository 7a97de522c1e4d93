/**
 * A keyv store on Redis that fails fast. We own the node-redis client: it connects once in the
 * background and reconnects forever with capped backoff, and `disableOfflineQueue` makes every
 * command issued while it is not connected fail at once instead of queueing (or hanging).
 */
import type * as KeyvRedis from '@keyv/redis';
import type { Keyv } from 'keyv';
import { lazily } from '../base/lazy.js';
import { within } from './abort.js';

/** The Redis client (@keyv/redis, node-redis), loaded by the first store on Redis: none without CACHE_URL (src/base/lazy.ts). */
export const keyvRedis = lazily<typeof KeyvRedis>('@keyv/redis');

interface RedisHooks {
  /** Connection and command errors (also reach keyv's 'error' event). */
  onError(error: unknown): void;
  /** The client is connected and ready (again). */
  onReady(): void;
}

interface RedisKeyv {
  keyv: Keyv;
  /** Delete every key starting with `prefix` (SCAN and UNLINK, a batch at a time). */
  forget(prefix: string): Promise<void>;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 400;
const CLOSE_TIMEOUT_MS = 1_000;

/** Reconnect delay: 100 ms doubling to a 2 s ceiling, for ever. */
const reconnectDelay = (retries: number): number => Math.min(100 * 2 ** retries, 2_000);

/** Connect to `url` in the background and wrap the client in keyv (keys used exactly as given). */
export function createRedisKeyv(url: string, hooks: RedisHooks): RedisKeyv {
  const client = keyvRedis().createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: reconnectDelay },
  });
  client.on('error', hooks.onError);
  client.on('ready', hooks.onReady);
  // createKeyv sets no namespace and useKeyPrefix: false, so Redis sees our keys unchanged.
  const keyv = keyvRedis().createKeyv(client, { throwOnErrors: true, connectionTimeout: CONNECT_TIMEOUT_MS });
  // Resolves once connected; stays pending while reconnecting; errors arrive via 'error'.
  client.connect().catch(hooks.onError);

  return {
    keyv,
    async forget(prefix) {
      if (!client.isReady) throw new Error('Redis is not connected');
      // The prefix is the cache's own (letters, digits and colons): no glob character to escape.
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
        if (keys.length > 0) await client.unlink(keys);
      }
    },
    async close() {
      if (!client.isOpen) return;
      if (!client.isReady) {
        client.destroy();
        return;
      }
      const outcome = await within(
        client.close().then(() => 'closed' as const),
        CLOSE_TIMEOUT_MS,
        () => 'stuck' as const,
      );
      if (outcome === 'stuck' && client.isOpen) client.destroy();
    },
  };
}
