/**
 * Attack repro: a forged subcommand (a modified client or a hand-made request) that the command does
 * not define. The router refuses an unknown command with one sentence and reads nothing; an unknown
 * subcommand of a known command is instead run as the command's last subcommand: `/quota nope` goes
 * to `/quota check` with no period and says "That report link is not valid any more", `/shift nope`
 * to `/shift view` and says "Give the shift id.". Neither is what happened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { startWorld, type World } from '../e2e/world.js';

let world: World;

beforeAll(async () => {
  world = await startWorld();
}, 60_000);
afterAll(async () => {
  await world?.close();
});

/** Runs `/name sub` as the double would send it for a command it did not register (no checks). */
async function forged(name: string, subcommand: string) {
  const registry = world.double.commands as unknown as { find: (...args: unknown[]) => unknown };
  const find = registry.find;
  registry.find = () => undefined;
  try {
    return await (await world.double.slash(world.mod, name, { subcommand })).response();
  } finally {
    registry.find = find;
  }
}

describe('a subcommand the command does not define', () => {
  it('/quota nope is refused as unknown, and reads nothing', async () => {
    const before = world.sandbox.requests.length;
    const answer = await forged('quota', 'nope');
    expect(answer.ephemeral).toBe(true);
    expect(world.sandbox.requests.length).toBe(before);
    expect(answer.message?.content).toBe(MESSAGES.unknownCommand);
  });

  it('/shift nope is refused as unknown, not answered as /shift view', async () => {
    const answer = await forged('shift', 'nope');
    expect(answer.message?.content).toBe(MESSAGES.unknownCommand);
  });
});
