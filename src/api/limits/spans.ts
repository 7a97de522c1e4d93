/**
 * The rolling windows of API_LIMITS (N per W, every limit but the month's), per key: each kept as a
 * bucket (spec.ts's bucketPlan), counted in the limit store every process of the token shares.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import { bucketPlan, type LimitSpec } from '../../base/limits-spec.js';
import type { Counter, LimitStore } from './store.js';
import type { LimitStatus } from './types.js';

export interface Spans {
  /** Consume one request in every span bucket; the wait (ms) when one is full, else 0. */
  take(key: string): Promise<number>;
  /** Estimated wait (ms) of the waiter at `position` (1 = being served) behind a head ready in `headMs`. */
  etaAt(position: number, headMs: number): number;
  /** Where each span of `key` stands at `t` (ms), the shortest first. */
  status(key: string, t: number): Promise<LimitStatus[]>;
  /** The longest span's window (ms); undefined without spans. */
  readonly longestMs: number | undefined;
}

interface Span {
  spec: LimitSpec;
  counter: Counter;
  perBucket: number;
  bucketSeconds: number;
}

/** The spans among `specs`, counted in `store` under `prefix`. */
export function createSpans(specs: LimitSpec[], store: LimitStore, prefix: string): Spans {
  const spans: Span[] = specs
    .filter((s) => s.window.kind === 'span')
    .sort((a, b) => windowSeconds(a) - windowSeconds(b))
    .map((spec) => {
      const plan = bucketPlan(spec.points, windowSeconds(spec));
      return {
        spec,
        ...plan,
        counter: store.counter(
          `${prefix}:span:${windowSeconds(spec)}s:${plan.bucketSeconds}s`,
          plan.perBucket,
          plan.bucketSeconds,
        ),
      };
    });
  const longest = spans.at(-1);

  return {
    async take(key) {
      // Look first, so a full bucket does not cost the others a slot.
      for (const span of spans) {
        const res = await span.counter.get(key);
        if (res && res.consumedPoints >= span.perBucket && res.msBeforeNext > 0) return res.msBeforeNext;
      }
      for (const span of spans) {
        try {
          await span.counter.consume(key);
        } catch (rejection) {
          if (rejection instanceof RateLimiterRes) return Math.max(1, rejection.msBeforeNext);
          throw rejection;
        }
      }
      return 0;
    },

    etaAt(position, headMs) {
      let eta = 0;
      for (const span of spans) {
        eta = Math.max(eta, Math.floor((position - 1) / span.perBucket) * span.bucketSeconds * 1000);
      }
      return Math.max(0, headMs) + eta;
    },

    async status(key, t) {
      const out: LimitStatus[] = [];
      for (const span of spans) {
        const res = await span.counter.get(key);
        const open = res !== null && res.msBeforeNext > 0;
        const used = open ? Math.min(span.perBucket, res.consumedPoints) : 0;
        out.push({
          text: span.spec.text,
          kind: 'span',
          points: span.spec.points,
          used,
          left: span.perBucket - used,
          resetAt: open ? t + res.msBeforeNext : t,
          bucket: { perBucket: span.perBucket, seconds: span.bucketSeconds },
        });
      }
      return out;
    },

    longestMs: longest && windowSeconds(longest.spec) * 1000,
  };
}

function windowSeconds(spec: LimitSpec): number {
  return spec.window.kind === 'span' ? spec.window.seconds : 31 * 86_400;
}
