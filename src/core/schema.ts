/**
 * Checks an MCP `requestedSchema` against the flat grammar every MCP revision allows
 * (newest revision plus the legacy `enumNames` annotation) and turns it into form fields.
 *
 * Everything here is pure and framework-free. Property names and option values are data:
 * they are only ever used as `Map`/`Set` keys or read through own-property checks, so names
 * such as `__proto__`, `constructor`, `user.email` or `""` behave like any other name.
 */
import { matchesFormat } from './formats.js';
import {
  describeValue,
  isPlainObject,
  type JsonObject,
  own as ownData,
  quote as quoteText,
  toPointer,
} from './json.js';
import type { FieldOption, FieldSpec, SchemaProblem, TextFieldSpec } from './model.js';

/**
 * The most properties one form may have. MCP sets no limit; this one keeps a hostile or
 * runaway schema from freezing the page with thousands of inputs. Beyond it, only the first
 * this many properties are analysed, so 10,000 fields are refused as fast as 101.
 */
export const MAX_FIELDS = 100;

/**
 * The most options one select field may offer. The longest lists real forms use stay well
 * below it (about 250 countries, about 600 time zones, about 500 languages), while 10,000
 * checkboxes freeze a page for seconds. A longer list is refused before its entries are read.
 */
export const MAX_OPTIONS_PER_FIELD = 1000;

/**
 * The most options all select fields of one form may offer together, so a hundred fields of
 * 1,000 options each cannot add up to the same freeze.
 */
export const MAX_OPTIONS = 2000;

/**
 * The longest text `default` (in characters) a form pre-fills. A text field is one line: a
 * default past a few pages is no suggestion a person can check, and a megabyte of it in an input
 * takes Chromium over half a second to lay out. A longer default is refused like any other
 * problem; what a person types or pastes has no such limit.
 */
export const MAX_DEFAULT_LENGTH = 10_000;

/** The most problems one analysis lists; the rest are counted in one closing problem. */
const MAX_PROBLEMS = 100;

/** Why a schema was refused: outside the grammar, or beyond a size limit. */
export type SchemaRefusal = 'schema' | 'too-many-fields' | 'too-many-options';

/** The outcome of {@link analyzeRequestedSchema}: the fields, or every problem found. */
export type SchemaAnalysis =
  | { ok: true; fields: FieldSpec[] }
  | {
      ok: false;
      problems: SchemaProblem[];
      /** `too-many-fields` or `too-many-options` when a size limit was passed, otherwise `schema`. */
      reasonCode: SchemaRefusal;
    };

/** Keys tolerated at the root next to `type`, `properties` and `required` (plus any `x-*`). */
const ROOT_ANNOTATIONS: ReadonlySet<string> = new Set(['$schema', '$comment', 'title', 'description']);

