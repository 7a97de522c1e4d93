import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import { SECRET_SETTINGS } from './config.js';

export type { Logger };

/** Fields that carry a credential whatever object they are in (a request's header, a client's token). */
const SECRET_FIELDS = [
  'token',
  'authorization',
  'Authorization',
  'headers.authorization',
  'headers.Authorization',
  'apiToken',
];

/**
 * Paths pino censors wherever they appear in a logged object (case-sensitive), at the top or one
 * level down (`{ config }`): the secret fields and every secret setting, from the settings' own list.
 */
const REDACT_PATHS = [...SECRET_FIELDS, ...SECRET_SETTINGS].flatMap((path) => [path, `*.${path}`]);

/**
 * `scheme://userinfo@` in any text: the credentials part of a URL. The user info runs to the last `@`
 * before the host (a password may hold `@`); it may hold quotes and backslashes, written raw or
 * escaped as in a JSON string (`\"`, `\\`), but it never crosses whitespace, `/`, `?`, `#`, or a raw
 * quote that ends a JSON string (one with no `@` after it before the next quote).
 */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/?#"\\]|\\.|"(?=[^\s/?#"]*@))*@/gi;

/** `text` with every URL's user name and password replaced (redis://:secret@host → redis://[REDACTED]@host). */
export function redactUrlCredentials(text: string): string {
  return text.replace(URL_CREDENTIALS, '$1[REDACTED]@');
}

interface LogOptions {
  level: string;
  format: 'json' | 'pretty';
  destination?: pino.DestinationStream;
}

export function createLogger(options: LogOptions): Logger {
  const base: pino.LoggerOptions = {
    name: 'rollcall',
    level: options.level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
  };
  // Every line is scrubbed of URL credentials as it is written, whatever field or error carried them;
  // pretty output is made from the scrubbed line, in this process.
  const out = options.destination ?? (options.format === 'pretty' ? prettyStdout() : pino.destination(1));
  return pino(base, { write: (line: string) => out.write(redactUrlCredentials(line)) });
}

/** pino-pretty writing to stdout (a development dependency: plain JSON when it is not installed). */
function prettyStdout(): pino.DestinationStream {
  try {
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
    return pretty({ colorize: true, destination: 1, sync: true });
  } catch {
    return pino.destination(1);
  }
}
