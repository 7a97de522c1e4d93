/**
 * Shared pieces of dataset generation: the generation context, time units and small helpers.
 */
import type { Faker } from '@faker-js/faker';
import type { TextFactory } from './data-text.js';
import type { Rng } from './random.js';
import type { SandboxMember } from './types.js';

/** Seconds in an hour and a day. */
export const HOUR = 3_600;
export const DAY = 86_400;
/** How far back generated history reaches from the base time. */
export const HISTORY_SECONDS = 540 * DAY;

/** Shared state of one dataset generation, before text generation is available. */
export interface BaseContext {
  rng: Rng;
  faker: Faker;
  serverId: string;
  /** Unix seconds all generated times are placed around. */
  baseTime: number;
  /** A unique ObjectId-like id (24 hex characters) whose first 8 encode `at`. */
  id(at: number): string;
  /** A unique chat snowflake for an account created around `at`. */
  snowflake(at: number): string;
  /** Whether this record omits its unset (0 / '') fields instead of sending them. */
  absent(): boolean;
}

/** Shared state of one dataset generation. */
export interface GenContext extends BaseContext {
  text: TextFactory;
}

/** A member with its sandbox-internal chat id and whether it is staff. */
export interface MemberSeed {
  member: SandboxMember;
  chatId: string;
  staff: boolean;
}

/**
 * Removes the "not set" fields: empty strings and timestamps (`...At`) that are 0. Codes such as
 * `status: 0` are values, not "unset", and stay. Ids are never empty, so they stay too.
 */
export function omitUnset<T extends object>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === '' || (value === 0 && key.endsWith('At'))) continue;
    out[key] = value;
  }
  return out as T;
}

/** Picks a member index with a Zipf-like spread over a fixed random ranking (some are very busy). */
export function zipfPicker<T>(rng: Rng, items: readonly T[], exponent: number): () => T {
  const ranking = rng.sample(items, items.length);
  return () => ranking[rng.zipf(ranking.length, exponent)] as T;
}

/** Draws a value from a table of [value, weight] pairs. */
export function weighted<T>(rng: Rng, table: ReadonlyArray<readonly [T, number]>): T {
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  let roll = rng.next() * total;
  for (const [value, w] of table) {
    roll -= w;
    if (roll < 0) return value;
  }
  return (table[table.length - 1] as readonly [T, number])[0];
}

/** A `#rrggbb` colour. */
export const hexColour = (rng: Rng): string => `#${rng.hex(6)}`;
