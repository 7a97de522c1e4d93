/**
 * Every setting Rollcall reads, parsed and validated once at start.
 * `loadConfig` never throws for bad input: it returns every problem at once so the
 * operator can fix them in one pass (see `formatConfigErrors`).
 */
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { SNOWFLAKE } from './discord-limits.js';
import { DEFAULT_API_LIMITS, limitsProblemText, parseLimits } from './limits-spec.js';
import { resolvePermissions } from './permissions.js';

/**
 * Days of the week as luxon numbers them (ISO: Monday 1 … Sunday 7). Spelt here, below the reports
 * that count with them, because DIGEST_SCHEDULE names them too.
 */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The reports a digest can hold, in the order it posts them (DIGEST_REPORTS names them too). */
export const DIGEST_REPORTS = ['totals', 'quota', 'leave'] as const;
export type DigestReport = (typeof DIGEST_REPORTS)[number];

/** Who sees the commands by default (Discord's default_member_permissions), unless COMMAND_PERMISSIONS says otherwise. */
export const DEFAULT_COMMAND_PERMISSIONS = 'ModerateMembers';

const snowflake = z.string().regex(SNOWFLAKE, 'must be a Discord id (17-20 digits)');
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
interface UrlRule {
  /** Schemes allowed, without the colon. */
  schemes: string[];
  /** How the scheme problem is worded ("an http(s) URL"). */
  kind: string;
  /** Whether a user name or password may appear (CACHE_URL's Redis password). */
  credentials: boolean;
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

export const urlSetting = (rule: UrlRule) =>
  z.string().superRefine((value, ctx) => {
    const problem = urlProblem(value, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const port = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a port number from 0 to 65535')
  .transform(Number)
  .pipe(z.number().max(65_535, 'must be a port number from 0 to 65535'));

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

/**
 * A 32-byte key written as 64 hex digits or as base64 (standard or URL-safe, padding optional).
 * `openssl rand -base64 32` makes one.
 */
const secretKey = z.string().transform((v, ctx) => {
  const key = decodeKey(v);
  if (key) return key;
  ctx.addIssue({
    code: 'custom',
    message: 'must be 32 random bytes written as base64 or hex (make one with `openssl rand -base64 32`)',
  });
  return z.NEVER;
});

export function decodeKey(value: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}

/** A setting that is no longer read: refused with the name of what replaces it. */
function replacedBy(what: string) {
  return z
    .string()
    .optional()
    .refine((v) => v === undefined, `is no longer read; use ${what} instead, and remove it`);
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
  DISCORD_GUILD_ID: list.refine((ids) => ids.every((id) => SNOWFLAKE.test(id)), {
    message: 'must be Discord server ids (17-20 digits) separated by commas',
  }),
  DISCORD_API_URL: urlSetting(httpUrl).optional(),
  // The application's own emojis as the states' marks (uploaded by deploy-commands); false: Unicode.
  APP_EMOJIS: bool(true),
  API_BASE_URL: urlSetting({
    ...httpUrl,
    pathEnd: { path: '/api/v1', why: 'the API version prefix' },
  }).transform((v) => v.replace(/\/+$/, '')),
  // Set: single-community mode (this token, the servers of DISCORD_GUILD_ID). Unset: hosted mode
  // (each server's admin links a token with /rollcall-admin setup; they are kept in the store).
  // ('' when unset, so every other part keeps reading one string.)
  API_TOKEN: z.string().default(''),
  API_TIMEOUT_MS: int(100, 60_000, 5_000),
  API_RETRIES: int(0, 5, 2),
  API_LIMITS: z
    .string()
    .default(DEFAULT_API_LIMITS)
    .transform((text, ctx) => {
      const parsed = parseLimits(text);
      if (parsed.ok) return parsed.limits;
      // Quoted only when it cannot be a secret (a token set here by mistake is never printed).
      ctx.addIssue({ code: 'custom', message: limitsProblemText(parsed.problem) });
      return z.NEVER;
    }),
  // The single budget of earlier versions: refused by name, so an old .env cannot leave the monthly
  // allowance unguarded.
  API_BUDGET: replacedBy('API_LIMITS (e.g. API_LIMITS=100/month,60/1m)'),
  API_BUDGET_WINDOW_SECONDS: replacedBy('API_LIMITS (e.g. API_LIMITS=100/month,60/1m)'),
  DATA_DIR: z.string().default('./data'),
  QUOTA_ALERT_CHANNEL_ID: snowflake.optional(),
  // A deferred interaction may be completed for 15 minutes: queued work uses that window, less two
  // minutes for the read itself (at most 14 minutes).
  API_QUEUE_MAX_WAIT_MS: int(0, 840_000, 780_000),
  // The `month` limit's period in seconds (aligned to the Unix epoch); 0: the calendar month in UTC.
  // For a month compressed into minutes (the benchmark, sandbox tests): digests then follow the same
  // compressed calendar, the time zone playing no part (compressedInstant in src/reports/digest.ts).
  API_MONTH_SECONDS: int(0, 31_622_400, 0),
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
  // Bytes of saved answers (answers bought with the month's allowance, kept in the store beside the
  // cache) per community; 0: none kept. See src/api/saved.ts.
  SAVED_ANSWERS_MAX_BYTES: int(0, 1_073_741_824, 33_554_432),
  COMMAND_PERMISSIONS: z.string().default(DEFAULT_COMMAND_PERMISSIONS).refine(isPermissionSetting, {
    message:
      'must be Discord permission names separated by commas (e.g. ModerateMembers), a bit field, or none',
  }),
  ACCESS_REQUIRE_MEMBER: bool(false),
  ACCESS_ROLE_IDS: list,
  ACCESS_DISCORD_ROLE_IDS: list.refine((ids) => ids.every((id) => SNOWFLAKE.test(id)), {
    message: 'must be Discord role ids (17-20 digits) separated by commas',
  }),
  ACCESS_MAX_AGE_SECONDS: int(0, 3_600, 300),
  ACCESS_GRACE_SECONDS: int(0, 604_800, 86_400),
  SHUTDOWN_GRACE_MS: int(3_000, 60_000, 8_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  DATABASE_URL: urlSetting({
    schemes: ['postgres', 'postgresql'],
    kind: 'a postgres:// or postgresql:// URL',
    credentials: true,
  }).optional(),
  // DATABASE_URL's password, written into it percent-encoded (see withDatabasePassword).
  DATABASE_PASSWORD: z.string().optional(),
  ROLLCALL_SECRET_KEY: secretKey.optional(),
  ROLLCALL_SECRET_KEY_PREVIOUS: secretKey.optional(),
  HEALTH_PORT: port.optional(),
  // The port used when HEALTH_PORT is unset or empty. The image sets it (8080), so a copied .env's
  // `HEALTH_PORT=` (which replaces the image's own HEALTH_PORT) does not turn the listener off.
  HEALTH_PORT_DEFAULT: port.optional(),
  HEALTH_HOST: z
    .union([z.ipv4(), z.ipv6(), z.hostname()], { error: 'must be an IP address or a host name' })
    .default('127.0.0.1'),
  // Reports: the community's calendar, and single-community mode's quotas.
  REPORTS_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine(isIanaZone, { message: 'must be an IANA time zone name, e.g. Europe/London or UTC' }),
  REPORTS_WEEK_START: z
    .enum(WEEKDAYS, {
      error: 'must be a day of the week in English, e.g. monday',
    })
    .default('monday'),
  // Bytes of report snapshots a process keeps in memory (as CACHE_MAX_BYTES counts the cache's).
  REPORTS_MEMORY_MAX_BYTES: int(1_048_576, 1_073_741_824, 33_554_432),
  // Charts drawn beside the reports' text (src/render/charts/); false: the text alone.
  REPORTS_CHARTS: bool(true),
  REPORTS_QUOTAS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const quotas: Record<string, number> = {};
      for (const part of text
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const match = /^([A-Za-z0-9_-]{1,64})=(\d{1,3}(?:\.\d{1,2})?)$/.exec(part);
        const hours = match ? Number(match[2]) : Number.NaN;
        if (!match || !(hours > 0 && hours <= 168)) {
          ctx.addIssue({
            code: 'custom',
            message:
              'must be role-id=hours pairs separated by commas (hours over 0, at most 168), e.g. 1234=10,5678=4.5',
          });
          return z.NEVER;
        }
        quotas[match[1] as string] = hours;
      }
      return quotas;
    }),
  // Hours a pending LOA may wait for review before /loa list and the digest flag it; unset: never.
  // (The default 0 is no hour a setting may give: it stands for unset.)
  REPORTS_REVIEW_AFTER_HOURS: int(1, 720, 0).transform((hours) => hours || undefined),
  // Single-community mode's scheduled digest (hosted mode: each server's admins set theirs with
  // /rollcall-admin reports): the channel (unset: no digest), when, and which reports.
  DIGEST_CHANNEL_ID: snowflake.optional(),
  DIGEST_SCHEDULE: z
    .string()
    .default('weekly monday 9')
    .transform((text, ctx) => {
      const schedule = parseDigestSchedule(text);
      if (schedule) return schedule;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be `daily HOUR` or `weekly DAY HOUR`, the hour 0-23 in REPORTS_TIME_ZONE, e.g. daily 9 or weekly monday 9',
      });
      return z.NEVER;
    }),
  DIGEST_REPORTS: list
    .transform((names) => (names.length === 0 ? [...DIGEST_REPORTS] : names))
    .refine((names) => names.every((name) => (DIGEST_REPORTS as readonly string[]).includes(name)), {
      message: `must be report names separated by commas, of ${DIGEST_REPORTS.join(', ')}`,
    })
    .transform((names) => DIGEST_REPORTS.filter((name) => names.includes(name))),
  // Single-community mode's leave reminders (hosted mode: each server's admins set theirs with
  // /rollcall-admin reports): the channel (unset: no reminders), and whether a reminder pings the
  // member it names.
  REMINDER_CHANNEL_ID: snowflake.optional(),
  REMINDER_PINGS: bool(false),
  // Several processes (discord.js ShardingManager): `auto` (Discord's recommendation) or a number.
  // Unset: one process, no manager.
  SHARDS: z
    .string()
    .regex(/^(auto|\d{1,4})$/, 'must be auto or a whole number from 1 to 4096')
    .transform((v) => (v === 'auto' ? ('auto' as const) : Number(v)))
    .refine((v) => v === 'auto' || (v >= 1 && v <= 4096), 'must be auto or a whole number from 1 to 4096')
    .optional(),
  // Several hosts: the shards this host runs, of SHARD_COUNT in all.
  SHARD_IDS: list.refine((ids) => ids.every((id) => /^\d{1,4}$/.test(id)), {
    message: 'must be shard numbers (0, 1, ...) separated by commas',
  }),
  SHARD_COUNT: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number from 1 to 4096')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'must be a whole number from 1 to 4096')
        .max(4096, 'must be a whole number from 1 to 4096'),
    )
    .optional(),
});

