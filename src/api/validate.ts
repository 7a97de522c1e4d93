/**
 * Checks on what goes out (path and query parameters) and what comes back (2xx bodies).
 *
 * Outgoing: openapi-fetch percent-encodes path parameters with encodeURIComponent, so '/', '%',
 * '?', '#', spaces and unicode stay inside one segment. What encoding cannot protect is a segment
 * that is exactly '.' or '..': URL parsers collapse those (and their %2E spellings) into the parent
 * path, so `getLog('..')` would silently become another endpoint. Those, empty values and strings
 * that are not well-formed UTF-16 are refused locally with the API's own 400 and never sent.
 *
 * Incoming: tolerant of extra fields and of a list envelope without its numbers (they are derived
 * from the request), strict about the parts the bot relies on: an item is a JSON object, a list is
 * an object whose `data` is an array of objects; and no JSON nested deeper than MAX_JSON_DEPTH.
 * Each record (and the envelope's own fields) is kept as `keepRecord` bounds it (src/api/keep.ts).
 * A large body is read off the event loop by src/api/body.ts, with these same functions.
 */
import { ApiError, invalidParams } from './errors.js';
import { keepRecord } from './keep.js';
import { envelopeNumbers, type PageBody } from './pages.js';

export type { PageBody };

import type { PageQuery } from './types.js';

type JsonObject = Record<string, unknown>;

/** `params` unchanged when every value can be sent as one path segment; else ApiError 'http' 400. */
export function checkPathParams<P extends Record<string, string>>(params: P): P {
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string' || value === '') throw invalidParams(`${name} is empty`);
    if (value === '.' || value === '..') throw invalidParams(`${name} is a dot segment`);
    if (!value.isWellFormed()) throw invalidParams(`${name} is not well-formed text`);
  }
  return params;
}

/** True when `value` can be sent as one path segment (what checkPathParams accepts). */
export function isSendableSegment(value: string): boolean {
  return value !== '' && value !== '.' && value !== '..' && value.isWellFormed();
}

/** `{ page, limit }` when both are in range (page >= 1, limit 1..100); else ApiError 'http' 400. */
export function checkPageQuery(query: PageQuery): PageQuery {
  const { page, limit } = query;
  if (!Number.isSafeInteger(page) || page < 1) throw invalidParams('page must be a whole number from 1');
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 100) {
    throw invalidParams('limit must be a whole number from 1 to 100');
  }
  return { page, limit };
}

/** A single-item body: any JSON object. */
export function parseItemBody(text: string | undefined): JsonObject {
  const body = parseJson(text);
  if (!isObject(body)) throw malformed('expected a JSON object');
  return keepRecord(body);
}

/** A list body: an object with an array `data` of objects; missing numbers derived (`envelopeNumbers`). */
export function parsePageBody(text: string | undefined, query: PageQuery): PageBody {
  const body = parseJson(text);
  if (!isObject(body) || !Array.isArray(body.data)) throw malformed('expected an object with a data array');
  const items: unknown[] = body.data;
  if (!items.every(isObject)) throw malformed('expected data to hold objects');
  const data = items.map(keepRecord);
  const { data: _, ...envelope } = body;
  return { ...keepRecord(envelope), data, ...envelopeNumbers(body, data.length, query) };
}

/**
 * How deep an answer's objects and arrays may nest. The API's shapes nest a few levels; JSON.parse
 * takes far deeper, but then everything that walks the value recursively (the cache's serialiser,
 * the CSV writer) overflows the stack, which once surfaced as an export "too large" for a 2-row list.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` (JSON or not) opens more than `max` objects or arrays inside one another. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped, never a quote that ends the string
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

function parseJson(text: string | undefined): unknown {
  if (!text) throw malformed('empty body');
  // Counted before parsing, so a hostile answer is never built in memory.
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw malformed(`JSON nested deeper than ${MAX_JSON_DEPTH}`);
  try {
    return JSON.parse(text);
  } catch {
    throw malformed('body is not JSON');
  }
}

function malformed(reason: string): ApiError {
  return new ApiError('malformed', `API answered 2xx with an unusable body: ${reason}`);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
