/** What the sandbox decides to send for a request, before latency and writing. */

/** A JSON answer (the normal case). */
export interface JsonAnswer {
  kind: 'json';
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A non-JSON or broken answer (faults only). */
export interface RawAnswer {
  kind: 'raw';
  status: number;
  contentType: string;
  text: string;
  headers?: Record<string, string>;
}

/** No answer at all: the request is held until `timeoutHoldMs` passes or the sandbox closes. */
export interface HoldAnswer {
  kind: 'hold';
}

/** Any answer. */
export type Answer = JsonAnswer | RawAnswer | HoldAnswer;

/** A JSON error answer `{ "error": message }`. */
export function errorAnswer(status: number, message: string, headers?: Record<string, string>): JsonAnswer {
  return { kind: 'json', status, body: { error: message }, ...(headers ? { headers } : {}) };
}