/** Keys tolerated on every property (plus any `x-*`); they never change what is asked. */
const PROPERTY_ANNOTATIONS: ReadonlySet<string> = new Set([
  'title',
  'description',
  '$comment',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

const ANNOTATIONS_TEXT =
  'title, description, $comment, examples, deprecated, readOnly, writeOnly and x-* keys';

const KEYWORDS_BY_TYPE: ReadonlyMap<string, readonly string[]> = new Map([
  ['string', ['type', 'minLength', 'maxLength', 'format', 'default', 'enum', 'enumNames', 'oneOf']],
  ['number', ['type', 'minimum', 'maximum', 'default']],
  ['integer', ['type', 'minimum', 'maximum', 'default']],
  ['boolean', ['type', 'default']],
  ['array', ['type', 'items', 'minItems', 'maxItems', 'uniqueItems', 'default']],
]);

const KEYWORD_SETS_BY_TYPE: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  [...KEYWORDS_BY_TYPE].map(([type, keywords]) => [type, new Set(keywords)]),
);

/**
 * When `type` itself is refused we cannot know which keywords were meant, so only keywords
 * no MCP property type allows are reported; that keeps e.g. a nested object's `properties`
 * visible without repeating every ordinary keyword.
 */
const ANY_TYPE_KEYWORDS: ReadonlySet<string> = new Set([...KEYWORDS_BY_TYPE.values()].flat());

const FORMAT_KINDS: ReadonlyMap<string, TextFieldSpec['kind']> = new Map<string, TextFieldSpec['kind']>([
  ['email', 'email'],
  ['uri', 'url'],
  ['date', 'date'],
  ['date-time', 'date-time'],
]);

const FORMAT_DESCRIPTIONS: ReadonlyMap<string, string> = new Map([
  ['email', 'a valid email address'],
  ['uri', 'a valid absolute URI such as https://example.com'],
  ['date', 'a valid date (YYYY-MM-DD)'],
  ['date-time', 'a valid date-time with a time zone (e.g. 2026-01-31T09:30:00Z)'],
]);

const TYPES_TEXT = '"string", "number", "integer", "boolean" or "array" (multi-select)';

/** Extra advice for keywords people commonly bring over from full JSON Schema. */
const KEYWORD_ADVICE: ReadonlyMap<string, string> = new Map([
  ['const', 'for a fixed choice use "enum" with one value, or "oneOf" entries of {const, title}'],
  ['exclusiveMinimum', 'use "minimum" instead'],
  ['exclusiveMaximum', 'use "maximum" instead'],
  ['multipleOf', 'use type "integer" for whole numbers and check other steps on the server'],
  ['nullable', 'to make a field optional, leave it out of "required"'],
  ['$ref', 'references are not supported; write each property out in full'],
  ['$defs', 'definitions are not supported; write each property out in full'],
  ['definitions', 'definitions are not supported; write each property out in full'],
  ['properties', 'nested objects are not supported; make each value a top-level property'],
  ['additionalProperties', 'nested objects are not supported; make each value a top-level property'],
  ['patternProperties', 'nested objects are not supported; make each value a top-level property'],
  ['anyOf', 'for a titled single-select use "oneOf" entries of {const, title} on a string property'],
  ['allOf', 'schema combinators are not supported; describe the field with one flat property'],
  ['not', 'schema combinators are not supported; describe the field with one flat property'],
  ['if', 'conditional schemas are not supported; check such rules on the server'],
  ['then', 'conditional schemas are not supported; check such rules on the server'],
  ['else', 'conditional schemas are not supported; check such rules on the server'],
  ['contains', 'list the allowed options in "items" and use "minItems" instead'],
]);

/**
 * Checks a `requestedSchema` against the flat MCP grammar and describes its fields.
 *
 * Pure and total: it never throws, whatever it is given, and it reports the problems it
 * finds (not just the first; at most 100, then a count), each with the JSON-pointer path of
 * the offending keyword. Fields come back in the order of `properties`.
 *
 * Its work is bounded on hostile input: nothing is recursive (a schema nested 10,000 deep is
 * refused at its first level), only the first {@link MAX_FIELDS} properties are analysed, and
 * option lists longer than {@link MAX_OPTIONS_PER_FIELD} are refused before they are read.
 *
 * @example
 * const analysis = analyzeRequestedSchema({
 *   type: 'object',
 *   properties: {
 *     email: { type: 'string', format: 'email', title: 'Email' },
 *     plan: { type: 'string', oneOf: [{ const: 'pro', title: 'Pro' }, { const: 'free', title: 'Free' }] },
 *   },
 *   required: ['email'],
 * });
 * if (analysis.ok) {
 *   analysis.fields[0]; // { kind: 'email', name: 'email', index: 0, title: 'Email', required: true }
 * } else {
 *   analysis.problems; // e.g. [{ path: '/properties/email/pattern', message: '"pattern" is not allowed …' }]
 * }
 */
export function analyzeRequestedSchema(schema: unknown): SchemaAnalysis {
  if (!isPlainObject(schema)) {
    return {
      ok: false,
      problems: [
        {
          path: '',
          message: `The requestedSchema must be a JSON object like {"type": "object", "properties": {…}}, but it is ${describeValue(schema)}.`,
        },
      ],
      reasonCode: 'schema',
    };
  }
  const state: AnalysisState = { problems: [], omitted: 0, optionsLeft: MAX_OPTIONS };
  const report = reporter(state);

  for (const key of Object.keys(schema)) {
    if (key === 'type' || key === 'properties' || key === 'required' || isExtensionKey(key)) continue;
    if (ROOT_ANNOTATIONS.has(key)) {
      const value = schema[key];
      if (typeof value !== 'string') {
        report([key], `"${key}" must be a string, but it is ${describeValue(value)}.`);
      }
      continue;
    }
    report([key], rootKeywordMessage(key));
  }

  if (!Object.hasOwn(schema, 'type')) {
    report(['type'], 'The requestedSchema needs "type": "object".');
  } else if (schema.type !== 'object') {
    report(['type'], `The requestedSchema "type" must be "object", but it is ${describeValue(schema.type)}.`);
  }

  const properties = own(schema, 'properties');
  const propertiesValid = isPlainObject(properties);
  if (!Object.hasOwn(schema, 'properties')) {
    report(
      ['properties'],
      'The requestedSchema needs "properties": an object of fields ({} for a plain yes/no prompt).',
    );
  } else if (!propertiesValid) {
    report(
      ['properties'],
      `"properties" must be an object mapping field names to field schemas, but it is ${describeValue(properties)}.`,
    );
  }
  const names = propertiesValid ? Object.keys(properties) : [];
  if (names.length > MAX_FIELDS) {
    report(['properties'], tooManyFieldsMessage(names.length), 'too-many-fields');
  }

  const requiredNames = analyzeRequired(schema, propertiesValid ? new Set(names) : undefined, report);

  const fields: FieldSpec[] = [];
  const analysed = Math.min(names.length, MAX_FIELDS);
  for (let index = 0; index < analysed; index++) {
    const name = names[index] as string;
    const field = analyzeProperty(name, index, own(properties, name), requiredNames.has(name), state);
    if (field) fields.push(field);
  }

  const { problems, omitted, limit } = state;
  if (problems.length === 0) return { ok: true, fields };
  if (omitted > 0) {
    problems.push({
      path: '',
      message: `There ${omitted === 1 ? 'is 1 more problem' : `are ${omitted} more problems`} not listed here; fix the ones above first.`,
    });
  }
  return { ok: false, problems, reasonCode: limit ?? 'schema' };
}

/** The developer message for a `properties` map of `count` fields, past {@link MAX_FIELDS}. */
export function tooManyFieldsMessage(count: number): string {
  return `"properties" has ${count} fields; this client shows at most ${MAX_FIELDS} fields in one form. Split the question into smaller requests.`;
}

/**
 * Analyses of schemas the parser copied for itself: nothing else holds those copies, so they
 * never change, and the checker of a request's answers reuses the parser's analysis instead of
 * making it again on submit.
 */
const ownedAnalyses = new WeakMap<object, SchemaAnalysis>();

/** {@link analyzeRequestedSchema} of a schema the caller owns and never changes: remembered. */
export function analyzeOwnedSchema(schema: object): SchemaAnalysis {
  const analysis = analyzeRequestedSchema(schema);
  ownedAnalyses.set(schema, analysis);
  return analysis;
}

/** The analysis made by {@link analyzeOwnedSchema} for this very object, if any. */
export function rememberedAnalysis(schema: unknown): SchemaAnalysis | undefined {
  return typeof schema === 'object' && schema !== null ? ownedAnalyses.get(schema) : undefined;
}

/** What one analysis has found so far, shared by the reporters of every property. */
interface AnalysisState {
  problems: SchemaProblem[];
  /** Problems found beyond MAX_PROBLEMS, counted but not listed. */
  omitted: number;
  /** The first size limit passed, if any. */
  limit?: SchemaRefusal;
  /** Options the form may still offer before MAX_OPTIONS. */
  optionsLeft: number;
}

/** Records a problem at `segments` below the reporter's place; `limit` marks a size limit. */
interface Report {
  (segments: readonly string[], message: string, limit?: SchemaRefusal): void;
  state: AnalysisState;
}

/**
 * A reporter for problems of the schema's root, or of the property `name`. The property's JSON
 * pointer is escaped at its first problem, once, not per problem (a very long name costs no more
 * with each problem it has), and not at all for a property without problems: most have none.
 */
function reporter(state: AnalysisState, name?: string): Report {
  let prefix = name === undefined ? '' : undefined;
  const report = (segments: readonly string[], message: string, limit?: SchemaRefusal) => {
    if (limit !== undefined) state.limit ??= limit;
    if (state.problems.length >= MAX_PROBLEMS) {
      state.omitted++;
      return;
    }
    prefix ??= toPointer(['properties', name as string]);
    state.problems.push({ path: prefix + toPointer(segments), message });
  };
  report.state = state;
  return report;
}

function analyzeRequired(
  schema: JsonObject,
  propertyNames: ReadonlySet<string> | undefined,
  report: Report,
): Set<string> {
  const requiredNames = new Set<string>();
  if (!Object.hasOwn(schema, 'required')) return requiredNames;
  const required = schema.required;
  if (!Array.isArray(required)) {
    report(
      ['required'],
      `"required" must be an array of property names, but it is ${describeValue(required)}.`,
    );
    return requiredNames;
  }
  const reportedDuplicates = new Set<string>();
  required.forEach((name: unknown, position) => {
    if (typeof name !== 'string') {
      report(
        ['required'],
        `"required" must list property names as strings, but entry ${position} is ${describeValue(name)}.`,
      );
      return;
    }
    if (requiredNames.has(name)) {
      if (!reportedDuplicates.has(name)) {
        reportedDuplicates.add(name);
        report(['required'], `"required" lists ${quote(name)} more than once; list each property once.`);
      }
      return;
    }
    requiredNames.add(name);
    if (propertyNames && !propertyNames.has(name)) {
      report(
        ['required'],
        `"required" names ${quote(name)}, which is not in "properties"; list only properties the schema defines.`,
      );
    }
  });
  return requiredNames;
}

function analyzeProperty(
  name: string,
  index: number,
  property: unknown,
  required: boolean,
  state: AnalysisState,
): FieldSpec | undefined {
  const report = reporter(state, name);
  if (!isPlainObject(property)) {
    report(
      [],
      `Field ${quote(name)} must be a schema object such as {"type": "string"}, but it is ${describeValue(property)}.`,
    );
    return undefined;
  }

  const type = own(property, 'type');
  const allowedKeywords = typeof type === 'string' ? KEYWORD_SETS_BY_TYPE.get(type) : undefined;
  if (!Object.hasOwn(property, 'type')) {
    report(['type'], `Every field needs a "type": ${TYPES_TEXT}.`);
  } else if (Array.isArray(type)) {
    report(
      ['type'],
      `"type" must be one type name, not a list (${describeValue(type)}); MCP allows ${TYPES_TEXT}. To make a field optional, leave it out of "required".`,
    );
  } else if (!allowedKeywords) {
    report(['type'], typeMessage(type));
  }

  for (const key of Object.keys(property)) {
    if (isExtensionKey(key)) continue;
    if (PROPERTY_ANNOTATIONS.has(key)) {
      checkAnnotation(key, property[key], report);
      continue;
    }
    if (allowedKeywords ? allowedKeywords.has(key) : ANY_TYPE_KEYWORDS.has(key)) continue;
    report(
      [key],
      propertyKeywordMessage(key, typeof type === 'string' && allowedKeywords ? type : undefined),
    );
  }
  if (!allowedKeywords || typeof type !== 'string') return undefined;

  const base: FieldBase = { name, index, required };
  const title = own(property, 'title');
  const description = own(property, 'description');
  if (typeof title === 'string') base.title = title;
  if (typeof description === 'string') base.description = description;

  const ctx: PropertyContext = { property, report, base };
  switch (type) {
    case 'string':
      return analyzeString(ctx);
    case 'number':
    case 'integer':
      return analyzeNumber(ctx, type);
    case 'boolean':
      return analyzeBoolean(ctx);
    default:
      return analyzeArray(ctx);
  }
}

interface FieldBase {
  name: string;
  index: number;
  title?: string;
  description?: string;
  required: boolean;
}

interface PropertyContext {
  property: JsonObject;
  report: Report;
  base: FieldBase;
}

function checkAnnotation(key: string, value: unknown, report: Report): void {
  const fits =
    key === 'title' || key === 'description'
      ? typeof value === 'string'
      : key === 'examples'
        ? Array.isArray(value)
        : key === 'deprecated' || key === 'readOnly' || key === 'writeOnly'
          ? typeof value === 'boolean'
          : true;
  if (!fits) {
    const expected =
      key === 'examples'
        ? 'an array of example values'
        : key === 'title' || key === 'description'
          ? 'a string'
          : 'true or false';
    report([key], `"${key}" must be ${expected}, but it is ${describeValue(value)}.`);
  }
}

function analyzeString({ property, report, base }: PropertyContext): FieldSpec | undefined {
  const hasEnum = Object.hasOwn(property, 'enum');
  const hasOneOf = Object.hasOwn(property, 'oneOf');
  const isSelect = hasEnum || hasOneOf;

  if (Object.hasOwn(property, 'enumNames') && !hasEnum) {
    report(
      ['enumNames'],
      '"enumNames" is only allowed next to "enum" (legacy option labels); for titled options use "oneOf" entries of {const, title}.',
    );
  }

  if (isSelect) {
    for (const keyword of ['minLength', 'maxLength', 'format']) {
      if (Object.hasOwn(property, keyword)) {
        report(
          [keyword],
          `"${keyword}" cannot be combined with "${hasEnum ? 'enum' : 'oneOf'}"; a single-select field accepts only its options, a "default" and annotations.`,
        );
      }
    }
    let options: FieldOption[] | undefined;
    if (hasEnum && hasOneOf) {
      report(
        ['oneOf'],
        '"oneOf" cannot be combined with "enum"; give the options once, either as "enum" or as "oneOf" entries of {const, title}.',
      );
    } else if (hasEnum) {
      const values = readEnumValues(property.enum, ['enum'], report);
      const labels = Object.hasOwn(property, 'enumNames')
        ? readEnumNames(property.enumNames, values, report)
        : undefined;
      options = values?.map((value, i) => ({ value, label: labels?.[i] ?? value }));
    } else {
      options = readTitledOptions(property.oneOf, ['oneOf'], report);
    }

    let defaultValue: string | undefined;
    if (Object.hasOwn(property, 'default')) {
      const value = property.default;
      if (typeof value !== 'string') {
        report(
          ['default'],
          `"default" must be one of the option values (a string), but it is ${describeValue(value)}.`,
        );
      } else if (options && !options.some((option) => option.value === value)) {
        report(
          ['default'],
          `"default" is ${quote(value)}, which is not one of the options (${listValues(options)}).`,
        );
      } else {
        defaultValue = value;
      }
    }
    if (!options) return undefined;
    return {
      kind: 'single-select',
      ...base,
      options,
      ...(defaultValue !== undefined && { default: defaultValue }),
    };
  }

  const minLength = readCount(property, 'minLength', report);
  const maxLength = readCount(property, 'maxLength', report);
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
    report(
      ['minLength'],
      `"minLength" (${minLength}) is greater than "maxLength" (${maxLength}), so no answer could fit.`,
    );
  }

  let kind: TextFieldSpec['kind'] = 'text';
  let format: string | undefined;
  if (Object.hasOwn(property, 'format')) {
    const value = property.format;
    const formatKind = typeof value === 'string' ? FORMAT_KINDS.get(value) : undefined;
    if (formatKind === undefined || typeof value !== 'string') {
      report(
        ['format'],
        `"format" must be "email", "uri", "date" or "date-time" (the formats MCP allows), but it is ${describeValue(value)}.`,
      );
    } else {
      kind = formatKind;
      format = value;
    }
  }

  let defaultValue: string | undefined;
  if (Object.hasOwn(property, 'default')) {
    const value = property.default;
    if (typeof value !== 'string') {
      report(
        ['default'],
        `"default" must be a string for a string field, but it is ${describeValue(value)}.`,
      );
    } else {
      const length = codePointLength(value);
      if (minLength !== undefined && length < minLength) {
        report(['default'], `"default" has ${length} characters, fewer than "minLength" (${minLength}).`);
      } else if (maxLength !== undefined && length > maxLength) {
        report(['default'], `"default" has ${length} characters, more than "maxLength" (${maxLength}).`);
      } else if (length > MAX_DEFAULT_LENGTH) {
        report(
          ['default'],
          `"default" has ${length} characters; this client pre-fills at most ${MAX_DEFAULT_LENGTH}. Give a shorter default or none.`,
        );
      } else if (format !== undefined && !matchesFormat(format, value)) {
        report(
          ['default'],
          `"default" ${quote(value)} is not ${FORMAT_DESCRIPTIONS.get(format) ?? `in the ${format} format`}; give a valid value or no default.`,
        );
      } else if ((format === 'date' || format === 'date-time') && !showableTime(format, value)) {
        // RFC 3339 allows year 0000, but a date input cannot show it: the browser would clear the
        // field, and the default the person never saw would still be sent.
        report(
          ['default'],
          `"default" ${quote(value)} lies before the year 1 (in some time zone), which a date field cannot show; give a later date or no default.`,
        );
      } else {
        defaultValue = value;
      }
    }
  }

  return {
    kind,
    ...base,
    ...(minLength !== undefined && { minLength }),
    ...(maxLength !== undefined && { maxLength }),
    ...(defaultValue !== undefined && { default: defaultValue }),
  };
}

