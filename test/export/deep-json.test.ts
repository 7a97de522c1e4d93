/**
 * An API answer nested 200,000 levels deep (a few hundred KB, far under API_MAX_RESPONSE_BYTES) is
 * an answer Rollcall cannot read: the "malformed answer" sentence, for a list and for "Export CSV"
 * of a 2-row list (which once said the list was too large). The real bot against the sandbox's
 * 'deep' fault and the Discord double; nothing saved to fall back on (no freshness, no stale copies).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '../../src/api/errors.js';
import { MAX_JSON_DEPTH, parseItemBody, parsePageBody } from '../../src/api/validate.js';
import { MESSAGES } from '../../src/discord/replies.js';
import { generateDataset } from '../doubles/sandbox/data.js';
import { control, startWorld, type World } from '../e2e/world.js';

let world: World;

beforeAll(async () => {
  world = await startWorld({
    sandbox: { dataset: generateDataset({ seed: 5, shifts: 2, loas: 2, members: 4, roles: 2 }) },
    env: { CACHE_TTL_LIST_SECONDS: '0', CACHE_STALE_SECONDS: '0', API_RETRIES: '0' },
  });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

async function shiftList() {
  return (await world.double.slash(world.mod, 'shift', { subcommand: 'list' })).response();
}

describe('an answer nested 200,000 deep', () => {
  it('is a malformed answer for a list', async () => {
    world.sandbox.failNext(1, 'deep');
    const answer = await shiftList();
    expect(answer.message?.content).toBe(MESSAGES.malformed);
    expect(world.sandbox.requests.at(-1)?.fault).toBe('deep');
  });

  it('is a malformed answer for "Export CSV" of a 2-row list, not "too large"', async () => {
    const shown = await shiftList();
    const message = shown.message;
    if (!message) throw new Error('no list');
    world.sandbox.failNext(1, 'deep');
    const exported = await (
      await world.double.click(world.mod, message, control(message, '📄 Export CSV'))
    ).response({ timeoutMs: 30_000 });
    expect(world.sandbox.requests.at(-1)?.fault).toBe('deep');
    expect(exported.message?.content).toBe(MESSAGES.malformed);
    // The same list exports once the API answers normally.
    const again = await (
      await world.double.click(world.mod, message, control(message, '📄 Export CSV'))
    ).response({ timeoutMs: 30_000 });
    expect(again.message?.content).toMatch(/^Exported 2 rows in 1 CSV file/);
  });

  it('is refused by the reads before parsing, one level past MAX_JSON_DEPTH', async () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    // The envelope, its data and the item are three levels: the field may nest MAX_JSON_DEPTH - 3 more.
    const page = (levels: number) => `{"data":[{"id":"a","x":${nested(levels)}}]}`;
    expect(parsePageBody(page(MAX_JSON_DEPTH - 3), { page: 1, limit: 100 }).data).toHaveLength(1);
    for (const read of [
      () => parsePageBody(page(MAX_JSON_DEPTH - 2), { page: 1, limit: 100 }),
      () => parseItemBody(`{"id":"a","x":${nested(MAX_JSON_DEPTH)}}`),
    ]) {
      const error = (() => {
        try {
          read();
        } catch (caught) {
          return caught;
        }
      })();
      expect(isApiError(error) && error.kind).toBe('malformed');
    }
    // Brackets inside strings (escaped quotes too) are text, not nesting.
    const text = '['.repeat(500);
    expect(parseItemBody(JSON.stringify({ id: 'a', text: `"\\${text}` })).text).toBe(`"\\${text}`);
  });
});
