/**
 * The memory floor: Rollcall connected and idle (no interaction yet), run from TypeScript through tsx
 * as the tests run it, and from the build as `npm start` runs it, next to an empty Node process.
 * `npx tsx test/reliability/idle-rss.ts` prints RSS in MB for each, under the running Node.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadDeployConfig } from '../../src/base/config.js';
import { registerCommands } from '../../src/deploy-commands.js';
import { startDiscordDouble } from '../doubles/discord/double.js';
import { startSandbox } from '../doubles/sandbox/server.js';

const rssMb = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sandbox = await startSandbox();
const double = await startDiscordDouble();
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  DISCORD_TOKEN: 'idle-discord-token',
  DISCORD_APPLICATION_ID: double.applicationId,
  DISCORD_GUILD_ID: double.guildId,
  DISCORD_API_URL: double.restUrl,
  API_BASE_URL: sandbox.url,
  API_TOKEN: sandbox.token,
  LOG_LEVEL: 'info',
};
const deploy = loadDeployConfig(env);
if (!deploy.ok) throw new Error(deploy.errors.join('; '));
await registerCommands(deploy.config);

const runs: Array<[string, string[]]> = [
  ['empty node', ['-e', 'setInterval(() => {}, 1000)']],
  ['rollcall via tsx (the tests)', ['--import', 'tsx', 'src/main.ts']],
  ['rollcall built (npm start)', ['dist/src/main.js']],
];
for (const [label, args] of runs) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += String(chunk);
  });
  const started = Date.now();
  while (label !== 'empty node' && !out.includes('connected to Discord') && Date.now() - started < 30_000)
    await sleep(100);
  await sleep(5_000);
  console.log(`${process.version} ${label}: ${rssMb(child.pid!)} MB RSS idle`);
  child.kill('SIGKILL');
  await sleep(300);
}
await double.close();
await sandbox.close();
