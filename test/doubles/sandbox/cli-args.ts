/**
 * Command-line and environment options of `npm run sandbox`. Flags win over environment variables.
 *
 * | flag | env | example |
 * |---|---|---|
 * | --port | SANDBOX_PORT | 8787 |
 * | --seed | SANDBOX_SEED | 1 |
 * | --latency | SANDBOX_LATENCY | 100-200 (ms; a single number means fixed) |
 * | --rate-limit | SANDBOX_RATE_LIMIT | 60/60 (requests / window seconds) |
 * | --window-mode | SANDBOX_WINDOW_MODE | fixed, clock, sliding or token-bucket (of --rate-limit) |
 * | --quota | SANDBOX_QUOTA | 100/month, or 100/600s (a month compressed into 600 s) |
 * | --no-rate-headers | SANDBOX_RATE_HEADERS=0 | do not send X-RateLimit-* (Retry-After still on 429) |
 * | --faults | SANDBOX_FAULTS | 0.05:500,timeout (rate : kinds; kinds default to all) |
 * | --token | SANDBOX_TOKEN | a token to accept instead of `sandbox-token` |
 * | --quiet | SANDBOX_QUIET=1 | do not print each request |
 */
import { parseArgs } from 'node:util';
import { SANDBOX_DEFAULTS } from './defaults.js';
import { FAULT_KINDS, type FaultOptions, isFaultKind } from './faults.js';
import { type QuotaOptions, type RateLimitOptions, WINDOW_MODES, type WindowMode } from './rate-limit.js';
import type { LatencyOptions } from './server.js';

/** Parsed options of the CLI. */
export interface CliOptions {
  port: number;
  seed: number;
  latency?: LatencyOptions;
  rateLimit?: RateLimitOptions;
  quota?: QuotaOptions;
  faults?: FaultOptions;
  token?: string;
  quiet: boolean;
  help: boolean;
}

/** Usage text of the CLI. */
export const CLI_USAGE = `Usage: npm run sandbox -- [options]
  --port <n>             port (env SANDBOX_PORT, default ${SANDBOX_DEFAULTS.cliPort})
  --seed <n>             dataset seed (env SANDBOX_SEED, default ${SANDBOX_DEFAULTS.seed})
  --latency <min-max>    added latency in ms, e.g. 100-200 (env SANDBOX_LATENCY)
  --rate-limit <n/s>     n requests per s seconds per token, e.g. 60/60 (env SANDBOX_RATE_LIMIT)
  --window-mode <mode>   how --rate-limit counts: ${WINDOW_MODES.join(', ')} (env SANDBOX_WINDOW_MODE, default fixed)
  --quota <n/window>     allowance per token: 100/month (calendar month, UTC) or 100/600s (env SANDBOX_QUOTA)
  --no-rate-headers      send no X-RateLimit-* headers (env SANDBOX_RATE_HEADERS=0)
  --faults <rate:kinds>  e.g. 0.05:500,timeout; kinds: ${FAULT_KINDS.join(', ')} (env SANDBOX_FAULTS)
  --token <token>        accept this token instead of the default (env SANDBOX_TOKEN)
  --quiet                do not print each request (env SANDBOX_QUIET=1)
  --help                 show this help`;

function wholeNumber(text: string, what: string, min: number, max: number): number {
  if (!/^\d+$/.test(text.trim())) throw new Error(`${what} must be a whole number, got "${text}"`);
  const n = Number(text.trim());
  if (n < min || n > max) throw new Error(`${what} must be from ${min} to ${max}, got ${n}`);
  return n;
}

/** Parses `100-200` or `150` (milliseconds). */
export function parseLatency(spec: string): LatencyOptions {
  const [minText = '', maxText] = spec.split('-');
  const minMs = wholeNumber(minText, 'latency', 0, 600_000);
  const maxMs = maxText === undefined ? minMs : wholeNumber(maxText, 'latency', minMs, 600_000);
  return { minMs, maxMs };
}

/** Parses `60/60` (requests / window seconds). */
export function parseRateLimit(spec: string): RateLimitOptions {
  const [requestsText = '', windowText = ''] = spec.split('/');
  return {
    requests: wholeNumber(requestsText, 'rate-limit requests', 1, 1_000_000),
    windowSeconds: wholeNumber(windowText, 'rate-limit window seconds', 1, 86_400),
  };
}

