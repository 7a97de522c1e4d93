/**
 * Read economy: view pages cut from the API's largest pages, paging by what the API echoes, and
 * records opened from the list page that already holds them.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/api/client.js';
import { API_PAGE_SIZE, apiPagesFor, viewPageOf } from '../../src/api/pages.js';
import type { Api } from '../../src/api/types.js';
import type { PageBody } from '../../src/api/validate.js';
import { fastDeps, type Handler, silentLogger, startServer, type TestServer, testConfig } from './helpers.js';

let server: TestServer;
const apis: Api[] = [];

beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await Promise.all(apis.splice(0).map((api) => api.close()));
  await server.close();
});

function api(): Api {
  const created = createApi(testConfig(server.baseUrl, { API_RETRIES: 0 }), silentLogger, fastDeps);
  apis.push(created);
  return created;
}

const records = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `L${i + 1}`, serverId: 's1' }));

/** A list endpoint over `items` that answers `size` per page whatever it is asked (or as asked). */
function listOf(items: readonly object[], size?: number): Handler {
  return (request) => {
    if (!request.path.endsWith('/loas')) return { status: 404, body: { error: 'not here' } };
    const page = Number(request.query.get('page'));
    const pageSize = size ?? Number(request.query.get('limit'));
    const start = (page - 1) * pageSize;
    return {
      body: {
        data: items.slice(start, start + pageSize),
        page,
        pageSize,
        total: items.length,
        totalPages: Math.ceil(items.length / pageSize),
      },
    };
  };
}

const ids = (page: { data: { data: Array<{ id?: string }> } }) => page.data.data.map((item) => item.id);

describe('view pages from the largest API page', () => {
  it('serves ten view pages of 10 with one request, and the eleventh with a second', async () => {
    server.handle(listOf(records(250)));
    const a = api();
    for (let page = 1; page <= 10; page++) {
      const view = await a.resources.listLoas({ page, limit: 10 });
      expect(ids(view)).toEqual(
        records(250)
          .slice((page - 1) * 10, page * 10)
          .map((r) => r.id),
      );
      expect(view.data).toMatchObject({ page, pageSize: 10, total: 250, totalPages: 25 });
    }
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.query.get('limit')).toBe(String(API_PAGE_SIZE));
    expect(server.requests[0]?.query.get('pageSize')).toBe(String(API_PAGE_SIZE));
    await a.resources.listLoas({ page: 11, limit: 10 });
    expect(server.requests.map((r) => r.query.get('page'))).toEqual(['1', '2']);
  });

  it('pages by the size the API echoes: an API answering 50 a page leaves no record unreachable', async () => {
    const all = records(120);
    server.handle(listOf(all, 50));
    const a = api();
    const seen: Array<string | undefined> = [];
    for (let page = 1; page <= 12; page++) seen.push(...ids(await a.resources.listLoas({ page, limit: 10 })));
    expect(seen).toEqual(all.map((r) => r.id));
    // Page 1 of 50, then (once the size is known) pages 2 and 3: no page read twice.
    expect(server.requests.map((r) => r.query.get('page'))).toEqual(['1', '2', '3']);
  });

  it('reads both API pages when a view page straddles them (an API answering 25 a page)', async () => {
    const all = records(60);
    server.handle(listOf(all, 25));
    const a = api();
    await a.resources.listLoas({ page: 1, limit: 10 }); // learns the size
    const view = await a.resources.listLoas({ page: 3, limit: 10 }); // items 20-29: pages 1 and 2
    expect(ids(view)).toEqual(all.slice(20, 30).map((r) => r.id));
    expect(view.data).toMatchObject({ page: 3, total: 60, totalPages: 6 });
  });
});

describe('records opened from the list page that holds them', () => {
  it('needs no request for a listed record, with the list’s age', async () => {
    server.handle((request, n) =>
      request.path.endsWith('/loas') ? listOf(records(30))(request, n) : { body: { id: 'fresh' } },
    );
    const a = api();
    const listed = await a.resources.listLoas({ page: 1, limit: 10 });
    const opened = await a.resources.getLoa('L25'); // on the API page, though not on the view page
    expect(opened).toMatchObject({ data: { id: 'L25' }, fromCache: true, fetchedAt: listed.fetchedAt });
    expect(server.requests).toHaveLength(1);
    await a.resources.getLoa('L99'); // not listed: read
    expect(server.requests.map((r) => r.path)).toEqual(['/server/loas', '/server/loas/L99']);
  });
});

describe('page maths', () => {
  const body = (all: readonly { id: string }[], page: number, size: number): PageBody => ({
    data: all.slice((page - 1) * size, page * size),
    page,
    pageSize: size,
    total: all.length,
    totalPages: Math.ceil(all.length / size),
  });

  it('any view page equals the same slice of the whole list, whatever the API page size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 80 }),
        (length, size, limit, page) => {
          const all = Array.from({ length }, (_, i) => ({ id: `r${i}` }));
          const pages = apiPagesFor({ page, limit }, size);
          const view = viewPageOf(
            { page, limit },
            pages.map((p) => body(all, p, size)),
          );
          expect(view.data).toEqual(all.slice((page - 1) * limit, page * limit));
          expect(view.total).toBe(length);
          expect(view.totalPages).toBe(Math.max(1, Math.ceil(length / limit)));
          expect(pages.length).toBeLessThanOrEqual(Math.ceil(limit / size) + 1);
        },
      ),
    );
  });
});
