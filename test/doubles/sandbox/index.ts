/**
 * The sandbox API for tests and the benchmark: `startSandbox` serves the contract's 16 endpoints over
 * `generateDataset` data. Start with `import { startSandbox, DEFAULT_TOKEN } from './index.js'`.
 */
export type { TokenConfig, TokenPermission } from './auth.js';
export { AUDIT_LOG_TYPE, BAN_APPEAL, LOA_START_TYPE, LOA_STATUS, LOG_TYPE, SHIFT_TYPES } from './codes.js';
export {
  DATASET_DEFAULTS,
  type Dataset,
  type DatasetOptions,
  type DatasetSamples,
  generateDataset,
  SPECIAL_USERNAMES,
} from './data.js';
export { DEFAULT_TOKEN, ERROR_MESSAGES, SANDBOX_DEFAULTS } from './defaults.js';
export { FAULT_KINDS, type FaultKind, type FaultOptions } from './faults.js';
export { type QuotaOptions, type RateLimitOptions, WINDOW_MODES, type WindowMode } from './rate-limit.js';
export { ROUTES } from './routes.js';
export {
  type LatencyOptions,
  type RequestLogEntry,
  type Sandbox,
  type SandboxOptions,
  type SandboxSettings,
  startSandbox,
} from './server.js';
export type * from './types.js';
