/**
 * What Rollcall measures, in Prometheus form (prom-client), read by `/metrics` on the health
 * listener. One `Metrics` per process, created by the app and handed to what it watches:
 *
 * - interactions: counted and timed from receipt (a listener put in front of the router's) to the
 *   first response Discord acknowledged (the REST client's response events) and to the final
 *   answer (the router's outcome call);
 * - API requests: counted by operationId, HTTP status and purpose (`read`, `report`, `digest`: the
 *   wait context's, src/api/wait.ts) by the fetch the API layer is given;
 * - cache, limit and Redis figures: read from the API layer's own counters at scrape time.
 *
 * Labels never carry a token, a user id, a guild id or an id typed by anyone: commands are named
 * only when registered, credentials only by a short hash, and everything else by a closed set.
 */
import { performance } from 'node:perf_hooks';
import {
  type Client,
  Events,
  type Interaction,
  InteractionType,
  RESTEvents,
  type ResponseLike,
} from 'discord.js';
import type * as PromClient from 'prom-client';
import { within } from '../api/abort.js';
import { isApiError } from '../api/errors.js';
import type { Api } from '../api/types.js';
import { currentPurpose } from '../api/wait.js';
import { lazily } from '../base/lazy.js';
import type { MessageMenu, RoutedCommand, UserMenu } from '../discord/command.js';
import { type ArgKind, parseCustomId } from '../discord/paging/custom-id.js';
import { argKind } from '../discord/paging/views.js';
import { UserError } from '../discord/replies.js';
import { tokenHash } from '../store/crypto.js';
import { operationOf } from './operations.js';

/** What the router knows when it answers: success, or the error behind the sentence it sends. */
interface InteractionOutcome {
  ok: boolean;
  error?: unknown;
}

/** Label for a command or view that Rollcall did not register (nothing typed by anyone becomes a label). */
const UNKNOWN = 'unknown';
/** Most credentials tracked at once; more would make the label set unbounded in hosted mode. */
const MAX_CREDENTIALS = 100;
/** Interactions timed at once; the oldest are dropped beyond this (answered or abandoned long ago). */
const MAX_PENDING = 1_000;

/** How long a scrape waits for the store to answer before reporting it down. */
const STORE_PING_MS = 1_000;

/** Seconds, around Discord's 3 s window for the first response and its 15 min for the rest. */
const FIRST_RESPONSE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 5];
const FINAL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 30, 60];

/** The API route of an interaction response (`/interactions/{id}/{token}/callback`): only the id is read. */
const CALLBACK_PATH = /^\/interactions\/(\d{1,20})\/[^/]+\/callback$/;

type InteractionKind = 'command' | 'autocomplete' | 'component' | 'modal';

interface Pending {
  started: number;
  command: string;
  type: InteractionKind;
  firstSeen: boolean;
  finalSeen: boolean;
}

interface ApiSource {
  api: Api;
  credential: string;
}

/** A short, stable label for a credential: 8 hex digits of its SHA-256 (never the credential). */
export function credentialLabel(credential: string): string {
  return tokenHash(credential).slice(0, 8);
}

/** prom-client, loaded with the first Metrics (HEALTH_PORT set; src/base/lazy.ts). */
const prom = lazily<typeof PromClient>('prom-client');

export class Metrics {
  readonly registry = new (prom().Registry)();
  private readonly commandNames = new Set<string>();
  /** View id → the command that registered it. */
  private readonly viewCommands = new Map<string, string>();
  private readonly viewKinds = new Map<string, ArgKind>();
  private readonly pending = new Map<string, Pending>();
  private readonly apis = new Map<string, ApiSource>();

