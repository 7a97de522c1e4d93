/**
 * The world that `npm run try` and `npm run playground` run (test/e2e/world.ts) made ready to try by
 * hand: the sandbox's sample quotas as REPORTS_QUOTAS (so `/quota check` has roles to check), and,
 * when API_LIMITS is given, the same limits kept by the sandbox API, as the real API keeps the plan
 * the bot is told about (so the monthly allowance can be tried: `/rollcall status`, the reserve).
 */
import { limitsProblemText, parseLimits } from '../../src/base/limits-spec.js';
import { generateDataset } from '../../test/doubles/sandbox/data.js';
import { quotasSetting } from '../../test/doubles/sandbox/data-quotas.js';
import type { SandboxSettings } from '../../test/doubles/sandbox/server.js';
import type { WorldOptions } from '../../test/e2e/world.js';

/**
 * The limits the sandbox keeps for an API_LIMITS value: the month is its monthly quota, the shortest
 * other window its rate limit (a window opening at a token's first request); without a month, the
 * longest other window is its quota. A third window is the bot's alone. Throws on a value the bot
 * would refuse, with the bot's sentence.
 */
export function sandboxLimits(apiLimits: string): Pick<SandboxSettings, 'quota' | 'rateLimit'> {
  const parsed = parseLimits(apiLimits);
  if (!parsed.ok) throw new Error(`API_LIMITS ${limitsProblemText(parsed.problem)}`);
  const spans = parsed.limits
    .flatMap((l) => (l.window.kind === 'span' ? [{ points: l.points, seconds: l.window.seconds }] : []))
    .sort((a, b) => a.seconds - b.seconds);
  const month = parsed.limits.find((l) => l.window.kind === 'month');
  const short = spans[0];
  const long = month ? undefined : spans.length > 1 ? spans[spans.length - 1] : undefined;
  return {
    ...(month ? { quota: { requests: month.points, window: 'month' as const } } : {}),
    ...(long ? { quota: { requests: long.points, window: { seconds: long.seconds } } } : {}),
    ...(short ? { rateLimit: { requests: short.points, windowSeconds: short.seconds } } : {}),
  };
}

/**
 * World options for trying Rollcall by hand: the sandbox's dataset (generated here from its seed, so
 * its sample quotas are known before the bot starts), REPORTS_QUOTAS from them unless `env` sets it,
 * and the sandbox keeping the limits of `env.API_LIMITS` when it is set.
 */
export function offlineWorld(options: WorldOptions = {}): WorldOptions {
  const sandbox = options.sandbox ?? {};
  const dataset =
    sandbox.dataset ?? generateDataset(sandbox.seed === undefined ? {} : { seed: sandbox.seed });
  const env = options.env ?? {};
  const limits = env.API_LIMITS ? sandboxLimits(env.API_LIMITS) : {};
  return {
    ...options,
    sandbox: { ...limits, ...sandbox, dataset },
    env: { REPORTS_QUOTAS: quotasSetting(dataset.samples.quotas), ...env },
  };
}

/** The bot's settings that `npm run try` and `npm run playground` take from the environment. */
export const PASSED_SETTINGS = ['API_LIMITS', 'REPORTS_QUOTAS'] as const;

/** Those of PASSED_SETTINGS that `env` sets (not empty). */
export function passedSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PASSED_SETTINGS) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') out[name] = value;
  }
  return out;
}
