/**
 * The table of API operations (src/api/operations.ts) against openapi.yaml itself (not the generated
 * types, which `npm run generate` may not have refreshed), and what is derived from it: the client's
 * methods, the metrics' `endpoint` label and the sandbox's routes.
 */
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { OPERATION_LIST, OPERATIONS, type OperationId } from '../../src/api/operations.js';
import { OTHER_OPERATION, operationOf } from '../../src/ops/operations.js';
import { generateDataset } from '../doubles/sandbox/data.js';
import { loadOpenApi } from '../doubles/sandbox/openapi-schemas.js';
import { answerByConvention, ROUTES } from '../doubles/sandbox/routes.js';
import { silentLogger, testConfig } from './helpers.js';

const described = loadOpenApi().operations;
const rowOf = (id: string) => OPERATION_LIST.find((op) => op.id === id);

describe('the table of operations and openapi.yaml', () => {
  it.each(described)('$operationId ($path) has a row with its path', ({ operationId, path }) => {
    expect(rowOf(operationId)?.path, `no row for ${operationId} in src/api/operations.ts`).toBe(path);
  });

  it.each(OPERATION_LIST)('$id ($path) is a GET of openapi.yaml', ({ id, path }) => {
    const op = described.find((d) => d.path === path);
    expect(op?.operationId, `${path} is not a path of openapi.yaml`).toBe(id);
  });

  it.each(described)('$operationId: the row has its path parameters, and is a list when it pages', (op) => {
    const row = rowOf(op.operationId);
    expect(row?.params).toEqual(op.pathParams);
    expect(row?.kind).toBe(op.queryParams.includes('page') ? 'list' : 'item');
  });

  it('links a list only to a single-record read with one parameter', () => {
    for (const op of OPERATION_LIST.filter((o) => o.items !== undefined)) {
      const item = rowOf(op.items as string);
      expect(item?.kind, op.id).toBe('item');
      expect(item?.params, op.id).toHaveLength(1);
    }
  });
});

describe('what the table derives', () => {
  it('the client has exactly one method per row', async () => {
    const api = createApi(testConfig('http://127.0.0.1:9/api/v1', { CACHE_MAX_ENTRIES: 0 }), silentLogger);
    try {
      expect(Object.keys(api.resources).sort()).toEqual(Object.keys(OPERATIONS).sort());
      expect(Object.values(api.resources).every((m) => typeof m === 'function')).toBe(true);
    } finally {
      await api.close();
    }
  });

  it.each(OPERATION_LIST)('the metrics label a request for $path as $id', ({ id, path }) => {
    const url = `https://api.example/api/v1${path.replace(/\{[^}]+\}/g, 'x%20y')}?page=1`;
    expect(operationOf(url, '/api/v1/')).toBe(id);
  });

  it('the metrics label any other URL as other', () => {
    for (const url of [
      'https://api.example/api/v1/server/nothing',
      'https://api.example/api/v1/server/loas/a/b/c',
      'https://api.example/server/loas',
      'not a url',
    ]) {
      expect(operationOf(url, '/api/v1')).toBe(OTHER_OPERATION);
    }
  });

  it('the sandbox serves every row, as a list or an item as the row says', () => {
    expect(ROUTES.map((r) => [r.operationId, r.template, r.kind])).toEqual(
      OPERATION_LIST.map((op) => [op.id, op.path, op.kind]),
    );
  });
});

describe("the sandbox's answer by convention", () => {
  const ds = generateDataset({
    seed: 5,
    members: 30,
    loas: 80,
    logs: 120,
    usernames: 20,
    shifts: 60,
    auditLogs: 40,
  });
  const values: Record<string, string[]> = {
    loaId: [ds.loas[3]?.id ?? '', 'nope'],
    memberId: [ds.samples.busyMemberIds[0] ?? '', ds.members[2]?.id ?? '', 'nope'],
    logId: [ds.logs[7]?.id ?? '', 'nope'],
    username: [ds.samples.busyUsernames[0] ?? '', ds.samples.specialUsernames[0] ?? '', 'nope'],
    shiftId: [ds.shifts[1]?.id ?? '', 'nope'],
    roleId: [ds.roles[0]?.id ?? '', 'nope'],
    applicationId: [ds.applications[0]?.id ?? '', 'nope'],
    userId: [ds.samples.joinRequestUserIds[0] ?? '', 'nope'],
  };
  /** The chat id is kept beside the member, not in it: the one answer no convention can give. */
  const written = new Set<OperationId>(['getMemberByChatId']);

  it.each(OPERATION_LIST.filter((op) => !written.has(op.id)))(
    '$id: answers as the answer written out does',
    (op) => {
      const route = ROUTES.find((r) => r.operationId === op.id);
      const convention = answerByConvention(op);
      const [name] = op.params;
      const cases = name === undefined ? [{}] : (values[name] ?? []).map((v) => ({ [name]: v }));
      expect(cases.length).toBeGreaterThan(0);
      for (const params of cases) {
        if (route?.kind === 'list' && 'list' in convention) {
          expect(convention.list(ds, params)).toEqual(route.list(ds, params));
          expect(convention.pool(ds)).toBe(route.pool(ds));
        } else if (route?.kind === 'item' && 'item' in convention) {
          expect(convention.item(ds, params)).toBe(route.item(ds, params));
        } else {
          expect.fail(`${op.id}: the convention answers a ${op.kind}, the route is a ${route?.kind}`);
        }
      }
    },
  );
});
