/**
 * Test doubles for the roster commands: a Resources object over in-memory records (paging as the
 * API does, 404 as an ApiError), fake interactions with just what the commands read, and a
 * community (and its ShowContext) with an in-memory state store.
 */

import type {
  APIActionRowComponent,
  APIComponentInMessageActionRow,
  APISelectMenuOption,
  AutocompleteInteraction,
  ChatInputCommandInteraction,
} from 'discord.js';
import { expect } from 'vitest';
import { commands } from '../../commands/index.js';
import type { Application, JoinRequest, Member, Role } from '../../generated/api.js';
import { ApiError } from '../../src/api/errors.js';
import { OPERATION_LIST } from '../../src/api/operations.js';
import type { ApiStats, Fetched, PageQuery, ReadOptions, Resources } from '../../src/api/types.js';
import type { Community } from '../../src/discord/community.js';
import type { HoldMonth } from '../../src/discord/paging/allowance.js';
import { parseCustomId } from '../../src/discord/paging/custom-id.js';
import { StateStore } from '../../src/discord/paging/state.js';
import { type ShowContext, ViewRegistry } from '../../src/discord/paging/views.js';
import type { Payload } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';

export const OWNER = '111111111111111111';

export interface FakeData {
  roles?: Role[];
  members?: Member[];
  /** Discord user id → member id. */
  chat?: Record<string, string>;
  applications?: Application[];
  joinRequests?: JoinRequest[];
}

export interface Call {
  method: string;
  args: unknown[];
}

function fetched<T>(data: T): Fetched<T> {
  return { data, fetchedAt: 1_700_000_000_000, fromCache: false, stale: false };
}

function page<T>(items: T[], query: PageQuery) {
  const start = (query.page - 1) * query.limit;
  return fetched({
    data: items.slice(start, start + query.limit),
    page: query.page,
    pageSize: query.limit,
    total: items.length,
    totalPages: Math.max(1, Math.ceil(items.length / query.limit)),
  });
}

function notFound(): ApiError {
  return new ApiError('http', 'API answered 404', { status: 404, apiMessage: 'not found' });
}

function one<T>(item: T | undefined): Fetched<T> {
  if (item === undefined) throw notFound();
  return fetched(item);
}

/** A Resources over `data`; every call is recorded in `calls`. Unused reads throw. */
export function fakeResources(data: FakeData, calls: Call[] = []): Resources {
  const record =
    <A extends unknown[], R>(method: string, fn: (...args: A) => R) =>
    async (...args: A): Promise<Awaited<R>> => {
      calls.push({ method, args });
      return await fn(...args);
    };
  const unused = (name: string) => async () => {
    throw new Error(`${name} is not faked`);
  };
  return {
    ...(Object.fromEntries(OPERATION_LIST.map((op) => [op.id, unused(op.id)])) as unknown as Resources),
    listRoles: record('listRoles', (q: PageQuery, _o?: ReadOptions) => page(data.roles ?? [], q)),
    getRole: record('getRole', (id: string, _o?: ReadOptions) => one(data.roles?.find((r) => r.id === id))),
    listMembers: record('listMembers', (q: PageQuery, _o?: ReadOptions) => page(data.members ?? [], q)),
    getMember: record('getMember', (id: string, _o?: ReadOptions) =>
      one(data.members?.find((m) => m.id === id)),
    ),
    getMemberByChatId: record('getMemberByChatId', (chatId: string, _o?: ReadOptions) =>
      one(data.members?.find((m) => m.id === data.chat?.[chatId])),
    ),
    listApplications: record('listApplications', (q: PageQuery, _o?: ReadOptions) =>
      page(data.applications ?? [], q),
    ),
    getApplication: record('getApplication', (id: string, _o?: ReadOptions) =>
      one(data.applications?.find((a) => a.id === id)),
    ),
    getJoinRequest: record('getJoinRequest', (userId: string, _o?: ReadOptions) =>
      one(data.joinRequests?.find((j) => j.userId === userId)),
    ),
  };
}

/** The API layer's counters of a community that has read nothing. */
const NO_STATS: ApiStats = {
  requests: 0,
  cacheHits: 0,
  cacheMisses: 0,
  staleServed: 0,
  coalesced: 0,
  rateLimited: 0,
  budgetRemaining: 0,
  cacheBackend: 'memory',
  cacheHealthy: true,
};

