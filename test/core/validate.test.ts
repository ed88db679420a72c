import { describe, expect, it } from 'vitest';
import type { RequestedSchema } from '../../src/core/model.ts';
import { analyzeRequestedSchema } from '../../src/core/schema.ts';
import { type FieldError, validateAnswer } from '../../src/core/validate.ts';

function schemaOf(properties: RequestedSchema['properties'], required?: string[]): RequestedSchema {
  return { type: 'object', properties, ...(required && { required }) };
}

/** The only error of an answer with one field `f`. */
function errorFor(property: Record<string, unknown>, value: unknown): FieldError | undefined {
  const check = validateAnswer(schemaOf({ f: property }), value === undefined ? {} : { f: value });
  expect(check.errors.length).toBeLessThanOrEqual(1);
  expect(check.valid).toBe(check.errors.length === 0);
  return check.errors[0];
}

const options = { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } };
const titledOptions = {
  type: 'array',
  items: {
    anyOf: [
      { const: 'a', title: 'A' },
      { const: 'b', title: 'B' },
    ],
  },
};

describe('validateAnswer: codes for every keyword', () => {
  it('passes a valid answer', () => {
    const schema = schemaOf(
      {
        name: { type: 'string', minLength: 1 },
        age: { type: 'integer', minimum: 0 },
        agree: { type: 'boolean' },
        plan: { type: 'string', enum: ['a', 'b'] },
        tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, uniqueItems: true },
      },
      ['name'],
    );
    expect(
      validateAnswer(schema, { name: 'Ada', age: 36, agree: true, plan: 'a', tags: ['y'] }),
    ).toStrictEqual({ valid: true, errors: [] });
  });

  it('reports a missing required field, and counts an undefined value as missing', () => {
    const schema = schemaOf({ f: { type: 'string' } }, ['f']);
    const missing = { field: 'f', keyword: 'required', params: { missingProperty: 'f' } };
    expect(validateAnswer(schema, {})).toStrictEqual({ valid: false, errors: [missing] });
    expect(validateAnswer(schema, { f: undefined })).toStrictEqual({ valid: false, errors: [missing] });
  });

  it('lets optional fields be left out', () => {
    expect(errorFor({ type: 'integer', minimum: 5 }, undefined)).toBeUndefined();
  });

  it.each([
    ['minLength', { type: 'string', minLength: 3 }, 'ab', { limit: 3 }],
    ['minLength of 1 on ""', { type: 'string', minLength: 1 }, '', { limit: 1 }],
    ['maxLength', { type: 'string', maxLength: 10 }, 'abcdefghijk', { limit: 10 }],
    ['minimum', { type: 'number', minimum: 1 }, 0.5, { limit: 1 }],
    ['maximum', { type: 'number', maximum: 10 }, 11, { limit: 10 }],
    ['integer with a fraction', { type: 'integer' }, 1.5, { type: 'integer' }],
    ['integer with a string', { type: 'integer' }, '5', { type: 'integer' }],
    ['integer with Infinity', { type: 'integer' }, Number.POSITIVE_INFINITY, { type: 'integer' }],
    ['number with a string', { type: 'number' }, '5', { type: 'number' }],
    ['number with NaN', { type: 'number' }, Number.NaN, { type: 'number' }],
    ['number with -Infinity', { type: 'number' }, Number.NEGATIVE_INFINITY, { type: 'number' }],
    ['string with a number', { type: 'string' }, 5, { type: 'string' }],
    ['boolean with a string', { type: 'boolean' }, 'yes', { type: 'boolean' }],
    ['enum with another string', { type: 'string', enum: ['a', 'b'] }, 'c', { allowedValues: ['a', 'b'] }],
    ['enum with a number', { type: 'string', enum: ['a', 'b'] }, 1, { type: 'string' }],
    ['legacy enumNames', { type: 'string', enum: ['a'], enumNames: ['A'] }, 'A', { allowedValues: ['a'] }],
    [
      'a titled oneOf',
      { type: 'string', oneOf: [{ const: 'a', title: 'A' }] },
      'b',
      { allowedValues: ['a'] },
    ],
    ['a multi-select with a string', options, 'a', { type: 'array' }],
    ['minItems', { ...options, minItems: 2 }, ['a'], { limit: 2 }],
    ['maxItems', { ...options, maxItems: 1 }, ['a', 'b'], { limit: 1 }],
    ['uniqueItems', { ...options, uniqueItems: true }, ['a', 'b', 'a'], { i: 0, j: 2 }],
    ['the last repeat, as ajv', { ...options, uniqueItems: true }, ['b', 'a', 'b', 'a', 'a'], { i: 3, j: 4 }],
    [
      'the last repeat in a long list',
      { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, uniqueItems: true },
      [...'abcabcabcabcabcabcab'],
      { i: 16, j: 19 },
    ],
    ['an entry that is no option', options, ['a', 'z'], { allowedValues: ['a', 'b', 'c'] }],
    ['an entry that is no string', titledOptions, [1], { allowedValues: ['a', 'b'] }],
  ])('reports %s', (_, property, value, params) => {
    const error = errorFor(property, value);
    expect(error?.params).toStrictEqual(params);
    expect(error?.field).toBe('f');
    expect(Object.keys(error ?? {}).sort()).toStrictEqual(['field', 'keyword', 'params']);
  });

  it.each([
    [{ type: 'string', minLength: 3 }, 'ab', 'minLength'],
    [{ type: 'string', maxLength: 1 }, 'ab', 'maxLength'],
    [{ type: 'number', minimum: 1 }, 0, 'minimum'],
    [{ type: 'integer', maximum: 1 }, 2, 'maximum'],
    [{ type: 'integer' }, 0.5, 'integer'],
    [{ type: 'number' }, true, 'type'],
    [{ type: 'string', enum: ['a'] }, 'b', 'enum'],
    [{ ...options, minItems: 1 }, [], 'minItems'],
    [{ ...options, maxItems: 0 }, ['a'], 'maxItems'],
    [{ ...options, uniqueItems: true }, ['c', 'c'], 'uniqueItems'],
    [{ type: 'string', format: 'email' }, 'nope', 'format'],
  ])('names the keyword: %j with %j is %s', (property, value, keyword) => {
    expect(errorFor(property, value)?.keyword).toBe(keyword);
  });

  it('accepts the bounds themselves', () => {
    expect(errorFor({ type: 'number', minimum: 1, maximum: 2 }, 1)).toBeUndefined();
    expect(errorFor({ type: 'number', minimum: 1, maximum: 2 }, 2)).toBeUndefined();
    expect(errorFor({ type: 'string', minLength: 2, maxLength: 2 }, 'ab')).toBeUndefined();
    expect(errorFor({ ...options, minItems: 3, maxItems: 3 }, ['a', 'b', 'c'])).toBeUndefined();
  });

  it('accepts whole numbers written as floats, huge integers and -0 for integer fields', () => {
    expect(errorFor({ type: 'integer' }, 2.0)).toBeUndefined();
    expect(errorFor({ type: 'integer' }, 2 ** 60)).toBeUndefined();
    expect(errorFor({ type: 'integer', minimum: 0 }, -0)).toBeUndefined();
    expect(errorFor({ type: 'number' }, 1e308)).toBeUndefined();
  });

  it('allows repeated options unless uniqueItems is true', () => {
    expect(errorFor(options, ['a', 'a'])).toBeUndefined();
    expect(errorFor({ ...options, uniqueItems: false }, ['a', 'a'])).toBeUndefined();
  });

  it('catches a repeated option named __proto__ (which ajv misses)', () => {
    const property = {
      type: 'array',
      items: { type: 'string', enum: ['__proto__', 'b'] },
      uniqueItems: true,
    };
    expect(errorFor(property, ['__proto__', '__proto__'])?.keyword).toBe('uniqueItems');
    expect(errorFor(property, ['__proto__', 'b'])).toBeUndefined();
  });

  it('checks options as data: inherited names are no options', () => {
    expect(errorFor({ type: 'string', enum: ['a'] }, 'constructor')?.keyword).toBe('enum');
    expect(errorFor({ type: 'string', enum: ['a'] }, 'toString')?.keyword).toBe('enum');
  });
});