/** When single-community mode's digest is posted (DIGEST_SCHEDULE). */
export interface DigestSchedule {
  cadence: 'daily' | 'weekly';
  /** Weekly only (daily: monday, unused). */
  day: Weekday;
  /** 0-23, in REPORTS_TIME_ZONE. */
  hour: number;
}

/** `daily 9` or `weekly monday 9` (case and extra spaces aside), or undefined. */
export function parseDigestSchedule(text: string): DigestSchedule | undefined {
  const words = text.trim().toLowerCase().split(/\s+/);
  const hourOf = (word: string | undefined) =>
    word !== undefined && /^\d{1,2}$/.test(word) && Number(word) <= 23 ? Number(word) : undefined;
  if (words[0] === 'daily' && words.length === 2) {
    const hour = hourOf(words[1]);
    return hour === undefined ? undefined : { cadence: 'daily', day: 'monday', hour };
  }
  if (words[0] === 'weekly' && words.length === 3) {
    const day = WEEKDAYS.find((d) => d === words[1]);
    const hour = hourOf(words[2]);
    return day === undefined || hour === undefined ? undefined : { cadence: 'weekly', day, hour };
  }
  return undefined;
}

/** Whether the runtime knows this IANA time zone (Intl throws a RangeError for an unknown one). */
function isIanaZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Settings of earlier versions that are only read to be refused (see `replacedBy`). */
const RETIRED_SETTINGS: readonly string[] = ['API_BUDGET', 'API_BUDGET_WINDOW_SECONDS'];

