import { describe, expect, it } from 'vitest';
import { ajvAnswerChecker, answerValidatorCacheSize, prepareAnswerValidator } from '../../src/ajv/index.ts';
import type { RequestedSchema } from '../../src/core/model.ts';

function schemaOf(properties: RequestedSchema['properties'], required?: string[]): RequestedSchema {
  return { type: 'object', properties, ...(required && { required }) };
}

const check = ajvAnswerChecker;

describe('ajvAnswerChecker: the same codes as validateAnswer', () => {
  it('reports a missing field with the real name', () => {
    expect(check(schemaOf({ f: { type: 'string' } }, ['f']), {})).toStrictEqual({
      valid: false,
      errors: [{ field: 'f', keyword: 'required', params: { missingProperty: 'f' } }],
    });
  });

  it.each([
    [{ type: 'integer' }, 1.5, 'integer'],
    [{ type: 'integer' }, 'x', 'integer'],
    [{ type: 'number' }, Number.NaN, 'type'],
    [{ type: 'number' }, Number.POSITIVE_INFINITY, 'type'],
    [{ type: 'string', oneOf: [{ const: 'a', title: 'A' }] }, 'b', 'enum'],
    [{ type: 'string', oneOf: [{ const: 'a', title: 'A' }] }, 3, 'type'],
    [{ type: 'array', items: { type: 'string', enum: ['a'] } }, [5], 'enum'],
    [{ type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] } }, ['z'], 'enum'],
    [{ type: 'array', items: { type: 'string', enum: ['a'] } }, 'a', 'type'],
    [{ type: 'array', items: { type: 'string', enum: ['a'] }, uniqueItems: true }, ['a', 'a'], 'uniqueItems'],
  ])('maps %j with %j to %s', (property, value, keyword) => {
    const result = check(schemaOf({ f: property }), { f: value });
    expect(result.errors.map((error) => [error.field, error.keyword])).toStrictEqual([['f', keyword]]);
  });

  it('passes other keywords through for schemas outside the subset, whole-answer ones first', () => {
    const schema = {
      ...schemaOf({ a: { type: 'number', multipleOf: 5 } }),
      minProperties: 2,
    } as RequestedSchema;
    expect(check(schema, { a: 7 }).errors.map((error) => [error.field, error.keyword])).toEqual([
      ['', 'minProperties'],
      ['a', 'multipleOf'],
    ]);
  });

  it('does not let a property named "" collide with whole-answer errors', () => {
    const withRootRule = { ...schemaOf({ '': { type: 'string' } }), minProperties: 2 } as RequestedSchema;
    expect(check(withRootRule, { '': 5 }).errors.map((error) => [error.field, error.keyword])).toEqual([
      ['', 'minProperties'],
      ['', 'type'],
    ]);
  });

  it('checks values under odd names through aliases', () => {
    const schema: RequestedSchema = JSON.parse(`{
      "type": "object",
      "properties": {
        "__proto__": { "type": "string", "minLength": 2 },
        "constructor": { "type": "string" },
        "a/b": { "type": "integer" },
        "~x": { "type": "boolean" }
      },
      "required": ["__proto__", "constructor"]
    }`);
    expect(check(schema, {}).errors.map((error) => error.field)).toEqual(['__proto__', 'constructor']);
    const content = JSON.parse('{"__proto__":"x","constructor":7,"a/b":1.5,"~x":"y"}');
    expect(check(schema, content).errors.map((error) => [error.field, error.keyword])).toEqual([
      ['__proto__', 'minLength'],
      ['constructor', 'type'],
      ['a/b', 'integer'],
      ['~x', 'type'],
    ]);
  });

  it('reports a required name that has no property', () => {
    expect(check(schemaOf({}, ['ghost']), {}).errors).toMatchObject([
      { field: 'ghost', keyword: 'required' },
    ]);
  });
});

describe('ajvAnswerChecker: compiling and caching', () => {
  it('offers prepare, which the card calls in idle time', () => {
    expect(ajvAnswerChecker.prepare).toBe(prepareAnswerValidator);
  });

  it('throws a prefixed error for a schema ajv cannot compile', () => {
    const broken = schemaOf({ f: { type: 'string', minLength: 'three' } });
    expect(() => check(broken, { f: 'x' })).toThrow(/^input-request-cards: ajv cannot check/);
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
    const first = check(schema, answer);
    expect(first.errors.map((error) => [error.field, error.keyword])).toEqual([
      ['cache-test-0', 'minLength'],
      ['cache-test-50', 'type'],
      ['cache-test-99', 'required'],
    ]);
    expect(check(schema, answer)).toStrictEqual(first);
    expect(check(refetched, answer)).toStrictEqual(first);
    expect(answerValidatorCacheSize()).toBe(sizeBefore + 1);

    // Key order, titles and descriptions do not change what is valid, so they share a validator.
    const reordered = {
      required: schema.required,
      properties: schema.properties,
      type: 'object',
    } as RequestedSchema;
    const retitled: RequestedSchema = JSON.parse(JSON.stringify(schema));
    for (const property of Object.values(retitled.properties)) property.title = 'Another title';
    expect(check(reordered, answer)).toStrictEqual(first);
    expect(check(retitled, answer)).toStrictEqual(first);
    expect(answerValidatorCacheSize()).toBe(sizeBefore + 1);
  });

  it('maps errors to the names of the schema at hand when schemas share a validator', () => {
    const left = schemaOf({ left: { type: 'string', minLength: 3 } }, ['left']);
    const right = schemaOf({ right: { type: 'string', minLength: 3 } }, ['right']);
    expect(check(left, {}).errors[0]).toMatchObject({ field: 'left', params: { missingProperty: 'left' } });
    expect(check(right, { right: 'ab' }).errors[0]).toMatchObject({ field: 'right', keyword: 'minLength' });
  });

  it('bounds the validator cache', () => {
    for (let i = 0; i < 210; i++)
      prepareAnswerValidator(schemaOf({ f: { type: 'string', maxLength: 1000 + i } }));
    expect(answerValidatorCacheSize()).toBeLessThanOrEqual(200);
    const result = check(schemaOf({ f: { type: 'string', maxLength: 1000 } }), { f: 'x'.repeat(1001) });
    expect(result.errors[0]?.keyword).toBe('maxLength');
  });
});
