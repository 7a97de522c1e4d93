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
];

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
    return pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true } } });
  }
  return options.destination ? pino(base, options.destination) : pino(base);
}
