/**
 * "Export CSV" end to end: the real bot (discord.js, HTTP client, cache, limits) against the sandbox
 * API and the Discord double, which takes the file as a multipart upload like Discord does.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMonthStart } from '../../src/base/limits-spec.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { ENGLISH } from '../../src/i18n/words.js';
import type { InteractionHandle } from '../doubles/discord/handle.js';
import { UPLOAD_LIMIT } from '../doubles/discord/payloads.js';
import { generateDataset } from '../doubles/sandbox/data.js';
import { control, startWorld, type World } from '../e2e/world.js';

type Message = NonNullable<Awaited<ReturnType<InteractionHandle['response']>>['message']>;

/** Every CSV file the bot uploaded while answering `handle`, parsed (header row first). */
function uploaded(handle: InteractionHandle): { name: string; rows: string[][]; bytes: Buffer }[] {
  return handle.calls.flatMap((call) =>
    call.files.map((file) => ({
      name: file.filename,
      bytes: file.data,
      rows: parse(file.data.toString('utf8'), { bom: true }) as string[][],
    })),
  );
}

async function list(world: World, name: string, subcommand: string, options: Record<string, unknown> = {}) {
  const answer = await (
    await world.double.slash(world.mod, name, { subcommand, options: options as never })
  ).response();
  if (!answer.message) throw new Error('no list message');
  return answer.message as Message;
}

describe('Export CSV on a paid tier (no monthly allowance)', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('sends every row of a 3,000-row list, privately, reusing the page already read, and counts its requests', async () => {
    const shifts = world.sandbox.dataset.shifts;
    const message = await list(world, 'shift', 'list');
    world.sandbox.resetLog();
    const handle = await world.double.click(world.mod, message, control(message, '📄 Export CSV'));
    const answer = await handle.response({ timeoutMs: 30_000 });
    expect(answer.ephemeral).toBe(true);
    const pages = Math.ceil(shifts.length / 100);
    // Page 1 was saved when the list was shown; every other page is one request of 100.
    const reads = world.sandbox.requests.filter((r) => r.operationId === 'listShifts');
    expect(reads).toHaveLength(pages - 1);
    expect(reads.every((r) => r.query.limit === '100' || r.query.pageSize === '100')).toBe(true);
    expect(answer.message?.content).toMatch(
      new RegExp(
        `^Exported ${shifts.length.toLocaleString('en-US')} rows in 1 CSV file; it took ${pages - 1} requests to the community server API \\(data as of <t:\\d+:R>\\)\\.$`,
      ),
    );
    expect(answer.message?.allowed_mentions).toEqual({
      parse: [],
      users: [],
      roles: [],
      replied_user: false,
    });
    const files = uploaded(handle);
    expect(files.map((f) => f.name)).toEqual(['rollcall-shift-all.csv']);
    expect(answer.message?.attachments.map((a) => a.filename)).toEqual(['rollcall-shift-all.csv']);
    const [header, ...rows] = files[0]!.rows;
    expect(header).toContain('id');
    expect(header).toContain('createdAt');
    const id = header!.indexOf('id');
    expect(new Set(rows.map((r) => r[id]))).toEqual(new Set(shifts.map((s) => s.id)));
    expect(rows).toHaveLength(shifts.length);
    // Times as ISO 8601 UTC, as the API's Unix seconds say.
    const created = header!.indexOf('createdAt');
    const byId = new Map(shifts.map((s) => [s.id, s]));
    const sample = rows.find((r) => (byId.get(r[id]!)?.createdAt ?? 0) > 0)!;
    expect(sample[created]).toBe(
      new Date(byId.get(sample[id]!)!.createdAt! * 1000).toISOString().replace('.000Z', 'Z'),
    );
  }, 60_000);

  it('a second export of the same list is served from saved pages: no request', async () => {
    const message = await list(world, 'shift', 'list');
    world.sandbox.resetLog();
    const handle = await world.double.click(world.mod, message, control(message, '📄 Export CSV'));
    const answer = await handle.response({ timeoutMs: 30_000 });
    expect(answer.message?.content).toMatch(/it took 0 requests to the community server API/);
    expect(world.sandbox.requests).toEqual([]);
    expect(uploaded(handle)[0]?.rows.length).toBe(world.sandbox.dataset.shifts.length + 1);
  }, 60_000);

  it("another moderator's click is refused privately, and nothing is read or uploaded", async () => {
    const message = await list(world, 'audit-log', 'list', { public: true });
    const other = world.double.user({ username: 'other-mod', roles: ['Moderator'] });
    world.sandbox.resetLog();
    const handle = await world.double.click(other, message, control(message, '📄 Export CSV'));
    const answer = await handle.response();
    expect(answer.ephemeral).toBe(true);
    expect(answer.message?.content).toBe(MESSAGES.notYours);
    expect(world.sandbox.requests).toEqual([]);
    expect(uploaded(handle)).toEqual([]);
  });

  it("the audit log exports its entries' own columns, every entry once", async () => {
    const entries = world.sandbox.dataset.auditLogs;
    const message = await list(world, 'audit-log', 'list');
    const handle = await world.double.click(world.mod, message, control(message, '📄 Export CSV'));
    await handle.response({ timeoutMs: 30_000 });
    const [header, ...rows] = uploaded(handle)[0]!.rows;
    expect(header).toEqual(['id', 'type', 'timestamp', 'userId', 'applicationId', 'description']);
    expect(rows.map((r) => r[0])).toEqual(entries.map((e) => e.id));
    const first = entries[0]!;
    expect(rows[0]).toEqual([
      first.id,
      String(first.type),
      new Date(first.timestamp! * 1000).toISOString().replace('.000Z', 'Z'),
      first.userId ?? '',
      first.applicationId ?? '',
      first.description === undefined ? '' : JSON.stringify(first.description),
    ]);
  }, 60_000);

  it('a list posted publicly still exports privately', async () => {
    const message = await list(world, 'role', 'list', { public: true });
    const handle = await world.double.click(world.mod, message, control(message, '📄 Export CSV'));
    const answer = await handle.response();
    expect(answer.ephemeral).toBe(true);
    const rows = uploaded(handle)[0]?.rows ?? [];
    expect(rows.length).toBe(world.sandbox.dataset.roles.length + 1);
  });
});

