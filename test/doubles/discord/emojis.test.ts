/** The double's application emojis answer as Discord does: the list, a create's rules and refusals. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordDouble, startDiscordDouble } from './double.js';

let double: DiscordDouble;
beforeAll(async () => {
  double = await startDiscordDouble({ emojiLimit: 2 });
});
afterAll(async () => {
  await double.close();
});

// biome-ignore lint/suspicious/noExplicitAny: a JSON answer read by path
type Loose = any;
const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 1).toString('base64')}`;
async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${double.restUrl}/v10${path}`, {
    method,
    headers: { authorization: 'Bot t', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: res.status,
    body: res.status === 204 ? null : ((await res.json()) as Loose),
  };
}

describe('application emojis', () => {
  it('lists as { items }, creates by name, refuses bad names, duplicates, large images and the limit', async () => {
    const path = `/applications/${double.applicationId}/emojis`;
    expect(await call('GET', path)).toEqual({ status: 200, body: { items: [] } });
    const made = await call('POST', path, { name: 'rc_pass', image: png(100) });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'rc_pass',
      require_colons: true,
      managed: false,
      animated: false,
    });
    expect((await call('GET', path)).body?.items).toHaveLength(1);
    const bad = await call('POST', path, { name: 'a', image: png(10) });
    expect(bad.body).toMatchObject({
      code: 50035,
      errors: { name: { _errors: [{ code: 'STRING_TYPE_REGEX' }] } },
    });
    const taken = await call('POST', path, { name: 'rc_pass', image: png(10) });
    expect(taken.body?.errors?.name?._errors?.[0]?.code).toBe('APPLICATION_EMOJI_NAME_ALREADY_TAKEN');
    const large = await call('POST', path, { name: 'rc_big', image: png(256 * 1024 + 1) });
    expect(large.body?.errors?.image?._errors?.[0]?.code).toBe('BINARY_TYPE_MAX_SIZE');
    expect((await call('POST', path, { name: 'rc_two', image: png(10) })).status).toBe(201);
    expect(await call('POST', path, { name: 'rc_three', image: png(10) })).toMatchObject({
      status: 400,
      body: { code: 30008 },
    });
    expect(await call('GET', '/applications/123456789012345678/emojis')).toMatchObject({
      status: 403,
      body: { code: 50001 },
    });
  });
});
