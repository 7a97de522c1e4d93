/**
 * The layer rule of docs/architecture.md, run: every import of every .ts file under src/ and
 * commands/ (static, type-only, re-exports, `import(...)` and `typeof import(...)`) must lead to its
 * own layer or one below. Imports are read with TypeScript's own parser, so a string or a comment
 * that looks like an import is not one. A file in no layer fails too: a new folder needs a place
 * in the order (here and on the page) before it can be imported from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);

/**
 * Lowest first; a module may import from its own layer and those before it. Each layer is a folder:
 * paths are relative to the repository, one ending in `/` holds everything below it, and `src/*.ts`
 * the files of src/ itself (the wiring). Keep in step with the table in docs/architecture.md.
 */
const LAYERS: ReadonlyArray<{ name: string; holds: readonly string[] }> = [
  { name: 'generated', holds: ['generated/'] },
  // Discord's limits, permission bits, slicing, safe text, the logger, the settings and API_LIMITS's grammar.
  { name: 'base', holds: ['src/base/'] },
  // Every word Rollcall shows, by key, in each language: renderers and sentences say theirs with it.
  { name: 'words', holds: ['src/i18n/'] },
  { name: 'store', holds: ['src/store/'] },
  { name: 'api', holds: ['src/api/'] },
  { name: 'reports', holds: ['src/reports/'] },
  { name: 'render', holds: ['src/render/'] },
  // Everything that speaks Discord, and the Community type the router hands every command and view.
  { name: 'discord', holds: ['src/discord/'] },
  { name: 'commands', holds: ['commands/'] },
  { name: 'ops', holds: ['src/ops/'] },
  // Building each server's Community, and the reports' I/O: snapshots kept in the store, the digest
  // and reminder schedulers, which post the report commands' own views.
  { name: 'community', holds: ['src/community/'] },
  { name: 'wiring', holds: ['src/*.ts'] },
];

/**
 * PENDING: upward imports that are known and being taken out in their own changes. Exact
 * `importer → imported` pairs: a new upward import, even in one of these files, still fails, and
 * so does an entry whose import is gone (delete it with the import). Empty now.
 */
const PENDING: ReadonlySet<string> = new Set<string>([]);

/** One relative import: the importing file and the file it names, both from the repository root. */
interface Edge {
  from: string;
  to: string;
}

/** Every relative module specifier in `source`, in every form TypeScript has for naming a module. */
function specifiersOf(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const named = specifierOf(node);
    if (named !== undefined) found.push(named);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter((s) => s.startsWith('.'));
}

function specifierOf(node: ts.Node): string | undefined {
  if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
    return ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
  }
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [first] = node.arguments;
    return first && ts.isStringLiteralLike(first) ? first.text : undefined;
  }
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
    const literal = node.argument.literal;
    return ts.isStringLiteral(literal) ? literal.text : undefined;
  }
  if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
    const expression = node.moduleReference.expression;
    return ts.isStringLiteral(expression) ? expression.text : undefined;
  }
  return undefined;
}

/** Whether `held` (a folder ending in `/`, or `dir/*.ts` for a folder's own files) holds `path`. */
function holds(held: string, path: string): boolean {
  if (held.endsWith('/*.ts')) return path.endsWith('.ts') && `${dirname(path)}/` === held.slice(0, -4);
  return path.startsWith(held);
}

/** The layer's index, or -1 for a path in none. */
function layerOf(path: string): number {
  return LAYERS.findIndex((layer) => layer.holds.some((held) => holds(held, path)));
}

/** `a → b` for each edge that leads to a higher layer than its own. */
function upward(edges: readonly Edge[]): string[] {
  return edges.filter((e) => layerOf(e.to) > layerOf(e.from)).map((e) => `${e.from} → ${e.to}`);
}

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Node's ESM specifiers name the emitted `.js`; the layer is the source's. */
function resolveSpecifier(from: string, specifier: string): string {
  return relative(ROOT, resolve(ROOT, dirname(from), specifier)).replace(/\.js$/, '.ts');
}

function edgesOf(files: readonly string[]): Edge[] {
  return files.flatMap((from) =>
    specifiersOf(from, readFileSync(join(ROOT, from), 'utf8')).map((s) => ({
      from,
      to: resolveSpecifier(from, s),
    })),
  );
}

const FILES = [...tsFiles('src'), ...tsFiles('commands')];
const EDGES = edgesOf(FILES);

describe('the layer rule', () => {
  it('reads every form of import, and orders what it reads', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "export { c } from './c.js';",
      "export * from './d.js';",
      "const e = await import('./e.js');",
      "type F = typeof import('./f.js');",
      "import g = require('./g.js');",
      "import 'node:fs'; // a package, not a layer",
      'const h = \'import("./not-an-import.js")\';',
    ].join('\n');
    expect(specifiersOf('x.ts', source)).toEqual([
      './a.js',
      '../b.js',
      './c.js',
      './d.js',
      './e.js',
      './f.js',
      './g.js',
    ]);
    expect(
      upward([
        { from: 'src/render/page.ts', to: 'src/discord/replies.ts' },
        { from: 'src/discord/replies.ts', to: 'src/render/page.ts' },
        { from: 'src/base/config.ts', to: 'src/base/discord-limits.ts' },
      ]),
    ).toEqual(['src/render/page.ts → src/discord/replies.ts']);
    // Layers are folders; the wiring is the files of src/ itself, and a new folder is in no layer.
    expect(layerOf('src/app.ts')).toBe(LAYERS.length - 1);
    expect(layerOf('src/api/client.ts')).toBe(LAYERS.findIndex((l) => l.name === 'api'));
    expect(layerOf('src/new-folder/x.ts')).toBe(-1);
  });

  it('puts every module of src/ and commands/ in a layer', () => {
    expect(FILES.length).toBeGreaterThan(50);
    expect(FILES.filter((file) => layerOf(file) < 0)).toEqual([]);
  });

  it('reads the imports of every module', () => {
    expect(EDGES.length).toBeGreaterThan(300);
  });

  // One test per module, so that a failure names the module and each of its upward imports.
  it.each(FILES)('%s imports nothing from a layer above its own', (file) => {
    const own = EDGES.filter((edge) => edge.from === file);
    expect(upward(own).filter((edge) => !PENDING.has(edge))).toEqual([]);
  });

  it('lists as pending only upward imports that are still there', () => {
    const found = new Set(upward(EDGES));
    expect([...PENDING].filter((edge) => !found.has(edge))).toEqual([]);
  });
});
