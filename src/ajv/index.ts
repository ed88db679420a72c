/**
 * `input-request-cards/ajv`: an answer checker built on ajv and ajv-formats (full mode), for
 * hosts that want ajv itself to check answers. The default checker (`validateAnswer`) needs
 * neither; install `ajv` and `ajv-formats` (optional peer dependencies) only to use this entry.
 *
 * ajv compiles validators with `new Function`, so this checker does not run under a
 * Content-Security-Policy without `'unsafe-eval'`.
 *
 * Property names are data. ajv skips a property literally named `__proto__` and reads answers
 * through ordinary property access, so the compiled schema never sees the real names: each
 * property gets a safe alias (`p0`, `p1`, …), the answer is copied onto those aliases through
 * own-property checks, and errors are mapped back to the real names. This also lets schemas
 * that differ only in names, titles or descriptions share one validator.
 *
 * @packageDocumentation
 */

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { RequestedSchema } from '../core/model.js';
import type { AnswerCheck, AnswerChecker, FieldError } from '../core/validate.js';

type JsonObject = Record<string, unknown>;

/** A schema made ready for ajv: the real names, in order, behind the aliases `p0`, `p1`, …. */
interface PreparedSchema {
  names: readonly string[];
  aliasToName: ReadonlyMap<string, string>;
  validate: ValidateFunction;
}

/** Keys that never change whether an answer is valid; dropping them lets equal questions share a validator. */
const ANNOTATION_KEYS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'enumNames',
]);

const VALIDATOR_CACHE_LIMIT = 200;

let ajvInstance: Ajv | undefined;
const preparedBySchema = new WeakMap<object, PreparedSchema>();
/** Keyed by the stable JSON of the aliased schema; insertion order doubles as recency for eviction. */
const validatorByShape = new Map<string, { validate: ValidateFunction; compiled: JsonObject }>();

/** Created on first use so that importing this module stays cheap and free of `new Function`. */
function getAjv(): Ajv {
  if (!ajvInstance) {
    // strictNumbers: NaN and ±Infinity are no numbers, as in the default checker.
    ajvInstance = new Ajv({ allErrors: true, strict: false, strictNumbers: true });
    addFormats(ajvInstance);
  }
  return ajvInstance;
}

/**
 * Checks an answer against its `requestedSchema` with ajv and ajv-formats (full mode), with
 * the same result shape and keywords as `validateAnswer`: one error per failing field, fields
 * in schema order, codes only (`messages.fieldError` words them). Any JSON Schema ajv can
 * compile is accepted; a schema it cannot compile throws an error starting with
 * `input-request-cards:`. `ajvAnswerChecker.prepare(schema)` compiles ahead of time; the card
 * calls it in idle time after mount.
 *
 * @example
 * ```tsx
 * import { ajvAnswerChecker } from 'input-request-cards/ajv';
 * <InputRequestCard suspension={suspension} resume={resume} checker={ajvAnswerChecker} />;
 * ```
 */
export const ajvAnswerChecker: AnswerChecker = Object.assign(
  (schema: RequestedSchema, content: Record<string, unknown>): AnswerCheck => {
    const prepared = prepare(schema);
    const aliasedContent: JsonObject = {};
    prepared.names.forEach((name, position) => {
      if (!Object.hasOwn(content, name)) return;
      const value = content[name];
      if (value !== undefined) aliasedContent[aliasFor(position)] = value;
    });
    const valid = prepared.validate(aliasedContent) === true;
    return { valid, errors: valid ? [] : toFieldErrors(prepared.validate.errors ?? [], prepared) };
  },
  { prepare: prepareAnswerValidator },
);

/**
 * Compiles the ajv validator for a schema now, e.g. in idle time while the form is read, so the
 * first check on submit is fast. Later calls for the same or an equal schema are cheap.
 *
 * @example
 * requestIdleCallback(() => prepareAnswerValidator(request.requestedSchema));
 */
export function prepareAnswerValidator(schema: RequestedSchema): void {
  prepare(schema);
}

/**
 * How many distinct compiled validators are cached (at most 200). For tests and diagnostics.
 *
 * @example
 * prepareAnswerValidator(schema);
 * prepareAnswerValidator(structuredClone(schema));
 * answerValidatorCacheSize(); // grew by at most 1
 */
export function answerValidatorCacheSize(): number {
  return validatorByShape.size;
}

