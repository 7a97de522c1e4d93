/**
 * Shared by the reliability suite: worlds with secrets of their own (so a grep for them means
 * something), the evidence every file audits at its end (log lines, REST bodies, cache keys, error
 * messages, child output), a redis-server of our own to kill and restart, and workarounds for what
 * the Discord double cannot do directly (clicking a custom_id that is not on the message, typing an
 * option longer than its registered max_length).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretValues } from '../../src/base/config.js';
import { flattenComponents } from '../doubles/discord/components.js';
import type { DiscordDouble, DoubleUser } from '../doubles/discord/double.js';
import type { InteractionResponse } from '../doubles/discord/handle.js';
import type { RequestLogEntry } from '../doubles/sandbox/server.js';
import { startWorld, type World, type WorldOptions } from '../e2e/world.js';

/** Wait until a check holds (polling), or fail after a limit: the house's one (test/support/until.ts). */
export { until } from '../support/until.js';

// ---- evidence ---------------------------------------------------------------------------------

interface Evidence {
  worlds: World[];
  /** Secrets of things that are not worlds (child processes). */
  secrets: string[];
  texts: Array<{ source: string; text: string }>;
  unhandled: unknown[];
}

const evidence: Evidence = { worlds: [], secrets: [], texts: [], unhandled: [] };

process.on('unhandledRejection', (reason) => evidence.unhandled.push(reason));

/** Keep `text` for the secret audit at the end of the file. */
export function recordText(source: string, text: string): void {
  evidence.texts.push({ source, text });
}

/** Keep a secret that no world knows of (a child process's tokens). */
export function recordSecrets(...secrets: string[]): void {
  evidence.secrets.push(...secrets);
}

/** Keep everything an error could show: message, stack, cause chain, own fields. */
export function recordError(source: string, error: unknown): void {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (current instanceof Error) {
      parts.push(current.message, String(current.stack), safeJson({ ...current }));
      current = current.cause;
    } else {
      parts.push(String(current), safeJson(current));
      current = undefined;
    }
  }
  recordText(`error: ${source}`, parts.join('\n'));
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/**
 * The strings that must never appear anywhere: every secret of the world's settings (both tokens, the
 * password of every URL setting, as written and decoded) and the headers that carry the tokens.
 */
export function secretsOf(world: Pick<World, 'config'>): string[] {
  const { API_TOKEN, DISCORD_TOKEN } = world.config;
  // A hosted world has no API_TOKEN (its tokens are linked per server: recordSecrets them).
  const bearer = API_TOKEN ? [`Bearer ${API_TOKEN}`] : [];
  return [...secretValues(world.config), ...bearer, `Bot ${DISCORD_TOKEN}`];
}

/** Every text the file produced: log lines, REST bodies and answers, sandbox log, recorded texts. */
function allTexts(): Array<{ source: string; text: string }> {
  const texts = [...evidence.texts];
  for (const [i, world] of evidence.worlds.entries()) {
    for (const line of world.logLines) texts.push({ source: `world ${i} log`, text: line });
    for (const call of world.double.calls) {
      texts.push({
        source: `world ${i} REST ${call.method} ${call.route}`,
        text: `${call.path}\n${safeJson(call.query)}\n${safeJson(call.body)}\n${safeJson(call.response)}`,
      });
    }
    texts.push({ source: `world ${i} gateway`, text: safeJson(world.double.gateway.received) });
    texts.push({ source: `world ${i} sandbox log`, text: safeJson(world.sandbox.requests) });
  }
  return texts;
}

/** `secret` as it reads in text, and as it reads inside a JSON string (a log line) when that differs. */
function writtenForms(secret: string): string[] {
  const inJson = JSON.stringify(secret).slice(1, -1);
  return inJson === secret ? [secret] : [secret, inJson];
}

/** Where any secret of any world appears in any text (empty when none does). */
export function secretFindings(): string[] {
  const secrets = [
    ...new Set([...evidence.worlds.flatMap(secretsOf), ...evidence.secrets].flatMap(writtenForms)),
  ];
  const findings: string[] = [];
  for (const { source, text } of allTexts()) {
    for (const secret of secrets) if (text.includes(secret)) findings.push(`${source} contains a secret`);
  }
  return findings;
}

/**
 * The audit every file of the suite ends with: nobody pinged by any message body any world recorded,
 * no secret (a token or its header, a URL password) in any log line, REST body, cache key, child
 * output or error message, no unhandled rejection.
 */