function analyzeNumber(
  { property, report, base }: PropertyContext,
  type: 'number' | 'integer',
): FieldSpec | undefined {
  const minimum = readFiniteNumber(property, 'minimum', report);
  const maximum = readFiniteNumber(property, 'maximum', report);
  if (minimum !== undefined && maximum !== undefined && minimum > maximum) {
    report(
      ['minimum'],
      `"minimum" (${minimum}) is greater than "maximum" (${maximum}), so no answer could fit.`,
    );
  }

  let defaultValue: number | undefined;
  if (Object.hasOwn(property, 'default')) {
    const value = property.default;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      report(
        ['default'],
        `"default" must be a finite number for a ${type} field, but it is ${describeValue(value)}.`,
      );
    } else if (type === 'integer' && !Number.isInteger(value)) {
      report(['default'], `"default" (${value}) must be a whole number for an integer field.`);
    } else if (minimum !== undefined && value < minimum) {
      report(['default'], `"default" (${value}) is below "minimum" (${minimum}).`);
    } else if (maximum !== undefined && value > maximum) {
      report(['default'], `"default" (${value}) is above "maximum" (${maximum}).`);
    } else {
      defaultValue = value;
    }
  }

  return {
    kind: type,
    ...base,
    ...(minimum !== undefined && { minimum }),
    ...(maximum !== undefined && { maximum }),
    ...(defaultValue !== undefined && { default: defaultValue }),
  };
}

