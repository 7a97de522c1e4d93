/**
 * Fault injection: replaces the answer the sandbox would give with a broken one, so clients can be
 * tested against a misbehaving API. Faults are drawn only for requests that passed authentication and
 * the rate limit (they count against it).
 */
import { type Answer, errorAnswer } from './answer.js';
import { ERROR_MESSAGES, SANDBOX_DEFAULTS } from './defaults.js';

/**
 * - '500': 500 `{"error":"internal server error"}`
 * - 'timeout': no answer; the request is held (see SANDBOX_DEFAULTS.timeoutHoldMs), then the socket is destroyed
 * - 'html': 200 `text/html` error page (as a proxy in front of the API might send)
 * - 'empty': 200 `application/json` with an empty body
 * - 'wrong-shape': 200 JSON with nulls, wrong types and missing required fields
 * - 'not-json': 200 `application/json` whose body is cut-off JSON
 * - 'enormous': 200 with far more than asked: a list page of SANDBOX_DEFAULTS.enormousItems items
 *   (whatever `limit` was), or a single item with a string field padded to enormousPadChars characters
 * - 'deep': 200 JSON, the normal answer with a field of its first item (or of the record) holding
 *   arrays nested DEEP_NESTING levels deep (small in bytes, but every recursive walk overflows)
 *
 * 'wrong-shape' and 'enormous' transform a 200 answer; when the normal answer is an error (400/403/404)
 * it is sent unchanged (the fault is still consumed and logged).
 */
export type FaultKind =
  | '500'
  | 'timeout'
  | 'html'
  | 'empty'
  | 'wrong-shape'
  | 'not-json'
  | 'enormous'
  | 'deep';

/** Every fault kind. */
export const FAULT_KINDS: readonly FaultKind[] = [
  '500',
  'timeout',
  'html',
  'empty',
  'wrong-shape',
  'not-json',
  'enormous',
  'deep',
];

/** Levels of the 'deep' fault's nesting. */
export const DEEP_NESTING = 200_000;

/** The normal JSON answer with a field nested DEEP_NESTING levels deep (written as text: no recursion). */
function deep(normal: Answer): Answer {
  if (normal.kind !== 'json' || normal.status !== 200) return normal;
  const marker = '"__deep_nesting__"';
  const body = normal.body;
  const withMarker = isEnvelope(body)
    ? {
        ...body,
        data: body.data.map((item, i) => (i === 0 && isObject(item) ? { ...item, nested: 0 } : item)),
      }
    : isObject(body)
      ? { ...body, nested: 0 }
      : body;
  const text = JSON.stringify(withMarker, (key, value) => (key === 'nested' ? '__deep_nesting__' : value));
  return {
    kind: 'raw',
    status: 200,
    contentType: 'application/json',
    text: text.replace(marker, `${'['.repeat(DEEP_NESTING)}${']'.repeat(DEEP_NESTING)}`),
  };
}

/** Random faults: each authorized request fails with probability `rate`, with a kind drawn from `kinds`. */
export interface FaultOptions {
  rate: number;
  kinds: readonly FaultKind[];
}

/** What the fault transforms need besides the normal answer. */
export interface FaultContext {
  /** For list answers: records to fill an 'enormous' page with. */
  pool?: readonly object[];
}

const HTML_PAGE =
  '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n' +
  '<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n';

const PAD_FIELDS = ['reason', 'description', 'text', 'title', 'name', 'type', 'joinCode'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEnvelope(body: unknown): body is Record<string, unknown> & { data: unknown[] } {
  return isObject(body) && Array.isArray(body.data);
}

function corruptItem(item: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = isObject(item) ? { ...item } : {};
  out.id = 12345;
  out.serverId = null;
  out.createdAt = 'yesterday';
  for (const [key, value] of Object.entries(out)) {
    if (Array.isArray(value)) out[key] = 'not-an-array';
  }
  delete out.memberId;
  delete out.userId;
  return out;
}

function wrongShape(body: unknown): unknown {
  if (isEnvelope(body)) {
    const { total: _total, totalPages: _totalPages, ...rest } = body;
    return {
      ...rest,
      data: [corruptItem(body.data[0]), null, 'oops'],
      page: String(body.page),
      pageSize: null,
    };
  }
  return corruptItem(body);
}

function enormous(body: unknown, ctx: FaultContext): unknown {
  if (isEnvelope(body)) {
    const source = body.data.length > 0 ? body.data : (ctx.pool ?? []);
    const data =
      source.length === 0
        ? []
        : Array.from({ length: SANDBOX_DEFAULTS.enormousItems }, (_, i) => source[i % source.length]);
    return { ...body, data };
  }
  if (!isObject(body)) return body;
  const field = PAD_FIELDS.find((name) => typeof body[name] === 'string') ?? 'padding';
  const text = typeof body[field] === 'string' ? body[field] : '';
  return {
    ...body,
    [field]: text + ' lorem ipsum'.repeat(Math.ceil(SANDBOX_DEFAULTS.enormousPadChars / 12)),
  };
}

/** Replaces `normal` by the answer of fault `kind`. */
export function applyFault(kind: FaultKind, normal: Answer, ctx: FaultContext = {}): Answer {
  switch (kind) {
    case '500':
      return errorAnswer(500, ERROR_MESSAGES.internal);
    case 'timeout':
      return { kind: 'hold' };
    case 'html':
      return { kind: 'raw', status: 200, contentType: 'text/html; charset=utf-8', text: HTML_PAGE };
    case 'empty':
      return { kind: 'raw', status: 200, contentType: 'application/json', text: '' };
    case 'not-json': {
      const full = normal.kind === 'json' ? JSON.stringify(normal.body) : '{"data":[{"id":"x"}]}';
      return {
        kind: 'raw',
        status: 200,
        contentType: 'application/json',
        text: full.slice(0, Math.max(1, Math.floor(full.length / 2))),
      };
    }
    case 'wrong-shape':
      return normal.kind === 'json' && normal.status === 200
        ? { ...normal, body: wrongShape(normal.body) }
        : normal;
    case 'enormous':
      return normal.kind === 'json' && normal.status === 200
        ? { ...normal, body: enormous(normal.body, ctx) }
        : normal;
    case 'deep':
      return deep(normal);
  }
}

/** Whether a string names a fault kind. */
export function isFaultKind(value: string): value is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(value);
}