export function auditEverything(): void {
  describe('audit of everything this file produced', () => {
    it('pinged nobody: every message body allowed no mention', () => {
      let bodies = 0;
      for (const world of evidence.worlds) {
        expect(world.double.allowedMentionsViolations()).toEqual([]);
        bodies += world.double.calls.filter((c) => c.route === 'callback' || c.route === 'webhook').length;
      }
      expect(evidence.worlds.length === 0 || bodies > 0).toBe(true);
    });

    it('leaked no secret: not in logs, REST bodies, cache keys, child output or error messages', () => {
      const texts = allTexts();
      expect(texts.length).toBeGreaterThan(0);
      expect(secretFindings()).toEqual([]);
    });

    it('saw no unhandled rejection', () => {
      expect(evidence.unhandled.map(String)).toEqual([]);
    });
  });
}

// ---- worlds -----------------------------------------------------------------------------------

/** A random token-like secret with a recognisable prefix. */
export function secret(prefix: string): string {
  return `${prefix}-${randomBytes(18).toString('base64url')}`;
}

export interface ReliableWorld extends World {
  /** Put the token back (after a test replaced the sandbox's tokens). */
  restoreTokens(): void;
}

/**
 * A world whose two tokens are random (so the audit's grep is meaningful and Redis keys are ours),
 * with short API timeouts, one retry, and every world kept for the audit.
 */
export async function startReliableWorld(options: WorldOptions = {}): Promise<ReliableWorld> {
  const apiToken = secret('rc-api-token');
  const tokens = { [apiToken]: { permission: 'all' as const, label: 'reliability' } };
  const world = await startWorld({
    ...options,
    sandbox: { tokens, timeoutHoldMs: 5_000, ...options.sandbox },
    env: {
      DISCORD_TOKEN: secret('rc-discord-token'),
      API_TIMEOUT_MS: '400',
      API_RETRIES: '1',
      ...options.env,
    },
  });
  evidence.worlds.push(world);
  let closing: Promise<void> | undefined;
  const close = world.close.bind(world);
  return Object.assign(world, {
    restoreTokens: () => world.sandbox.set({ tokens }),
    close: () => {
      closing ??= close();
      return closing;
    },
  });
}

/** Run `/name` as `user` and wait for the final answer. */
export async function ask(
  world: World,
  name: string,
  input: Parameters<DiscordDouble['slash']>[2] = {},
  user: DoubleUser = world.mod,
): Promise<InteractionResponse> {
  return (await world.double.slash(user, name, input)).response();
}

/** The text Discord renders as markdown: content, and every embed's title, description, fields, footer. */
export function visibleText(message: InteractionResponse['message']): string {
  if (!message) return '';
  const parts = [message.content ?? ''];
  for (const embed of message.embeds ?? []) {
    parts.push(embed.title ?? '', embed.description ?? '', embed.footer?.text ?? '');
    for (const f of embed.fields ?? []) parts.push(f.name, f.value);
  }
  return parts.join('\n');
}

/** Text Discord shows as plain text: button labels, select placeholders, option labels and descriptions. */
export function labelText(message: InteractionResponse['message']): string {
  const parts: string[] = [];
  for (const c of flattenComponents(message?.components)) {
    parts.push(String(c.label ?? ''), String(c.placeholder ?? ''));
    if (Array.isArray(c.options))
      for (const o of c.options as Array<{ label?: string; description?: string }>)
        parts.push(o.label ?? '', o.description ?? '');
  }
  return parts.join('\n');
}

/**
 * The first forbidden raw form found in `text` outside inline code spans (Discord shows a code span
 * literally: no mention, link or markdown inside it is rendered), with some context, or undefined.
 */