describe('Export CSV and the monthly allowance', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ env: { API_LIMITS: '10/month,1000/1s' } });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('a list whose unsaved pages would eat into the reserve is refused with the count and the date; nothing is spent', async () => {
    const message = await list(world, 'shift', 'list'); // 1 of the 10 requests
    world.sandbox.resetLog();
    const handle = await world.double.click(world.mod, message, control(message, '📄 Export CSV'));
    const answer = await handle.response();
    const pages = Math.ceil(world.sandbox.dataset.shifts.length / 100);
    // 9 left, 2 kept in reserve (20% of 10): 7 may be spent; the other 29 pages are not saved.
    expect(answer.message?.content).toBe(
      ENGLISH.export.needs(pages - 1, 7, Math.floor(nextMonthStart(Date.now()) / 1000)),
    );
    expect(answer.ephemeral).toBe(true);
    expect(world.sandbox.requests).toEqual([]);
    expect(uploaded(handle)).toEqual([]);
  });

  it('a list that fits what may be spent is exported, its requests counted', async () => {
    const message = await list(world, 'role', 'list'); // 20 roles: one page
    world.sandbox.resetLog();
    const handle = await world.double.click(world.mod, message, control(message, '📄 Export CSV'));
    const answer = await handle.response();
    expect(answer.message?.content).toMatch(/^Exported 20 rows in 1 CSV file; it took 0 requests/);
    expect(world.sandbox.requests).toEqual([]);
    expect(uploaded(handle)[0]?.rows.length).toBe(21);
  });
});