function analyzeBoolean({ property, report, base }: PropertyContext): FieldSpec | undefined {
  if (!Object.hasOwn(property, 'default')) return { kind: 'boolean', ...base };
  const value = property.default;
  if (typeof value !== 'boolean') {
    report(
      ['default'],
      `"default" must be true or false for a boolean field, but it is ${describeValue(value)}.`,
    );
    return undefined;
  }
  return { kind: 'boolean', ...base, default: value };
}

const ITEMS_ACCEPTED =
  'MCP arrays are multi-selects only: "items" must be {"type": "string", "enum": [...]} or {"anyOf": [{"const": ..., "title": ...}, ...]}';

function analyzeArray({ property, report, base }: PropertyContext): FieldSpec | undefined {
  let options: FieldOption[] | undefined;
  const items = own(property, 'items');
  if (!Object.hasOwn(property, 'items')) {
    report(['items'], `An array field needs "items". ${ITEMS_ACCEPTED}.`);
  } else if (!isPlainObject(items)) {
    report(['items'], `"items" must be an object, but it is ${describeValue(items)}. ${ITEMS_ACCEPTED}.`);
  } else {
    options = analyzeItems(items, report);
  }

  const minItems = readCount(property, 'minItems', report);
  const maxItems = readCount(property, 'maxItems', report);
  const uniqueItems = own(property, 'uniqueItems');
  if (Object.hasOwn(property, 'uniqueItems') && typeof uniqueItems !== 'boolean') {
    report(['uniqueItems'], `"uniqueItems" must be true or false, but it is ${describeValue(uniqueItems)}.`);
  }
  if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) {
    report(
      ['minItems'],
      `"minItems" (${minItems}) is greater than "maxItems" (${maxItems}), so no answer could fit.`,
    );
  } else if (minItems !== undefined && options && minItems > options.length) {
    report(
      ['minItems'],
      `"minItems" (${minItems}) is greater than the number of options (${options.length}), so no answer could fit.`,
    );
  }

  let defaultValue: string[] | undefined;
  if (Object.hasOwn(property, 'default')) {
    defaultValue = readMultiSelectDefault(property.default, options, minItems, maxItems, report);
  }

  if (!options) return undefined;
  return {
    kind: 'multi-select',
    ...base,
    options,
    ...(minItems !== undefined && { minItems }),
    ...(maxItems !== undefined && { maxItems }),
    ...(uniqueItems === true && { uniqueItems: true as const }),
    ...(defaultValue !== undefined && { default: defaultValue }),
  };
}

