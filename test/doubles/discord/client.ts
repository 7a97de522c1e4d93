import { Client, type ClientOptions, Events, GatewayIntentBits } from 'discord.js';
import { DOUBLE_WAIT_MS } from './notifier.js';

/**
 * Logs a real discord.js Client in to the double (`rest.api` pointed at it, token `fake-token`) and
 * resolves once `Events.ClientReady` fired. Destroy it with `client.destroy()` before closing the double.
 */
export async function connectClient(
  double: { restUrl: string },
  options: Partial<ClientOptions> = {},
  timeoutMs = DOUBLE_WAIT_MS,
): Promise<Client<true>> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...options,
    rest: { ...options.rest, api: double.restUrl },
  });
  const ready = new Promise<Client<true>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`client not ready after ${timeoutMs} ms`)), timeoutMs);
    client.once(Events.ClientReady, (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  try {
    await client.login('fake-token');
    return await ready;
  } catch (error) {
    await client.destroy();
    throw error;
  }
}
