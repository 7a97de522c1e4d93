import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrlCredentials } from '../../src/log.js';

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
});
