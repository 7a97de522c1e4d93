/**
 * The API's operations, one row each: everything Rollcall needs to know about a read beyond what
 * openapi.yaml says. From this table come the methods of `Resources` (src/api/types.ts), the client
 * that implements them (src/api/client.ts), the `endpoint` label of the request metrics
 * (src/ops/operations.ts) and the sandbox's routes (test/doubles/sandbox/routes.ts).
 *
 * A row, keyed by the operationId (which is also the metrics' `endpoint` label):
 * - `path`: the path template exactly as in openapi.yaml; its `{parameters}`, in order, are the
 *   method's leading arguments (strings);
 * - `kind`: `list` (a page envelope: the method also takes a `PageQuery`, and reads API pages of 100)
 *   or `item` (one record; 404 is "not found");
 * - `cache`: how long an answer stays fresh (CACHE_TTL_LIST/ITEM/STABLE_SECONDS);
 * - `items` (lists only): the single-record read whose cache entries each API page also fills, so
 *   opening a record of a list needs no request.
 *
 * The type check holds the table to the generated types: every operation of openapi.yaml has a row,
 * each row's path is the one whose GET is that operation, and `kind` is `list` exactly when the
 * answer is a page. test/api/operations.unit.test.ts holds it to openapi.yaml itself.
 */
import type { operations, paths } from '../../generated/api.js';
import type { CacheClass } from './reader.js';

/** An operationId of openapi.yaml. */
export type OperationId = keyof operations;

/** The 200 body of an operation, from the generated types. */
export type Answer<K extends OperationId> = operations[K]['responses'][200]['content']['application/json'];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The path template whose GET is exactly operation K. */
type PathOf<K extends OperationId> = {
  [P in keyof paths]: Same<paths[P]['get'], operations[K]> extends true ? P : never;
}[keyof paths];
/** Whether operation K answers with a page envelope. */
type KindOf<K extends OperationId> =
  Answer<K> extends { data: unknown[]; totalPages: number } ? 'list' : 'item';

/** One row, as the type check wants it for operation K. */
type Row<K extends OperationId> = {
  path: PathOf<K>;
  kind: KindOf<K>;
  cache: CacheClass;
} & (KindOf<K> extends 'list' ? { items?: ItemOperation } : { items?: never });

export const OPERATIONS = {
  listLoas: { path: '/server/loas', kind: 'list', cache: 'list', items: 'getLoa' },
  getLoa: { path: '/server/loas/{loaId}', kind: 'item', cache: 'item' },
  listMemberLoas: { path: '/server/loas/user/{memberId}', kind: 'list', cache: 'list', items: 'getLoa' },
  getLog: { path: '/server/logs/{logId}', kind: 'item', cache: 'item' },
  listUserLogs: { path: '/server/logs/user/{username}', kind: 'list', cache: 'list', items: 'getLog' },
  listAuditLogs: { path: '/server/audit-logs', kind: 'list', cache: 'list' },
  listShifts: { path: '/server/shifts', kind: 'list', cache: 'list', items: 'getShift' },
  getShift: { path: '/server/shifts/{shiftId}', kind: 'item', cache: 'item' },
  listRoles: { path: '/server/roles', kind: 'list', cache: 'stable', items: 'getRole' },
  getRole: { path: '/server/roles/{roleId}', kind: 'item', cache: 'stable' },
  listMembers: { path: '/server/members', kind: 'list', cache: 'list', items: 'getMember' },
  getMember: { path: '/server/members/{memberId}', kind: 'item', cache: 'item' },
  getMemberByChatId: { path: '/server/members/chat/{chatId}', kind: 'item', cache: 'item' },
  listApplications: { path: '/server/applications', kind: 'list', cache: 'stable', items: 'getApplication' },
  getApplication: { path: '/server/applications/{applicationId}', kind: 'item', cache: 'stable' },
  getJoinRequest: { path: '/server/join-requests/{userId}', kind: 'item', cache: 'item' },
} as const satisfies { [K in OperationId]: Row<K> };

type Table = typeof OPERATIONS;
/** The operations that answer with a page. */
export type ListOperation = { [K in OperationId]: KindOf<K> extends 'list' ? K : never }[OperationId];
/** The operations that answer with one record. */
export type ItemOperation = Exclude<OperationId, ListOperation>;

/** Every path of openapi.yaml has a row (else this line fails the type check, naming the path). */
const everyPath: [Exclude<keyof paths, Table[OperationId]['path']>] extends [never]
  ? true
  : Exclude<keyof paths, Table[OperationId]['path']> = true;
void everyPath;

/** One string per parameter of a path template. */
type StringPerParam<T extends string> = T extends `${string}{${string}}${infer Rest}`
  ? [string, ...StringPerParam<Rest>]
  : [];
/** One string per parameter of operation K's path. */
export type PathArgs<K extends OperationId> = StringPerParam<Table[K]['path']>;

/** The names of a path template's parameters, in order: `'/a/{b}/c/{d}'` → `['b', 'd']`. */
export function paramNames(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}

/** One row, read at run time. */
export interface Operation {
  id: OperationId;
  path: keyof paths;
  kind: 'list' | 'item';
  cache: CacheClass;
  /** The path parameters, in order. */
  params: string[];
  /** Lists: the single-record read each record of a page also answers. */
  items?: ItemOperation;
}

/** Every row, in the table's order. */
export const OPERATION_LIST: readonly Operation[] = Object.entries(OPERATIONS).map(([id, row]) => ({
  id: id as OperationId,
  path: row.path,
  kind: row.kind,
  cache: row.cache,
  params: paramNames(row.path),
  ...('items' in row ? { items: row.items } : {}),
}));
