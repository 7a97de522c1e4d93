/**
 * The thread that reads large API answers (src/api/body.ts): decodes the bytes, checks and parses
 * the JSON, and bounds each record, with the same functions as the event loop uses for small ones
 * (src/api/validate.ts), so a 20 MB page never holds the loop. Answers each job with its value (a
 * copy the loop receives, bounded by src/api/keep.ts) or the reason it cannot be read.
 */
import { parentPort } from 'node:worker_threads';
import { isApiError } from './errors.js';
import type { PageQuery } from './types.js';
import { parseItemBody, parsePageBody } from './validate.js';

export interface ParseJob {
  id: number;
  bytes: ArrayBuffer;
  /** The API page asked for; absent for a single item. */
  query?: PageQuery;
}

export type ParseAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; kind: 'malformed'; message: string };

const decoder = new TextDecoder();

parentPort?.on('message', (job: ParseJob) => {
  let answer: ParseAnswer;
  try {
    const text = decoder.decode(job.bytes);
    const value = job.query ? parsePageBody(text, job.query) : parseItemBody(text);
    answer = { id: job.id, ok: true, value };
  } catch (error) {
    const message = isApiError(error) ? error.message : 'API answered 2xx with an unusable body';
    answer = { id: job.id, ok: false, kind: 'malformed', message };
  }
  parentPort?.postMessage(answer);
});