describe('Export CSV: two exports at once share the allowance', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({
      env: { API_LIMITS: '50/month,1000/1s' },
      sandbox: { dataset: generateDataset({ shifts: 3_000, loas: 3_000 }) },
    });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('the second export started while the first runs is refused when both would eat into the reserve', async () => {
    const shifts = await list(world, 'shift', 'list'); // 1 of the 50 requests
    const loas = await list(world, 'loa', 'list'); // 2 of 50: 48 left, 10 kept: 38 may be spent
    world.sandbox.resetLog();
    // Each needs 29 unsaved pages: either fits alone, both together do not.
    const first = await world.double.click(world.mod, shifts, control(shifts, '📄 Export CSV'));
    const second = await world.double.click(world.mod, loas, control(loas, '📄 Export CSV'));
    const answers = await Promise.all([
      first.response({ timeoutMs: 30_000 }),
      second.response({ timeoutMs: 30_000 }),
    ]);
    const contents = answers.map((a) => a.message?.content ?? '');
    expect(contents.filter((c) => c.startsWith('Exported '))).toHaveLength(1);
    expect(
      contents.filter((c) => c.startsWith('Exporting this whole list needs 29 more requests')),
    ).toHaveLength(1);
    // Nothing was read beyond what could be spared: the reserve is still there.
    expect(world.sandbox.requests.length).toBeLessThanOrEqual(38);
  }, 60_000);
});

