import { describe, expect, it } from 'vitest';
import type { RequestedSchema } from '../../src/core/model.ts';
import { analyzeRequestedSchema } from '../../src/core/schema.ts';
import {
  answerValidatorCacheSize,
  type FieldError,
  prepareAnswerValidator,
  validateAnswer,
} from '../../src/core/validate.ts';

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

describe('validateAnswer: keyword mapping', () => {
  it('passes a valid answer', () => {
    const schema = schemaOf(
      {
        name: { type: 'string', minLength: 1 },
        age: { type: 'integer', minimum: 0 },
        agree: { type: 'boolean' },
        plan: { type: 'string', enum: ['a', 'b'] },
        tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
      },
      ['name'],
    );
    expect(
      validateAnswer(schema, { name: 'Ada', age: 36, agree: true, plan: 'a', tags: ['y'] }),
    ).toStrictEqual({ valid: true, errors: [] });
  });

  it('maps a missing required field', () => {
    expect(validateAnswer(schemaOf({ f: { type: 'string' } }, ['f']), {})).toStrictEqual({
      valid: false,
      errors: [
        {
          field: 'f',
          keyword: 'required',
          params: { missingProperty: 'f' },
          message: 'This field is required.',
        },
      ],
    });
  });

  it('treats an undefined value as missing', () => {
    expect(
      validateAnswer(schemaOf({ f: { type: 'string' } }, ['f']), { f: undefined }).errors[0]?.keyword,
    ).toBe('required');
  });

  it('reports a required name that has no property', () => {
    expect(validateAnswer(schemaOf({}, ['ghost']), {}).errors).toMatchObject([
      { field: 'ghost', keyword: 'required' },
    ]);
  });

  it.each([
    [{ type: 'string', minLength: 3 }, 'ab', 'minLength', 'Enter at least 3 characters.', { limit: 3 }],
    [{ type: 'string', minLength: 1 }, '', 'minLength', 'Enter at least 1 character.', { limit: 1 }],
    [
      { type: 'string', maxLength: 10 },
      'abcdefghijk',
      'maxLength',
      'Enter at most 10 characters.',
      { limit: 10 },
    ],
    [
      { type: 'number', minimum: 1 },
      0.5,
      'minimum',
      'Enter a number of at least 1.',
      { limit: 1, comparison: '>=' },
    ],
    [
      { type: 'number', maximum: 10 },
      11,
      'maximum',
      'Enter a number of at most 10.',
      { limit: 10, comparison: '<=' },
    ],
    [{ type: 'integer' }, 1.5, 'integer', 'Enter a whole number.', { type: 'integer' }],
    [{ type: 'number', multipleOf: 1 }, 1.5, 'integer', 'Enter a whole number.', { multipleOf: 1 }],
    [{ type: 'number', multipleOf: 5 }, 7, 'multipleOf', 'Enter a multiple of 5.', { multipleOf: 5 }],
    [
      { type: 'number', exclusiveMinimum: 0 },
      0,
      'exclusiveMinimum',
      'Enter a number greater than 0.',
      { limit: 0, comparison: '>' },
    ],
    [
      { type: 'number', exclusiveMaximum: 5 },
      5,
      'exclusiveMaximum',
      'Enter a number less than 5.',
      { limit: 5, comparison: '<' },
    ],
    [{ type: 'string' }, 5, 'type', 'Enter text.', { type: 'string' }],
    [{ type: 'number' }, '5', 'type', 'Enter a number.', { type: 'number' }],
    [{ type: 'boolean' }, 'yes', 'type', 'Choose yes or no.', { type: 'boolean' }],
    [
      { type: 'string', enum: ['a', 'b'] },
      'c',
      'enum',
      'Choose one of the listed options.',
      { allowedValues: ['a', 'b'] },
    ],
  ])('maps %j with %j to %s', (property, value, keyword, message, params) => {
    expect(errorFor(property, value)).toStrictEqual({ field: 'f', keyword, params, message });
  });

  it('maps a value outside a titled oneOf to enum', () => {
    const property = { type: 'string', oneOf: [{ const: 'a', title: 'A' }] };
    expect(errorFor(property, 'b')).toMatchObject({
      keyword: 'enum',
      message: 'Choose one of the listed options.',
    });
    expect(errorFor(property, 3)).toMatchObject({
      keyword: 'type',
      message: 'Choose one of the listed options.',
    });
    expect(errorFor(property, 'a')).toBeUndefined();
  });

  describe('multi-selects', () => {
    const untitled = {
      type: 'array',
      items: { type: 'string', enum: ['a', 'b', 'c'] },
      minItems: 2,
      maxItems: 3,
    };
    const titled = {
      type: 'array',
      items: {
        anyOf: [
          { const: 'a', title: 'A' },
          { const: 'b', title: 'B' },
        ],
      },
      minItems: 1,
      maxItems: 1,
    };

    it('maps minItems and maxItems', () => {
      expect(errorFor(untitled, ['a'])).toStrictEqual({
        field: 'f',
        keyword: 'minItems',
        params: { limit: 2 },
        message: 'Choose at least 2 options.',
      });
      expect(errorFor({ ...untitled, minItems: 0, maxItems: 1 }, ['a', 'b'])).toStrictEqual({
        field: 'f',
        keyword: 'maxItems',
        params: { limit: 1 },
        message: 'Choose at most 1 option.',
      });
      expect(errorFor(titled, [])).toMatchObject({
        keyword: 'minItems',
        message: 'Choose at least 1 option.',
      });
    });

    it('maps an entry that is not an option to enum, for both forms', () => {
      expect(errorFor(untitled, ['a', 'z'])).toMatchObject({
        field: 'f',
        keyword: 'enum',
        message: 'Choose one of the listed options.',
      });
      expect(errorFor(titled, ['z'])).toMatchObject({
        field: 'f',
        keyword: 'enum',
        message: 'Choose one of the listed options.',
      });
      expect(errorFor(titled, [1])).toMatchObject({
        field: 'f',
        message: 'Choose one of the listed options.',
      });
    });

    it('maps a non-array answer', () => {
      expect(errorFor(untitled, 'a')).toMatchObject({
        keyword: 'type',
        message: 'Choose from the listed options.',
      });
    });

    it('maps repeated options when uniqueItems is given', () => {
      expect(errorFor({ ...untitled, uniqueItems: true }, ['a', 'a'])).toMatchObject({
        keyword: 'uniqueItems',
        message: 'Choose each option only once.',
      });
    });

    it('accepts valid picks', () => {
      expect(errorFor(untitled, ['a', 'c'])).toBeUndefined();
      expect(errorFor(titled, ['b'])).toBeUndefined();
    });
  });

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

  it('puts whole-answer errors first with field ""', () => {
    const schema = { ...schemaOf({ a: { type: 'string' } }), minProperties: 2 } as RequestedSchema;
    expect(validateAnswer(schema, { a: 5 }).errors.map((error) => [error.field, error.keyword])).toEqual([
      ['', 'minProperties'],
      ['a', 'type'],
    ]);
  });

  it('ignores keys the schema does not define', () => {
    expect(validateAnswer(schemaOf({ a: { type: 'string' } }), { a: 'x', extra: 5 })).toStrictEqual({
      valid: true,
      errors: [],
    });
  });
});

