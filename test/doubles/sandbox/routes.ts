/**
 * The sandbox's endpoints: one per row of the API's table of operations (src/api/operations.ts: the
 * operationId, the path template exactly as in openapi.yaml, list or item), and how each is answered
 * from a Dataset. Matching and parameter rules live here; HTTP concerns live in server.ts.
 */

import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { type ListOperation, OPERATION_LIST, type Operation } from '../../../src/api/operations.js';
import type { Dataset } from './data.js';
import { SANDBOX_DEFAULTS } from './defaults.js';
import type { OperationId } from './types.js';

/** A record the sandbox serves (every generated type is an object with an id or userId). */
export type SandboxRecord = object;

interface RouteBase {
  operationId: OperationId;
  /** The path template as written in openapi.yaml, e.g. `/server/loas/{loaId}`. */
  template: string;
}

/** How a paginated endpoint is answered. */
interface ListAnswer {
  /** The items of the whole list, newest first (before pagination). */
  list(ds: Dataset, params: Readonly<Record<string, string>>): readonly SandboxRecord[];
  /** Every record of this item type (used by the 'enormous' fault when the list itself is short). */
  pool(ds: Dataset): readonly SandboxRecord[];
}

/** How a single-item endpoint is answered (404 when the id is unknown). */
interface ItemAnswer {
  item(ds: Dataset, params: Readonly<Record<string, string>>): SandboxRecord | undefined;
}

/** A paginated endpoint. */
export interface ListRoute extends RouteBase, ListAnswer {
  kind: 'list';
}

/** A single-item endpoint (404 when the id is unknown). */
export interface ItemRoute extends RouteBase, ItemAnswer {
  kind: 'item';
}

/** One endpoint. */
export type Route = ListRoute | ItemRoute;

const p = (params: Readonly<Record<string, string>>, name: string): string => params[name] ?? '';

/**
 * The answers written out: where the dataset keeps an index, or a record's field is not the
 * parameter's name. An operation of OPERATIONS without one is answered by `answerByConvention`.
 */
const ANSWERS: { [K in OperationId]?: K extends ListOperation ? ListAnswer : ItemAnswer } = {
  listLoas: { list: (ds) => ds.loas, pool: (ds) => ds.loas },
  getLoa: { item: (ds, params) => ds.byId.loas.get(p(params, 'loaId')) },
  listMemberLoas: {
    // an unknown member is an empty list, not a 404 (404 is for single-item lookups only)
    list: (ds, params) => ds.loasByMember.get(p(params, 'memberId')) ?? [],
    pool: (ds) => ds.loas,
  },
  getLog: { item: (ds, params) => ds.byId.logs.get(p(params, 'logId')) },
  // exact, case-sensitive match on the decoded game username
  listUserLogs: {
    list: (ds, params) => ds.logsByUsername.get(p(params, 'username')) ?? [],
    pool: (ds) => ds.logs,
  },
  listAuditLogs: { list: (ds) => ds.auditLogs, pool: (ds) => ds.auditLogs },
  listShifts: { list: (ds) => ds.shifts, pool: (ds) => ds.shifts },
  getShift: { item: (ds, params) => ds.byId.shifts.get(p(params, 'shiftId')) },
  listRoles: { list: (ds) => ds.roles, pool: (ds) => ds.roles },
  getRole: { item: (ds, params) => ds.byId.roles.get(p(params, 'roleId')) },
  listMembers: { list: (ds) => ds.members, pool: (ds) => ds.members },
  getMember: { item: (ds, params) => ds.byId.members.get(p(params, 'memberId')) },
  getMemberByChatId: { item: (ds, params) => ds.memberByChatId(p(params, 'chatId')) },
  listApplications: { list: (ds) => ds.applications, pool: (ds) => ds.applications },
  getApplication: { item: (ds, params) => ds.byId.applications.get(p(params, 'applicationId')) },
  getJoinRequest: { item: (ds, params) => ds.byId.joinRequests.get(p(params, 'userId')) },
};

