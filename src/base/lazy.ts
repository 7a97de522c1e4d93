/**
 * A package loaded at its first use, not with the process. A package a deployment may never use
 * (the Redis client without CACHE_URL, pg without DATABASE_URL, prom-client without HEALTH_PORT)
 * otherwise holds its code and its module graph in memory for the process's whole life (about 5 MB
 * of heap for the three, docs/deploy.md "Memory"). Loaded through `require`, so the caller stays
 * synchronous: each of them is CommonJS or ships a CommonJS build, and every caller loads it this
 * way, so the process holds one copy. Callers import its types only.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

export function lazily<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= load(name) as T;
    return loaded;
  };
}