export const SETTING_NAMES: readonly string[] = Object.keys(schema.shape).filter(
  (name) => !RETIRED_SETTINGS.includes(name),
);

const deploySchema = schema.pick({
  DISCORD_TOKEN: true,
  API_TOKEN: true,
  DISCORD_APPLICATION_ID: true,
  DISCORD_GUILD_ID: true,
  DISCORD_API_URL: true,
  APP_EMOJIS: true,
  COMMAND_PERMISSIONS: true,
  LOG_LEVEL: true,
  LOG_FORMAT: true,
});

export type Config = z.output<typeof schema>;
export type DeployConfig = z.output<typeof deploySchema>;
export type Result<T> = { ok: true; config: T } | { ok: false; errors: string[] };
export type ConfigResult = Result<Config>;

/**
 * Setting names whose values are secret: the one list. The logger censors them in every logged object
 * (`REDACT_PATHS`, src/base/log.ts) and `secretValues` finds their values for the audits.
 */
export const SECRET_SETTINGS = [
  'DISCORD_TOKEN',
  'API_TOKEN',
  'ROLLCALL_SECRET_KEY',
  'ROLLCALL_SECRET_KEY_PREVIOUS',
  'DATABASE_URL',
  'DATABASE_PASSWORD',
] as const;

/**
 * Every secret a configuration holds, as it could appear in text: the tokens, and the password of
 * every URL setting (`*_URL`), both as written and decoded. For audits that grep output for leaks.
 */