/** The dataset's collections by the path segment after `/server` that names them. */
const COLLECTIONS: Record<string, (ds: Dataset) => readonly SandboxRecord[]> = {
  loas: (ds) => ds.loas,
  logs: (ds) => ds.logs,
  'audit-logs': (ds) => ds.auditLogs,
  shifts: (ds) => ds.shifts,
  roles: (ds) => ds.roles,
  members: (ds) => ds.members,
  applications: (ds) => ds.applications,
  'join-requests': (ds) => ds.joinRequests,
};

/** Whether `record`'s field `name` is `value` (a parameter `xId` with no such field names the `id`). */
function fieldIs(record: SandboxRecord, name: string, value: string): boolean {
  const fields = record as Record<string, unknown>;
  if (name in fields) return fields[name] === value;
  return name.endsWith('Id') && fields.id === value;
}

type Schema = { $ref?: string; example?: SandboxRecord };
interface Described {
  paths: Record<
    string,
    { get: { responses: Record<string, { content?: Record<string, { schema: Schema }> }> } }
  >;
  components: { schemas: Record<string, Schema> };
}
let described: Described | undefined;

/** The example openapi.yaml gives an operation's answer: its schema's `example` (through a `$ref`). */
function exampleOf(op: Operation): SandboxRecord | undefined {
  described ??= parse(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8')) as Described;
  const schema = described.paths[op.path]?.get.responses['200']?.content?.['application/json']?.schema;
  const ref = schema?.$ref?.replace('#/components/schemas/', '');
  return (ref === undefined ? schema : described.components.schemas[ref])?.example;
}

/**
 * How the sandbox answers an operation with no answer written out, from its row alone: the records
 * are the collection its path's first segment names (`/server/shifts/...`: the shifts); a list is
 * those whose fields match every path parameter by name (`/server/shifts/user/{memberId}`: the
 * shifts of that member, newest first), an item the first record that does (`{shiftId}` with no
 * `shiftId` field: the `id`). An item of a kind the dataset does not hold (`/server/info`) is the
 * example its schema gives in openapi.yaml; other new kinds need their records in the dataset, their
 * collection here, and an answer if the convention does not fit.
 */
export function answerByConvention(op: Operation): ListAnswer | ItemAnswer {
  const resource = op.path.split('/')[2] ?? '';
  const collection = COLLECTIONS[resource];
  const example = collection === undefined && op.kind === 'item' ? exampleOf(op) : undefined;
  if (example !== undefined) return { item: () => example };
  if (collection === undefined) throw new Error(`sandbox: no records for ${op.id} (${op.path})`);
  const matches = (params: Readonly<Record<string, string>>) => (record: SandboxRecord) =>
    op.params.every((name) => fieldIs(record, name, p(params, name)));
  if (op.kind === 'list')
    return { list: (ds, params) => collection(ds).filter(matches(params)), pool: collection };
  return { item: (ds, params) => collection(ds).find(matches(params)) };
}

/** All endpoints, one per row of OPERATIONS (src/api/operations.ts), in its order. */
export const ROUTES: readonly Route[] = OPERATION_LIST.map((op): Route => {
  const answer = ANSWERS[op.id] ?? answerByConvention(op);
  const base = { operationId: op.id, template: op.path };
  return op.kind === 'list'
    ? { ...base, kind: 'list', ...(answer as ListAnswer) }
    : { ...base, kind: 'item', ...(answer as ItemAnswer) };
});

interface Compiled {
  route: Route;
  /** Segments after `/server`; a string is a literal, `{ name }` a parameter. */
  segments: ReadonlyArray<string | { name: string }>;
}

const COMPILED: readonly Compiled[] = ROUTES.map((route) => ({
  route,
  segments: route.template
    .split('/')
    .slice(2)
    .map((s) => (s.startsWith('{') && s.endsWith('}') ? { name: s.slice(1, -1) } : s)),
}));

/** First path segments after `/server` that name a resource (anything else there is a server id). */
const RESOURCE_NAMES = new Set(COMPILED.map((c) => c.segments[0]).filter((s) => typeof s === 'string'));

/** The outcome of matching a path below `${basePath}/server`. */
export interface RouteMatch {
  route: Route;
  /** Decoded path parameters. */
  params: Record<string, string>;
  /** The optional server id given right after `/server/` (decoded), if any. */
  serverId: string | undefined;
  /** False when that server id segment is blank, too long, or badly encoded (-> 400). */
  serverIdValid: boolean;
  /** True when a path segment is empty, blank, too long, has control characters or bad %-encoding. */
  invalidParams: boolean;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

function decodeSegment(raw: string): { value: string; ok: boolean } {
  try {
    const value = decodeURIComponent(raw);
    const ok =
      value.trim() !== '' && value.length <= SANDBOX_DEFAULTS.maxIdLength && !CONTROL_CHARS.test(value);
    return { value, ok };
  } catch {
    return { value: raw, ok: false };
  }
}

/**
 * Matches the part of a pathname after `${basePath}/server/` (raw, still %-encoded), e.g.
 * `loas/user/abc` or `<serverId>/loas`. Returns undefined for an unknown path.
 */
export function matchRoute(rawRest: string): RouteMatch | undefined {
  let raw = rawRest.split('/');
  let serverId: string | undefined;
  let serverIdOk = true;
  const first = decodeSegment(raw[0] ?? '');
  if (raw.length >= 2 && !RESOURCE_NAMES.has(first.value)) {
    serverId = first.value;
    serverIdOk = first.ok;
    raw = raw.slice(1);
  }
  const decoded = raw.map(decodeSegment);
  for (const { route, segments } of COMPILED) {
    if (segments.length !== decoded.length) continue;
    const params: Record<string, string> = {};
    let invalidParams = !serverIdOk;
    const matches = segments.every((segment, i) => {
      const actual = decoded[i] as { value: string; ok: boolean };
      if (typeof segment === 'string') return actual.value === segment;
      params[segment.name] = actual.value;
      if (!actual.ok) invalidParams = true;
      return true;
    });
    if (matches) return { route, params, serverId, serverIdValid: serverIdOk, invalidParams };
  }
  return undefined;
}

/** A validated page request. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

const POSITIVE_INT = /^[0-9]+$/;

function intParam(values: string[], fallback: number, min: number, max: number): number | undefined {
  if (values.length === 0) return fallback;
  if (values.length > 1) return undefined;
  const text = values[0] ?? '';
  if (!POSITIVE_INT.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
}

/**
 * Reads `page` and `limit` (alias `pageSize`) with the defaults of SANDBOX_DEFAULTS.
 * Returns undefined (-> 400) for a non-integer, out-of-range or repeated value, or for `limit` and
 * `pageSize` both given with different values.
 */
export function parsePageQuery(query: URLSearchParams): PageQuery | undefined {
  const page = intParam(query.getAll('page'), SANDBOX_DEFAULTS.page, 1, Number.MAX_SAFE_INTEGER);
  const sizes = SANDBOX_DEFAULTS.pageSizeParams.map((name) =>
    intParam(query.getAll(name), SANDBOX_DEFAULTS.pageSize, 1, SANDBOX_DEFAULTS.maxPageSize),
  );
  if (page === undefined || sizes.some((s) => s === undefined)) return undefined;
  const given = SANDBOX_DEFAULTS.pageSizeParams
    .map((name, i) => (query.has(name) ? sizes[i] : undefined))
    .filter((s) => s !== undefined);
  if (new Set(given).size > 1) return undefined;
  return { page, pageSize: given[0] ?? SANDBOX_DEFAULTS.pageSize };
}

/** The pagination envelope of the contract (section 2.1). */
export interface Envelope<T> {
  data: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** Cuts one page out of a list. A page past the end has an empty `data`. */
export function paginate<T>(items: readonly T[], query: PageQuery): Envelope<T> {
  const start = (query.page - 1) * query.pageSize;
  return {
    data: start < items.length ? items.slice(start, start + query.pageSize) : [],
    page: query.page,
    pageSize: query.pageSize,
    total: items.length,
    totalPages: Math.ceil(items.length / query.pageSize),
  };
}
