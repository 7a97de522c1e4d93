/**
 * Which names a module of src/ or commands/ exports that no other file of the project imports
 * (read with TypeScript's parser, not the type checker: a name counts as used when another file
 * imports it by name, re-exports it, or takes the whole module with `import * as` / `export *` /
 * `import()`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const EVERY = '*';

export function tsFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

function parse(fileName: string, source: string): ts.SourceFile {
  return ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function hasExport(node: ts.Node): boolean {
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
  );
}

/** The names a module exports by declaration or by a local `export { a, b }`. */
export function exportedNames(fileName: string, source: string): string[] {
  const file = parse(fileName, source);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement) && hasExport(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      }
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      hasExport(statement) &&
      statement.name
    ) {
      names.push(statement.name.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.moduleSpecifier &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) names.push(element.name.text);
    }
  }
  return [...new Set(names)];
}

/** The project file a relative specifier names (`./x.js` is `./x.ts`), or undefined for a package. */
function target(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const path = relative(root, resolve(root, dirname(from), specifier));
  return path.replace(/\.(m?)js$/, '.$1ts');
}

/** For each project file another file imports from: the names it takes (EVERY for the whole module). */
export function importedNames(root: string, fileName: string, source: string): Map<string, Set<string>> {
  const file = parse(fileName, source);
  const taken = new Map<string, Set<string>>();
  const take = (specifier: string, name: string): void => {
    const path = target(root, fileName, specifier);
    if (!path || path === fileName) return;
    const names = taken.get(path) ?? new Set<string>();
    names.add(name);
    taken.set(path, names);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      const clause = node.importClause;
      if (!clause) take(specifier, EVERY);
      else {
        if (clause.name) take(specifier, 'default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) take(specifier, EVERY);
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements)
            take(specifier, (element.propertyName ?? element.name).text);
        }
      }
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const specifier = node.moduleSpecifier.text;
      if (!node.exportClause || !ts.isNamedExports(node.exportClause)) take(specifier, EVERY);
      else
        for (const element of node.exportClause.elements)
          take(specifier, (element.propertyName ?? element.name).text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      take(node.arguments[0].text, EVERY);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal))
        take(literal.text, node.qualifier ? node.qualifier.getText(file) : EVERY);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return taken;
}

/**
 * `file: name` for every name a module of `modules` exports that no file of `readers` imports.
 * `readers` should hold every file that may import (the modules themselves, tests, tools, bench).
 */
export function unusedExports(root: string, modules: string[], readers: string[]): string[] {
  const used = new Map<string, Set<string>>();
  for (const reader of readers) {
    for (const [path, names] of importedNames(root, reader, readFileSync(join(root, reader), 'utf8'))) {
      const all = used.get(path) ?? new Set<string>();
      for (const name of names) all.add(name);
      used.set(path, all);
    }
  }
  return modules.flatMap((module) => {
    const taken = used.get(module);
    if (taken?.has(EVERY)) return [];
    return exportedNames(module, readFileSync(join(root, module), 'utf8'))
      .filter((name) => !taken?.has(name))
      .map((name) => `${module}: ${name}`);
  });
}