export function secretValues(config: Partial<Record<string, unknown>>): string[] {
  const found = new Set<string>();
  for (const name of SECRET_SETTINGS) {
    const value = config[name];
    if (typeof value === 'string' && value !== '') found.add(value);
    // A key is kept decoded: look for it as it can be written (base64, URL-safe base64, hex).
    if (Buffer.isBuffer(value) && value.length > 0) {
      for (const form of ['base64', 'base64url', 'hex'] as const) found.add(value.toString(form));
    }
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ConfigResult {
  const result = withDefaultHealthPort(parse(schema, env));
  const errors = [
    ...(result.ok ? [] : result.errors),
    ...modeErrors(env),
    ...channelErrors(env),
    ...shardErrors(result),
  ];
  return errors.length === 0 ? result : { ok: false, errors: [...new Set(errors)] };
}

/**
 * The two modes. Single-community mode (API_TOKEN set) is closed: the token reads one community's
 * records, so it is bound to the Discord servers listed in DISCORD_GUILD_ID and never answers
 * anywhere else. Hosted mode (API_TOKEN unset) keeps each server's token in the store, sealed with
 * ROLLCALL_SECRET_KEY, which is therefore required.
 */
function modeErrors(env: NodeJS.ProcessEnv): string[] {
  const hasToken = (env.API_TOKEN?.trim() ?? '') !== '';
  const guilds = (env.DISCORD_GUILD_ID ?? '').split(',').filter((id) => id.trim() !== '');
  if (hasToken && guilds.length === 0) {
    return [
      'DISCORD_GUILD_ID is required with API_TOKEN: list the Discord server id(s) whose moderators may read this community (comma-separated)',
    ];
  }
  if (!hasToken && (env.ROLLCALL_SECRET_KEY?.trim() ?? '') === '') {
    return [
      "ROLLCALL_SECRET_KEY is required without API_TOKEN (hosted mode keeps each server's API token in the store, sealed with it; make one with `openssl rand -base64 32`), or set API_TOKEN and DISCORD_GUILD_ID for one community",
    ];
  }
  return [];
}

/**
 * The channels only single-community mode posts in (one community, one channel each), and what
 * hosted mode has instead: set in hosted mode, each is refused at start, in one line naming it.
 */
const ENVIRONMENT_CHANNELS = {
  DIGEST_CHANNEL_ID: "each server's admins set their digest with /rollcall-admin reports",
  REMINDER_CHANNEL_ID: "each server's admins set their leave reminders with /rollcall-admin reports",
  QUOTA_ALERT_CHANNEL_ID:
    "no allowance alert is posted in a channel: each server's /rollcall status shows its token's allowance, and the log warns at 80% and 100%",
} as const;

function channelErrors(env: NodeJS.ProcessEnv): string[] {
  if ((env.API_TOKEN?.trim() ?? '') !== '') return [];
  return Object.entries(ENVIRONMENT_CHANNELS)
    .filter(([name]) => (env[name]?.trim() ?? '') !== '')
    .map(
      ([name, instead]) =>
        `${name} is read only with API_TOKEN (single-community mode); in hosted mode ${instead}`,
    );
}

function shardErrors(result: ConfigResult): string[] {
  if (!result.ok) return [];
  const { SHARDS, SHARD_IDS, SHARD_COUNT } = result.config;
  if (SHARD_IDS.length > 0 && SHARD_COUNT === undefined)
    return ['SHARD_COUNT is required with SHARD_IDS: the number of shards across every host'];
  if (SHARD_COUNT !== undefined && SHARD_IDS.length === 0)
    return ['SHARD_IDS is required with SHARD_COUNT: the shards this host runs (e.g. 0,1)'];
  if (SHARD_COUNT === undefined) return [];
  if (SHARDS !== undefined && SHARDS !== SHARD_COUNT)
    return ['SHARDS must be unset or equal to SHARD_COUNT when SHARD_IDS is set'];
  if (SHARD_IDS.some((id) => Number(id) >= SHARD_COUNT))
    return [`SHARD_IDS must be below SHARD_COUNT (${SHARD_COUNT}): shards are numbered from 0`];
  return [];
}

/** HEALTH_PORT unset or empty: HEALTH_PORT_DEFAULT (the image's 8080), else no listener. */
function withDefaultHealthPort(result: ConfigResult): ConfigResult {
  if (!result.ok || result.config.HEALTH_PORT !== undefined) return result;
  return { ok: true, config: { ...result.config, HEALTH_PORT: result.config.HEALTH_PORT_DEFAULT } };
}

export function isSharded(config: Pick<Config, 'SHARDS' | 'SHARD_COUNT'>): boolean {
  return config.SHARDS !== undefined || config.SHARD_COUNT !== undefined;
}

/** Hosted mode: no API_TOKEN; each Discord server links its own token (kept in the store). */
export function isHosted(config: Pick<Config, 'API_TOKEN'>): boolean {
  return config.API_TOKEN === '';
}

const storeSchema = schema
  .pick({ DATA_DIR: true, DATABASE_URL: true, ROLLCALL_SECRET_KEY_PREVIOUS: true })
  .extend({ ROLLCALL_SECRET_KEY: secretKey });
export type StoreConfig = z.output<typeof storeSchema>;

/** The store's settings; ROLLCALL_SECRET_KEY is required here (hosted mode keeps tokens in the store). */
export function loadStoreConfig(env: NodeJS.ProcessEnv = process.env): Result<StoreConfig> {
  return parse(storeSchema, env);
}

/** The settings `npm run deploy-commands` needs (Discord only). */
export function loadDeployConfig(env: NodeJS.ProcessEnv = process.env): Result<DeployConfig> {
  return parse(deploySchema, env);
}

function parse<S extends z.ZodObject>(target: S, env: NodeJS.ProcessEnv): Result<z.output<S>> {
  // Treat empty strings as unset so `FOO=` in a .env file means "use the default".
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    const text = value === undefined ? '' : unquoted(value.trim()).trim();
    if (text !== '') cleaned[key] = text;
  }
  const passwordError = 'DATABASE_URL' in target.shape ? withDatabasePassword(cleaned) : undefined;
  const parsed = target.safeParse(cleaned);
  if (parsed.success && !passwordError) return { ok: true, config: parsed.data };
  const issues = parsed.success ? [] : parsed.error.issues;
  const errors = issues.map((issue) => {
    const name = String(issue.path[0] ?? 'configuration');
    const missing = cleaned[name] === undefined;
    return missing && !target.shape[name]?.isOptional() ? `${name} is required` : `${name} ${issue.message}`;
  });
  return { ok: false, errors: [...new Set([...errors, ...(passwordError ? [passwordError] : [])])] };
}

/**
 * A value without one pair of quotes around it: `docker run --env-file` keeps them as written, where
 * the shell, Node's --env-file and compose drop them (.env.example quotes values with spaces).
 */
function unquoted(value: string): string {
  return /^(["'])(.*)\1$/s.exec(value)?.[2] ?? value;
}

/**
 * DATABASE_PASSWORD, when set, becomes DATABASE_URL's password, percent-encoded (the one place the two
 * are joined): a generated password (base64 has `/`, `+` and `=`; others `@` or `:`) cannot be pasted
 * into a URL as it is, and compose.yaml hands the database's POSTGRES_PASSWORD over this way.
 */
function withDatabasePassword(env: Record<string, string>): string | undefined {
  const password = env.DATABASE_PASSWORD;
  if (password === undefined) return undefined;
  if (env.DATABASE_URL === undefined)
    return 'DATABASE_PASSWORD is read only with DATABASE_URL (the password of that database)';
  let url: URL;
  try {
    url = new URL(env.DATABASE_URL);
  } catch {
    return undefined; // DATABASE_URL's own check names the problem
  }
  // The setter leaves `%` alone, so the encoded form goes in as written.
  url.password = encodeURIComponent(password);
  env.DATABASE_URL = url.href;
  return undefined;
}

export function formatConfigErrors(errors: string[]): string {
  return `Rollcall cannot start; fix these settings (see .env.example):\n${errors.map((e) => `  - ${e}`).join('\n')}`;
}

export type EnvFileResult = { ok: true; names: string[] } | { ok: false; problem: string };

/**
 * Read the settings file `path` (`npm start`'s ./.env) into `env`, as Node's `process.loadEnvFile`
 * does (its parser; a setting already in `env` wins), quietly when there is none. A file that is
 * there but cannot be read as settings (a directory, no read permission, bytes that are not UTF-8)
 * is one sentence saying so, never an exception.
 */
export function loadEnvFile(
  path: string,
  env: NodeJS.ProcessEnv = process.env,
  read: (path: string) => Buffer = readFileSync,
): EnvFileResult {
  let bytes: Buffer;
  try {
    bytes = read(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: true, names: [] };
    return { ok: false, problem: envFileProblem(path, code ?? String(error)) };
  }
  const badLine = firstNonUtf8Line(bytes);
  if (badLine !== undefined)
    return {
      ok: false,
      problem: `the settings file ${path} is not UTF-8 text (line ${badLine}); save it as UTF-8`,
    };
  const values = parseEnv(bytes.toString('utf8'));
  for (const [name, value] of Object.entries(values)) if (env[name] === undefined) env[name] = value;
  return { ok: true, names: Object.keys(values) };
}

function envFileProblem(path: string, code: string): string {
  if (code === 'EISDIR')
    return `the settings file ${path} is a directory; put the settings in a file of that name (see .env.example), or remove it`;
  if (code === 'EACCES' || code === 'EPERM')
    return `the settings file ${path} cannot be read (${code}); let the user running Rollcall read it, or remove it`;
  return `the settings file ${path} cannot be read (${code})`;
}

/** The 1-based number of the first line of `bytes` that is not valid UTF-8, or undefined. */
function firstNonUtf8Line(bytes: Buffer): number | undefined {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    decoder.decode(bytes);
    return undefined;
  } catch {
    let line = 1;
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i < bytes.length && bytes[i] !== 0x0a) continue;
      try {
        decoder.decode(bytes.subarray(start, i));
      } catch {
        return line;
      }
      line++;
      start = i + 1;
    }
    return line;
  }
}

