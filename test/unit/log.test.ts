import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';

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