function analyzeItems(items: JsonObject, report: Report): FieldOption[] | undefined {
  for (const key of Object.keys(items)) {
    if (key === 'type' || key === 'enum' || key === 'anyOf') continue;
    report(
      ['items', key],
      key === 'pattern'
        ? '"pattern" is not allowed in an MCP requestedSchema (no revision supports it); validate the value on the server instead.'
        : `"${key}" is not allowed in "items" of an MCP requestedSchema; "items" accepts only "type": "string" with "enum", or "anyOf" options.`,
    );
  }
  const hasType = Object.hasOwn(items, 'type');
  if (hasType && items.type !== 'string') {
    report(
      ['items', 'type'],
      `"items.type" must be "string", but it is ${describeValue(items.type)}; arrays of objects, numbers or other types are not supported. ${ITEMS_ACCEPTED}.`,
    );
  }
  const hasEnum = Object.hasOwn(items, 'enum');
  const hasAnyOf = Object.hasOwn(items, 'anyOf');
  if (hasEnum && hasAnyOf) {
    report(['items', 'anyOf'], '"anyOf" cannot be combined with "enum" in "items"; give the options once.');
    return undefined;
  }
  if (hasEnum) {
    if (!hasType) report(['items', 'type'], '"items" with "enum" needs "type": "string".');
    return readEnumValues(items.enum, ['items', 'enum'], report)?.map((value) => ({ value, label: value }));
  }
  if (hasAnyOf) return readTitledOptions(items.anyOf, ['items', 'anyOf'], report);
  report(['items'], `Free-form arrays are not supported. ${ITEMS_ACCEPTED}.`);
  return undefined;
}

