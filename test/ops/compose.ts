/**
 * A reader for compose.yaml (there is no Docker engine to run it): the services that run the
 * Rollcall image, their environment, and compose's `${NAME}` interpolation of it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = new URL('../..', import.meta.url).pathname;

export interface ComposeService {
  build?: unknown;
  image?: string;
  environment?: Record<string, string | number | boolean | null> | string[];
  env_file?: string | string[];
  volumes?: string[];
}

export interface Compose {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export function readCompose(): Compose {
  return parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }) as Compose;
}

/** The services that run the Rollcall image (built here, or the image it is tagged as). */
export function rollcallServices(compose: Compose = readCompose()): Record<string, ComposeService> {
  return Object.fromEntries(
    Object.entries(compose.services).filter(
      ([, s]) => s.build !== undefined || /^rollcall(:|$)/.test(s.image ?? ''),
    ),
  );
}

/** A service's `environment`, as a record (map or list form), not interpolated. */
export function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env))
    return Object.fromEntries(env.map((e) => [e.split('=')[0] as string, e.split('=').slice(1).join('=')]));
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

/**
 * Compose's interpolation of one value: `${NAME}`, `${NAME:-default}`, `${NAME:?message}` (an error
 * when NAME is unset or empty) and `$$`. The value is inserted as it is: compose does no escaping.
 */
export function interpolate(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?::([?-])([^}]*))?\}/g,
    (whole, name?: string, op?: string, arg = '') => {
      if (whole === '$$') return '$';
      const found = vars[name as string];
      if (found !== undefined && found !== '') return found;
      if (op === '?') throw new Error(`compose refuses to start: ${arg}`);
      return op === '-' ? arg : '';
    },
  );
}
