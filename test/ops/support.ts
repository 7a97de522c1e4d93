/**
 * For the ops suite: a Rollcall between the two doubles with the health listener on (HEALTH_PORT=0,
 * a free port), whose start the test controls, and a strict reader of the Prometheus text format.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorld, type World } from '../e2e/world.js';

/** Wait until a check holds (polling), or fail after a limit: the house's one (test/support/until.ts). */
export { until } from '../support/until.js';

/** A random secret with a recognisable prefix (so a grep for it means something). */
export function secret(prefix: string): string {
  return `${prefix}-${randomBytes(18).toString('base64url')}`;
}

/**
 * The doubles, the registered commands and a created (not started) app with random tokens and the
 * health listener on a free port; `env` adds or overrides settings.
 */
export async function createOpsWorld(env: Record<string, string> = {}): Promise<World> {
  const apiToken = secret('ops-api-token');
  return startWorld({
    sandbox: { tokens: { [apiToken]: { permission: 'all', label: 'ops' } } },
    env: {
      DISCORD_TOKEN: secret('ops-discord-token'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rollcall-ops-')),
      HEALTH_PORT: '0',
      ...env,
    },
    start: false,
  });
}

/** GET `path` on the health listener: status and body (status 0 when the connection fails). */
export async function probe(baseUrl: string, path: string): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(5_000) });
    return { status: response.status, body: await response.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,(?:${LABEL}))*,?)?\\})? (\\S+)(?: -?\\d+)?$`);
const VALUE = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?inf(?:inity)?|nan)$/i;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/**
 * Parse the Prometheus text exposition format (0.0.4) strictly: every line is a HELP, a TYPE or a
 * sample; every sample belongs to a family declared by TYPE (histograms and summaries through
 * their _bucket/_sum/_count series). Throws on the first line that does not conform.
 */
export function parsePrometheus(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const fail = (why: string) => {
      throw new Error(`line ${i + 1} ${why}: ${JSON.stringify(line)}`);
    };
    if (line.startsWith('# HELP ')) {
      if (!new RegExp(`^# HELP ${NAME} `).test(line)) fail('is a malformed HELP');
      continue;
    }
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      if (!name || !type || !TYPES.has(type)) fail('is a malformed TYPE');
      types.set(name as string, type as string);
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) fail('is not a sample');
    const [, name, labelText, valueText] = m as unknown as [string, string, string | undefined, string];
    if (!VALUE.test(valueText)) fail('has a bad value');
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((n) => types.has(n));
    if (!family) fail('belongs to no declared family');
    const labels: Record<string, string> = {};
    for (const l of labelText?.matchAll(new RegExp(LABEL, 'g')) ?? []) {
      const eq = l[0].indexOf('=');
      labels[l[0].slice(0, eq)] = JSON.parse(l[0].slice(eq + 1)) as string;
    }
    samples.push({ name, labels, value: parseValue(valueText) });
  }
  return samples;
}

function parseValue(text: string): number {
  if (/^nan$/i.test(text)) return Number.NaN;
  if (/^[+-]?inf(inity)?$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  return Number(text);
}

/** The value of the one sample named `name` whose labels include `labels` (undefined when none). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
