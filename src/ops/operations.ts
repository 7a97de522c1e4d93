/** The API operation a request URL belongs to (its row's operationId), for the metrics' `endpoint` label. */
import { OPERATION_LIST } from '../api/operations.js';

/** Label for a URL that matches no described path (never the path itself: it may carry ids). */
export const OTHER_OPERATION = 'other';

/** Templates as patterns; literal segments first so `/loas/user/{id}` never reads as `/loas/{loaId}`. */
const PATTERNS = OPERATION_LIST.map(({ id, path }) => ({
  op: id,
  literal: path.split('/').filter((s) => !s.startsWith('{')).length,
  pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
})).sort((a, b) => b.literal - a.literal);

/** The operationId for `url` under the API base path `basePath` (e.g. `/api/v1`), or `other`. */
export function operationOf(url: string, basePath: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return OTHER_OPERATION;
  }
  const base = basePath.replace(/\/+$/, '');
  if (!path.startsWith(`${base}/`)) return OTHER_OPERATION;
  const rest = path.slice(base.length);
  return PATTERNS.find((p) => p.pattern.test(rest))?.op ?? OTHER_OPERATION;
}
