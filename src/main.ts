/**
 * `npm start`: read the settings, connect, serve until SIGINT/SIGTERM, then shut down cleanly
 * within SHUTDOWN_GRACE_MS whatever the API does. A bad configuration prints one message naming
 * every problem and exits with code 1.
 */
import { createApp } from './app.js';
import { formatConfigErrors, loadConfig } from './config.js';
import { createLogger, redactUrlCredentials } from './log.js';

const loaded = loadConfig();
if (!loaded.ok) {
  process.stderr.write(`${redactUrlCredentials(formatConfigErrors(loaded.errors))}\n`);
  process.exit(1);
}
const config = loaded.config;
const logger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });

// Handlers never let a rejection escape; should one slip through, log it and keep serving.
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

const app = createApp(config, logger);
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
  // app.stop() keeps within the grace period; should anything still hang, go when it ends.
  setTimeout(() => {
    logger.error('grace period over while stopping; exiting now');
    process.exit(1);
  }, config.SHUTDOWN_GRACE_MS).unref();
  try {
    await app.stop(config.SHUTDOWN_GRACE_MS - 400);
    logger.info('stopped');
    process.exitCode = 0;
  } catch (error) {
    logger.error({ err: error }, 'error while shutting down');
    process.exitCode = 1;
  }
  // Leave time for the last log lines to flush, then go even if a handle lingers.
  setTimeout(() => process.exit(), 200).unref();
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.start();
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  logger.fatal({ reason }, 'could not start');
  process.stderr.write(`Rollcall could not start: ${redactUrlCredentials(reason)}\n`);
  await app.stop(0).catch(() => undefined);
  process.exit(1);
}
