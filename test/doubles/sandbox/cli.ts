/**
 * `npm run sandbox`: starts the sandbox API and prints how to point the bot at it.
 * Options: see cli-args.ts (`npm run sandbox -- --help`). Stops cleanly on SIGINT/SIGTERM.
 */
import { CLI_USAGE, parseCliOptions } from './cli-args.js';
import { quotasSetting } from './data-quotas.js';
import { DEFAULT_TOKEN } from './defaults.js';
import { startSandbox } from './server.js';

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCliOptions>;
  try {
    options = parseCliOptions(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}\n\n${CLI_USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    console.log(CLI_USAGE);
    return;
  }
  const token = options.token ?? DEFAULT_TOKEN;
  const sandbox = await startSandbox({
    port: options.port,
    seed: options.seed,
    tokens: { [token]: { permission: 'all', label: 'cli' }, 'sandbox-no-permission': { permission: 'none' } },
    ...(options.latency ? { latency: options.latency } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.quota ? { quota: options.quota } : {}),
    ...(options.faults ? { faults: options.faults } : {}),
    ...(options.quiet
      ? {}
      : {
          onRequest: (e) =>
            console.log(
              `${new Date(e.at).toISOString()} ${e.method} ${e.path}${e.fault ? ` [fault ${e.fault}]` : ''} -> ${e.status || 'held'} ${e.ms}ms`,
            ),
        }),
  });
  const ds = sandbox.dataset;
  const lines = [
    `Sandbox API listening (seed ${ds.seed}, server ${ds.serverId})`,
    '',
    `  API_BASE_URL=${sandbox.url}`,
    `  API_TOKEN=${token}`,
    '  (token "sandbox-no-permission" answers 403 everywhere)',
    `  REPORTS_QUOTAS=${quotasSetting(ds.samples.quotas)}  (sample quotas for /quota check)`,
    '',
    `  settings: latency ${options.latency ? `${options.latency.minMs}-${options.latency.maxMs} ms` : 'none'}, ` +
      `rate limit ${options.rateLimit ? `${options.rateLimit.requests}/${options.rateLimit.windowSeconds}s per token (${options.rateLimit.mode ?? 'fixed'})` : 'none'}, ` +
      `quota ${options.quota ? `${options.quota.requests}/${options.quota.window === 'month' ? 'month' : `${options.quota.window.seconds}s`}` : 'none'}, ` +
      `faults ${options.faults ? `${options.faults.rate} of ${options.faults.kinds.join(',')}` : 'none'}`,
    '',
    'Sample ids:',
    `  member chat id (many LOAs): ${ds.samples.busyChatIds[0] ?? '-'}  (member ${ds.samples.busyMemberIds[0] ?? '-'})`,
    `  LOA id:                     ${ds.loas[0]?.id ?? '-'}`,
    `  username with many logs:    ${ds.samples.busyUsernames[0] ?? '-'}`,
    `  username needing encoding:  ${ds.samples.specialUsernames[0] ?? '-'} (in a path: ${encodeURIComponent(ds.samples.specialUsernames[0] ?? '')})`,
    `  log id:                     ${ds.logs[0]?.id ?? '-'}`,
    `  active shift id:            ${ds.samples.activeShiftIds[0] ?? '-'}`,
    `  application id:             ${ds.applications[0]?.id ?? '-'}`,
    `  join request user id:       ${ds.samples.joinRequestUserIds[0] ?? '-'}`,
    '',
    `Try: curl -H "Authorization: Bearer ${token}" "${sandbox.url}/server/loas?page=1&limit=5"`,
    'Ctrl+C to stop.',
  ];
  console.log(lines.join('\n'));
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping sandbox`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('sandbox failed to start:', error);
  process.exit(1);
});