describe('Export CSV under a small upload limit', () => {
  let world: World;
  const limit = 256 * 1024;
  beforeAll(async () => {
    // 60 ms a request: the 29 pages take longer than the answer window, so the answer is deferred.
    world = await startWorld({
      double: { uploadLimit: limit },
      sandbox: { latency: { minMs: 60, maxMs: 60 } },
    });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('splits the list into files within the limit, each with the header, sent privately one per message (deferred)', async () => {
    const shifts = world.sandbox.dataset.shifts;
    const message = await list(world, 'shift', 'list');
    const handle = await world.double.click(world.mod, message, control(message, '📄 Export CSV'));
    const answer = await handle.response({ timeoutMs: 30_000 });
    expect(answer.kind).toBe('deferred-reply');
    expect(answer.ephemeral).toBe(true);
    const count = Number(/ in (\d+) CSV files;/.exec(answer.message?.content ?? '')?.[1]);
    expect(count).toBeGreaterThan(2);
    // The defer, the edit carrying the first file, then one follow-up per further file.
    await handle.callsSettled(count + 1);
    const files = uploaded(handle);
    expect(files).toHaveLength(count);
    expect(answer.message?.content).toMatch(
      new RegExp(`^Exported ${shifts.length.toLocaleString('en-US')} rows in ${files.length} CSV files;`),
    );
    expect(files.map((f) => f.name)).toEqual(
      files.map((_, i) => `rollcall-shift-all-part${i + 1}of${files.length}.csv`),
    );
    for (const f of files) {
      expect(f.bytes.length).toBeLessThanOrEqual(limit);
      expect(f.rows[0]).toEqual(files[0]!.rows[0]);
    }
    const id = files[0]!.rows[0]!.indexOf('id');
    const ids = files.flatMap((f) => f.rows.slice(1).map((r) => r[id]));
    expect(ids).toHaveLength(shifts.length);
    expect(new Set(ids)).toEqual(new Set(shifts.map((s) => s.id)));
    // One message per file, every one of them seen by the moderator alone.
    const sent = world.double.messages().filter((m) => m.interactionId === handle.id);
    expect(sent).toHaveLength(files.length);
    expect(sent.every((m) => m.visibleTo === world.mod.id)).toBe(true);
  }, 60_000);

  it('a read failing after the answer was deferred turns the private "thinking" reply into one sentence', async () => {
    const message = await list(world, 'audit-log', 'list');
    const handle = await world.double.click(world.mod, message, control(message, '📄 Export CSV'));
    await handle.acknowledged(); // deferred: the 39 pages to read take longer than the answer window
    world.sandbox.failNext(1, 'wrong-shape');
    const answer = await handle.response({ timeoutMs: 30_000 });
    expect(answer.kind).toBe('deferred-reply');
    expect(answer.ephemeral).toBe(true);
    expect(answer.message?.content).toBe(MESSAGES.malformed);
    expect(uploaded(handle)).toEqual([]);
    // One message, the sentence: no "thinking" reply left behind.
    const left = world.double.messages().filter((m) => m.interactionId === handle.id && !m.deleted);
    expect(left.map((m) => [m.message.content, m.message.flags ?? 0])).toEqual([[MESSAGES.malformed, 64]]);
  }, 60_000);
});

describe('Export CSV of hostile text', () => {
  let world: World;
  let username: string;
  beforeAll(async () => {
    const dataset = generateDataset();
    username = dataset.samples.busyUsernames[0]!;
    const [a, b, c] = dataset.logsByUsername.get(username)!;
    a!.text = '=HYPERLINK("http://evil.example","click")';
    a!.description = 'Élodie: line one\r\nline two, with "quotes"';
    b!.text = '+1+1';
    b!.description = '@SUM(A1:A9)';
    c!.text = '-2';
    c!.description = '\tindented';
    world = await startWorld({ sandbox: { dataset } });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('every formula-looking cell comes back prefixed with a quote, accents and line breaks intact', async () => {
    const message = await list(world, 'log', 'user', { username });
    const handle = await world.double.click(world.mod, message, control(message, '📄 Export CSV'));
    await handle.response();
    const file = uploaded(handle)[0]!;
    expect(file.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = file.rows;
    const col = (name: string) => header!.indexOf(name);
    const byText = new Map(rows.map((r) => [r[col('text')], r]));
    const evil = byText.get(`'=HYPERLINK("http://evil.example","click")`)!;
    expect(evil[col('username')]).toBe(username);
    expect(evil[col('description')]).toBe('Élodie: line one\r\nline two, with "quotes"');
    expect(byText.get("'+1+1")?.[col('description')]).toBe("'@SUM(A1:A9)");
    expect(byText.get("'-2")?.[col('description')]).toBe("'\tindented");
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('Export CSV under a short limit', () => {
  let world: World;
  beforeAll(async () => {
    // 20 requests a second, kept by the bot and enforced by the API; callers do not queue at all, so
    // every page past the bucket is 'busy' and the export waits its turn.
    world = await startWorld({
      env: { API_LIMITS: '20/1s', API_QUEUE_MAX_WAIT_MS: '0' },
      sandbox: { rateLimit: { requests: 20, windowSeconds: 1 } },
    });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('waits for the limit page by page and still sends every row, with no 429 from the API', async () => {
    const shifts = world.sandbox.dataset.shifts;
    const message = await list(world, 'shift', 'list');
    world.sandbox.resetLog();
    const handle = await world.double.click(world.mod, message, control(message, '📄 Export CSV'));
    const answer = await handle.response({ timeoutMs: 60_000 });
    expect(answer.message?.content).toMatch(/^Exported 3,000 rows in 1 CSV file; it took 29 requests/);
    expect(uploaded(handle)[0]?.rows.length).toBe(shifts.length + 1);
    expect(world.sandbox.requests.map((r) => r.status)).toEqual(Array(29).fill(200));
  }, 90_000);
});

describe('Export CSV of a list longer than an export reads', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ sandbox: { dataset: generateDataset({ shifts: 10_050 }) } });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('sends the first 10,000 rows in one file within the limit and says the list was longer', async () => {
    const shifts = world.sandbox.dataset.shifts;
    expect(shifts.length).toBe(10_050);
    const message = await list(world, 'shift', 'list');
    world.sandbox.resetLog();
    const handle = await world.double.click(world.mod, message, control(message, '📄 Export CSV'));
    const answer = await handle.response({ timeoutMs: 60_000 });
    expect(answer.message?.content).toMatch(
      /^Exported 10,000 rows in 1 CSV file; it took 99 requests to the community server API \(data as of <t:\d+:R>\)\. Only the first 10,000 of 10,050 rows: an export reads at most that many\.$/,
    );
    const [file] = uploaded(handle);
    expect(file!.bytes.length).toBeLessThanOrEqual(UPLOAD_LIMIT);
    const id = file!.rows[0]!.indexOf('id');
    expect(file!.rows.slice(1).map((r) => r[id])).toEqual(shifts.slice(0, 10_000).map((s) => s.id));
    expect(world.sandbox.requests).toHaveLength(99);
  }, 90_000);
});
