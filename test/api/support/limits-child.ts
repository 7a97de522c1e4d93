/**
 * One process of the "two processes on one Redis" test: `tsx limits-child.ts <redis url> <limits>
 * <key> <attempts>` makes `attempts` parallel acquires and prints how each ended, as JSON.
 */
import { ApiError } from '../../../src/api/errors.js';
import { ApiLimits } from '../../../src/api/limits/limits.js';
import { redisLimitStore } from '../../../src/api/limits/store.js';
import { limitsProblemText, parseLimits } from '../../../src/base/limits-spec.js';
import { createLogger } from '../../../src/base/log.js';

const [url = '', text = '', key = '', attemptsText = '0'] = process.argv.slice(2);
const parsed = parseLimits(text);
if (!parsed.ok) throw new Error(limitsProblemText(parsed.problem));
const logger = createLogger({ level: 'silent', format: 'json' });
const store = redisLimitStore(url, logger);
await store.ready();
const limits = new ApiLimits({ specs: parsed.limits, store, logger });
// Start together with the other process: wait for the go line on stdin.
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
const outcomes = await Promise.all(
  Array.from({ length: Number(attemptsText) }, () =>
    limits.acquire(key, 5_000).then(
      () => 'ok',
      (e: unknown) => (e instanceof ApiError ? e.kind : String(e)),
    ),
  ),
);
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
await limits.close();
