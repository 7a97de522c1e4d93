/**
 * Every setting Rollcall reads, parsed and validated once at start.
 * `loadConfig` never throws for bad input: it returns every problem at once so the
 * operator can fix them in one pass (see `formatConfigErrors`).
 */
import { z } from 'zod';
import { resolvePermissions } from './discord/permissions.js';

/** Who sees the commands by default (Discord's default_member_permissions), unless COMMAND_PERMISSIONS says otherwise. */
export const DEFAULT_COMMAND_PERMISSIONS = 'ModerateMembers';

const snowflake = z.string().regex(/^\d{17,20}$/, 'must be a Discord id (17-20 digits)');
/** A whole number written as plain decimal digits (no sign, exponent, hex or fraction). */
const int = (min: number, max: number, fallback: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,16}$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message))
    .default(fallback);
};
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .refine(hasHost, 'must name a host')
  .refine(
    (v) => !hasCredentials(v),
    'must not contain a user name or password (the API token is the only credential)',
  );
const list = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

function hasHost(value: string): boolean {
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

function hasCredentials(value: string): boolean {
  try {
    const url = new URL(value);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

function isPermissionSetting(value: string): boolean {
  try {
    resolvePermissions(value);
    return true;
  } catch {
    return false;
  }
}

const schema = z.object({
  DISCORD_TOKEN: z.string({ error: 'is required' }).min(1, 'is required'),
  DISCORD_APPLICATION_ID: snowflake,
  DISCORD_GUILD_ID: snowflake.optional(),
  DISCORD_API_URL: httpUrl.optional(),
  API_BASE_URL: httpUrl
    .transform((v) => v.replace(/\/+$/, ''))
    .refine((v) => new URL(v).pathname.endsWith('/api/v1'), 'must end in /api/v1 (the API version prefix)'),
  API_TOKEN: z.string({ error: 'is required' }).min(1, 'is required'),
  API_TIMEOUT_MS: int(100, 60_000, 5_000),
  API_RETRIES: int(0, 5, 2),
  API_BUDGET: int(1, 100_000, 60),
  API_BUDGET_WINDOW_SECONDS: int(1, 3_600, 60),
  API_QUEUE_MAX_WAIT_MS: int(0, 600_000, 8_000),
  API_COALESCE: bool(true),
  API_MAX_RESPONSE_BYTES: int(1_024, 104_857_600, 5_242_880),
  CACHE_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .refine(hasHost, 'must name a host')
    .optional(),
  CACHE_MAX_ENTRIES: int(0, 1_000_000, 5_000),
  CACHE_MAX_BYTES: int(1_048_576, 1_073_741_824, 33_554_432),
  CACHE_TTL_LIST_SECONDS: int(0, 86_400, 60),
  CACHE_TTL_ITEM_SECONDS: int(0, 86_400, 300),
  CACHE_TTL_STABLE_SECONDS: int(0, 604_800, 3_600),
  CACHE_TTL_NOT_FOUND_SECONDS: int(0, 3_600, 30),
  CACHE_STALE_SECONDS: int(0, 604_800, 86_400),
  COMMAND_PERMISSIONS: z.string().default(DEFAULT_COMMAND_PERMISSIONS).refine(isPermissionSetting, {
    message:
      'must be Discord permission names separated by commas (e.g. ModerateMembers), a bit field, or none',
  }),
  ACCESS_REQUIRE_MEMBER: bool(false),
  ACCESS_ROLE_IDS: list,
  ACCESS_DISCORD_ROLE_IDS: list.refine((ids) => ids.every((id) => /^\d{17,20}$/.test(id)), {
    message: 'must be Discord role ids (17-20 digits) separated by commas',
  }),
  ACCESS_MAX_AGE_SECONDS: int(0, 3_600, 300),
  SHUTDOWN_GRACE_MS: int(3_000, 60_000, 8_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
});

const deploySchema = schema.pick({
  DISCORD_TOKEN: true,
  DISCORD_APPLICATION_ID: true,
  DISCORD_GUILD_ID: true,
  DISCORD_API_URL: true,
  COMMAND_PERMISSIONS: true,
  LOG_LEVEL: true,
  LOG_FORMAT: true,
});

export type Config = z.output<typeof schema>;
export type DeployConfig = z.output<typeof deploySchema>;
export type Result<T> = { ok: true; config: T } | { ok: false; errors: string[] };
export type ConfigResult = Result<Config>;

/** Setting names whose values are secret; used by the logger's redaction too. */
export const SECRET_SETTINGS = ['DISCORD_TOKEN', 'API_TOKEN'] as const;

/** The bot's settings from the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ConfigResult {
  return parse(schema, env);
}

/** The settings `npm run deploy-commands` needs (Discord only). */
export function loadDeployConfig(env: NodeJS.ProcessEnv = process.env): Result<DeployConfig> {
  return parse(deploySchema, env);
}

function parse<S extends z.ZodObject>(target: S, env: NodeJS.ProcessEnv): Result<z.output<S>> {
  // Treat empty strings as unset so `FOO=` in a .env file means "use the default".
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') cleaned[key] = value.trim();
  }
  const parsed = target.safeParse(cleaned);
  if (parsed.success) return { ok: true, config: parsed.data };
  const errors = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'configuration');
    const missing = cleaned[name] === undefined;
    return missing && !target.shape[name]?.isOptional() ? `${name} is required` : `${name} ${issue.message}`;
  });
  return { ok: false, errors: [...new Set(errors)] };
}

export function formatConfigErrors(errors: string[]): string {
  return `Rollcall cannot start; fix these settings (see .env.example):\n${errors.map((e) => `  - ${e}`).join('\n')}`;
}