export function forbiddenIn(markdown: string): string | undefined {
  const text = markdown.replace(/(?<!\\)`[^`\n]*`/g, '`…`');
  for (const [label, pattern] of FORBIDDEN_RAW) {
    const match = pattern.exec(text);
    if (match)
      return `${label} at ${JSON.stringify(text.slice(Math.max(0, match.index - 40), match.index + 40))}`;
  }
  return undefined;
}

/** Log lines of `world` parsed as JSON, optionally only those at or above `level` (pino numbers). */
export function logRecords(world: World, minLevel = 0): Array<Record<string, unknown>> {
  return world.logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((r) => Number(r.level) >= minLevel);
}

/**
 * The sandbox holds every answer `matches` picks (all of them by default) until `release` (or the
 * sandbox closes); `arrived` counts the requests it picked, held or, once released, let through.
 */
export function gate(
  world: Pick<World, 'sandbox'>,
  matches: (entry: Readonly<RequestLogEntry>) => boolean = () => true,
) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived = 0;
  world.sandbox.set({
    gate: (entry) => {
      if (!matches(entry)) return undefined;
      arrived++;
      return held;
    },
  });
  return { release, arrived: () => arrived };
}

// ---- the double's missing capabilities --------------------------------------------------------

/**
 * Replace a custom_id on a message the bot sent, in the double's store, so that a click can carry a
 * tampered, truncated, foreign or oversized id (the double only clicks components that exist, as
 * Discord would; a hostile client is not bound by that).
 */
export function tamperCustomId(double: DiscordDouble, messageId: string, from: string, to: string): void {
  const stored = double.ledger.messages.get(messageId);
  if (!stored) throw new Error(`no message ${messageId}`);
  const component = flattenComponents(stored.message.components).find((c) => c.custom_id === from);
  if (!component) throw new Error(`message ${messageId} has no component ${from}`);
  component.custom_id = to;
}

/** Add a select option (a value the bot never offered) to a select menu of a stored message. */
export function injectSelectOption(
  double: DiscordDouble,
  messageId: string,
  customId: string,
  value: string,
) {
  const stored = double.ledger.messages.get(messageId);
  const select = flattenComponents(stored?.message.components).find((c) => c.custom_id === customId);
  if (!select || !Array.isArray(select.options)) throw new Error(`no select ${customId}`);
  (select.options as Array<{ label: string; value: string }>).push({ label: 'forged', value });
}

/**
 * Drop every `max_length` of a registered command in the double, as a modified client would ignore
 * it: lets a test type a 1000-character option.
 */
export function ignoreMaxLength(double: DiscordDouble, command: string): void {
  ignoreDefinition(double, command, ['max_length']);
}

/**
 * Send what `send` sends as a hand-made request would: the double checks nothing against the
 * registered commands (as for a command it never registered), so a subcommand or group the
 * definition does not have, or none where it has them, reaches the bot as written.
 */
export async function unchecked<T>(double: DiscordDouble, send: () => Promise<T>): Promise<T> {
  const { find } = double.commands;
  double.commands.find = () => undefined;
  try {
    return await send();
  } finally {
    double.commands.find = find;
  }
}

/**
 * Drop the given checks (`choices`, `min_value`, …) from every option of a registered command in
 * the double (the guild's and the global one), as a modified client or a hand-made request would
 * ignore them: lets a test send a value the definition does not allow. `retype` changes an option's
 * type too (by name), so a value of another type can be sent.
 */
export function ignoreDefinition(
  double: DiscordDouble,
  command: string,
  fields: readonly string[],
  retype: Record<string, number> = {},
): void {
  const registered = [
    ...double.registeredCommands(double.guildId),
    ...double.registeredCommands(null),
  ].filter((c) => c.name === command);
  if (registered.length === 0) throw new Error(`/${command} is not registered`);
  const strip = (options: unknown): void => {
    if (!Array.isArray(options)) return;
    for (const option of options as Array<Record<string, unknown>>) {
      for (const field of fields) delete option[field];
      const type = retype[String(option.name)];
      if (type !== undefined) option.type = type;
      strip(option.options);
    }
  };
  for (const c of registered) strip(c.options);
}

// ---- hostile text -----------------------------------------------------------------------------

/** A Discord user id and role id that appear in hostile text (nobody may be pinged through them). */
export const HOSTILE_USER_ID = '123456789012345678';
export const HOSTILE_ROLE_ID = '234567890123456789';

/** Text from the API that tries to ping, link, format or hide things. */
export const HOSTILE_TEXTS = {
  everyone: '@everyone and @here, read this',
  userMention: `<@${HOSTILE_USER_ID}> <@!${HOSTILE_USER_ID}>`,
  roleMention: `<@&${HOSTILE_ROLE_ID}>`,
  maskedLink: '[free nitro](https://evil.example/phish)',
  codeFence: '```js\nconsole.log("pwned")\n```',
  zeroWidth: `@\u200Beveryone e\u200Dveryone <\u200B@${HOSTILE_USER_ID}>`,
  bidi: '\u202Eevil text reversed\u202C',
  markdown: '# heading\n> quote\n||spoiler|| **bold** __underline__ ~~strike~~',
  discordTags: `<#345678901234567890> <t:0:R> <:pepe:456789012345678901> </loa list:567890123456789012>`,
} as const;

/** All hostile texts in one string. */
export const HOSTILE_ALL = Object.values(HOSTILE_TEXTS).join(' | ');

/**
 * Raw forms that must never reach a moderator: a mass mention, a user or role mention of the hostile
 * ids, a masked link, a code fence, a zero-width character, a bidi override.
 */
export const FORBIDDEN_RAW: Array<[string, RegExp]> = [
  ['@everyone / @here', /@(everyone|here)/],
  ['user mention', new RegExp(`(?<!\\\\)<@!?${HOSTILE_USER_ID}>`)],
  ['role mention', new RegExp(`(?<!\\\\)<@&${HOSTILE_ROLE_ID}>`)],
  ['masked link', /(?<!\\)\[free nitro(?<!\\)\]\(/],
  ['code fence', /(?<!\\)```/],
  ['bidi override', /\u202E/],
  ['channel link', /(?<!\\)<#345678901234567890>/],
];
