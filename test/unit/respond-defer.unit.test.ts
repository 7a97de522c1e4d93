/**
 * When the answer is deferred (src/discord/respond.ts): an answer ready within the defer point is
 * sent as the reply itself; a read the API's limits put in line (behind another read, or waiting for
 * the allowance) is deferred as soon as the limits say so, so the moderator sees "thinking…" at once.
 * The Responder runs with a stand-in interaction that records its calls, on a fake clock.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentWait } from '../../src/api/wait.js';
import type { Ask } from '../../src/discord/ask.js';
import { Responder } from '../../src/discord/respond.js';
import { ENGLISH } from '../../src/i18n/words.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} } as never;

/** A slash command's interaction as far as the Responder uses it: every call recorded. */
function slash() {
  const calls: string[] = [];
  const record = (name: string) => async () => {
    calls.push(name);
  };
  const interaction = {
    id: '1',
    commandName: 'loa',
    user: { id: '2' },
    isMessageComponent: () => false,
    isModalSubmit: () => false,
    isAutocomplete: () => false,
    isCommand: () => true,
    isRepliable: () => true,
    reply: record('reply'),
    deferReply: record('deferReply'),
    editReply: record('editReply'),
    followUp: record('followUp'),
    deleteReply: record('deleteReply'),
  } as unknown as ChatInputCommandInteraction;
  const ask = {
    interaction,
    guildId: '3',
    owner: '2',
    t: ENGLISH,
    names: {},
    receivedAt: Date.now(),
  } as unknown as Ask<ChatInputCommandInteraction>;
  return { ask, calls };
}

/** A route whose work reports `wait` to the limits' wait context, then ends when `finish` is called. */
function routeThatWaits(wait: [position: number, etaMs: number] | undefined) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    finish: () => finish(),
    route: {
      private: true,
      async run() {
        if (wait) currentWait()?.onWait(...wait);
        await done;
        return { embeds: [{ title: 'LOA' }] };
      },
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the defer', () => {
  it('is sent at once for a read the limits put in line for the allowance', async () => {
    const { ask, calls } = slash();
    const work = routeThatWaits([1, 4_000]);
    const answered = new Responder(silent).answer(work.route, ask);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['deferReply']);
    work.finish();
    await vi.advanceTimersByTimeAsync(0);
    await answered;
    expect(calls).toEqual(['deferReply', 'editReply']);
  });

  it('is sent at once for a read behind another in line', async () => {
    const { ask, calls } = slash();
    const work = routeThatWaits([2, 0]);
    const answered = new Responder(silent).answer(work.route, ask);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['deferReply']);
    work.finish();
    await answered;
  });

  it('waits for the defer point when the read is served at once, and a ready answer is the reply', async () => {
    const { ask, calls } = slash();
    const work = routeThatWaits([1, 0]);
    const answered = new Responder(silent).answer(work.route, ask);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toEqual([]);
    work.finish();
    await vi.advanceTimersByTimeAsync(0);
    await answered;
    expect(calls).toEqual(['reply']);
  });

  it('is sent at the defer point for work that is slow without waiting in line', async () => {
    const { ask, calls } = slash();
    const work = routeThatWaits(undefined);
    const answered = new Responder(silent).answer(work.route, ask);
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toEqual(['deferReply']);
    work.finish();
    await answered;
    expect(calls).toEqual(['deferReply', 'editReply']);
  });
});
