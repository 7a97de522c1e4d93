/**
 * What the sandbox answers to one request, without any I/O: base path, authentication, rate limit,
 * fault draw, routing, permission, server id, parameters, lookup (the order of SANDBOX_DEFAULTS.checkOrder).
 */
import { type Answer, errorAnswer, type JsonAnswer } from './answer.js';
import { authenticate, permits, type TokenConfig, type TokenPermission } from './auth.js';
import type { Dataset } from './data.js';
import { ERROR_MESSAGES, SANDBOX_DEFAULTS } from './defaults.js';
import { applyFault, type FaultContext, type FaultKind } from './faults.js';
import { type RateLimiter, rateLimitHeaders } from './rate-limit.js';
import { matchRoute, paginate, parsePageQuery } from './routes.js';
import type { OperationId } from './types.js';

/** One request, as far as the answer depends on it. */
export interface RequestInput {
  method: string;
  url: URL;
  /** The Authorization header, if sent. */
  authorization: string | undefined;
  nowMs: number;
}

/** The parts of the sandbox's mutable state the answer depends on. */
export interface PipelineState {
  tokens: Readonly<Record<string, TokenConfig>>;
  limiter: RateLimiter | null;
  /** The monthly (or compressed-month) allowance, checked before the short limit. */
  quota: RateLimiter | null;
  /** Draws the fault for an authorized request (queued `failNext` faults first), if any. */
  drawFault(): FaultKind | undefined;
}

/** The answer, and what the request log records about it. */
export interface Decision {
  answer: Answer;
  /** Token label or hash (never the raw token); null without an Authorization header. */
  token: string | null;
  operationId?: OperationId;
  fault?: FaultKind;
}

/** Decides the answer to one request. Never throws: a failing lookup answers 500. */
export function decide(input: RequestInput, dataset: Dataset, state: PipelineState): Decision {
  const base = SANDBOX_DEFAULTS.basePath;
  if (input.url.pathname !== base && !input.url.pathname.startsWith(`${base}/`)) {
    return { answer: errorAnswer(404, ERROR_MESSAGES.notFound), token: null };
  }
  const auth = authenticate(input.authorization, state.tokens);
  if (!auth.ok) return { answer: errorAnswer(auth.status, auth.message), token: auth.label };
  let headers: Record<string, string> = {};
  // A spent allowance refuses first; a request the short limit refuses does not count against it.
  if (state.quota) {
    const spent = state.quota.check(auth.key, input.nowMs, true);
    if (!spent.allowed) {
      const refused = rateLimitHeaders(spent);
      return { answer: errorAnswer(429, ERROR_MESSAGES.rateLimited, refused), token: auth.label };
    }
  }
  if (state.limiter) {
    const verdict = state.limiter.check(auth.key, input.nowMs);
    headers = rateLimitHeaders(verdict);
    if (!verdict.allowed) {
      return { answer: errorAnswer(429, ERROR_MESSAGES.rateLimited, headers), token: auth.label };
    }
  }
  if (state.quota) headers = { ...headers, ...rateLimitHeaders(state.quota.check(auth.key, input.nowMs)) };
  const decision: Decision = { answer: errorAnswer(500, ERROR_MESSAGES.internal), token: auth.label };
  const fault = state.drawFault();
  const ctx: FaultContext = {};
  try {
    decision.answer = routeAnswer(
      input,
      auth.config.dataset ?? dataset,
      auth.config.permission,
      decision,
      ctx,
    );
  } catch {
    decision.answer = errorAnswer(500, ERROR_MESSAGES.internal);
  }
  if (fault) {
    decision.fault = fault;
    decision.answer = applyFault(fault, decision.answer, ctx);
  }
  if (decision.answer.kind !== 'hold') {
    decision.answer = { ...decision.answer, headers: { ...headers, ...decision.answer.headers } };
  }
  return decision;
}

function routeAnswer(
  input: RequestInput,
  dataset: Dataset,
  permission: TokenPermission,
  decision: Decision,
  ctx: FaultContext,
): JsonAnswer {
  const prefix = `${SANDBOX_DEFAULTS.basePath}/server/`;
  const { pathname } = input.url;
  const match = pathname.startsWith(prefix) ? matchRoute(pathname.slice(prefix.length)) : undefined;
  if (!match) return errorAnswer(404, ERROR_MESSAGES.notFound);
  const { route } = match;
  decision.operationId = route.operationId;
  if (input.method !== 'GET') {
    return errorAnswer(SANDBOX_DEFAULTS.methodNotAllowedStatus, ERROR_MESSAGES.methodNotAllowed, {
      Allow: 'GET',
    });
  }
  if (!permits(permission, route.operationId)) return errorAnswer(403, ERROR_MESSAGES.forbidden);
  if (match.serverId !== undefined && match.serverIdValid && match.serverId !== dataset.serverId) {
    return errorAnswer(SANDBOX_DEFAULTS.foreignServerStatus, ERROR_MESSAGES.forbidden);
  }
  if (match.invalidParams) return errorAnswer(400, ERROR_MESSAGES.badRequest);
  if (route.kind === 'list') {
    const query = parsePageQuery(input.url.searchParams);
    if (!query) return errorAnswer(400, ERROR_MESSAGES.badRequest);
    ctx.pool = route.pool(dataset);
    return { kind: 'json', status: 200, body: paginate(route.list(dataset, match.params), query) };
  }
  const item = route.item(dataset, match.params);
  return item ? { kind: 'json', status: 200, body: item } : errorAnswer(404, ERROR_MESSAGES.notFound);
}
