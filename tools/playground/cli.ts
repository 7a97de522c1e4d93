/**
 * `npm run playground` (`npx tsx tools/playground/cli.ts`): the real bot between the sandbox API and
 * the Discord double, shown in the browser as Discord would show it. Serves http://127.0.0.1:PORT/
 * (PLAYGROUND_PORT or --port, default 5180; 0 picks a free port). The bot's logs go to a file
 * (LOG_LEVEL, default warn; PLAYGROUND_LOG_FILE, default rollcall-playground.log in the temp directory,
 * `-` for stderr). --seed N picks the sandbox's dataset. API_LIMITS and REPORTS_QUOTAS are the bot's
 * (tools/try/offline.ts). --hosted runs the bot in hosted mode with the sandbox's community linked
 * (hosted.ts): /rollcall-admin and its settings forms, which one community's mode does not have.
 */
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { passedSettings } from '../try/offline.js';
import { DEFAULT_PORT, startPlayground } from './server.js';

const USAGE = `Usage: npm run playground [-- --port N] [-- --seed N] [-- --hosted]
  --hosted: hosted mode, one community linked (/rollcall-admin, its settings forms)
Environment: PLAYGROUND_PORT (default ${DEFAULT_PORT}), LOG_LEVEL (default warn),
  PLAYGROUND_LOG_FILE (default ${join(tmpdir(), 'rollcall-playground.log')}; - for stderr),
  API_LIMITS (default 1000/1s: no month; e.g. 100/month,30/1m, also kept by the sandbox API),
  REPORTS_QUOTAS (default: the sandbox's sample quotas)`;

function portOf(raw: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535) throw new Error(`the port must be 0 to 65535, got "${raw}"`);
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      hosted: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = portOf(values.port ?? process.env.PLAYGROUND_PORT ?? String(DEFAULT_PORT));
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error('--seed takes a whole number');
  const level = process.env.LOG_LEVEL || 'warn';
  const target = process.env.PLAYGROUND_LOG_FILE || join(tmpdir(), 'rollcall-playground.log');
  const logFile = target === '-' ? null : createWriteStream(target, { flags: 'w' });
  const playground = await startPlayground({
    port,
    hosted: values.hosted === true,
    world: {
      env: { LOG_LEVEL: level, ...passedSettings(process.env) },
      logDestination: logFile ?? process.stderr,
      ...(seed === undefined ? {} : { sandbox: { seed } }),
    },
  });
  console.log(`Rollcall playground${values.hosted ? ' (hosted mode)' : ''}: ${playground.url}`);
  console.log(`Bot logs (LOG_LEVEL=${level}): ${logFile ? target : 'stderr'}. Ctrl-C stops.`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      playground.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error('playground: failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
