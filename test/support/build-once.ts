/**
 * Vitest global set-up of the system tests: builds `dist/` once for every test that starts the bot
 * as shipped (`npm start`, `npm run deploy-commands`, `node dist/src/main.js`, the shard manager).
 * The build is incremental (tsconfig.build.json), so their own `npm run build` finds nothing to do.
 */
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync('npm', ['run', '-s', 'build'], {
    stdio: 'inherit',
    cwd: new URL('../..', import.meta.url).pathname,
  });
}
