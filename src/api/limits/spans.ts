/**
 * The rolling windows of API_LIMITS (N per W, every limit but the month's), per key: kept exactly in
 * a log of the last requests' times (request-log.ts), in the limit store every process of the token
 * shares. A request goes as soon as every window has room, so a burst of up to N goes at once.
 */
import type { LimitSpec } from '../../base/limits-spec.js';
import type { LogGrant, LogWindow } from './request-log.js';
import type { LimitStore } from './store.js';
import type { LimitStatus } from './types.js';

/**
 * Added to each window: the delay between counting a request and the API counting it (a loaded
 * machine delays a request by a second or more after it was counted; whatever the API's windows
 * are, none of W then holds more than N of ours).
 */
export const SPAN_MARGIN_MS = 2_000;

export interface Spans {
  /** Write one request in every span if each has room now: 0; else the wait (ms) and nothing written. */
  take(key: string): Promise<number>;
  /**
   * `take`, beside the API's count of a short window (`count`): the wait, and when granted the
   * request's number among the key's.
   */
  grant(key: string): Promise<LogGrant>;
  /**
   * The API says `remaining` requests of `key` are left until `resetAt` (ms on the clock `now`),
   * answering the request numbered `seq` (those numbered after it were in flight), of its window
   * ending at `window` (ms; the default, `resetAt`): no more go before then, whatever room the spans
   * have (request-log.ts's mergedCount).
   */
  count(
    key: string,
    resetAt: number,
    remaining: number,
    seq: number | undefined,
    window?: number,
  ): Promise<void>;
  /**
   * When (ms from now) the waiter at `position` of `key`'s line (1: the head, ready in `headMs`) may
   * go: each goes as the oldest counted request leaves a full window, from the times last seen.
   */
  etaAt(key: string, position: number, headMs: number): number;
  /** Where each span of `key` stands at `t` (ms), the shortest first. */
  status(key: string, t: number): Promise<LimitStatus[]>;
  /** The longest span's window (ms); undefined without spans. */
  readonly longestMs: number | undefined;
}

/** The spans among `specs`, logged in `store` under `prefix`, on the clock `now` (ms since epoch). */
export function createSpans(specs: LimitSpec[], store: LimitStore, prefix: string, now: () => number): Spans {
  const spans = specs
    .filter((s) => s.window.kind === 'span')
    .sort((a, b) => windowSeconds(a) - windowSeconds(b))
    .map((spec) => ({
      spec,
      window: { ms: windowSeconds(spec) * 1000 + SPAN_MARGIN_MS, points: spec.points } satisfies LogWindow,
    }));
  const windows = spans.map((span) => span.window);
  const log = store.log(`${prefix}:log`);
  const longest = spans.at(-1);

  return {
    take: async (key) => (await log.grant(key, windows, now())).wait,
    grant: (key) => log.grant(key, windows, now()),
    count: (key, resetAt, remaining, seq, window) => log.count(key, resetAt, remaining, seq, now(), window),

    etaAt(key, position, headMs) {
      const t = now();
      // The requests counted now (a later one as now), then those of the line one after another.
      const counted = log.times(key).map((time) => Math.min(time, t));
      let at = t + Math.max(0, headMs);
      for (let i = 0; i < position && windows.length > 0; i++) {
        for (const window of windows) {
          const oldest = counted[counted.length - window.points];
          if (oldest !== undefined) at = Math.max(at, oldest + window.ms);
        }
        counted.push(at);
      }
      return at - t;
    },

    async status(key, t) {
      const standings = await log.look(key, windows, t);
      return spans.map(({ spec, window }, i) => {
        const used = Math.min(window.points, standings[i]?.used ?? 0);
        return {
          text: spec.text,
          kind: 'span',
          points: spec.points,
          used,
          left: window.points - used,
          // When the oldest counted leaves the window, giving one more request room.
          resetAt: standings[i]?.freesAt ?? t,
          bucket: { perBucket: window.points, seconds: windowSeconds(spec) },
        };
      });
    },

    longestMs: longest && windowSeconds(longest.spec) * 1000,
  };
}

function windowSeconds(spec: LimitSpec): number {
  return spec.window.kind === 'span' ? spec.window.seconds : 31 * 86_400;
}