describe('validateAnswer: lengths count code points', () => {
  it.each([
    ['an emoji is one character', { type: 'string', maxLength: 1 }, '😀', undefined],
    ['two emoji are two', { type: 'string', maxLength: 1 }, '😀😀', 'maxLength'],
    ['an emoji alone is short of two', { type: 'string', minLength: 2 }, '😀', 'minLength'],
    ['a lone surrogate is one character', { type: 'string', maxLength: 1 }, '\ud800', undefined],
    ['two lone surrogates are two', { type: 'string', maxLength: 1 }, '\udc00\ud800', 'maxLength'],
    ['a combining mark is its own character', { type: 'string', maxLength: 1 }, 'e\u0301', 'maxLength'],
    ['a flag is two characters', { type: 'string', maxLength: 1 }, '🇩🇪', 'maxLength'],
  ])('%s', (_, property, value, keyword) => {
    expect(errorFor(property, value)?.keyword).toBe(keyword);
  });
});

describe('validateAnswer: formats, as strict as ajv-formats full mode', () => {
  it.each([
    ['email', 'ada@example.com', true],
    ['email', 'first.last+tag@sub.example.org', true],
    ['email', "o'brien!#$%&*+/=?^_`{|}~-@x.io", true],
    ['email', 'a-.b-@example.com', true],
    ['email', 'ada@localhost', false],
    ['email', 'ada@', false],
    ['email', 'ada example.com', false],
    ['email', '@example.com', false],
    ['email', 'a..b@example.com', false],
    ['email', '.a@example.com', false],
    ['email', 'a@b@example.com', false],
    ['email', 'a@-x.com', false],
    ['email', 'a@x-.com', false],
    ['email', 'a@x..com', false],
    ['email', 'ä@example.com', false],
    ['uri', 'https://example.com', true],
    ['uri', 'mailto:ada@example.com', true],
    ['uri', 'urn:isbn:0451450523', true],
    ['uri', 'https://user:pw@[2001:db8::1]:8080/a/b?q=1#frag', true],
    ['uri', 'http://[v1.fe]/', true],
    ['uri', 'http://[::ffff:192.0.2.1]/', true],
    ['uri', 'http://[1:2:3:4:5:6:7:8:9]/', false],
    ['uri', 'http://[1::2::3]/', false],
    ['uri', 'a:/[::1]', true],
    ['uri', 'https://example.com/%7Euser', true],
    ['uri', 'https://example.com/%7', false],
    // Read as "//" with an empty authority and the path "/example.com:port", as ajv-formats does.
    ['uri', 'https://example.com:port', true],
    ['uri', 'http://[::1]:port/', false],
    ['uri', 'example.com', false],
    ['uri', '/relative/path', false],
    ['uri', 'https://exa mple.com', false],
    ['uri', 'https://exämple.com', false],
    ['uri', 'a:', false],
    ['uri', '1http://x', false],
    ['date', '2026-02-28', true],
    ['date', '2024-02-29', true],
    ['date', '2000-02-29', true],
    ['date', '1900-02-29', false],
    ['date', '2026-02-29', false],
    ['date', '2024-02-30', false],
    ['date', '2024-04-31', false],
    ['date', '2026-13-01', false],
    ['date', '2026-00-10', false],
    ['date', '2026-01-00', false],
    ['date', '28/02/2026', false],
    ['date', '2026-2-28', false],
    ['date', '٢٠٢٦-01-01', false],
    ['date-time', '2026-02-28T12:30:00Z', true],
    ['date-time', '2026-02-28t12:30:00z', true],
    ['date-time', '2026-02-28 12:30:00Z', true],
    ['date-time', '2026-02-28T12:30:00.123+01:00', true],
    ['date-time', '2026-02-28T12:30:00-0530', true],
    ['date-time', '2026-02-28T12:30:00+01', true],
    ['date-time', '2026-12-31T23:59:60Z', true],
    ['date-time', '2026-12-31T00:59:60+01:00', true],
    ['date-time', '2026-12-31T23:59:60+01:00', false],
    ['date-time', '2026-12-31T23:59:61Z', false],
    ['date-time', '2026-02-28T12:30:00', false],
    ['date-time', '2026-02-28T12:30:00+24:00', false],
    ['date-time', '2026-02-28T12:30:00+01:60', false],
    ['date-time', '2026-02-28', false],
    ['date-time', '2026-02-28T25:00:00Z', false],
    ['date-time', '2026-02-28T12:60:00Z', false],
    ['date-time', '2024-02-30T12:00:00Z', false],
    ['date-time', '2026-02-28TT12:30:00Z', false],
  ])('format %s with %j is valid: %s', (format, value, valid) => {
    const error = errorFor({ type: 'string', format }, value);
    if (valid) expect(error).toBeUndefined();
    else expect(error).toStrictEqual({ field: 'f', keyword: 'format', params: { format } });
  });

  it('checks lengths before the format, as ajv does', () => {
    expect(errorFor({ type: 'string', format: 'email', minLength: 50 }, 'nope')?.keyword).toBe('minLength');
  });
});