/** Parses `100/month` or `100/600s` (requests per calendar month, or per window of seconds). */
export function parseQuota(spec: string): QuotaOptions {
  const [requestsText = '', windowText = ''] = spec.split('/');
  const requests = wholeNumber(requestsText, 'quota requests', 0, 1_000_000_000);
  if (windowText.trim() === 'month') return { requests, window: 'month' };
  const seconds = windowText.trim().replace(/s$/, '');
  return { requests, window: { seconds: wholeNumber(seconds, 'quota window seconds', 1, 31 * 86_400) } };
}

/** Parses a window mode of the short limit. */
export function parseWindowMode(text: string): WindowMode {
  const mode = text.trim();
  if ((WINDOW_MODES as readonly string[]).includes(mode)) return mode as WindowMode;
  throw new Error(`window mode must be one of ${WINDOW_MODES.join(', ')}, got "${text}"`);
}

/** Parses `0.05:500,timeout` (rate from 0 to 1, then kinds; all kinds when omitted). */
export function parseFaults(spec: string): FaultOptions {
  const [rateText = '', kindsText = FAULT_KINDS.join(',')] = spec.split(':');
  const rate = Number(rateText);
  if (rateText.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new Error(`fault rate must be from 0 to 1, got "${rateText}"`);
  }
  const names = kindsText.split(',').map((k) => k.trim());
  const kinds = names.filter(isFaultKind);
  if (kinds.length !== names.length || kinds.length === 0) {
    const unknown = names.filter((k) => !isFaultKind(k));
    throw new Error(`unknown fault kind(s) "${unknown.join(', ')}"; known: ${FAULT_KINDS.join(', ')}`);
  }
  return { rate, kinds };
}

/** Reads flags (`argv` without node and script) and environment variables. Throws on bad input. */
export function parseCliOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CliOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      latency: { type: 'string' },
      'rate-limit': { type: 'string' },
      'window-mode': { type: 'string' },
      quota: { type: 'string' },
      'no-rate-headers': { type: 'boolean' },
      faults: { type: 'string' },
      token: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  const pick = (flag: string | undefined, name: string): string | undefined => {
    const value = flag ?? env[name];
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  const port = pick(values.port, 'SANDBOX_PORT');
  const seed = pick(values.seed, 'SANDBOX_SEED');
  const latency = pick(values.latency, 'SANDBOX_LATENCY');
  const rateLimit = pick(values['rate-limit'], 'SANDBOX_RATE_LIMIT');
  const windowMode = pick(values['window-mode'], 'SANDBOX_WINDOW_MODE');
  const quota = pick(values.quota, 'SANDBOX_QUOTA');
  const noHeaders =
    values['no-rate-headers'] === true || ['0', 'false', 'no'].includes(env.SANDBOX_RATE_HEADERS ?? '');
  const faults = pick(values.faults, 'SANDBOX_FAULTS');
  const token = pick(values.token, 'SANDBOX_TOKEN');
  const options: CliOptions = {
    port: port === undefined ? SANDBOX_DEFAULTS.cliPort : wholeNumber(port, 'port', 0, 65_535),
    seed: seed === undefined ? SANDBOX_DEFAULTS.seed : wholeNumber(seed, 'seed', 0, 2 ** 32 - 1),
    quiet: values.quiet === true || ['1', 'true', 'yes'].includes(env.SANDBOX_QUIET ?? ''),
    help: values.help === true,
  };
  if (latency !== undefined) options.latency = parseLatency(latency);
  if (rateLimit !== undefined) {
    options.rateLimit = parseRateLimit(rateLimit);
    if (windowMode !== undefined) options.rateLimit.mode = parseWindowMode(windowMode);
    if (noHeaders) options.rateLimit.headers = false;
  } else if (windowMode !== undefined) {
    throw new Error('--window-mode needs --rate-limit');
  }
  if (quota !== undefined) {
    options.quota = parseQuota(quota);
    if (noHeaders) options.quota.headers = false;
  }
  if (faults !== undefined) options.faults = parseFaults(faults);
  if (token !== undefined) options.token = token.trim();
  return options;
}
