import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig, SECRET_SETTINGS, secretValues } from '../../src/base/config.js';
import { createLogger, redactUrlCredentials } from '../../src/base/log.js';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'debug', format: 'json', destination }) };
}

describe('logger redaction', () => {
  it('censors tokens and Authorization headers wherever they appear in logged objects', () => {
    const { lines, logger } = capture();
    const secret = 'super-secret-token-value';
    logger.info({ token: secret, headers: { Authorization: `Bearer ${secret}` } }, 'a');
    logger.info({ request: { headers: { authorization: `Bearer ${secret}` } } }, 'b');
    logger.info({ config: { API_TOKEN: secret, DISCORD_TOKEN: secret } }, 'c');
    logger.info({ API_TOKEN: secret, apiToken: secret }, 'd');
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).not.toContain(secret);
      expect(line).toContain('[REDACTED]');
    }
  });
});

describe('every setting logged', () => {
  it('shows none of the secret values, whatever way the settings are logged', () => {
    const key = Buffer.alloc(32, 0x5a);
    const loaded = loadConfig({
      DISCORD_TOKEN: 'discord-token-value',
      DISCORD_APPLICATION_ID: '123456789012345678',
      DISCORD_GUILD_ID: '223456789012345678',
      API_BASE_URL: 'https://api.example.test/api/v1/',
      API_TOKEN: 'api-token-value',
      ROLLCALL_SECRET_KEY: key.toString('base64'),
      ROLLCALL_SECRET_KEY_PREVIOUS: Buffer.alloc(32, 0x3c).toString('hex'),
      DATABASE_URL: 'postgres://rollcall@db.internal/rollcall',
      DATABASE_PASSWORD: 'database-password-value',
      CACHE_URL: 'redis://:cache-password-value@cache.internal:6379',
    });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const config: Record<string, unknown> = loaded.config;
    // Every secret setting is set, so the check covers each of them.
    for (const name of SECRET_SETTINGS) expect(config[name], name).toBeDefined();
    const { lines, logger } = capture();
    logger.info(config, 'the settings, spread');
    logger.info({ config }, 'the settings, as a field');
    for (const [name, value] of Object.entries(config)) {
      logger.info({ [name]: value }, `one setting: ${name}`);
      logger.info({ settings: { [name]: value } }, `one setting, nested: ${name}`);
    }
    const text = lines.join('\n');
    const secrets = [...secretValues(config), 'database-password-value'];
    expect(secrets).toEqual(
      expect.arrayContaining(['discord-token-value', 'api-token-value', 'cache-password-value']),
    );
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    // The key's bytes, as pino writes a Buffer, are not there either.
    expect(text).not.toContain(JSON.stringify([...key]).slice(1, -1));
    // What is not secret is still logged.
    expect(text).toContain('api.example.test');
  });
});

describe('URL credentials', () => {
  it('never reach a log line: message, string field, nested error message and stack', () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      format: 'json',
      destination: { write: (l: string) => void lines.push(l) },
    });
    const url = 'redis://rollcall:hunter2secret@cache.internal:6379/0';
    const error = new Error(`connect ECONNREFUSED ${url}`);
    logger.warn(
      { url, nested: { target: `https://user:pw-hunter2@api.test/api/v1/server/loas` }, err: error },
      `cache at ${url} failed`,
    );
    const text = lines.join('\n');
    expect(text).not.toContain('hunter2');
    expect(text).toContain('redis://[REDACTED]@cache.internal:6379/0');
    expect(text).toContain('https://[REDACTED]@api.test/api/v1/server/loas');
  });

  it('leaves URLs without credentials and e-mail-like text alone', () => {
    expect(redactUrlCredentials('see https://api.test/api/v1 and mod@example.test')).toBe(
      'see https://api.test/api/v1 and mod@example.test',
    );
  });

  it.each([
    [
      'an @ in the password',
      'redis://rollcall:p@ss@word@cache.internal:6379',
      'redis://[REDACTED]@cache.internal:6379',
    ],
    [
      'a quote in the password',
      'redis://:pa"ss\'wd@cache.internal:6379',
      'redis://[REDACTED]@cache.internal:6379',
    ],
    [
      'a backslash in the password',
      'redis://:pa\\ss@cache.internal:6379',
      'redis://[REDACTED]@cache.internal:6379',
    ],
    ['no user name', 'rediss://:hunter2@cache.internal', 'rediss://[REDACTED]@cache.internal'],
  ])('scrubs a URL with %s, in plain text', (_what, url, scrubbed) => {
    expect(redactUrlCredentials(`could not reach ${url} (ECONNREFUSED)`)).toBe(
      `could not reach ${scrubbed} (ECONNREFUSED)`,
    );
  });

  it.each([
    ['@', 'p@ss@word'],
    ['"', 'pa"ss"wd'],
    ['\\', 'pa\\ss\\wd'],
    ["'", "pa'ss"],
  ])('scrubs a password holding %s from a JSON log line (message, field, error)', (_what, password) => {
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      format: 'json',
      destination: { write: (l: string) => void lines.push(l) },
    });
    const url = `redis://rollcall:${password}@cache.internal:6379`;
    logger.warn({ url, other: 'mod@example.test', err: new Error(`connect to ${url} failed`) }, `at ${url}`);
    const line = lines.join('');
    const record = JSON.parse(line) as { url: string; other: string; msg: string; err: { message: string } };
    expect(record.url).toBe('redis://[REDACTED]@cache.internal:6379');
    expect(record.msg).toBe('at redis://[REDACTED]@cache.internal:6379');
    expect(record.err.message).toBe('connect to redis://[REDACTED]@cache.internal:6379 failed');
    expect(record.other).toBe('mod@example.test'); // no field swallowed
    expect(line).not.toContain(password.slice(2));
  });

  it('does not run from one JSON field into the next', () => {
    const line = JSON.stringify({ a: 'redis://cache.internal:6379', b: 'x@y' });
    expect(redactUrlCredentials(line)).toBe(line);
  });

  it('never reach pretty output either (fields and errors included)', () => {
    const script = `
      import { createLogger } from './src/base/log.ts';
      const url = 'redis://rollcall:pretty-p@ss"wd@cache.internal:6379';
      createLogger({ level: 'info', format: 'pretty' })
        .warn({ url, err: new Error('connect to ' + url + ' failed') }, 'cache at ' + url);
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { PATH: process.env.PATH, NO_COLOR: '1' },
      encoding: 'utf8',
    });
    expect(out).toContain('cache at redis://[REDACTED]@cache.internal:6379');
    expect(out).toContain('connect to redis://[REDACTED]@cache.internal:6379 failed');
    expect(out).not.toContain('pretty-p');
    expect(out).not.toContain('ss"wd');
  }, 20_000);
});