function readMultiSelectDefault(
  value: unknown,
  options: readonly FieldOption[] | undefined,
  minItems: number | undefined,
  maxItems: number | undefined,
  report: Report,
): string[] | undefined {
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string')) {
    report(
      ['default'],
      `"default" must be an array of option values (strings), but it is ${describeValue(value)}.`,
    );
    return undefined;
  }
  const entries = value as string[];
  const optionValues = new Set(options?.map((option) => option.value));
  const unknown = options ? entries.find((entry) => !optionValues.has(entry)) : undefined;
  const duplicate = findDuplicate(entries);
  if (unknown !== undefined) {
    report(
      ['default'],
      `"default" contains ${quote(unknown)}, which is not one of the options (${listValues(options ?? [])}).`,
    );
  } else if (duplicate !== undefined) {
    report(
      ['default'],
      `"default" lists ${quote(duplicate)} more than once; each option can be chosen once.`,
    );
  } else if (minItems !== undefined && entries.length < minItems) {
    report(['default'], `"default" chooses ${entries.length} options, fewer than "minItems" (${minItems}).`);
  } else if (maxItems !== undefined && entries.length > maxItems) {
    report(['default'], `"default" chooses ${entries.length} options, more than "maxItems" (${maxItems}).`);
  } else {
    return [...entries];
  }
  return undefined;
}

