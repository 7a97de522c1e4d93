/**
 * openapi.yaml as data for the tests: its GET operations and a validator for the response schema
 * (and header schemas) it declares for each path + status. The whole document is added to Ajv under
 * one $id, so `#/components/...` references resolve as written.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const DOCUMENT_ID = 'urn:rollcall:openapi';

/** One GET operation of openapi.yaml. */
export interface DescribedOperation {
  path: string;
  operationId: string;
  /** Names of the path parameters, in path order. */
  pathParams: string[];
  /** Names of the query parameters. */
  queryParams: string[];
  /** The declared statuses (e.g. '200', '400'). */
  statuses: string[];
}

/** The outcome of validating a response against openapi.yaml. */
export interface ValidationResult {
  valid: boolean;
  /** Human-readable problems (empty when valid). */
  errors: string[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Escapes one JSON-pointer token. */
const pointerToken = (token: string): string => token.replaceAll('~', '~0').replaceAll('/', '~1');

/** openapi.yaml loaded and compiled. */
export interface OpenApiDescription {
  operations: DescribedOperation[];
  /** Validates a response body (and headers) against the declaration for path + status. */
  validate(path: string, status: number | string, body: unknown, headers?: Headers): ValidationResult;
}

/** Loads and compiles openapi.yaml (default: the repository's). */
export function loadOpenApi(file = new URL('../../../openapi.yaml', import.meta.url)): OpenApiDescription {
  const doc: unknown = parse(readFileSync(file, 'utf8'));
  if (!isObj(doc) || !isObj(doc.paths)) throw new Error('openapi.yaml: no paths');
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats.default(ajv);
  // OpenAPI-only keywords: annotations for Ajv. Only `paths` and `components` are registered, so refs
  // like `#/components/schemas/Loa` resolve inside one document while the rest stays strict.
  for (const keyword of ['paths', 'components', 'example', 'discriminator', 'xml', 'externalDocs']) {
    ajv.addKeyword(keyword);
  }
  ajv.addSchema({ paths: doc.paths, components: doc.components }, DOCUMENT_ID);

  /** Follows a `$ref` to `#/...` within the document; returns the object and its JSON pointer. */
  const deref = (value: unknown, pointer: string): { node: unknown; pointer: string } => {
    if (isObj(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#/')) {
      const target = value.$ref.slice(1);
      const node = target
        .split('/')
        .slice(1)
        .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))
        .reduce<unknown>((at, key) => (isObj(at) ? at[key] : undefined), doc);
      return deref(node, target);
    }
    return { node: value, pointer };
  };

  const operations: DescribedOperation[] = [];
  const declared = new Map<
    string,
    { bodyPointer: string | undefined; headers: Map<string, { pointer: string; required: boolean }> }
  >();
  for (const [path, item] of Object.entries(doc.paths)) {
    const get = isObj(item) ? item.get : undefined;
    if (!isObj(get)) continue;
    const params = (Array.isArray(get.parameters) ? get.parameters : []).map(
      (p, i) => deref(p, `/paths/${pointerToken(path)}/get/parameters/${i}`).node,
    );
    const named = (where: string): string[] =>
      params.filter((p): p is Obj => isObj(p) && p.in === where).map((p) => String(p.name));
    const responses = isObj(get.responses) ? get.responses : {};
    operations.push({
      path,
      operationId: String(get.operationId),
      pathParams: named('path'),
      queryParams: named('query'),
      statuses: Object.keys(responses),
    });
    for (const [status, response] of Object.entries(responses)) {
      const base = `/paths/${pointerToken(path)}/get/responses/${status}`;
      const { node, pointer } = deref(response, base);
      const content = isObj(node) && isObj(node.content) ? node.content['application/json'] : undefined;
      const headers = new Map<string, { pointer: string; required: boolean }>();
      if (isObj(node) && isObj(node.headers)) {
        for (const [name, header] of Object.entries(node.headers)) {
          const h = deref(header, `${pointer}/headers/${pointerToken(name)}`);
          if (isObj(h.node) && h.node.schema !== undefined) {
            headers.set(name.toLowerCase(), {
              pointer: `${h.pointer}/schema`,
              required: h.node.required === true,
            });
          }
        }
      }
      declared.set(`${path} ${status}`, {
        bodyPointer:
          isObj(content) && content.schema !== undefined
            ? `${pointer}/content/application~1json/schema`
            : undefined,
        headers,
      });
    }
  }

  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (pointer: string): ValidateFunction => {
    let fn = validators.get(pointer);
    if (!fn) {
      fn = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      validators.set(pointer, fn);
    }
    return fn;
  };
  const describe = (errors: ErrorObject[] | null | undefined): string[] =>
    (errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`);

  return {
    operations,
    validate(path, status, body, headers) {
      const entry = declared.get(`${path} ${status}`);
      if (!entry)
        return { valid: false, errors: [`openapi.yaml declares no ${status} response for ${path}`] };
      const errors: string[] = [];
      if (entry.bodyPointer) {
        const fn = validatorFor(entry.bodyPointer);
        if (!fn(body)) errors.push(...describe(fn.errors).map((e) => `body ${e}`));
      }
      for (const [name, { pointer, required }] of entry.headers) {
        const raw = headers?.get(name);
        if (raw === null || raw === undefined) {
          if (required) errors.push(`header ${name}: required but absent`);
          continue;
        }
        const fn = validatorFor(pointer);
        const value = /^-?\d+$/.test(raw) ? Number(raw) : raw;
        if (!fn(value)) errors.push(...describe(fn.errors).map((e) => `header ${name}: ${e}`));
      }
      return { valid: errors.length === 0, errors };
    },
  };
}
