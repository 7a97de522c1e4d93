/**
 * `node dist/src/ops/healthcheck.js`: the container's HEALTHCHECK (slim images have no curl).
 * Asks this host's health listener for /readyz; exits 0 when it answers 200, 1 otherwise
 * (not listening, not ready, shutting down, or no answer within 3 s).
 */
import { pathToFileURL } from 'node:url';

/**
 * Where to ask: HEALTH_HOST, or loopback when it names every interface; on HEALTH_PORT, or (unset
 * or empty, as the bot reads it) HEALTH_PORT_DEFAULT.
 */
export function readyzUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const port = env.HEALTH_PORT?.trim() || env.HEALTH_PORT_DEFAULT?.trim();
  if (!port || !/^\d{1,5}$/.test(port) || port === '0') return undefined;
  let host = env.HEALTH_HOST?.trim() || '127.0.0.1';
  if (host === '0.0.0.0') host = '127.0.0.1';
  if (host === '::' || host === '[::]') host = '::1';
  if (host.includes(':') && !host.startsWith('[')) host = `[${host}]`;
  return `http://${host}:${port}/readyz`;
}

/** 0 when /readyz answers 200 within `timeoutMs`, else 1. */
export async function check(env: NodeJS.ProcessEnv = process.env, timeoutMs = 3_000): Promise<number> {
  const url = readyzUrl(env);
  if (!url) {
    process.stderr.write(
      'HEALTH_PORT (or HEALTH_PORT_DEFAULT) is not set; there is no health listener to ask.\n',
    );
    return 1;
  }
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status === 200 ? 0 : 1;
  } catch {
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await check();
}