function readEnumValues(value: unknown, segments: readonly string[], report: Report): string[] | undefined {
  const keyword = segments.at(-1);
  if (!Array.isArray(value)) {
    report(
      segments,
      `"${keyword}" must be an array of strings (the option values), but it is ${describeValue(value)}.`,
    );
    return undefined;
  }
  if (value.length === 0) {
    report(segments, `"${keyword}" is empty; list at least one option.`);
    return undefined;
  }
  if (!withinOptionLimits(value.length, segments, report)) return undefined;
  const nonString = value.find((entry) => typeof entry !== 'string');
  if (nonString !== undefined) {
    report(
      segments,
      `"${keyword}" contains ${describeValue(nonString)}; MCP allows only string options (non-string enums are not supported). Use strings and convert on the server.`,
    );
    return undefined;
  }
  const values = value as string[];
  if (values.includes('')) {
    report(segments, `"${keyword}" contains an empty string; every option needs a non-empty value.`);
    return undefined;
  }
  const duplicate = findDuplicate(values);
  if (duplicate !== undefined) {
    report(segments, `"${keyword}" lists ${quote(duplicate)} more than once; each option must be unique.`);
    return undefined;
  }
  return [...values];
}

function readEnumNames(
  value: unknown,
  values: readonly string[] | undefined,
  report: Report,
): string[] | undefined {
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string')) {
    report(
      ['enumNames'],
      `"enumNames" must be an array of strings (one label per "enum" value), but it is ${describeValue(value)}.`,
    );
    return undefined;
  }
  if (values && value.length !== values.length) {
    report(
      ['enumNames'],
      `"enumNames" has ${value.length} labels but "enum" has ${values.length} values; give exactly one label per value, in the same order.`,
    );
    return undefined;
  }
  return value as string[];
}

/** Reads `oneOf` (single-select) or `items.anyOf` (multi-select) entries of `{const, title}`. */
function readTitledOptions(
  value: unknown,
  segments: readonly string[],
  report: Report,
): FieldOption[] | undefined {
  const keyword = segments.at(-1);
  const shape = `entries of {"const": "<value>", "title": "<label>"}`;
  if (!Array.isArray(value)) {
    report(segments, `"${keyword}" must be an array of ${shape}, but it is ${describeValue(value)}.`);
    return undefined;
  }
  if (value.length === 0) {
    report(segments, `"${keyword}" is empty; list at least one option as ${shape}.`);
    return undefined;
  }
  if (!withinOptionLimits(value.length, segments, report)) return undefined;
  const options: FieldOption[] = [];
  let valid = true;
  value.forEach((entry: unknown, position) => {
    const entrySegments = [...segments, String(position)];
    if (!isPlainObject(entry)) {
      report(
        entrySegments,
        `Each "${keyword}" entry must be an object {"const": "<value>", "title": "<label>"}, but entry ${position} is ${describeValue(entry)}.`,
      );
      valid = false;
      return;
    }
    for (const key of Object.keys(entry)) {
      if (key === 'const' || key === 'title') continue;
      if (key === 'description') {
        if (typeof entry.description !== 'string') {
          report(
            [...entrySegments, key],
            `"description" of an option must be a string (text shown under its label), but it is ${describeValue(entry.description)}.`,
          );
          valid = false;
        }
        continue;
      }
      report(
        [...entrySegments, key],
        `"${key}" is not allowed in an option of "${keyword}"; an option has only "const" (the value), "title" (the label) and an optional "description".`,
      );
      valid = false;
    }
    for (const key of ['const', 'title'] as const) {
      if (!Object.hasOwn(entry, key)) {
        report(
          entrySegments,
          `"${keyword}" entry ${position} needs "${key}" (a string); each option is {"const": "<value>", "title": "<label>"}.`,
        );
        valid = false;
      } else if (typeof entry[key] !== 'string') {
        const what = key === 'const' ? 'MCP allows only string option values' : 'the label must be text';
        report(
          [...entrySegments, key],
          `"${key}" must be a string (${what}), but it is ${describeValue(entry[key])}.`,
        );
        valid = false;
      }
    }
    if (typeof entry.const === 'string' && typeof entry.title === 'string') {
      const description = entry.description;
      options.push({
        value: entry.const,
        label: entry.title,
        ...(typeof description === 'string' && { description }),
      });
    }
  });
  if (!valid) return undefined;
  if (options.some((option) => option.value === '')) {
    report(
      segments,
      `"${keyword}" has an option whose "const" is empty; every option needs a non-empty value.`,
    );
    return undefined;
  }
  const duplicate = findDuplicate(options.map((option) => option.value));
  if (duplicate !== undefined) {
    report(
      segments,
      `"${keyword}" lists the value ${quote(duplicate)} more than once; each option must be unique.`,
    );
    return undefined;
  }
  return options;
}

/**
 * Refuses an option list longer than MAX_OPTIONS_PER_FIELD, or one that would take the form past
 * MAX_OPTIONS, before any entry is read; otherwise counts it against the form's budget.
 */
