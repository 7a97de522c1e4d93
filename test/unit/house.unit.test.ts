/**
 * The house rules a reader meets first (issue 30), run over every .ts file under src/ and
 * commands/, read with TypeScript's own parser:
 * - no function, method, accessor, constructor or arrow function longer than MAX_LINES lines (from
 *   its first line to its last, comments inside included): a longer one becomes small modules,
 *   classes or named steps;
 * - `tokenHash` (the token's stand-in in every cache, snapshot and metrics key) defined once, so
 *   that the keys cannot drift apart;
 * - one word for one thing: "community", with "tenant" left only where a name is persisted (the
 *   store's column) and at most MAX_TENANT times in all;
 * - no exported name that no other file imports (test/support/exports.ts): a name used only where it
 *   is defined is not exported.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { exportedNames, importedNames, tsFiles as projectFiles, unusedExports } from '../support/exports.js';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);

const MAX_LINES = 100;
const MAX_TENANT = 5;

/**
 * Functions known to be over MAX_LINES while their own change splits them, as `file: name` pairs.
 * An entry whose function is short again fails too (delete it then).
 */
const KNOWN_LONG: ReadonlySet<string> = new Set<string>([]);

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}

function parse(fileName: string, source: string): ts.SourceFile {
  return ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** The name a reader would look for: its own, or the variable, property or class member it is held in. */
function nameOf(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) {
    const owner = node.parent;
    return `${ts.isClassLike(owner) && owner.name ? owner.name.getText(file) : '(class)'}.constructor`;
  }
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.name
  ) {
    return parent.name.getText(file);
  }
  return '(anonymous)';
}

/** Every function-like node with a body, with its length in lines. */
function functionLengths(fileName: string, source: string): Array<{ name: string; lines: number }> {
  const file = parse(fileName, source);
  const found: Array<{ name: string; lines: number }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: nameOf(node as ts.FunctionLikeDeclaration, file), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The names `source` defines as `tokenHash` (a function, or a variable holding one); imports are not definitions. */
function definitionsOf(name: string, fileName: string, source: string): number {
  const file = parse(fileName, source);
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (
      (ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node) || ts.isMethodDeclaration(node)) &&
      node.name?.getText(file) === name
    ) {
      count++;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return count;
}

/**
 * Occurrences of the word in code and comments. The catalogues are other languages' text (French
 * spells "now" maintenant, which holds the letters); the English they translate is checked.
 */
function tenantCount(fileName: string, source: string): number {
  if (fileName.startsWith('src/i18n/catalogues/')) return 0;
  return source.match(/tenant/gi)?.length ?? 0;
}

const FILES = [...tsFiles('src'), ...tsFiles('commands')];
const SOURCES = new Map(FILES.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));

describe('the house rules', () => {
  it('measures what it checks', () => {
    const source = [
      'function short() { return 1; }',
      'const arrow = () => {',
      ...Array.from({ length: 5 }, () => '  step();'),
      '};',
      'class Pool { constructor() {}\n  take(): void {\n  }\n}',
      'export function tokenHash() {}',
      "import { tokenHash as other } from './x.js';",
    ].join('\n');
    expect(functionLengths('x.ts', source)).toEqual([
      { name: 'short', lines: 1 },
      { name: 'arrow', lines: 7 },
      { name: 'Pool.constructor', lines: 1 },
      { name: 'take', lines: 2 },
      { name: 'tokenHash', lines: 1 },
    ]);
    expect(definitionsOf('tokenHash', 'x.ts', source)).toBe(1);
    // A table of words is measured like any other function: one over MAX_LINES lines is flagged
    // (the language catalogues are written one short function per section).
    const table = [
      'const words = (f) => ({',
      ...Array.from({ length: MAX_LINES - 1 }, (_, i) => `  key${i}: (n) => f.count(n),`),
      '});',
    ].join('\n');
    expect(functionLengths('x.ts', table).filter((fn) => fn.lines > MAX_LINES)).toEqual([
      { name: 'words', lines: MAX_LINES + 1 },
    ]);
    expect(tenantCount('src/x.ts', '// Tenant tenants tenant_id')).toBe(3);
    expect(tenantCount('src/i18n/catalogues/fr.ts', 'maintenant')).toBe(0);
  });

  it('reads every module of src/ and commands/', () => {
    expect(FILES.length).toBeGreaterThan(50);
  });

  // One test per module, so that a failure names the module and each long function in it.
  it.each(FILES)(`%s has no function over ${MAX_LINES} lines`, (file) => {
    const long = functionLengths(file, SOURCES.get(file) ?? '')
      .filter((fn) => fn.lines > MAX_LINES && !KNOWN_LONG.has(`${file}: ${fn.name}`))
      .map((fn) => `${fn.name}: ${fn.lines} lines`);
    expect(long).toEqual([]);
  });

  it('lists as known only functions that are still long', () => {
    const long = new Set(
      FILES.flatMap((file) =>
        functionLengths(file, SOURCES.get(file) ?? '')
          .filter((fn) => fn.lines > MAX_LINES)
          .map((fn) => `${file}: ${fn.name}`),
      ),
    );
    expect([...KNOWN_LONG].filter((entry) => !long.has(entry))).toEqual([]);
  });

  it('defines tokenHash once', () => {
    const where = FILES.filter((file) => definitionsOf('tokenHash', file, SOURCES.get(file) ?? '') > 0);
    expect(where).toEqual(['src/store/crypto.ts']);
  });

  it(`says "community", not "tenant" (at most ${MAX_TENANT} times, where a name is persisted)`, () => {
    const counts = FILES.map((file) => [file, tenantCount(file, SOURCES.get(file) ?? '')] as const).filter(
      ([, n]) => n > 0,
    );
    const total = counts.reduce((sum, [, n]) => sum + n, 0);
    expect(
      total,
      `"tenant" in ${counts.map(([file, n]) => `${file} (${n})`).join(', ')}`,
    ).toBeLessThanOrEqual(MAX_TENANT);
  });

  it('measures which exports are used', () => {
    const module =
      'export const a = 1;\nexport function b() {}\nconst c = 2;\nexport { c };\nexport type D = 1;';
    expect(exportedNames('src/m.ts', module)).toEqual(['a', 'b', 'c', 'D']);
    const reader =
      "import { a } from './m.js';\nimport type { D as E } from './m.js';\nexport { b } from './m.js';";
    expect([...(importedNames(ROOT, 'src/r.ts', reader).get('src/m.ts') ?? [])]).toEqual(['a', 'D', 'b']);
    const whole = "import * as m from './m.js';";
    expect([...(importedNames(ROOT, 'src/r.ts', whole).get('src/m.ts') ?? [])]).toEqual(['*']);
  });

  it('exports only what another file imports', () => {
    const readers = [
      ...FILES,
      ...['test', 'tools', 'bench'].flatMap((dir) => projectFiles(ROOT, dir)),
      'vitest.config.ts',
    ];
    expect(unusedExports(ROOT, FILES, readers)).toEqual([]);
  });
});
