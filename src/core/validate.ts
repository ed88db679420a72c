/**
 * Checks form answers against their `requestedSchema` before they leave the client.
 *
 * The default checker uses ajv with ajv-formats (full mode). ajv compiles validators with
 * `new Function`, so a host with a strict Content-Security-Policy can pass its own
 * {@link AnswerChecker} instead.
 *
 * Property names are data. ajv skips a property literally named `__proto__` and reads
 * answers through ordinary property access, so the compiled schema never sees the real
 * names: each property gets a safe alias (`p0`, `p1`, …), the answer is copied onto those
 * aliases through own-property checks, and errors are mapped back to the real names. This
 * also lets schemas that differ only in names, titles or descriptions share one validator.
 */

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { setOwn } from './identity.js';
import type { RequestedSchema } from './model.js';

/** One problem with one answer, ready to show next to its field. */
export interface FieldError {
  /** The property name exactly as the schema spells it; `""` for a problem with the whole answer. */
  field: string;
  /** What failed: `required`, `minLength`, `maxLength`, `minimum`, `maximum`, `format`, `type`, `enum`, `minItems`, `maxItems`, `integer`, … */
  keyword: string;
  /** ajv's details for the keyword (e.g. `{ limit: 3 }`), with property aliases turned back into names. */
  params: Record<string, unknown>;
  /** What to do, in words a person understands. */
  message: string;
}

/** The result of checking one answer. */
export interface AnswerCheck {
  valid: boolean;
  /** At most one error per field, fields in schema order, whole-answer problems first. */
  errors: FieldError[];
}

/** Anything that can check an answer against a requestedSchema; ajv is the default, a CSP-safe direct checker can stand in. */
export type AnswerChecker = (schema: RequestedSchema, content: Record<string, unknown>) => AnswerCheck;

type JsonObject = Record<string, unknown>;

