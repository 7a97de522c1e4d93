/**
 * The sandbox and openapi.yaml must not drift apart: for every GET path of openapi.yaml, every status
 * it declares is produced by the sandbox and the answer validates against the declared schema.
 * A path added to openapi.yaml is covered automatically (and fails until the sandbox serves it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_LIST } from '../../../src/api/operations.js';
import { type Dataset, generateDataset } from './data.js';
import { ERROR_MESSAGES } from './defaults.js';
import { type DescribedOperation, loadOpenApi } from './openapi-schemas.js';
import { ROUTES } from './routes.js';
import { type Sandbox, startSandbox } from './server.js';

const openapi = loadOpenApi();
const FULL = 'conformance-full-token';
const NONE = 'conformance-no-permission';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({
    // a small dataset: every shape and code is present, and it generates quickly
    dataset: generateDataset({
      seed: 11,
      members: 80,
      loas: 300,
      logs: 600,
      usernames: 100,
      shifts: 300,
      auditLogs: 300,
    }),
    tokens: { [FULL]: { permission: 'all', label: 'full' }, [NONE]: { permission: 'none', label: 'none' } },
  });
});
afterAll(() => sandbox.close());

/** A value that exists in the dataset for each path parameter name used by openapi.yaml. */
const SAMPLE_PARAMS: Record<string, (ds: Dataset) => string | undefined> = {
  loaId: (ds) => ds.loas[0]?.id,
  memberId: (ds) => ds.samples.busyMemberIds[0],
  logId: (ds) => ds.logs[0]?.id,
  username: (ds) => ds.samples.specialUsernames[0],
  shiftId: (ds) => ds.shifts[0]?.id,
  roleId: (ds) => ds.roles[0]?.id,
  chatId: (ds) => ds.samples.busyChatIds[0],
  applicationId: (ds) => ds.applications[0]?.id,
  userId: (ds) => ds.samples.joinRequestUserIds[0],
};

function pathWith(op: DescribedOperation, value: (name: string) => string): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => value(name));
}

function validPath(op: DescribedOperation): string {
  return pathWith(op, (name) => {
    const sample = SAMPLE_PARAMS[name]?.(sandbox.dataset);
    if (sample === undefined)
      throw new Error(`no sample for path parameter "${name}": add one to SAMPLE_PARAMS`);
    return encodeURIComponent(sample);
  });
}

const isList = (op: DescribedOperation): boolean => op.queryParams.includes('page');

function get(path: string, token: string | null = FULL): Promise<Response> {
  return fetch(
    `${sandbox.url}${path}`,
    token === null ? {} : { headers: { Authorization: `Bearer ${token}` } },
  );
}

interface Probe {
  path: string;
  token?: string | null;
  message?: string;
}

/** Requests that must answer with `status` for this operation (empty = no way to trigger it). */
function probesFor(op: DescribedOperation, status: string): Probe[] {
  const path = validPath(op);
  const withParam = (v: string): string => pathWith(op, () => v);
  switch (status) {
    case '200':
      return isList(op)
        ? [
            { path },
            { path: `${path}?page=1&limit=5` },
            { path: `${path}?page=100000&limit=100` },
            ...(op.pathParams.length > 0 ? [{ path: withParam(sandbox.dataset.samples.unknownId) }] : []),
          ]
        : [{ path }];
    case '400': {
      const m = ERROR_MESSAGES.badRequest;
      const params = op.pathParams.length > 0 ? [withParam('%20'), withParam(''), withParam('%E0%A4%A')] : [];
      const query = isList(op)
        ? ['?page=0', '?page=abc', '?page=1.5', '?limit=0', '?limit=101', '?limit=-1']
        : [];
      return [
        ...params.map((p) => ({ path: p, message: m })),
        ...query.map((q) => ({ path: `${path}${q}`, message: m })),
      ];
    }
    case '401':
      return [
        { path, token: null, message: ERROR_MESSAGES.noAuthorization },
        { path, token: 'not-a-known-token', message: ERROR_MESSAGES.invalidToken },
      ];
    case '403':
      return [{ path, token: NONE, message: ERROR_MESSAGES.forbidden }];
    case '404':
      return isList(op)
        ? []
        : [{ path: withParam(sandbox.dataset.samples.unknownId), message: ERROR_MESSAGES.notFound }];
    default:
      return [];
  }
}

async function expectConforms(op: DescribedOperation, status: string, response: Response, message?: string) {
  expect(response.status, `${response.url}`).toBe(Number(status));
  expect(response.headers.get('content-type')).toBe('application/json');
  const body: unknown = await response.json();
  const result = openapi.validate(op.path, status, body, response.headers);
  expect(result.errors, `${response.url} -> ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
  if (message !== undefined) expect(body).toEqual({ error: message });
  return body;
}

describe('openapi.yaml and the sandbox routes', () => {
  it('describes exactly the endpoints the sandbox serves, with the same operationIds', () => {
    const described = openapi.operations.map((op) => `${op.operationId} ${op.path}`).sort();
    const served = ROUTES.map((r) => `${r.operationId} ${r.template}`).sort();
    expect(served).toEqual(described);
    expect(described).toHaveLength(OPERATION_LIST.length);
  });
});

describe.each(openapi.operations)('$operationId ($path)', (op) => {
  it.each(op.statuses.filter((s) => !['429', '500'].includes(s)))(
    'answers %s as declared',
    async (status) => {
      const probes = probesFor(op, status);
      expect(probes.length, `no way to trigger ${status} for ${op.path}`).toBeGreaterThan(0);
      for (const probe of probes) {
        const response = await get(probe.path, probe.token === undefined ? FULL : probe.token);
        await expectConforms(op, status, response, probe.message);
      }
    },
  );

  if (op.statuses.includes('429')) {
    it('answers 429 as declared, with Retry-After', async () => {
      sandbox.set({ rateLimit: { requests: 1, windowSeconds: 60 } });
      try {
        await expectConforms(op, '200', await get(validPath(op)));
        const limited = await get(validPath(op));
        await expectConforms(op, '429', limited, ERROR_MESSAGES.rateLimited);
        expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      } finally {
        sandbox.set({ rateLimit: null });
      }
    });
  }

  if (op.statuses.includes('500')) {
    it('answers 500 as declared', async () => {
      sandbox.failNext(1, '500');
      await expectConforms(op, '500', await get(validPath(op)), ERROR_MESSAGES.internal);
    });
  }

  if (isList(op)) {
    it('echoes page and limit in the envelope', async () => {
      const body = await expectConforms(op, '200', await get(`${validPath(op)}?page=2&limit=3`));
      expect(body).toMatchObject({ page: 2, pageSize: 3 });
    });
  }
});
