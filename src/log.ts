import pino, { type Logger } from 'pino';

export type { Logger };

/** Paths pino censors wherever they appear in a logged object (case-sensitive). */
export const REDACT_PATHS = [
  'token',
  '*.token',
  'authorization',
  'Authorization',
  '*.authorization',
  '*.Authorization',
  'headers.authorization',
  'headers.Authorization',
  '*.headers.authorization',
  '*.headers.Authorization',
  'DISCORD_TOKEN',
  'API_TOKEN',
  '*.DISCORD_TOKEN',
  '*.API_TOKEN',
  'apiToken',
  '*.apiToken',
  'ROLLCALL_SECRET_KEY',
  '*.ROLLCALL_SECRET_KEY',
  'ROLLCALL_SECRET_KEY_PREVIOUS',
  '*.ROLLCALL_SECRET_KEY_PREVIOUS',
];

/** `scheme://user:password@` in any text: the credentials part of a URL. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"']+@/gi;

/** `text` with every URL's user name and password replaced (redis://:secret@host → redis://[REDACTED]@host). */
export function redactUrlCredentials(text: string): string {
  return text.replace(URL_CREDENTIALS, '$1[REDACTED]@');
}

export interface LogOptions {
  level: string;
  format: 'json' | 'pretty';
  /** Where to write; defaults to stdout. Tests pass a stream to inspect lines. */
  destination?: pino.DestinationStream;
}

export function createLogger(options: LogOptions): Logger {
  const base: pino.LoggerOptions = {
    name: 'rollcall',
    level: options.level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
  };
  if (options.format === 'pretty' && !options.destination) {
    return pino({
      ...base,
      // The pretty transport runs in a worker: scrub the message text before it leaves.
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((a) => (typeof a === 'string' ? redactUrlCredentials(a) : a)) as Parameters<
              typeof method
            >,
          );
        },
      },
      transport: { target: 'pino-pretty', options: { colorize: true } },
    });
  }
  // Every line is scrubbed of URL credentials as it is written, whatever field or error carried them.
  const out = options.destination ?? pino.destination(1);
  return pino(base, { write: (line: string) => out.write(redactUrlCredentials(line)) });
}