/** A schema made ready for ajv: the real names, in order, behind the aliases `p0`, `p1`, …. */
interface PreparedSchema {
  names: readonly string[];
  aliasToName: ReadonlyMap<string, string>;
  /** The property schema behind each alias, used to word messages (e.g. selects vs text). */
  propertyByAlias: ReadonlyMap<string, JsonObject>;
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
const validatorByShape = new Map<string, ValidateFunction>();

/** Created on first use so that importing this module stays cheap and free of `new Function`. */
function getAjv(): Ajv {
  if (!ajvInstance) {
    ajvInstance = new Ajv({ allErrors: true, strict: false });
    addFormats(ajvInstance);
  }
  return ajvInstance;
}

/**
 * Checks an answer against its `requestedSchema` with ajv and ajv-formats (full mode),
 * reporting every failing field (one error each) in plain English.
 *
 * Call it with a schema that {@link analyzeRequestedSchema} accepted. A schema ajv cannot
 * compile throws an error starting with `input-request-cards:`.
 *
 * @example
 * const schema: RequestedSchema = {
 *   type: 'object',
 *   properties: { email: { type: 'string', format: 'email' }, age: { type: 'integer', minimum: 18 } },
 *   required: ['email'],
 * };
 * validateAnswer(schema, { age: 17.5 });
 * // { valid: false, errors: [
 * //   { field: 'email', keyword: 'required', params: { missingProperty: 'email' }, message: 'This field is required.' },
 * //   { field: 'age', keyword: 'integer', params: { type: 'integer' }, message: 'Enter a whole number.' },
 * // ] }
 */
export const validateAnswer: AnswerChecker = (schema, content) => {
  const prepared = prepare(schema);
  const aliasedContent: JsonObject = {};
  prepared.names.forEach((name, position) => {
    if (!Object.hasOwn(content, name)) return;
    const value = content[name];
    if (value !== undefined) aliasedContent[aliasFor(position)] = value;
  });
  const valid = prepared.validate(aliasedContent) === true;
  return { valid, errors: valid ? [] : toFieldErrors(prepared.validate.errors ?? [], prepared) };
};

/**
 * Compiles the validator for a schema now, e.g. in idle time while the form is read, so the
 * first {@link validateAnswer} call on submit is fast. Later calls for the same or an equal
 * schema are cheap.
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
  const propertyByAlias = new Map<string, JsonObject>();
  if (isObject(properties)) {
    for (const name of Object.keys(properties)) {
      const alias = aliasByName.get(name) ?? name;
      const property = properties[name];
      aliasedProperties[alias] = isObject(property) ? withoutAnnotations(property) : property;
      if (isObject(property)) propertyByAlias.set(alias, property);
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
  let validate = validatorByShape.get(shape);
  if (validate) {
    // Re-insert so the most recently used shapes are evicted last.
    validatorByShape.delete(shape);
  } else {
    try {
      validate = getAjv().compile(aliasedSchema);
    } catch (error) {
      throw new Error(
        `input-request-cards: cannot check answers against this requestedSchema (${error instanceof Error ? error.message : String(error)}). Check it with analyzeRequestedSchema first.`,
        { cause: error },
      );
    }
  }
  validatorByShape.set(shape, validate);
  for (const oldest of validatorByShape.keys()) {
    if (validatorByShape.size <= VALIDATOR_CACHE_LIMIT) break;
    validatorByShape.delete(oldest);
  }

  const prepared: PreparedSchema = { names, aliasToName, propertyByAlias, validate };
  preparedBySchema.set(schema, prepared);
  return prepared;
}

function aliasFor(position: number): string {
  return `p${position}`;
}

function withoutAnnotations(object: JsonObject): JsonObject {
  const copy: JsonObject = {};
  for (const key of Object.keys(object)) {
    // Property keys of schemas are fixed keyword names; `__proto__` could only come from a
    // hostile schema and must not become a prototype, so copy it as an ordinary own key.
    if (ANNOTATION_KEYS.has(key) || key.startsWith('x-')) continue;
    setOwn(copy, key, object[key]);
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
    errorByAlias.set(alias, toFieldError(ajvError, field, prepared.propertyByAlias.get(alias)));
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

function toFieldError(ajvError: ErrorObject, field: string, property: JsonObject | undefined): FieldError {
  const params: Record<string, unknown> = { ...ajvError.params };
  if (ajvError.keyword === 'required') {
    params.missingProperty = field;
    return { field, keyword: 'required', params, message: 'This field is required.' };
  }
  const limit = params.limit;
  const isItem = ajvError.instancePath.split('/').length > 2;
  switch (ajvError.keyword) {
    case 'minLength':
      return { field, keyword: 'minLength', params, message: `Enter at least ${count(limit, 'character')}.` };
    case 'maxLength':
      return { field, keyword: 'maxLength', params, message: `Enter at most ${count(limit, 'character')}.` };
    case 'minimum':
      return { field, keyword: 'minimum', params, message: `Enter a number of at least ${String(limit)}.` };
    case 'maximum':
      return { field, keyword: 'maximum', params, message: `Enter a number of at most ${String(limit)}.` };
    case 'exclusiveMinimum':
      return {
        field,
        keyword: 'exclusiveMinimum',
        params,
        message: `Enter a number greater than ${String(limit)}.`,
      };
    case 'exclusiveMaximum':
      return {
        field,
        keyword: 'exclusiveMaximum',
        params,
        message: `Enter a number less than ${String(limit)}.`,
      };
    case 'minItems':
      return { field, keyword: 'minItems', params, message: `Choose at least ${count(limit, 'option')}.` };
    case 'maxItems':
      return { field, keyword: 'maxItems', params, message: `Choose at most ${count(limit, 'option')}.` };
    case 'uniqueItems':
      return { field, keyword: 'uniqueItems', params, message: 'Choose each option only once.' };
    case 'format':
      return { field, keyword: 'format', params, message: formatMessage(params.format) };
    case 'multipleOf':
      return params.multipleOf === 1
        ? { field, keyword: 'integer', params, message: 'Enter a whole number.' }
        : {
            field,
            keyword: 'multipleOf',
            params,
            message: `Enter a multiple of ${String(params.multipleOf)}.`,
          };
    case 'enum':
    case 'const':
    case 'oneOf':
    case 'anyOf':
      return { field, keyword: 'enum', params, message: 'Choose one of the listed options.' };
    case 'type':
      if (params.type === 'integer')
        return { field, keyword: 'integer', params, message: 'Enter a whole number.' };
      return { field, keyword: 'type', params, message: typeMessage(params.type, property, isItem) };
    default:
      return { field, keyword: ajvError.keyword, params, message: 'Check this value.' };
  }
}

function typeMessage(type: unknown, property: JsonObject | undefined, isItem: boolean): string {
  if (isItem || (property && (Object.hasOwn(property, 'enum') || Object.hasOwn(property, 'oneOf')))) {
    return 'Choose one of the listed options.';
  }
  switch (type) {
    case 'number':
      return 'Enter a number.';
    case 'boolean':
      return 'Choose yes or no.';
    case 'array':
      return 'Choose from the listed options.';
    case 'string':
      return 'Enter text.';
    default:
      return 'Enter a value of the right kind.';
  }
}

function formatMessage(format: unknown): string {
  switch (format) {
    case 'email':
      return 'Enter a valid email address.';
    case 'uri':
      return 'Enter a valid URL (for example https://example.com).';
    case 'date':
      return 'Enter a valid date (YYYY-MM-DD).';
    case 'date-time':
      return 'Enter a valid date and time.';
    default:
      return `Enter a value in the ${String(format)} format.`;
  }
}

function count(limit: unknown, noun: string): string {
  return `${String(limit)} ${noun}${limit === 1 ? '' : 's'}`;
}

/** The first segment of a JSON pointer, unescaped (`~1` → `/`, then `~0` → `~`). */
function firstSegment(pointer: string): string {
  const segment = pointer.split('/')[1] ?? '';
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON with object keys sorted, so equal schemas give equal strings whatever their key order. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (isObject(value)) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => value[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