describe('validateAnswer: the whole answer', () => {
  it('keeps one error per field and lists fields in schema order', () => {
    const schema = schemaOf(
      {
        b: { type: 'string', format: 'email', minLength: 50 },
        a: { type: 'string' },
        c: { type: 'integer', minimum: 10, maximum: 20 },
      },
      ['a'],
    );
    const check = validateAnswer(schema, { c: 1.5, b: 'nope' });
    expect(check.valid).toBe(false);
    expect(check.errors.map((error) => [error.field, error.keyword])).toEqual([
      ['b', 'minLength'],
      ['a', 'required'],
      ['c', 'integer'],
    ]);
  });

  it('puts a whole-answer problem first, with field ""', () => {
    const schema = schemaOf({ a: { type: 'string' } }, ['a']);
    for (const content of [null, [], 'text', 5]) {
      expect(validateAnswer(schema, content as unknown as Record<string, unknown>)).toStrictEqual({
        valid: false,
        errors: [{ field: '', keyword: 'type', params: { type: 'object' } }],
      });
    }
  });

  it('ignores keys the schema does not define, as ajv does without additionalProperties', () => {
    expect(validateAnswer(schemaOf({ a: { type: 'string' } }), { a: 'x', extra: 5 })).toStrictEqual({
      valid: true,
      errors: [],
    });
  });

  it('reads only own properties of the answer', () => {
    const schema = schemaOf({ a: { type: 'string' } }, ['a']);
    const inherited = Object.create({ a: 'from the prototype' }) as Record<string, unknown>;
    expect(validateAnswer(schema, inherited).errors).toStrictEqual([
      { field: 'a', keyword: 'required', params: { missingProperty: 'a' } },
    ]);
  });
});