/**
 * The first words of Rollcall's settings that no other program's names are taken to start with: a name
 * so begun that is no setting was meant for Rollcall (`API_URL`, `ACCESS_ROLES`), so it is named.
 */
const ROLLCALL_PREFIXES = [
  'ROLLCALL_',
  'DISCORD_',
  'API_',
  'ACCESS_',
  'CACHE_',
  'DIGEST_',
  'REMINDER_',
  'REPORTS_',
  'QUOTA_',
  'SAVED_ANSWERS_',
] as const;

/** A name given to Rollcall that is not a setting but looks like a misspelling of one. */
export interface ResembledSetting {
  name: string;
  /** The setting it resembles; absent when it resembles none but starts as Rollcall's do (`prefix`). */
  resembles?: string;
  /** The settings' first word it starts with (`ACCESS_`), when it resembles none. */
  prefix?: string;
  from: '.env' | 'the environment';
}

/** Equal once `S` and `_` are left out (LOGLEVEL and LOG_LEVEL, ACCESS_ROLES and ACCESS_ROLE). */
const sameLetters = (a: string, b: string) => a.replace(/[S_]/g, '') === b.replace(/[S_]/g, '');

/**
 * The names in `env` (and the settings file's `fromFile`) that no setting has but that resemble one:
 * the same but for case, a missing or extra `S` or `_`, a missing `_ID`/`_IDS` (DIGEST_CHANNEL,
 * ACCESS_ROLES), or at most one edit away (two for names of ten characters or more; a swap of two
 * neighbours is one); and the names that resemble none but start with a first word of Rollcall's
 * settings (`ROLLCALL_PREFIXES`: API_URL, ACCESS_LEVEL). Names of other programs (PATH, HOME,
 * npm's) are far from every setting and are never named.
 */