/**
 * A community reading `resources`, with an in-memory state store, no access guard and (without
 * `holdMonth`) no allowance limit; `more` replaces any part.
 */
export function fakeCommunity(
  resources: Resources,
  more: Partial<Community> & { holdMonth?: HoldMonth } = {},
): Community {
  const store = new Map<string, unknown>();
  const state = new StateStore({
    get: async (k) => store.get(k),
    set: async (k, v) => store.set(k, v),
  });
  const { holdMonth, ...rest } = more;
  return {
    key: '',
    guildId: '223456789012345678',
    resources,
    allowance: { stats: () => NO_STATS, limitStatus: async () => [], ...(holdMonth ? { holdMonth } : {}) },
    defaultPublic: false,
    state,
    ...rest,
  };
}

export function showContext(
  resources: Resources,
  more: Partial<Community> & { holdMonth?: HoldMonth } = {},
): ShowContext {
  return {
    community: fakeCommunity(resources, more),
    views: allViews(),
    owner: OWNER,
    options: { purpose: 'ask' },
    t: ENGLISH,
  };
}

/** Every command's views, registered and checked as at start. */
export function allViews(): ViewRegistry {
  const views = new ViewRegistry();
  for (const command of commands) views.register(...command.views);
  views.check();
  return views;
}

export interface CommandInput {
  sub: string;
  strings?: Record<string, string>;
  users?: Record<string, string>;
  integers?: Record<string, number>;
  booleans?: Record<string, boolean>;
}

/** A chat-input interaction with just what execute() reads. */
export function chatInput(input: CommandInput): ChatInputCommandInteraction {
  const options = {
    getSubcommand: () => input.sub,
    getString: (name: string) => input.strings?.[name] ?? null,
    getUser: (name: string) => {
      const id = input.users?.[name];
      return id ? { id } : null;
    },
    getBoolean: (name: string) => input.booleans?.[name] ?? null,
    getInteger: (name: string) => input.integers?.[name] ?? null,
  };
  return { options, user: { id: OWNER } } as unknown as ChatInputCommandInteraction;
}

/** An autocomplete interaction focused on `name` with `value` typed so far. */
export function autocompleteInput(name: string, value: string): AutocompleteInteraction {
  const options = {
    getFocused: (full?: boolean) => (full ? { name, value, type: 3 } : value),
    getSubcommand: () => 'view',
  };
  return { options, user: { id: OWNER } } as unknown as AutocompleteInteraction;
}

/** `n` roles named "Role 0" … with ids r0 …. */
export function manyRoles(n: number, name = (i: number) => `Role ${i}`): Role[] {
  return Array.from({ length: n }, (_, i) => ({ id: `r${i}`, serverId: 's', name: name(i) }));
}

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/** The options of the first select menu of a payload (none when it has none). */
export function selectOptions(payload: Payload): APISelectMenuOption[] {
  for (const row of (payload.components ?? []) as Row[]) {
    for (const c of row.components)
      if ('options' in c && c.options) return c.options as APISelectMenuOption[];
  }
  return [];
}

/** The buttons of a payload that carry a custom_id. */
export function buttons(payload: Payload) {
  return ((payload.components ?? []) as Row[])
    .flatMap((r) => r.components)
    .filter((c): c is typeof c & { label: string; custom_id: string } => 'label' in c && 'custom_id' in c);
}

/** The view and argument the button labelled `label` opens. */
export async function linkOf(payload: Payload, label: string, show: ShowContext) {
  const button = buttons(payload).find((b) => b.label === label);
  expect(button?.label, `button ${label}`).toBe(label);
  const parsed = parseCustomId(button!.custom_id, show.views.argKindOf);
  if (!parsed.ok) throw new Error(`bad custom_id ${button!.custom_id}`);
  return { view: parsed.state.view, arg: await show.community.state.resolve(parsed) };
}

/** The names of a subcommand's options, in order. */
export function optionNames(sub: unknown): string[] {
  const options = (sub as { options?: Array<{ name: string }> }).options ?? [];
  return options.map((o) => o.name);
}
