/**
 * Checks form answers against their `requestedSchema` before they leave the client.
 *
 * The default checker is direct code for exactly the flat subset that
 * {@link analyzeRequestedSchema} accepts: no `new Function`, no schema library, so it runs
 * under a strict Content-Security-Policy (`script-src 'self'`) and in edge runtimes. It reports
 * what ajv with ajv-formats (full mode) reports for the same schema and answer, field by field;
 * hosts that want ajv itself can pass the checker from `input-request-cards/ajv`.
 *
 * Property names are data: answers are read with own-property checks only, so `__proto__`,
 * `constructor`, `""`, `user.email` or `a[0]` are names like any other.
 */

import { matchesFormat } from './formats.js';
import type { FieldSpec, RequestedSchema } from './model.js';
import { analyzeRequestedSchema, codePointLength, rememberedAnalysis } from './schema.js';

/**
 * One problem with one answer, as codes: the words for it live in `messages.fieldError`.
 *
 * `keyword` is one of `required` (`{ missingProperty }`), `type` (`{ type }`: `string`,
 * `number`, `boolean`, `array`, or `object` for a whole answer that is not an object),
 * `integer` (`{ type: 'integer' }`), `minLength`, `maxLength`, `minimum`, `maximum`,
 * `minItems`, `maxItems` (each `{ limit }`), `format` (`{ format }`: `email`, `uri`, `date`,
 * `date-time`), `enum` (`{ allowedValues }`) or `uniqueItems` (`{ i, j }`, the positions of
 * two equal entries). Other checkers (e.g. ajv's) may report other keywords; the form adds
 * `skippedLocalTime`, `unsafeInteger` (see `conversionErrors`) and `badInput` (an input showing
 * text the browser cannot read as a number, date or date-time).
 */
export interface FieldError {
  /** The property name exactly as the schema spells it; `""` for a problem with the whole answer. */
  field: string;
  /** What failed, e.g. `minLength`. */
  keyword: string;
  /** The numbers and names behind it, e.g. `{ limit: 3 }`. */
  params: Record<string, unknown>;
}

/** The result of checking one answer. */
export interface AnswerCheck {
  valid: boolean;
  /** At most one error per field, fields in schema order, whole-answer problems first. */
  errors: FieldError[];
}

/**
 * Anything that can check an answer against a requestedSchema: {@link validateAnswer} by
 * default, or `ajvAnswerChecker` from `input-request-cards/ajv`, or your own.
 */
export interface AnswerChecker {
  (schema: RequestedSchema, content: Record<string, unknown>): AnswerCheck;
  /** Optional: does the per-schema work ahead of time. The card calls it in idle time after mount. */
  prepare?: (schema: RequestedSchema) => void;
}

/** Checks one present value of one field; `undefined` when it is fine. */
type ValueCheck = (value: unknown, field: string) => FieldError | undefined;

interface PlannedField {
  name: string;
  required: boolean;
  check: ValueCheck;
}

/** One small plan per schema object: a check per field, built once from the analysed fields. */
const plans = new WeakMap<object, readonly PlannedField[]>();

const FORMAT_OF_KIND: Readonly<Record<string, string>> = {
  email: 'email',
  url: 'uri',
  date: 'date',
  'date-time': 'date-time',
};

/**
 * Checks an answer against its `requestedSchema`, reporting every failing field (one error
 * each) as codes for `messages.fieldError` to word.
 *
 * Call it with a schema that {@link analyzeRequestedSchema} accepted; any other schema throws
 * an error starting with `input-request-cards:`. Keys of `content` the schema does not define
 * are ignored, as JSON Schema does without `additionalProperties`. An `undefined` value counts
 * as missing. Numbers must be finite; lengths count code points (an emoji is one character).
 *
 * @example
 * const schema: RequestedSchema = {
 *   type: 'object',
 *   properties: { email: { type: 'string', format: 'email' }, age: { type: 'integer', minimum: 18 } },
 *   required: ['email'],
 * };
 * validateAnswer(schema, { age: 17.5 });
 * // { valid: false, errors: [
 * //   { field: 'email', keyword: 'required', params: { missingProperty: 'email' } },
 * //   { field: 'age', keyword: 'integer', params: { type: 'integer' } },
 * // ] }
 */
export const validateAnswer: AnswerChecker = (schema, content) => {
  const plan = planFor(schema);
  if (typeof content !== 'object' || content === null || Array.isArray(content)) {
    return { valid: false, errors: [{ field: '', keyword: 'type', params: { type: 'object' } }] };
  }
  let errors: FieldError[] | undefined;
  for (const { name, required, check } of plan) {
    const value = Object.hasOwn(content, name) ? content[name] : undefined;
    const error =
      value === undefined
        ? required
          ? { field: name, keyword: 'required', params: { missingProperty: name } }
          : undefined
        : check(value, name);
    if (!error) continue;
    if (errors) errors.push(error);
    else errors = [error];
  }
  return errors ? { valid: false, errors } : { valid: true, errors: [] };
};