export function resembledSettings(
  env: NodeJS.ProcessEnv,
  fromFile: readonly string[] = [],
  known: readonly string[] = [...SETTING_NAMES, ...RETIRED_SETTINGS],
): ResembledSetting[] {
  const found: ResembledSetting[] = [];
  for (const name of Object.keys(env)) {
    if (known.includes(name) || !/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) continue;
    const upper = name.toUpperCase();
    const from = fromFile.includes(name) ? '.env' : 'the environment';
    let best: { setting: string; distance: number } | undefined;
    for (const setting of known) {
      const distance = editDistance(upper, setting);
      const stem = setting.replace(/_IDS?$/, '');
      const near =
        distance <= (setting.length >= 10 ? 2 : 1) ||
        sameLetters(upper, setting) ||
        (stem !== setting && sameLetters(upper, stem));
      if (near && (best === undefined || distance < best.distance)) best = { setting, distance };
    }
    const prefix = ROLLCALL_PREFIXES.find((p) => upper.startsWith(p));
    if (best) found.push({ name, resembles: best.setting, from });
    else if (prefix) found.push({ name, prefix, from });
  }
  return found;
}

/** The sentence for a name that resembles a setting (names only: a value may be a secret). */
export function resembledSentence(r: ResembledSetting): string {
  const ignored = `${r.name} (in ${r.from}) is not a setting Rollcall reads, so it is ignored`;
  if (r.resembles) return `${ignored}; did you mean ${r.resembles}?`;
  const alike = SETTING_NAMES.filter((n) => n.startsWith(r.prefix ?? '\0'));
  return `${ignored}; the ${r.prefix} settings are ${alike.join(', ')} (docs/settings.md)`;
}

/** Edits (insert, delete, replace, swap of neighbours) from `a` to `b` (optimal string alignment). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    row[0] = i;
    rows.push(row);
  }
  for (let j = 0; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = d;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}
