/**
 * An API server that does not answer (test/api/deadline.test.ts, test/reports/digest-deadline.test.ts):
 * it answers the first request with `first` (or never), never the others, and notes each request
 * whose connection the client closed before any answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PREFIX } from './helpers.js';

/** A server that answers the first request with `first` (or never), and never answers the others. */
export interface Hanging {
  url: string;
  /** Requests that arrived, and those whose connection the client closed before any answer. */
  arrived: number;
  closedUnanswered: number;
  /** Resolves at the next arrival, or the next unanswered close. */
  next(what: 'arrived' | 'closed'): Promise<void>;
  server: Server;
}

export async function hangingServer(first?: (res: ServerResponse) => void): Promise<Hanging> {
  const waiters: Array<{ what: string; wake: () => void }> = [];
  const wake = (what: string) => {
    for (const waiter of waiters.filter((w) => w.what === what)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.wake();
    }
  };
  const state = { arrived: 0, closedUnanswered: 0 } as Hanging;
  state.server = createServer((_req: IncomingMessage, res: ServerResponse) => {
    state.arrived++;
    res.on('close', () => {
      if (res.writableEnded) return;
      state.closedUnanswered++;
      wake('closed');
    });
    if (state.arrived === 1 && first) first(res);
    wake('arrived');
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}${PREFIX}`;
  state.next = (what) => new Promise((resolve) => waiters.push({ what, wake: resolve }));
  return state;
}