function prepare(schema: RequestedSchema): PreparedSchema {
  const cached = preparedBySchema.get(schema);
  if (cached) return cached;

  const properties: unknown = Object.hasOwn(schema, 'properties') ? schema.properties : undefined;
  const names = isObject(properties) ? Object.keys(properties) : [];
  const required: unknown = Object.hasOwn(schema, 'required') ? schema.required : undefined;
  // A required name that is not a property still needs an alias so its absence is reported.
  const propertyNames = new Set(names);
  for (const name of Array.isArray(required) ? required : []) {
    if (typeof name === 'string' && !propertyNames.has(name)) {
      propertyNames.add(name);
      names.push(name);
    }
  }
  const aliasByName = new Map(names.map((name, position) => [name, aliasFor(position)]));
  const aliasToName = new Map(names.map((name, position) => [aliasFor(position), name]));

  const aliasedProperties: JsonObject = {};
  if (isObject(properties)) {
    for (const name of Object.keys(properties)) {
      const alias = aliasByName.get(name) ?? name;
      const property = properties[name];
      aliasedProperties[alias] = isObject(property) ? withoutAnnotations(property) : property;
    }
  }

  const aliasedSchema = withoutAnnotations(schema);
  if (isObject(properties)) aliasedSchema.properties = aliasedProperties;
  if (Array.isArray(required)) {
    aliasedSchema.required = required.map((name: unknown) =>
      typeof name === 'string' ? (aliasByName.get(name) ?? name) : name,
    );
  }

  const shape = stableStringify(aliasedSchema);
  let entry = validatorByShape.get(shape);
  if (entry) {
    // Re-insert so the most recently used shapes are evicted last.
    validatorByShape.delete(shape);
  } else {
    try {
      entry = { validate: getAjv().compile(aliasedSchema), compiled: aliasedSchema };
    } catch (error) {
      throw new Error(
        `input-request-cards: ajv cannot check answers against this requestedSchema (${error instanceof Error ? error.message : String(error)}). Check it with analyzeRequestedSchema first.`,
        { cause: error },
      );
    }
  }
  validatorByShape.set(shape, entry);
  for (const [oldest, evicted] of validatorByShape) {
    if (validatorByShape.size <= VALIDATOR_CACHE_LIMIT) break;
    validatorByShape.delete(oldest);
    // ajv keeps every compiled schema in its own cache too; let the evicted one go.
    getAjv().removeSchema(evicted.compiled);
  }
  const { validate } = entry;

  const prepared: PreparedSchema = { names, aliasToName, validate };
  preparedBySchema.set(schema, prepared);
  return prepared;
}

function aliasFor(position: number): string {
  return `p${position}`;
}

function withoutAnnotations(object: JsonObject): JsonObject {
  const copy: JsonObject = {};
  for (const key of Object.keys(object)) {
    if (ANNOTATION_KEYS.has(key) || key.startsWith('x-')) continue;
    // `__proto__` could only come from a hostile schema; copy it as an ordinary own key.
    Object.defineProperty(copy, key, {
      value: object[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function toFieldErrors(ajvErrors: readonly ErrorObject[], prepared: PreparedSchema): FieldError[] {
  // Keyed by alias, not name: a property literally named "" must not collide with the whole answer ("").
  const errorByAlias = new Map<string, FieldError>();
  for (const ajvError of ajvErrors) {
    const alias =
      ajvError.keyword === 'required'
        ? String(ajvError.params.missingProperty)
        : firstSegment(ajvError.instancePath);
    const existing = errorByAlias.get(alias);
    if (existing && (existing.keyword === 'required' || ajvError.keyword !== 'required')) continue;
    const field = alias === '' ? '' : (prepared.aliasToName.get(alias) ?? alias);
    errorByAlias.set(alias, toFieldError(ajvError, field));
  }
  const ordered: FieldError[] = [];
  const rootError = errorByAlias.get('');
  if (rootError) ordered.push(rootError);
  prepared.names.forEach((_, position) => {
    const error = errorByAlias.get(aliasFor(position));
    if (error) ordered.push(error);
  });
  return ordered;
}

/** ajv's keyword in the vocabulary of `validateAnswer`, so messages and tests treat both alike. */
function toFieldError(ajvError: ErrorObject, field: string): FieldError {
  const params: Record<string, unknown> = { ...ajvError.params };
  const isItem = ajvError.instancePath.split('/').length > 2;
  switch (ajvError.keyword) {
    case 'required':
      return { field, keyword: 'required', params: { missingProperty: field } };
    case 'const':
    case 'oneOf':
    case 'anyOf':
      return { field, keyword: 'enum', params };
    case 'type':
      // An entry of a multi-select that is not even a string is not one of the options.
      if (isItem) return { field, keyword: 'enum', params };
      if (params.type === 'integer') return { field, keyword: 'integer', params };
      return { field, keyword: 'type', params };
    default:
      return { field, keyword: ajvError.keyword, params };
  }
}

/** The first segment of a JSON pointer, unescaped (`~1` → `/`, then `~0` → `~`). */
function firstSegment(pointer: string): string {
  const segment = pointer.split('/')[1] ?? '';
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * JSON with object keys sorted, so equal schemas give equal strings whatever their key order.
 * Iterative (an explicit stack), so a deeply nested schema cannot overflow the call stack.
 */
function stableStringify(root: unknown): string {
  let out = '';
  const stack: unknown[] = [root];
  // Entries are values to write, or literal text (wrapped so it is never mistaken for a value).
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Literal) {
      out += item.text;
    } else if (Array.isArray(item)) {
      stack.push(new Literal(']'));
      for (let index = item.length - 1; index >= 0; index--) {
        stack.push(item[index]);
        if (index > 0) stack.push(new Literal(','));
      }
      stack.push(new Literal('['));
    } else if (isObject(item)) {
      const keys = Object.keys(item)
        .filter((key) => item[key] !== undefined)
        .sort();
      stack.push(new Literal('}'));
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] as string;
        stack.push(item[key]);
        stack.push(new Literal(`${index > 0 ? ',' : ''}${JSON.stringify(key)}:`));
      }
      stack.push(new Literal('{'));
    } else {
      out += JSON.stringify(item) ?? 'null';
    }
  }
  return out;
}

class Literal {
  constructor(readonly text: string) {}
}
