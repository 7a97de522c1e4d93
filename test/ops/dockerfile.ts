/**
 * A reader for the project's Dockerfile (there is no Docker engine to run it): its stages and their
 * instructions, so tests can check its shape and replay its steps outside a container.
 */
import { readFileSync } from 'node:fs';

export interface Instruction {
  keyword: string;
  /** The arguments as written (continuations joined). */
  args: string;
  /** The JSON array of an exec-form instruction (CMD, HEALTHCHECK ... CMD, ENTRYPOINT), if any. */
  exec?: string[];
  /** `--name=value` flags before the arguments (COPY --from=build). */
  flags: Record<string, string>;
  /** The arguments after the flags, split on whitespace. */
  words: string[];
}

export interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

export function readDockerfile(path: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = readFileSync(path, 'utf8').split('\n');
  const logical: string[] = [];
  let current = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (current === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    logical.push(current + line);
    current = '';
  }
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const text of logical) {
    const [keyword = '', ...rest] = text.split(/\s+/);
    const argText = text.slice(keyword.length).trim();
    const instruction = parseInstruction(keyword.toUpperCase(), argText);
    if (instruction.keyword === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(argText);
      if (!m) throw new Error(`bad FROM: ${text}`);
      const base = (m[1] as string).replace(/\$\{(\w+)\}/g, (_, name: string) => args[name] ?? '');
      stages.push({ name: m[2] ?? String(stages.length), base, instructions: [] });
    } else if (instruction.keyword === 'ARG' && stages.length === 0) {
      const [name, value = ''] = (rest.join(' ') || '').split('=');
      if (name) args[name] = value;
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`instruction before FROM: ${text}`);
      stage.instructions.push(instruction);
    }
  }
  return { args, stages };
}

function parseInstruction(keyword: string, args: string): Instruction {
  const flags: Record<string, string> = {};
  let rest = args;
  for (let m = /^--([\w-]+)=(\S+)\s*/.exec(rest); m; m = /^--([\w-]+)=(\S+)\s*/.exec(rest)) {
    flags[m[1] as string] = m[2] as string;
    rest = rest.slice(m[0].length);
  }
  const json = /(\[.*\])\s*$/.exec(rest)?.[1];
  let exec: string[] | undefined;
  if (json && (keyword === 'CMD' || keyword === 'ENTRYPOINT' || keyword === 'HEALTHCHECK')) {
    try {
      exec = JSON.parse(json) as string[];
    } catch {
      exec = undefined;
    }
  }
  return { keyword, args, flags, words: rest.split(/\s+/).filter(Boolean), ...(exec ? { exec } : {}) };
}

/** `ENV NAME=value ...` of a stage, as a record. */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of stage.instructions.filter((x) => x.keyword === 'ENV')) {
    for (const word of i.words) {
      const eq = word.indexOf('=');
      if (eq > 0) env[word.slice(0, eq)] = word.slice(eq + 1);
    }
  }
  return env;
}