function withinOptionLimits(count: number, segments: readonly string[], report: Report): boolean {
  const keyword = segments.at(-1);
  const { state } = report;
  if (count > MAX_OPTIONS_PER_FIELD) {
    report(
      segments,
      `"${keyword}" lists ${count} options; this client shows at most ${MAX_OPTIONS_PER_FIELD} options in one field. Offer fewer choices, or ask for the value as text.`,
      'too-many-options',
    );
    return false;
  }
  if (count > state.optionsLeft) {
    report(
      segments,
      `"${keyword}" lists ${count} options, which takes this form past ${MAX_OPTIONS} options in all fields together, the most this client shows in one form. Split the question into smaller requests.`,
      'too-many-options',
    );
    return false;
  }
  state.optionsLeft -= count;
  return true;
}

/** Reads a length or item count: a non-negative whole number. */
function readCount(property: JsonObject, keyword: string, report: Report): number | undefined {
  if (!Object.hasOwn(property, keyword)) return undefined;
  const value = property[keyword];
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  report([keyword], `"${keyword}" must be a whole number of 0 or more, but it is ${describeValue(value)}.`);
  return undefined;
}

function readFiniteNumber(property: JsonObject, keyword: string, report: Report): number | undefined {
  if (!Object.hasOwn(property, keyword)) return undefined;
  const value = property[keyword];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  report([keyword], `"${keyword}" must be a finite number, but it is ${describeValue(value)}.`);
  return undefined;
}

function rootKeywordMessage(key: string): string {
  const advice = KEYWORD_ADVICE.get(key);
  return (
    `"${key}" is not allowed at the root of an MCP requestedSchema${advice ? ` (${advice})` : ''}. ` +
    'The root accepts only "type": "object", "properties", "required" and the annotations $schema, $comment, title, description and x-* keys.'
  );
}

function propertyKeywordMessage(key: string, type: string | undefined): string {
  if (key === 'pattern') {
    return '"pattern" is not allowed in an MCP requestedSchema (no revision supports it); validate the value on the server instead.';
  }
  if (key === 'enum' && type !== undefined) {
    return `"enum" is not allowed on ${withArticle(type)} field: MCP supports only string options (non-string enums are not supported). Use a string field with "enum" or "oneOf" and convert on the server.`;
  }
  const advice = KEYWORD_ADVICE.get(key);
  const accepted =
    type === undefined
      ? `A field accepts only the keywords of its type and the annotations ${ANNOTATIONS_TEXT}.`
      : `${capitalize(withArticle(type))} field accepts only ${(KEYWORDS_BY_TYPE.get(type) ?? []).join(', ')} and the annotations ${ANNOTATIONS_TEXT}.`;
  return `"${key}" is not allowed in an MCP requestedSchema${advice ? ` (${advice})` : ''}. ${accepted}`;
}

function withArticle(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function typeMessage(type: unknown): string {
  if (type === 'object') {
    return `Nested objects are not allowed in an MCP requestedSchema; make each value a top-level field. A field "type" must be ${TYPES_TEXT}.`;
  }
  if (type === 'null') {
    return `"type": "null" is not allowed in an MCP requestedSchema; to make a field optional, leave it out of "required". A field "type" must be ${TYPES_TEXT}.`;
  }
  return `"type" ${describeValue(type)} is not supported; a field "type" must be ${TYPES_TEXT}.`;
}

/** An own data property of a plain object (never a getter, never the prototype), else `undefined`. */
function own(object: unknown, key: string): unknown {
  return isPlainObject(object) ? ownData(object, key) : undefined;
}

function isExtensionKey(key: string): boolean {
  return key.startsWith('x-');
}

function findDuplicate(values: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}

/** A UTF-16 surrogate, paired or not. */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * A string's length as JSON Schema counts it: in code points, not UTF-16 units (an emoji is one
 * character, and so is a lone surrogate). Text without surrogates, nearly all text, is its UTF-16
 * length, found by one native search: counting a megabyte default character by character took
 * 27 ms of cold code, as long as the rest of the parse.
 */
export function codePointLength(value: string): number {
  if (!SURROGATE.test(value)) return value.length;
  let count = value.length;
  for (let index = 0; index < value.length - 1; index++) {
    const unit = value.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}

function listValues(options: readonly FieldOption[]): string {
  const shown = options.slice(0, 10).map((option) => quote(option.value));
  return options.length > shown.length ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** A name or value in quotes for a message, cut short so a 1 MB string does not become a 1 MB message. */
function quote(text: string): string {
  return quoteText(text, 60);
}

/**
 * Whether a date input can show `value` wherever the person is: HTML dates start at 0001-01-01,
 * and a date-time is shown in local time, which (historical zones included) stays within a day of
 * what it is written as. So a date from year 1, and a date-time written from 0001-01-02 on.
 */
function showableTime(format: 'date' | 'date-time', value: string): boolean {
  return format === 'date' ? !value.startsWith('0000') : value.slice(0, 10) >= '0001-01-02';
}