  private readonly interactions = new (prom().Counter)({
    name: 'rollcall_interactions_total',
    help: 'Interactions answered, by command, interaction type and outcome.',
    labelNames: ['command', 'type', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly firstResponse = new (prom().Histogram)({
    name: 'rollcall_interaction_first_response_seconds',
    help: 'Time from receiving an interaction to Discord accepting its first response (reply or defer).',
    labelNames: ['command', 'type'] as const,
    buckets: FIRST_RESPONSE_BUCKETS,
    registers: [this.registry],
  });
  private readonly finalAnswer = new (prom().Histogram)({
    name: 'rollcall_interaction_final_seconds',
    help: 'Time from receiving an interaction to its final answer (embed or sentence) being ready to send.',
    labelNames: ['command', 'type', 'outcome'] as const,
    buckets: FINAL_BUCKETS,
    registers: [this.registry],
  });
  private readonly apiRequests = new (prom().Counter)({
    name: 'rollcall_api_requests_total',
    help: 'Requests put on the wire to the community server API (each attempt), by operationId, HTTP status ("error" when no answer came) and purpose (read, report: a report command\'s snapshot refresh, digest: a scheduled digest).',
    labelNames: ['endpoint', 'status', 'purpose'] as const,
    registers: [this.registry],
  });

  constructor() {
    prom().collectDefaultMetrics({ register: this.registry });
    const sources = () => [...this.apis.values()];
    const mirror = (name: string, help: string, read: (s: ReturnType<Api['stats']>) => number) =>
      new (prom().Counter)({
        name,
        help,
        labelNames: ['credential'] as const,
        registers: [this.registry],
        collect() {
          this.reset();
          for (const { api, credential } of sources()) this.inc({ credential }, read(api.stats()));
        },
      });
    mirror('rollcall_cache_hits_total', 'API reads answered from the cache.', (s) => s.cacheHits);
    mirror('rollcall_cache_misses_total', 'API reads the cache could not answer.', (s) => s.cacheMisses);
    mirror(
      'rollcall_cache_stale_total',
      'API reads answered with saved (stale) data because the API failed.',
      (s) => s.staleServed,
    );
    mirror(
      'rollcall_api_coalesced_total',
      'API reads that joined an identical read already in flight.',
      (s) => s.coalesced,
    );
    mirror('rollcall_api_rate_limited_total', 'API answers with status 429.', (s) => s.rateLimited);
    new (prom().Gauge)({
      name: 'rollcall_api_limit_remaining',
      aggregator: 'min', // several processes share the counts: the lowest is the truest
      help: 'Requests left in the client-side request budget window, per credential (short hash).',
      labelNames: ['credential'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { api, credential } of sources()) this.set({ credential }, api.stats().budgetRemaining);
      },
    });
    new (prom().Gauge)({
      name: 'rollcall_redis_up',
      aggregator: 'min',
      help: '1 when the Redis cache (CACHE_URL) answers, 0 when it does not; absent without CACHE_URL.',
      labelNames: ['credential'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { api, credential } of sources()) {
          const stats = api.stats();
          if (stats.cacheBackend === 'redis') this.set({ credential }, stats.cacheHealthy ? 1 : 0);
        }
      },
    });
  }

  /**
   * Report the store as up (1) or down (0) at every scrape: `ping` is a cheap query (the schema
   * version); an answer within STORE_PING_MS is up, an error or silence down.
   */
  watchStore(ping: () => Promise<unknown>): void {
    new (prom().Gauge)({
      name: 'rollcall_database_up',
      help: '1 when the store (SQLite or PostgreSQL) answers a query, 0 when it does not; absent without a store.',
      registers: [this.registry],
      aggregator: 'min',
      async collect() {
        const answered = await within(
          ping().then(
            () => true,
            () => false,
          ),
          STORE_PING_MS,
          () => false,
        );
        this.set(answered ? 1 : 0);
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** A fetch for the API layer counting every attempt (`baseUrl`'s path prefix is not in the operation's path). */
  apiFetch(baseUrl: string, inner?: typeof fetch): typeof fetch {
    const basePath = new URL(baseUrl).pathname;
    const counter = this.apiRequests;
    return async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const endpoint = operationOf(url, basePath);
      const purpose = currentPurpose();
      try {
        const response = await (inner ?? globalThis.fetch)(input, init);
        counter.inc({ endpoint, status: String(response.status), purpose });
        return response;
      } catch (error) {
        counter.inc({ endpoint, status: 'error', purpose });
        throw error;
      }
    };
  }

  /** Read `api`'s counters at every scrape, labelled by a short hash of `credential`. */
  watchApi(api: Api, credential: string): () => void {
    const label = credentialLabel(credential);
    if (!this.apis.has(label) && this.apis.size >= MAX_CREDENTIALS) return () => undefined;
    this.apis.set(label, { api, credential: label });
    return () => {
      if (this.apis.get(label)?.api === api) this.apis.delete(label);
    };
  }

  /**
   * Learn the registered commands (the admins' /rollcall-admin among them in hosted mode), their
   * views and the user commands: the only names labels may carry.
   */
  watchCommands(
    commands: readonly RoutedCommand[],
    userMenus: readonly (UserMenu | MessageMenu)[] = [],
  ): void {
    for (const menu of userMenus) this.commandNames.add(menu.data.name);
    for (const command of commands) {
      this.commandNames.add(command.data.name);
      if (command.scope === 'server') continue; // no views
      for (const view of command.views) {
        this.viewCommands.set(view.id, command.data.name);
        this.viewKinds.set(view.id, argKind(view));
      }
    }
  }

  /** Time interactions from receipt, and their first response from Discord's acknowledgement. */
  watchClient(client: Client): void {
    // In front of the router's listener, so the clock starts before any work does.
    client.prependListener(Events.InteractionCreate, (interaction) => quietly(() => this.track(interaction)));
    client.rest.on(RESTEvents.Response, (request, response) =>
      quietly(() => this.firstResponseSeen(request, response)),
    );
  }

  /**
   * The router's one observation: `interaction` is being answered with `outcome` (call it just
   * before the final answer is sent). Never throws.
   */
  readonly interaction = (interaction: Interaction, outcome: InteractionOutcome): void =>
    quietly(() => {
      const entry = this.pending.get(interaction.id) ?? this.track(interaction);
      const result = outcomeOf(outcome);
      this.interactions.inc({ command: entry.command, type: entry.type, outcome: result });
      this.finalAnswer.observe(
        { command: entry.command, type: entry.type, outcome: result },
        (performance.now() - entry.started) / 1000,
      );
      entry.finalSeen = true;
      if (entry.firstSeen) this.pending.delete(interaction.id);
    });

  private track(interaction: Interaction): Pending {
    const entry: Pending = {
      started: performance.now(),
      ...this.describe(interaction),
      firstSeen: false,
      finalSeen: false,
    };
    this.pending.set(interaction.id, entry);
    for (const key of this.pending.keys()) {
      if (this.pending.size <= MAX_PENDING) break;
      this.pending.delete(key);
    }
    return entry;
  }

  /** Never touches the response's body: it may be the very stream the REST client goes on to read. */
  private firstResponseSeen(request: { method: string; path: string }, response: ResponseLike): void {
    const match = CALLBACK_PATH.exec(request.path);
    if (request.method.toLowerCase() !== 'post' || !match || response.status >= 300) return;
    const id = match[1] as string;
    const entry = this.pending.get(id);
    if (!entry || entry.firstSeen) return;
    entry.firstSeen = true;
    this.firstResponse.observe(
      { command: entry.command, type: entry.type },
      (performance.now() - entry.started) / 1000,
    );
    // Autocomplete answers once; for the others the final answer may still be coming.
    if (entry.finalSeen || entry.type === 'autocomplete') this.pending.delete(id);
  }

  /** The closed-set labels of an interaction. */
  private describe(interaction: Interaction): { command: string; type: InteractionKind } {
    const known = (name: string | undefined) => (name && this.commandNames.has(name) ? name : UNKNOWN);
    const fromCustomId = (customId: string) => {
      const parsed = parseCustomId(customId, (view) => this.viewKinds.get(view));
      return parsed.ok ? (this.viewCommands.get(parsed.state.view) ?? UNKNOWN) : UNKNOWN;
    };
    switch (interaction.type) {
      case InteractionType.ApplicationCommand:
        return { command: known(interaction.commandName), type: 'command' };
      case InteractionType.ApplicationCommandAutocomplete:
        return { command: known(interaction.commandName), type: 'autocomplete' };
      case InteractionType.MessageComponent:
        return { command: fromCustomId(interaction.customId), type: 'component' };
      case InteractionType.ModalSubmit:
        return { command: fromCustomId(interaction.customId), type: 'modal' };
      default:
        return { command: UNKNOWN, type: 'command' };
    }
  }
}

function quietly(measure: () => void): void {
  try {
    measure();
  } catch {
    // measuring must never get in the way of answering
  }
}

/** The outcome label: a closed set (ok, user_error, not_found, api_<kind>, internal). */
function outcomeOf(outcome: InteractionOutcome): string {
  if (outcome.ok) return 'ok';
  const error = outcome.error;
  if (error instanceof UserError) return 'user_error';
  if (isApiError(error)) {
    if (error.kind === 'http') return error.status === 404 ? 'not_found' : 'api_http';
    return `api_${error.kind.replace('-', '_')}`;
  }
  return 'internal';
}