describe('validateAnswer: odd property names', () => {
  const schema: RequestedSchema = JSON.parse(`{
    "type": "object",
    "properties": {
      "__proto__": { "type": "string", "minLength": 2 },
      "constructor": { "type": "string" },
      "toString": { "type": "number" },
      "user.email": { "type": "string", "format": "email" },
      "a/b": { "type": "integer" },
      "a[0]": { "type": "boolean" },
      "": { "type": "string", "maxLength": 1 }
    },
    "required": ["__proto__", "constructor", "toString", ""]
  }`);

  it('reports missing odd names even though objects inherit constructor, toString and __proto__', () => {
    expect(
      validateAnswer(schema, {}).errors.map((error) => [
        error.field,
        error.keyword,
        error.params.missingProperty,
      ]),
    ).toEqual([
      ['__proto__', 'required', '__proto__'],
      ['constructor', 'required', 'constructor'],
      ['toString', 'required', 'toString'],
      ['', 'required', ''],
    ]);
  });

  it('checks values under odd names, including an own __proto__ key from JSON.parse', () => {
    const content = JSON.parse(
      '{"__proto__":"x","constructor":7,"toString":"1","user.email":"nope","a/b":1.5,"a[0]":"y","":"long"}',
    );
    expect(validateAnswer(schema, content).errors.map((error) => [error.field, error.keyword])).toEqual([
      ['__proto__', 'minLength'],
      ['constructor', 'type'],
      ['toString', 'type'],
      ['user.email', 'format'],
      ['a/b', 'integer'],
      ['a[0]', 'type'],
      ['', 'maxLength'],
    ]);
  });

  it('accepts a valid answer with an own __proto__ key made by defineProperty', () => {
    const content: Record<string, unknown> = {
      constructor: 'c',
      toString: 1,
      'user.email': 'a@b.co',
      'a/b': 2,
      'a[0]': true,
      '': 'z',
    };
    Object.defineProperty(content, '__proto__', {
      value: 'ok',
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(validateAnswer(schema, content)).toStrictEqual({ valid: true, errors: [] });
  });
});

describe('validateAnswer: schemas', () => {
  it('tolerates a 2020-12 $schema, $comment, x-* keys, annotations and legacy enumNames', () => {
    const schema: RequestedSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $comment: 'c',
      'x-vendor': 1,
      type: 'object',
      properties: {
        plan: {
          type: 'string',
          enum: ['a', 'b'],
          enumNames: ['A', 'B'],
          title: 'Plan',
          $comment: 'c',
          'x-ui': 'radio',
        },
      },
      required: ['plan'],
    };
    expect(validateAnswer(schema, { plan: 'b' })).toStrictEqual({ valid: true, errors: [] });
    expect(validateAnswer(schema, { plan: 'c' }).errors[0]?.keyword).toBe('enum');
  });

  it('agrees with analyzeRequestedSchema on defaults: every accepted default is valid', () => {
    const schema = schemaOf({
      a: { type: 'string', format: 'date-time', default: '2026-01-31T09:30:00Z' },
      b: { type: 'integer', minimum: 1, default: 1 },
      c: { type: 'array', items: { anyOf: [{ const: 'x', title: 'X' }] }, default: ['x'] },
      d: { type: 'string', oneOf: [{ const: 'y', title: 'Y' }], default: 'y' },
      e: { type: 'string', format: 'uri', default: 'https://example.com' },
    });
    const analysis = analyzeRequestedSchema(schema);
    expect(analysis.ok).toBe(true);
    if (!analysis.ok) return;
    const content = Object.fromEntries(analysis.fields.map((field) => [field.name, field.default]));
    expect(validateAnswer(schema, content)).toStrictEqual({ valid: true, errors: [] });
  });

  it.each([
    ['a keyword outside the subset', schemaOf({ f: { type: 'string', pattern: 'x' } })],
    ['a bound of the wrong type', schemaOf({ f: { type: 'string', minLength: 'three' } })],
    ['a required name with no property', schemaOf({}, ['ghost'])],
    ['a root keyword outside the subset', { ...schemaOf({}), minProperties: 1 } as RequestedSchema],
    ['no object at all', null as unknown as RequestedSchema],
  ])('throws a prefixed error for a schema analyzeRequestedSchema refuses: %s', (_, schema) => {
    expect(() => validateAnswer(schema, {})).toThrow(/^input-request-cards: validateAnswer cannot check/);
  });

  it('caches a plan per schema object: the same object gives the same answers', () => {
    const properties: RequestedSchema['properties'] = {};
    for (let i = 0; i < 100; i++) properties[`f${i}`] = { type: 'string', minLength: 2 };
    const schema = schemaOf(properties, ['f0', 'f99']);
    const answer = { f0: 'a', f1: 'ok', f50: 5 };
    const first = validateAnswer(schema, answer);
    expect(first.errors.map((error) => [error.field, error.keyword])).toEqual([
      ['f0', 'minLength'],
      ['f50', 'type'],
      ['f99', 'required'],
    ]);
    expect(validateAnswer(schema, answer)).toStrictEqual(first);
    expect(validateAnswer(structuredClone(schema), answer)).toStrictEqual(first);
  });

  it('compiles no code: it runs with the Function constructor refused', () => {
    // ajv builds its validators with `new Function`, which a strict Content-Security-Policy refuses.
    const originalFunction = globalThis.Function;
    globalThis.Function = (() => {
      throw new EvalError('refused by the test, as script-src without unsafe-eval would');
    }) as unknown as FunctionConstructor;
    try {
      const schema = schemaOf(
        { when: { type: 'string', format: 'date-time' }, n: { type: 'integer', maximum: 3 } },
        ['when'],
      );
      expect(validateAnswer(schema, { when: '2026-01-01T00:00:00Z', n: 4 }).errors).toStrictEqual([
        { field: 'n', keyword: 'maximum', params: { limit: 3 } },
      ]);
    } finally {
      globalThis.Function = originalFunction;
    }
  });
});
