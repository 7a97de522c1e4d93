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
/** What a URL setting accepts. */
interface UrlRule {
  /** Schemes allowed, without the colon. */
  schemes: string[];
  /** How the scheme problem is worded ("an http(s) URL"). */
  kind: string;
  /** Whether a user name or password may appear (CACHE_URL's Redis password). */
  credentials: boolean;
  /** A path the URL must end in, and why. */
  pathEnd?: { path: string; why: string };
}

/**
 * The first problem with a URL setting, worded for the operator, or undefined. One message per bad
 * address, and never the value itself (it may hold a password).
 */
export function urlProblem(value: string, rule: UrlRule): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be ${rule.kind}`;
  }
  if (!rule.schemes.includes(url.protocol.slice(0, -1))) return `must be ${rule.kind}`;
  if (url.hostname === '') return 'must name a host';
  if (!rule.credentials && (url.username !== '' || url.password !== ''))
    return 'must not contain a user name or password (the API token is the only credential)';
  if (rule.pathEnd && !url.pathname.replace(/\/+$/, '').endsWith(rule.pathEnd.path))
    return `must end in ${rule.pathEnd.path} (${rule.pathEnd.why})`;
  return undefined;
}

/** A URL setting: checked by `urlProblem`, one message at most. */
export const urlSetting = (rule: UrlRule) =>
  z.string().superRefine((value, ctx) => {
    const problem = urlProblem(value, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const httpUrl = { schemes: ['http', 'https'], kind: 'an http(s) URL', credentials: false };
const list = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

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
  DISCORD_API_URL: urlSetting(httpUrl).optional(),
  API_BASE_URL: urlSetting({
    ...httpUrl,
    pathEnd: { path: '/api/v1', why: 'the API version prefix' },
  }).transform((v) => v.replace(/\/+$/, '')),
  API_TOKEN: z.string({ error: 'is required' }).min(1, 'is required'),
  API_TIMEOUT_MS: int(100, 60_000, 5_000),
  API_RETRIES: int(0, 5, 2),
  API_BUDGET: int(1, 100_000, 60),
  API_BUDGET_WINDOW_SECONDS: int(1, 3_600, 60),
  API_QUEUE_MAX_WAIT_MS: int(0, 600_000, 8_000),
  API_COALESCE: bool(true),
  API_MAX_RESPONSE_BYTES: int(1_024, 104_857_600, 5_242_880),
  CACHE_URL: urlSetting({
    schemes: ['redis', 'rediss'],
    kind: 'a redis:// or rediss:// URL',
    credentials: true,
  }).optional(),
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

/**
 * Every secret a configuration holds, as it could appear in text: the tokens, and the password of
 * every URL setting (`*_URL`), both as written and decoded. For audits that grep output for leaks.
 */
export function secretValues(config: Partial<Record<string, unknown>>): string[] {
  const found = new Set<string>();
  for (const name of SECRET_SETTINGS) {
    const value = config[name];
    if (typeof value === 'string' && value !== '') found.add(value);
  }
  for (const [name, value] of Object.entries(config)) {
    if (!name.endsWith('_URL') || typeof value !== 'string') continue;
    let password: string;
    try {
      password = new URL(value).password;
    } catch {
      continue;
    }
    if (password === '') continue;
    found.add(password);
    try {
      found.add(decodeURIComponent(password));
    } catch {
      // not valid percent-encoding: the written form is the one to look for
    }
  }
  return [...found];
}

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
