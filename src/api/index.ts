/** The API layer's public surface: everything above src/api imports from here. */
export type { ApiCache, CacheBackend } from './cache.js';
export { type ApiDeps, createApi, tokenHash } from './client.js';
export { ApiError, isApiError } from './errors.js';
export { mergeSources } from './pages.js';
export type * from './types.js';
