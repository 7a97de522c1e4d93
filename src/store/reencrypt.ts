/**
 * `npm run store:reencrypt`: after a key rotation (the new key in ROLLCALL_SECRET_KEY, the old one in
 * ROLLCALL_SECRET_KEY_PREVIOUS), seal every stored token again under the new key. Safe to run while
 * the bot runs and to run twice; afterwards ROLLCALL_SECRET_KEY_PREVIOUS can be removed.
 */
import { pathToFileURL } from 'node:url';
import { formatConfigErrors, loadStoreConfig } from '../base/config.js';
import { openStore } from './index.js';

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const loaded = loadStoreConfig(env);
  if (!loaded.ok) {
    process.stderr.write(`${formatConfigErrors(loaded.errors)}\n`);
    return 1;
  }
  const config = loaded.config;
  try {
    const store = await openStore({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      secretKey: config.ROLLCALL_SECRET_KEY,
      previousKey: config.ROLLCALL_SECRET_KEY_PREVIOUS,
    });
    try {
      const resealed = await store.reencryptAll();
      process.stdout.write(
        `Sealed ${resealed} stored API token(s) again under the current key (${store.location}).\n`,
      );
      return 0;
    } finally {
      await store.close();
    }
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