function planFor(schema: RequestedSchema): readonly PlannedField[] {
  const cached = typeof schema === 'object' && schema !== null ? plans.get(schema) : undefined;
  if (cached) return cached;
  const analysis = rememberedAnalysis(schema) ?? analyzeRequestedSchema(schema);
  if (!analysis.ok) {
    const first = analysis.problems[0];
    throw new Error(
      `input-request-cards: validateAnswer cannot check answers against this requestedSchema, because it is outside the flat MCP subset (${first?.path || '/'}: ${first?.message ?? 'unknown problem'}). Check schemas with analyzeRequestedSchema first and show only the ones it accepts as forms.`,
    );
  }
  const plan = analysis.fields.map((field) => ({
    name: field.name,
    required: field.required,
    check: checkFor(field),
  }));
  plans.set(schema, plan);
  return plan;
}

function checkFor(field: FieldSpec): ValueCheck {
  switch (field.kind) {
    case 'number':
    case 'integer': {
      const { minimum, maximum } = field;
      const integer = field.kind === 'integer';
      return (value, name) => {
        if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
          return integer
            ? fail(name, 'integer', { type: 'integer' })
            : fail(name, 'type', { type: 'number' });
        }
        if (maximum !== undefined && value > maximum) return fail(name, 'maximum', { limit: maximum });
        if (minimum !== undefined && value < minimum) return fail(name, 'minimum', { limit: minimum });
        return undefined;
      };
    }
    case 'boolean':
      return (value, name) =>
        typeof value === 'boolean' ? undefined : fail(name, 'type', { type: 'boolean' });
    case 'single-select': {
      const values = new Set(field.options.map((option) => option.value));
      const allowedValues = [...values];
      return (value, name) => {
        if (typeof value !== 'string') return fail(name, 'type', { type: 'string' });
        return values.has(value) ? undefined : fail(name, 'enum', { allowedValues });
      };
    }
    case 'multi-select': {
      const values = new Set(field.options.map((option) => option.value));
      const allowedValues = [...values];
      const { minItems, maxItems, uniqueItems } = field;
      return (value, name) => {
        if (!Array.isArray(value)) return fail(name, 'type', { type: 'array' });
        if (maxItems !== undefined && value.length > maxItems)
          return fail(name, 'maxItems', { limit: maxItems });
        if (minItems !== undefined && value.length < minItems)
          return fail(name, 'minItems', { limit: minItems });
        // Entries before repeats, in ajv's order, so both checkers name the same keyword.
        for (const entry of value) {
          if (typeof entry !== 'string' || !values.has(entry)) return fail(name, 'enum', { allowedValues });
        }
        const duplicate = uniqueItems ? findDuplicate(value) : undefined;
        return duplicate ? fail(name, 'uniqueItems', duplicate) : undefined;
      };
    }
    default: {
      const { minLength, maxLength } = field;
      const format = FORMAT_OF_KIND[field.kind];
      return (value, name) => {
        if (typeof value !== 'string') return fail(name, 'type', { type: 'string' });
        // UTF-16 length bounds the code point count from above, so most strings need no count.
        if (maxLength !== undefined && value.length > maxLength && codePointLength(value) > maxLength) {
          return fail(name, 'maxLength', { limit: maxLength });
        }
        if (minLength !== undefined && (value.length < minLength || codePointLength(value) < minLength)) {
          return fail(name, 'minLength', { limit: minLength });
        }
        if (format !== undefined && !matchesFormat(format, value)) return fail(name, 'format', { format });
        return undefined;
      };
    }
  }
}

function fail(field: string, keyword: string, params: Record<string, unknown>): FieldError {
  return { field, keyword, params };
}

/**
 * The first two equal entries, found scanning from the end as ajv does, so both checkers name
 * the same pair: `{ i, j }` with `i < j`.
 */
function findDuplicate(entries: readonly unknown[]): { i: number; j: number } | undefined {
  if (entries.length <= 16) {
    // A few picks: comparing pairs is cheaper than building a map.
    for (let i = entries.length - 2; i >= 0; i--) {
      for (let j = i + 1; j < entries.length; j++) if (entries[i] === entries[j]) return { i, j };
    }
    return undefined;
  }
  const seen = new Map<unknown, number>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const j = seen.get(entries[i]);
    if (j !== undefined) return { i, j };
    seen.set(entries[i], i);
  }
  return undefined;
}
