/**
 * `npm run try` (`npx tsx tools/try/cli.ts`): use Rollcall by hand without Discord or the API. Starts
 * the sandbox API, the Discord double and the real bot in this process, then reads commands typed as
 * in Discord (`/loa list`, `click ▶`, `open 1`, `page 7`, `as other-mod`, `help`, `quit`).
 *
 * The bot's logs go to a file (LOG_LEVEL, default warn; TRY_LOG_FILE, default rollcall-try.log in
 * the temp directory, `-` for stderr) so they stay out of the prompt. Input may be piped:
 * `printf '/loa list\nclick ▶\nquit\n' | npm run -s try`.
 */
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { startWorld } from '../../test/e2e/world.js';
import { offlineWorld, passedSettings } from './offline.js';
import { HELP, TrySession } from './session.js';

const USAGE = `Usage: npm run try            (or: npx tsx tools/try/cli.ts)
Environment: LOG_LEVEL (default warn), TRY_LOG_FILE (default ${join(tmpdir(), 'rollcall-try.log')}; - for stderr),
  API_LIMITS (default 1000/1s: no month; e.g. 100/month,30/1m, also kept by the sandbox API),
  REPORTS_QUOTAS (default: the sandbox's sample quotas)

${HELP}`;

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const level = process.env.LOG_LEVEL || 'warn';
  const logTarget = process.env.TRY_LOG_FILE || join(tmpdir(), 'rollcall-try.log');
  const logFile = logTarget === '-' ? null : createWriteStream(logTarget, { flags: 'w' });
  const world = await startWorld(
    offlineWorld({
      env: { LOG_LEVEL: level, ...passedSettings(process.env) },
      logDestination: logFile ?? process.stderr,
    }),
  );
  const session = new TrySession(world, { width: Math.max(60, process.stdout.columns || 100) });
  const interactive = process.stdin.isTTY === true;
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: interactive,
    historySize: 500,
    completer: (line: string) => session.complete(line),
  });

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      rl.close();
      await world.close();
      if (logFile) await new Promise<void>((resolve) => logFile.end(resolve));
    })();
    return stopping;
  };
  // Ctrl-C at the prompt ends the loop like Ctrl-D; a SIGTERM (or Ctrl-C while piped) stops at once.
  rl.on('SIGINT', () => rl.close());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }

  console.log(session.intro([`Bot logs (LOG_LEVEL=${level}): ${logFile ? logTarget : 'stderr'}`]));
  console.log('');
  const prompt = () => {
    rl.setPrompt(session.prompt);
    rl.prompt();
  };
  if (interactive) prompt();
  try {
    for await (const line of rl) {
      if (!interactive) process.stdout.write(`${session.prompt}${line}\n`);
      const { text, quit } = await session.handle(line);
      if (text !== '') console.log(text);
      if (quit) break;
      if (interactive) prompt();
    }
  } finally {
    if (interactive) process.stdout.write('\n');
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error('try: failed:', error);
  process.exit(1);
});