describe('validateAnswer: formats', () => {
  it.each([
    ['email', 'ada@example.com', true],
    ['email', 'first.last+tag@sub.example.org', true],
    ['email', 'ada@', false],
    ['email', 'ada example.com', false],
    ['email', '@example.com', false],
    ['uri', 'https://example.com', true],
    ['uri', 'mailto:ada@example.com', true],
    ['uri', 'example.com', false],
    ['uri', '/relative/path', false],
    ['uri', 'https://exa mple.com', false],
    ['date', '2026-02-28', true],
    ['date', '2024-02-29', true],
    ['date', '2026-02-29', false],
    ['date', '2026-13-01', false],
    ['date', '28/02/2026', false],
    ['date-time', '2026-02-28T12:30:00Z', true],
    ['date-time', '2026-02-28T12:30:00.123+01:00', true],
    ['date-time', '2026-02-28T12:30:00', false],
    ['date-time', '2026-02-28', false],
    ['date-time', '2026-02-28T25:00:00Z', false],
  ])('format %s with %j is valid: %s', (format, value, valid) => {
    const messages: Record<string, string> = {
      email: 'Enter a valid email address.',
      uri: 'Enter a valid URL (for example https://example.com).',
      date: 'Enter a valid date (YYYY-MM-DD).',
      'date-time': 'Enter a valid date and time.',
    };
    const error = errorFor({ type: 'string', format }, value);
    if (valid) expect(error).toBeUndefined();
    else
      expect(error).toStrictEqual({
        field: 'f',
        keyword: 'format',
        params: { format },
        message: messages[format],
      });
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
      "~x": { "type": "boolean" },
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

  it('validates values under odd names, including an own __proto__ key from JSON.parse', () => {
    const content = JSON.parse(
      '{"__proto__":"x","constructor":7,"toString":"1","user.email":"nope","a/b":1.5,"~x":"y","":"long"}',
    );
    expect(validateAnswer(schema, content).errors.map((error) => [error.field, error.keyword])).toEqual([
      ['__proto__', 'minLength'],
      ['constructor', 'type'],
      ['toString', 'type'],
      ['user.email', 'format'],
      ['a/b', 'integer'],
      ['~x', 'type'],
      ['', 'maxLength'],
    ]);
  });

  it('accepts a valid answer with an own __proto__ key made by defineProperty', () => {
    const content: Record<string, unknown> = {
      constructor: 'c',
      toString: 1,
      'user.email': 'a@b.co',
      'a/b': 2,
      '~x': true,
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

  it('does not let a property named "" collide with whole-answer errors', () => {
    const withRootRule = { ...schemaOf({ '': { type: 'string' } }), minProperties: 2 } as RequestedSchema;
    expect(
      validateAnswer(withRootRule, { '': 5 }).errors.map((error) => [error.field, error.keyword]),
    ).toEqual([
      ['', 'minProperties'],
      ['', 'type'],
    ]);
  });
});

describe('validateAnswer: schema handling', () => {
  it('tolerates a 2020-12 $schema, $id, $comment, x-* keys, annotations and legacy enumNames', () => {
    const schema: RequestedSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:example:form',
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
          examples: 'not-an-array',
          readOnly: 'x',
        },
      },
      required: ['plan'],
    };
    expect(validateAnswer(schema, { plan: 'b' })).toStrictEqual({ valid: true, errors: [] });
    expect(validateAnswer(schema, { plan: 'c' }).errors[0]?.keyword).toBe('enum');
  });

  it('agrees with analyzeRequestedSchema on defaults: every accepted default validates', () => {
    const schema = schemaOf({
      a: { type: 'string', format: 'date-time', default: '2026-01-31T09:30:00Z' },
      b: { type: 'integer', minimum: 1, default: 1 },
      c: { type: 'array', items: { anyOf: [{ const: 'x', title: 'X' }] }, default: ['x'] },
      d: { type: 'string', oneOf: [{ const: 'y', title: 'Y' }], default: 'y' },
    });
    const analysis = analyzeRequestedSchema(schema);
    expect(analysis.ok).toBe(true);
    if (!analysis.ok) return;
    const content = Object.fromEntries(analysis.fields.map((field) => [field.name, field.default]));
    expect(validateAnswer(schema, content)).toStrictEqual({ valid: true, errors: [] });
  });

  it('throws a prefixed error for a schema ajv cannot compile', () => {
    const broken = schemaOf({ f: { type: 'string', minLength: 'three' } });
    expect(() => validateAnswer(broken, { f: 'x' })).toThrow(/^input-request-cards: /);
    expect(() => prepareAnswerValidator(broken)).toThrow(/^input-request-cards: /);
  });

  it('compiles a 100-field schema once and gives consistent results for it and an equal re-fetched copy', () => {
    const properties: RequestedSchema['properties'] = {};
    for (let i = 0; i < 100; i++)
      properties[`cache-test-${i}`] = { type: 'string', minLength: 2, maxLength: 97 + (i % 3) };
    const schema = schemaOf(properties, ['cache-test-0', 'cache-test-99']);
    const refetched: RequestedSchema = JSON.parse(JSON.stringify(schema));
    const answer = { 'cache-test-0': 'a', 'cache-test-1': 'ok', 'cache-test-50': 5 };

    const sizeBefore = answerValidatorCacheSize();
    prepareAnswerValidator(schema);
    expect(answerValidatorCacheSize()).toBe(sizeBefore + 1);
    const first = validateAnswer(schema, answer);
    expect(first.errors.map((error) => [error.field, error.keyword])).toEqual([
      ['cache-test-0', 'minLength'],
      ['cache-test-50', 'type'],
      ['cache-test-99', 'required'],
    ]);
    expect(validateAnswer(schema, answer)).toStrictEqual(first);
    expect(validateAnswer(refetched, answer)).toStrictEqual(first);
    expect(answerValidatorCacheSize()).toBe(sizeBefore + 1);

    // Key order, titles and descriptions do not change what is valid, so they share a validator.
    const reordered = {
      required: schema.required,
      properties: schema.properties,
      type: 'object',
    } as RequestedSchema;
    const retitled: RequestedSchema = JSON.parse(JSON.stringify(schema));
    for (const property of Object.values(retitled.properties)) property.title = 'Another title';
    expect(validateAnswer(reordered, answer)).toStrictEqual(first);
    expect(validateAnswer(retitled, answer)).toStrictEqual(first);
    expect(answerValidatorCacheSize()).toBe(sizeBefore + 1);
  });

  it('maps errors to the names of the schema at hand when schemas share a validator', () => {
    const left = schemaOf({ left: { type: 'string', minLength: 3 } }, ['left']);
    const right = schemaOf({ right: { type: 'string', minLength: 3 } }, ['right']);
    expect(validateAnswer(left, {}).errors[0]).toMatchObject({
      field: 'left',
      params: { missingProperty: 'left' },
    });
    expect(validateAnswer(right, { right: 'ab' }).errors[0]).toMatchObject({
      field: 'right',
      keyword: 'minLength',
    });
  });

  it('bounds the validator cache', () => {
    for (let i = 0; i < 210; i++)
      prepareAnswerValidator(schemaOf({ f: { type: 'string', maxLength: 1000 + i } }));
    expect(answerValidatorCacheSize()).toBeLessThanOrEqual(200);
    expect(errorFor({ type: 'string', maxLength: 1000 }, 'x'.repeat(1001))).toMatchObject({
      keyword: 'maxLength',
    });
  });
});
