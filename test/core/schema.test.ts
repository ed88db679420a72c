import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../../src/core/model.ts';
import {
  analyzeRequestedSchema,
  MAX_DEFAULT_LENGTH,
  MAX_FIELDS,
  MAX_OPTIONS,
  MAX_OPTIONS_PER_FIELD,
} from '../../src/core/schema.ts';

/** A root schema with one property named `f`. */
function withField(property: unknown, required?: string[]) {
  return { type: 'object', properties: { f: property }, ...(required && { required }) };
}

function fieldsOf(schema: unknown): FieldSpec[] {
  const analysis = analyzeRequestedSchema(schema);
  if (!analysis.ok) throw new Error(`expected ok, got ${JSON.stringify(analysis.problems, null, 2)}`);
  return analysis.fields;
}

function onlyField(property: unknown, required?: string[]): FieldSpec {
  const fields = fieldsOf(withField(property, required));
  expect(fields).toHaveLength(1);
  return fields[0] as FieldSpec;
}

function problemPaths(schema: unknown): string[] {
  const analysis = analyzeRequestedSchema(schema);
  if (analysis.ok) throw new Error('expected problems, got ok');
  return analysis.problems.map((problem) => problem.path);
}

function problemsAt(schema: unknown, path: string) {
  const analysis = analyzeRequestedSchema(schema);
  if (analysis.ok) throw new Error('expected problems, got ok');
  return analysis.problems.filter((problem) => problem.path === path);
}

describe('analyzeRequestedSchema: accepted constructs', () => {
  it('accepts an empty properties object as a plain accept/decline prompt', () => {
    expect(analyzeRequestedSchema({ type: 'object', properties: {} })).toStrictEqual({
      ok: true,
      fields: [],
    });
  });

  it('reads a string with every string keyword', () => {
    expect(
      onlyField(
        {
          type: 'string',
          title: 'Name',
          description: 'Your name',
          minLength: 2,
          maxLength: 10,
          default: 'Ada',
        },
        ['f'],
      ),
    ).toStrictEqual({
      kind: 'text',
      name: 'f',
      index: 0,
      title: 'Name',
      description: 'Your name',
      required: true,
      minLength: 2,
      maxLength: 10,
      default: 'Ada',
    });
  });

  it('omits absent optional keys instead of setting them to undefined', () => {
    const field = onlyField({ type: 'string' });
    expect(field).toStrictEqual({ kind: 'text', name: 'f', index: 0, required: false });
    expect(Object.keys(field)).toEqual(['kind', 'name', 'index', 'required']);
  });

  it('accepts zero lengths and equal bounds', () => {
    expect(onlyField({ type: 'string', minLength: 0, maxLength: 0, default: '' })).toMatchObject({
      minLength: 0,
      maxLength: 0,
      default: '',
    });
    expect(onlyField({ type: 'string', minLength: 3, maxLength: 3 })).toMatchObject({
      minLength: 3,
      maxLength: 3,
    });
  });

  it('counts default length in code points like JSON Schema does', () => {
    expect(onlyField({ type: 'string', maxLength: 2, default: '😀😀' })).toMatchObject({ default: '😀😀' });
  });

  it.each([
    ['email', 'email', 'ada@example.com'],
    ['uri', 'url', 'https://example.com/a?b=c'],
    ['date', 'date', '2026-02-28'],
    ['date-time', 'date-time', '2026-02-28T12:30:00Z'],
  ] as const)('maps format %s to kind %s and accepts a valid default', (format, kind, value) => {
    expect(onlyField({ type: 'string', format })).toStrictEqual({
      kind,
      name: 'f',
      index: 0,
      required: false,
    });
    expect(onlyField({ type: 'string', format, default: value })).toMatchObject({ kind, default: value });
  });

  it.each([
    ['date', '0000-01-01'],
    ['date-time', '0000-06-01T12:00:00Z'],
    // 1 January of year 1 is still year 0 in a zone behind UTC (Manila's old local time: −15:56).
    ['date-time', '0001-01-01T05:00:00Z'],
    ['date-time', '0001-01-01T13:00:00Z'],
  ] as const)(
    'refuses a %s default a date field cannot show (%s): it would be sent unseen',
    (format, value) => {
      const problems = problemsAt(
        withField({ type: 'string', format, default: value }),
        '/properties/f/default',
      );
      expect(problems).toHaveLength(1);
      expect(problems[0]?.message).toContain('before the year 1');
    },
  );

  it.each([
    ['date', '0001-01-01'],
    ['date-time', '0001-01-02T00:00:00Z'],
    ['date-time', '0005-06-01T12:00:00+01:00'],
    // Forms the format allows that Date.parse does not read.
    ['date-time', '2026-05-01T10:00:00+01'],
    ['date-time', '2016-12-31T23:59:60Z'],
  ] as const)('keeps an early %s default every time zone shows (%s)', (format, value) => {
    expect(onlyField({ type: 'string', format, default: value })).toMatchObject({ default: value });
  });

  it('reads number bounds and a fractional default', () => {
    expect(
      onlyField({ type: 'number', title: 'Ratio', minimum: -1.5, maximum: 2.5, default: 0.25 }),
    ).toStrictEqual({
      kind: 'number',
      name: 'f',
      index: 0,
      title: 'Ratio',
      required: false,
      minimum: -1.5,
      maximum: 2.5,
      default: 0.25,
    });
  });

  it('reads integer bounds and default', () => {
    expect(onlyField({ type: 'integer', minimum: 1, maximum: 10, default: 5 })).toStrictEqual({
      kind: 'integer',
      name: 'f',
      index: 0,
      required: false,
      minimum: 1,
      maximum: 10,
      default: 5,
    });
    expect(onlyField({ type: 'integer', minimum: 3, maximum: 3 })).toMatchObject({ minimum: 3, maximum: 3 });
  });

  it.each([true, false])('reads a boolean default of %s', (value) => {
    expect(onlyField({ type: 'boolean', description: 'Agree?', default: value })).toStrictEqual({
      kind: 'boolean',
      name: 'f',
      index: 0,
      description: 'Agree?',
      required: false,
      default: value,
    });
  });

  it('reads a boolean without default', () => {
    expect(onlyField({ type: 'boolean' })).toStrictEqual({
      kind: 'boolean',
      name: 'f',
      index: 0,
      required: false,
    });
  });

  it('reads an untitled single-select enum, labels equal to values', () => {
    expect(onlyField({ type: 'string', enum: ['red', 'green'], default: 'green' })).toStrictEqual({
      kind: 'single-select',
      name: 'f',
      index: 0,
      required: false,
      options: [
        { value: 'red', label: 'red' },
        { value: 'green', label: 'green' },
      ],
      default: 'green',
    });
  });

  it('reads a titled single-select oneOf', () => {
    expect(
      onlyField({
        type: 'string',
        title: 'Plan',
        oneOf: [
          { const: 'pro', title: 'Pro plan' },
          { const: 'free', title: 'Free plan' },
        ],
        default: 'free',
      }),
    ).toStrictEqual({
      kind: 'single-select',
      name: 'f',
      index: 0,
      title: 'Plan',
      required: false,
      options: [
        { value: 'pro', label: 'Pro plan' },
        { value: 'free', label: 'Free plan' },
      ],
      default: 'free',
    });
  });

  it('reads legacy enumNames as option labels', () => {
    expect(onlyField({ type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] })).toMatchObject({
      kind: 'single-select',
      options: [
        { value: 'a', label: 'Alpha' },
        { value: 'b', label: 'Beta' },
      ],
    });
  });

  it('reads an untitled multi-select with item bounds and default', () => {
    expect(
      onlyField({
        type: 'array',
        items: { type: 'string', enum: ['a', 'b', 'c'] },
        minItems: 1,
        maxItems: 2,
        default: ['a', 'c'],
      }),
    ).toStrictEqual({
      kind: 'multi-select',
      name: 'f',
      index: 0,
      required: false,
      options: [
        { value: 'a', label: 'a' },
        { value: 'b', label: 'b' },
        { value: 'c', label: 'c' },
      ],
      minItems: 1,
      maxItems: 2,
      default: ['a', 'c'],
    });
  });

  it('reads a titled multi-select (anyOf, no items.type) with bounds and default', () => {
    expect(
      onlyField({
        type: 'array',
        title: 'Toppings',
        items: {
          anyOf: [
            { const: 'ch', title: 'Cheese' },
            { const: 'ol', title: 'Olives' },
          ],
        },
        minItems: 0,
        maxItems: 2,
        default: [],
      }),
    ).toStrictEqual({
      kind: 'multi-select',
      name: 'f',
      index: 0,
      title: 'Toppings',
      required: false,
      options: [
        { value: 'ch', label: 'Cheese' },
        { value: 'ol', label: 'Olives' },
      ],
      minItems: 0,
      maxItems: 2,
      default: [],
    });
  });

  it.each([true, false])('accepts uniqueItems: %s on a multi-select, and keeps only true', (uniqueItems) => {
    const field = onlyField({ type: 'array', items: { type: 'string', enum: ['a', 'b'] }, uniqueItems });
    expect(field).toMatchObject({ kind: 'multi-select' });
    if (uniqueItems) expect(field).toHaveProperty('uniqueItems', true);
    else expect(field).not.toHaveProperty('uniqueItems');
  });

  it.each([1, 'true', null])('refuses uniqueItems: %j', (uniqueItems) => {
    const problems = problemsAt(
      withField({ type: 'array', items: { type: 'string', enum: ['a'] }, uniqueItems }),
      '/properties/f/uniqueItems',
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toContain('true or false');
  });

  it('refuses uniqueItems on a field that is not a multi-select', () => {
    expect(problemPaths(withField({ type: 'string', uniqueItems: true }))).toEqual([
      '/properties/f/uniqueItems',
    ]);
  });

  it('carries option descriptions of oneOf and items.anyOf entries, as text', () => {
    const markup = '<img src=x onerror=alert(1)> Billed <b>yearly</b>';
    const single = onlyField({
      type: 'string',
      oneOf: [
        { const: 'pro', title: 'Pro', description: markup },
        { const: 'free', title: 'Free' },
      ],
    });
    expect(single).toMatchObject({
      options: [
        { value: 'pro', label: 'Pro', description: markup },
        { value: 'free', label: 'Free' },
      ],
    });
    expect((single as { options: object[] }).options[1]).not.toHaveProperty('description');
    const multi = onlyField({
      type: 'array',
      items: { anyOf: [{ const: 'x', title: 'X', description: 'The first one' }] },
    });
    expect(multi).toMatchObject({ options: [{ value: 'x', label: 'X', description: 'The first one' }] });
  });

  it('accepts items.type "string" next to anyOf, and minItems equal to the option count', () => {
    expect(
      onlyField({
        type: 'array',
        items: { type: 'string', anyOf: [{ const: 'x', title: 'X' }] },
        minItems: 1,
      }),
    ).toMatchObject({
      kind: 'multi-select',
      minItems: 1,
    });
  });

  it('marks required fields', () => {
    const fields = fieldsOf({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      required: ['b'],
    });
    expect(fields.map((field) => [field.name, field.required])).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });

  it('tolerates annotations at the root and on properties', () => {
    const fields = fieldsOf({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $comment: 'internal',
      title: 'Signup',
      description: 'Tell us about you',
      'x-vendor': { anything: true },
      type: 'object',
      properties: {
        f: {
          type: 'string',
          $comment: 'why',
          examples: ['x'],
          deprecated: false,
          readOnly: false,
          writeOnly: true,
          'x-ui': 'textarea',
        },
      },
    });
    expect(fields).toStrictEqual([{ kind: 'text', name: 'f', index: 0, required: false }]);
  });

  it('preserves the order of properties', () => {
    const fields = fieldsOf({
      type: 'object',
      properties: { zeta: { type: 'string' }, alpha: { type: 'boolean' }, mid: { type: 'number' } },
    });
    expect(fields.map((field) => [field.index, field.name])).toEqual([
      [0, 'zeta'],
      [1, 'alpha'],
      [2, 'mid'],
    ]);
  });

  it('treats odd property names as data', () => {
    const schema = JSON.parse(`{
      "type": "object",
      "properties": {
        "user.email": { "type": "string", "format": "email" },
        "a[0]": { "type": "string" },
        "__proto__": { "type": "string", "title": "Proto" },
        "constructor": { "type": "number" },
        "toString": { "type": "boolean" },
        "": { "type": "string" },
        "a/b": { "type": "string" },
        "~x": { "type": "string" }
      },
      "required": ["__proto__", "constructor", "", "user.email"]
    }`);
    const fields = fieldsOf(schema);
    expect(fields.map((field) => [field.name, field.kind, field.required])).toEqual([
      ['user.email', 'email', true],
      ['a[0]', 'text', false],
      ['__proto__', 'text', true],
      ['constructor', 'number', true],
      ['toString', 'boolean', false],
      ['', 'text', true],
      ['a/b', 'text', false],
      ['~x', 'text', false],
    ]);
    expect(fields[2]).toMatchObject({ title: 'Proto' });
    expect(Object.getPrototypeOf(fields[2])).toBe(Object.prototype);
  });

  it('does not mistake inherited names for properties in required', () => {
    expect(
      problemPaths({ type: 'object', properties: {}, required: ['constructor', 'toString', '__proto__'] }),
    ).toEqual(['/required', '/required', '/required']);
  });

  it(`accepts ${MAX_FIELDS} fields`, () => {
    const properties = Object.fromEntries(
      Array.from({ length: MAX_FIELDS }, (_, i) => [`f${i}`, { type: 'string' }]),
    );
    const fields = fieldsOf({ type: 'object', properties });
    expect(fields).toHaveLength(100);
    expect(fields[99]).toMatchObject({ name: 'f99', index: 99 });
  });
});

describe('analyzeRequestedSchema: refused root constructs', () => {
  it.each([null, undefined, 42, 'schema', true, [], [{ type: 'object' }], new Date(), new Map()])(
    'refuses a root that is not a plain object (%s) at ""',
    (root) => {
      expect(problemPaths(root)).toEqual(['']);
    },
  );

  it.each([
    '$defs',
    'definitions',
    'additionalProperties',
    '$ref',
    'patternProperties',
    'minProperties',
    'maxProperties',
    '$id',
    'allOf',
    'anyOf',
    'oneOf',
    'if',
    'dependentRequired',
    'propertyNames',
  ])('refuses %s at the root', (keyword) => {
    expect(problemPaths({ type: 'object', properties: {}, [keyword]: {} })).toEqual([`/${keyword}`]);
  });

  it('escapes odd root keywords in the path', () => {
    expect(problemPaths({ type: 'object', properties: {}, 'a/b~c': 1 })).toEqual(['/a~1b~0c']);
  });

  it.each([undefined, 'array', 'Object', ['object']])('refuses root type %j at /type', (type) => {
    const schema = type === undefined ? { properties: {} } : { type, properties: {} };
    expect(problemPaths(schema)).toEqual(['/type']);
  });

  it.each([undefined, null, [], 'x', [{ type: 'string' }]])(
    'refuses properties %j at /properties',
    (properties) => {
      const schema = properties === undefined ? { type: 'object' } : { type: 'object', properties };
      expect(problemPaths(schema)).toEqual(['/properties']);
    },
  );

  it.each(['title', 'description', '$schema', '$comment'])('refuses a non-string root %s', (keyword) => {
    expect(problemPaths({ type: 'object', properties: {}, [keyword]: 5 })).toEqual([`/${keyword}`]);
  });

  it('refuses required that is not an array', () => {
    expect(problemPaths({ type: 'object', properties: { a: { type: 'string' } }, required: 'a' })).toEqual([
      '/required',
    ]);
  });

  it('refuses non-string required entries', () => {
    expect(
      problemPaths({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 1] }),
    ).toEqual(['/required']);
  });

  it('refuses a required name that is not a property, naming it', () => {
    const problems = problemsAt(
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'ghost'] },
      '/required',
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toContain('"ghost"');
  });

  it('refuses duplicate required names once, naming the duplicate', () => {
    const problems = problemsAt(
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'a', 'a'] },
      '/required',
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toContain('"a"');
  });

  it(`refuses ${MAX_FIELDS + 1} fields with one problem at /properties naming the count and the limit`, () => {
    const properties = Object.fromEntries(
      Array.from({ length: MAX_FIELDS + 1 }, (_, i) => [`f${i}`, { type: 'string' }]),
    );
    const analysis = analyzeRequestedSchema({ type: 'object', properties });
    expect(analysis.ok).toBe(false);
    if (analysis.ok) return;
    expect(analysis.problems).toHaveLength(1);
    expect(analysis.problems[0]?.path).toBe('/properties');
    expect(analysis.problems[0]?.message).toContain('101');
    expect(analysis.problems[0]?.message).toContain('100');
  });

  it('still reports per-property problems when there are too many fields', () => {
    const properties: Record<string, unknown> = Object.fromEntries(
      Array.from({ length: MAX_FIELDS + 1 }, (_, i) => [`f${i}`, { type: 'string' }]),
    );
    properties.f7 = { type: 'string', pattern: 'x' };
    expect(problemPaths({ type: 'object', properties })).toEqual(['/properties', '/properties/f7/pattern']);
  });

  it('collects every problem, not just the first', () => {
    expect(
      problemPaths({
        type: 'object',
        $defs: {},
        properties: {
          a: { type: 'string', pattern: '^x$', format: 'hostname' },
          b: { type: 'integer', minimum: 5, maximum: 1 },
          c: { type: 'object', properties: {} },
        },
        required: ['zzz'],
      }),
    ).toEqual([
      '/$defs',
      '/required',
      '/properties/a/pattern',
      '/properties/a/format',
      '/properties/b/minimum',
      '/properties/c/type',
      '/properties/c/properties',
    ]);
  });
});

describe('analyzeRequestedSchema: refused property constructs', () => {
  it.each([null, 'string', 5, [], [{ type: 'string' }], true])(
    'refuses a property that is %j at its own path',
    (property) => {
      expect(problemPaths(withField(property))).toEqual(['/properties/f']);
    },
  );

  it('refuses a missing type', () => {
    expect(problemPaths(withField({ title: 'x' }))).toEqual(['/properties/f/type']);
  });

  it.each([[['string', 'null']], [['string']], ['null'], ['file'], ['String'], [5], [null]])(
    'refuses type %j at .../type',
    (type) => {
      expect(problemPaths(withField({ type }))).toEqual(['/properties/f/type']);
    },
  );

  it('refuses a nested object at both .../type and .../properties', () => {
    expect(problemPaths(withField({ type: 'object', properties: { x: { type: 'string' } } }))).toEqual([
      '/properties/f/type',
      '/properties/f/properties',
    ]);
  });

  it('does not repeat ordinary keywords of a refused type', () => {
    expect(problemPaths(withField({ type: ['string', 'null'], minLength: 2, default: 'ab' }))).toEqual([
      '/properties/f/type',
    ]);
  });

  it.each([
    ['title', 5],
    ['description', { text: 'x' }],
    ['examples', 'x'],
    ['deprecated', 'yes'],
    ['readOnly', 1],
    ['writeOnly', null],
  ])('refuses a wrongly typed annotation %s', (keyword, value) => {
    expect(problemPaths(withField({ type: 'string', [keyword]: value }))).toEqual([
      `/properties/f/${keyword}`,
    ]);
  });

  it('refuses pattern with a specific message', () => {
    const problems = problemsAt(withField({ type: 'string', pattern: '^[a-z]+$' }), '/properties/f/pattern');
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toBe(
      '"pattern" is not allowed in an MCP requestedSchema (no revision supports it); validate the value on the server instead.',
    );
  });

  it.each([
    ['string', 'const', 'x'],
    ['string', '$ref', '#/$defs/x'],
    ['string', '$defs', {}],
    ['string', 'additionalProperties', false],
    ['string', 'not', {}],
    ['string', 'allOf', [{ type: 'string' }]],
    ['string', 'anyOf', [{ const: 'a', title: 'A' }]],
    ['string', 'nullable', true],
    ['string', 'if', {}],
    ['string', 'contentEncoding', 'base64'],
    ['string', '$id', 'x'],
    ['number', 'multipleOf', 2],
    ['number', 'exclusiveMinimum', 0],
    ['number', 'exclusiveMaximum', 10],
    ['integer', 'const', 3],
    ['number', 'minLength', 1],
    ['number', 'format', 'email'],
    ['number', 'oneOf', [{ const: 1, title: 'one' }]],
    ['boolean', 'const', true],
    ['boolean', 'minimum', 0],
    ['string', 'minimum', 0],
    ['string', 'items', {}],
    ['string', 'minProperties', 1],
    ['array', 'contains', { const: 'a' }],
    ['array', 'minLength', 1],
    ['array', 'prefixItems', []],
  ])('refuses %s keyword %s at .../%s', (type, keyword, value) => {
    const property: Record<string, unknown> = { type, [keyword]: value };
    if (type === 'array') property.items = { type: 'string', enum: ['a'] };
    const problems = problemsAt(withField(property), `/properties/f/${keyword}`);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(
      new RegExp(`^"${keyword.replace('$', '\\$')}" is not allowed in an MCP requestedSchema`),
    );
    expect(problemPaths(withField(property))).toEqual([`/properties/f/${keyword}`]);
  });

  it('escapes property names and keywords in paths', () => {
    expect(
      problemPaths({
        type: 'object',
        properties: { 'a/b': { type: 'string', pattern: 'x' }, '~x': { type: 'string', 'p/q': 1 } },
      }),
    ).toEqual(['/properties/a~1b/pattern', '/properties/~0x/p~1q']);
  });

  it('reports problems on odd names (__proto__, constructor, "") at their own paths', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string","pattern":"x"},"constructor":{"type":"null"},"":{"type":"number","minimum":"1"}}}',
    );
    expect(problemPaths(schema)).toEqual([
      '/properties/__proto__/pattern',
      '/properties/constructor/type',
      '/properties//minimum',
    ]);
  });

  describe('strings', () => {
    it.each([-1, 1.5, '3', null, Number.NaN])('refuses minLength %j', (value) => {
      expect(problemPaths(withField({ type: 'string', minLength: value }))).toEqual([
        '/properties/f/minLength',
      ]);
    });

    it.each([-1, 2.5, '3', Number.POSITIVE_INFINITY])('refuses maxLength %j', (value) => {
      expect(problemPaths(withField({ type: 'string', maxLength: value }))).toEqual([
        '/properties/f/maxLength',
      ]);
    });

    it('refuses minLength greater than maxLength at .../minLength', () => {
      expect(problemPaths(withField({ type: 'string', minLength: 5, maxLength: 2 }))).toEqual([
        '/properties/f/minLength',
      ]);
    });

    it.each(['hostname', 'uuid', 'url', 'time', 'EMAIL', '', 5, null])('refuses format %j', (format) => {
      expect(problemPaths(withField({ type: 'string', format }))).toEqual(['/properties/f/format']);
    });

    it.each([
      [{ type: 'string', default: 5 }],
      [{ type: 'string', default: null }],
      [{ type: 'string', minLength: 3, default: 'ab' }],
      [{ type: 'string', maxLength: 2, default: 'abc' }],
      [{ type: 'string', format: 'email', default: 'not-an-email' }],
      [{ type: 'string', format: 'uri', default: 'example.com' }],
      [{ type: 'string', format: 'date', default: '2026-02-30' }],
      [{ type: 'string', format: 'date', default: '28/02/2026' }],
      [{ type: 'string', format: 'date-time', default: '2026-02-28T12:00:00' }],
      [{ type: 'string', format: 'date-time', default: '2026-02-28' }],
    ])('refuses a default that does not fit: %j', (property) => {
      expect(problemPaths(withField(property))).toEqual(['/properties/f/default']);
    });
  });

  describe('single-selects', () => {
    it('refuses an empty enum', () => {
      expect(problemPaths(withField({ type: 'string', enum: [] }))).toEqual(['/properties/f/enum']);
    });

    it('refuses enum that is not an array', () => {
      expect(problemPaths(withField({ type: 'string', enum: 'a' }))).toEqual(['/properties/f/enum']);
    });

    it('refuses duplicate enum values, naming the duplicate', () => {
      const problems = problemsAt(withField({ type: 'string', enum: ['a', 'b', 'a'] }), '/properties/f/enum');
      expect(problems).toHaveLength(1);
      expect(problems[0]?.message).toContain('"a"');
    });

    it.each([[[1, 2]], [['a', null]], [[true]]])('refuses non-string enum %j', (values) => {
      const problems = problemsAt(withField({ type: 'string', enum: values }), '/properties/f/enum');
      expect(problems[0]?.message).toContain('non-string enums');
    });

    it('refuses enum combined with oneOf at .../oneOf', () => {
      expect(
        problemPaths(withField({ type: 'string', enum: ['a'], oneOf: [{ const: 'a', title: 'A' }] })),
      ).toEqual(['/properties/f/oneOf']);
    });

    it.each([
      ['minLength', 1],
      ['maxLength', 5],
      ['format', 'email'],
    ])('refuses %s combined with enum and with oneOf', (keyword, value) => {
      expect(problemPaths(withField({ type: 'string', enum: ['a'], [keyword]: value }))).toEqual([
        `/properties/f/${keyword}`,
      ]);
      expect(
        problemPaths(withField({ type: 'string', oneOf: [{ const: 'a', title: 'A' }], [keyword]: value })),
      ).toEqual([`/properties/f/${keyword}`]);
    });

    it('refuses enumNames without enum', () => {
      expect(problemPaths(withField({ type: 'string', enumNames: ['A'] }))).toEqual([
        '/properties/f/enumNames',
      ]);
      expect(
        problemPaths(withField({ type: 'string', oneOf: [{ const: 'a', title: 'A' }], enumNames: ['A'] })),
      ).toEqual(['/properties/f/enumNames']);
    });

    it('refuses enumNames of another length or with non-strings', () => {
      expect(problemPaths(withField({ type: 'string', enum: ['a', 'b'], enumNames: ['A'] }))).toEqual([
        '/properties/f/enumNames',
      ]);
      expect(problemPaths(withField({ type: 'string', enum: ['a'], enumNames: [1] }))).toEqual([
        '/properties/f/enumNames',
      ]);
      expect(problemPaths(withField({ type: 'string', enum: ['a'], enumNames: 'A' }))).toEqual([
        '/properties/f/enumNames',
      ]);
    });

    it.each([
      [{ type: 'string', enum: ['a', 'b'], default: 'c' }],
      [{ type: 'string', enum: ['a', 'b'], default: 1 }],
      [{ type: 'string', oneOf: [{ const: 'a', title: 'A' }], default: 'A' }],
    ])('refuses a default that is not an option: %j', (property) => {
      expect(problemPaths(withField(property))).toEqual(['/properties/f/default']);
    });

    it('refuses an empty oneOf and a oneOf that is not an array', () => {
      expect(problemPaths(withField({ type: 'string', oneOf: [] }))).toEqual(['/properties/f/oneOf']);
      expect(problemPaths(withField({ type: 'string', oneOf: { const: 'a' } }))).toEqual([
        '/properties/f/oneOf',
      ]);
    });

    it('refuses duplicate oneOf values, naming the duplicate', () => {
      const problems = problemsAt(
        withField({
          type: 'string',
          oneOf: [
            { const: 'a', title: 'A' },
            { const: 'a', title: 'Also A' },
          ],
        }),
        '/properties/f/oneOf',
      );
      expect(problems).toHaveLength(1);
      expect(problems[0]?.message).toContain('"a"');
    });

    it.each([
      [[{ const: 'a' }], '/properties/f/oneOf/0'],
      [[{ title: 'A' }], '/properties/f/oneOf/0'],
      [['a'], '/properties/f/oneOf/0'],
      [
        [
          { const: 'a', title: 'A' },
          { const: 2, title: 'Two' },
        ],
        '/properties/f/oneOf/1/const',
      ],
      [[{ const: 'a', title: 5 }], '/properties/f/oneOf/0/title'],
      [[{ const: 'a', title: 'A', description: 5 }], '/properties/f/oneOf/0/description'],
      [[{ const: 'a', title: 'A', label: 'x' }], '/properties/f/oneOf/0/label'],
      [[{ type: 'string', const: 'a', title: 'A' }], '/properties/f/oneOf/0/type'],
    ])('refuses malformed oneOf entries %j at %s', (oneOf, path) => {
      expect(problemPaths(withField({ type: 'string', oneOf }))).toEqual([path]);
    });
  });

  describe('numbers', () => {
    it.each([
      ['minimum', '1'],
      ['minimum', Number.POSITIVE_INFINITY],
      ['minimum', Number.NaN],
      ['maximum', null],
      ['maximum', Number.NEGATIVE_INFINITY],
    ])('refuses %s %j', (keyword, value) => {
      expect(problemPaths(withField({ type: 'number', [keyword]: value }))).toEqual([
        `/properties/f/${keyword}`,
      ]);
    });

    it('refuses minimum greater than maximum at .../minimum', () => {
      expect(problemPaths(withField({ type: 'number', minimum: 2, maximum: 1 }))).toEqual([
        '/properties/f/minimum',
      ]);
    });

    it.each([
      [{ type: 'number', default: '1' }],
      [{ type: 'number', default: Number.NaN }],
      [{ type: 'number', minimum: 1, default: 0.5 }],
      [{ type: 'number', maximum: 1, default: 2 }],
      [{ type: 'integer', default: 1.5 }],
      [{ type: 'integer', default: true }],
    ])('refuses a default that does not fit: %j', (property) => {
      expect(problemPaths(withField(property))).toEqual(['/properties/f/default']);
    });

    it.each(['number', 'integer', 'boolean'])('refuses enum on %s as a non-string enum', (type) => {
      const problems = problemsAt(withField({ type, enum: [1, 2] }), '/properties/f/enum');
      expect(problems).toHaveLength(1);
      expect(problems[0]?.message).toContain('non-string enums');
    });
  });

  describe('booleans', () => {
    it.each(['true', 1, null])('refuses default %j', (value) => {
      expect(problemPaths(withField({ type: 'boolean', default: value }))).toEqual(['/properties/f/default']);
    });
  });

  describe('multi-selects', () => {
    const options = { type: 'string', enum: ['a', 'b', 'c'] };

    it.each([
      ['no items', { type: 'array' }, ['/properties/f/items']],
      ['items not an object', { type: 'array', items: [{ type: 'string' }] }, ['/properties/f/items']],
      ['free-form string items', { type: 'array', items: { type: 'string' } }, ['/properties/f/items']],
      [
        'items of objects',
        { type: 'array', items: { type: 'object', properties: { x: { type: 'string' } } } },
        ['/properties/f/items/properties', '/properties/f/items/type', '/properties/f/items'],
      ],
      [
        'numeric items',
        { type: 'array', items: { type: 'number', enum: [1] } },
        ['/properties/f/items/type', '/properties/f/items/enum'],
      ],
      ['enum items without type', { type: 'array', items: { enum: ['a'] } }, ['/properties/f/items/type']],
      [
        'anyOf items with another type',
        { type: 'array', items: { type: 'number', anyOf: [{ const: 'a', title: 'A' }] } },
        ['/properties/f/items/type'],
      ],
      [
        'items with pattern',
        { type: 'array', items: { type: 'string', enum: ['a'], pattern: 'x' } },
        ['/properties/f/items/pattern'],
      ],
      [
        'items with enumNames',
        { type: 'array', items: { type: 'string', enum: ['a'], enumNames: ['A'] } },
        ['/properties/f/items/enumNames'],
      ],
      [
        'items with title',
        { type: 'array', items: { title: 'x', anyOf: [{ const: 'a', title: 'A' }] } },
        ['/properties/f/items/title'],
      ],
      [
        'empty items.enum',
        { type: 'array', items: { type: 'string', enum: [] } },
        ['/properties/f/items/enum'],
      ],
      [
        'duplicate items.enum',
        { type: 'array', items: { type: 'string', enum: ['a', 'a'] } },
        ['/properties/f/items/enum'],
      ],
      ['empty items.anyOf', { type: 'array', items: { anyOf: [] } }, ['/properties/f/items/anyOf']],
      [
        'duplicate items.anyOf',
        {
          type: 'array',
          items: {
            anyOf: [
              { const: 'a', title: 'A' },
              { const: 'a', title: 'B' },
            ],
          },
        },
        ['/properties/f/items/anyOf'],
      ],
      [
        'untitled items.anyOf entry',
        { type: 'array', items: { anyOf: [{ const: 'a' }] } },
        ['/properties/f/items/anyOf/0'],
      ],
      [
        'items.enum and items.anyOf together',
        { type: 'array', items: { type: 'string', enum: ['a'], anyOf: [{ const: 'a', title: 'A' }] } },
        ['/properties/f/items/anyOf'],
      ],
      ['negative minItems', { type: 'array', items: options, minItems: -1 }, ['/properties/f/minItems']],
      ['fractional maxItems', { type: 'array', items: options, maxItems: 1.5 }, ['/properties/f/maxItems']],
      [
        'minItems > maxItems',
        { type: 'array', items: options, minItems: 2, maxItems: 1 },
        ['/properties/f/minItems'],
      ],
      ['minItems > option count', { type: 'array', items: options, minItems: 4 }, ['/properties/f/minItems']],
      ['default not an array', { type: 'array', items: options, default: 'a' }, ['/properties/f/default']],
      [
        'default with a non-option',
        { type: 'array', items: options, default: ['a', 'z'] },
        ['/properties/f/default'],
      ],
      [
        'default with duplicates',
        { type: 'array', items: options, default: ['a', 'a'] },
        ['/properties/f/default'],
      ],
      [
        'default with too few',
        { type: 'array', items: options, minItems: 2, default: ['a'] },
        ['/properties/f/default'],
      ],
      [
        'default with too many',
        { type: 'array', items: options, maxItems: 1, default: ['a', 'b'] },
        ['/properties/f/default'],
      ],
      [
        'default with non-strings',
        { type: 'array', items: options, default: [1] },
        ['/properties/f/default'],
      ],
    ])('refuses %s', (_, property, paths) => {
      expect(problemPaths(withField(property))).toEqual(paths);
    });

    it('names the duplicate in items.enum', () => {
      const problems = problemsAt(
        withField({ type: 'array', items: { type: 'string', enum: ['x', 'y', 'y'] } }),
        '/properties/f/items/enum',
      );
      expect(problems[0]?.message).toContain('"y"');
    });

    it('refuses non-string items.enum as non-string enums', () => {
      const problems = problemsAt(
        withField({ type: 'array', items: { type: 'string', enum: [1, 2] } }),
        '/properties/f/items/enum',
      );
      expect(problems[0]?.message).toContain('non-string enums');
    });
  });
});

describe('analyzeRequestedSchema: robustness', () => {
  it('never throws on odd input', () => {
    const odd: unknown[] = [
      Object.create(null),
      { type: 'object', properties: Object.create(null) },
      { type: 'object', properties: { f: Object.assign(Object.create(null), { type: 'string' }) } },
      { type: 'object', properties: { f: { type: 'string', enum: [undefined, Symbol('x')] } } },
      {
        type: 'object',
        properties: { f: { type: 'array', items: { anyOf: [null, [], 'x'] }, default: [Symbol('y')] } },
      },
      { type: 'object', properties: { f: { type: Symbol('t') } } },
      { type: 'object', properties: { f: { type: 'string', default: 10n } } },
    ];
    for (const schema of odd) expect(() => analyzeRequestedSchema(schema)).not.toThrow();
  });

  it('accepts null-prototype objects (e.g. from structured data)', () => {
    const property = Object.assign(Object.create(null), { type: 'string' });
    const properties = Object.assign(Object.create(null), { f: property });
    expect(fieldsOf(Object.assign(Object.create(null), { type: 'object', properties }))).toHaveLength(1);
  });

  it('does not mutate the schema', () => {
    const schema = withField({ type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a'] }, [
      'f',
    ]);
    const copy = structuredClone(schema);
    const fields = fieldsOf(schema);
    (fields[0] as { default: string[] }).default.push('b');
    expect(schema).toStrictEqual(copy);
  });

  it('words every message as a sentence', () => {
    const analysis = analyzeRequestedSchema({
      type: 'object',
      properties: {
        a: { type: 'string', pattern: 'x', format: 'x' },
        b: { type: 'array' },
        c: { type: 'integer', enum: [1] },
      },
    });
    expect(analysis.ok).toBe(false);
    if (analysis.ok) return;
    for (const problem of analysis.problems) expect(problem.message).toMatch(/^[A-Z"].*\.$/);
  });
});

describe('analyzeRequestedSchema: empty option values', () => {
  // An empty value cannot be told apart from "nothing chosen" in a drop-down or a radio group.
  it('refuses an empty string in enum', () => {
    expect(problemPaths(withField({ type: 'string', enum: ['a', ''] }))).toEqual(['/properties/f/enum']);
  });

  it('refuses an empty const in oneOf', () => {
    expect(
      problemPaths(
        withField({
          type: 'string',
          oneOf: [
            { const: '', title: 'None' },
            { const: 'a', title: 'A' },
          ],
        }),
      ),
    ).toEqual(['/properties/f/oneOf']);
  });

  it('refuses an empty string in items.enum and an empty const in items.anyOf', () => {
    expect(problemPaths(withField({ type: 'array', items: { type: 'string', enum: [''] } }))).toEqual([
      '/properties/f/items/enum',
    ]);
    expect(problemPaths(withField({ type: 'array', items: { anyOf: [{ const: '', title: 'x' }] } }))).toEqual(
      ['/properties/f/items/anyOf'],
    );
  });
});

describe('analyzeRequestedSchema: bounded work on hostile sizes', () => {
  const options = (count: number) => Array.from({ length: count }, (_, i) => `o${i}`);

  it(`accepts ${MAX_OPTIONS_PER_FIELD} options in a field, in each way of writing options`, () => {
    const values = options(MAX_OPTIONS_PER_FIELD);
    const titled = values.map((value) => ({ const: value, title: value }));
    for (const property of [
      { type: 'string', enum: values },
      { type: 'string', oneOf: titled },
      { type: 'array', items: { type: 'string', enum: values } },
      { type: 'array', items: { anyOf: titled } },
    ]) {
      expect(onlyField(property)).toMatchObject({ options: { length: MAX_OPTIONS_PER_FIELD } });
    }
  });

  it.each([
    ['enum', { type: 'string', enum: options(MAX_OPTIONS_PER_FIELD + 1) }, '/properties/f/enum'],
    [
      'oneOf',
      { type: 'string', oneOf: options(10_000).map((value) => ({ const: value, title: value })) },
      '/properties/f/oneOf',
    ],
    [
      'items.enum',
      { type: 'array', items: { type: 'string', enum: options(100_000) } },
      '/properties/f/items/enum',
    ],
    [
      'items.anyOf',
      { type: 'array', items: { anyOf: options(10_000).map((value) => ({ const: value, title: value })) } },
      '/properties/f/items/anyOf',
    ],
  ])('refuses a field with more than %s options as too-many-options', (_, property, path) => {
    const analysis = analyzeRequestedSchema(withField(property));
    expect(analysis).toMatchObject({ ok: false, reasonCode: 'too-many-options' });
    if (analysis.ok) return;
    expect(analysis.problems.map((problem) => problem.path)).toEqual([path]);
    expect(analysis.problems[0]?.message).toContain(`at most ${MAX_OPTIONS_PER_FIELD} options in one field`);
  });

  it(`pre-fills a text default of ${MAX_DEFAULT_LENGTH} characters and refuses a longer one`, () => {
    // Characters are code points: 10,000 emoji are 20,000 UTF-16 units and still within the limit.
    const longest = '😀'.repeat(MAX_DEFAULT_LENGTH);
    expect(onlyField({ type: 'string', default: longest })).toMatchObject({ default: longest });
    for (const [value, count] of [
      [`${longest}x`, '10001'],
      ['x'.repeat(1024 * 1024), '1048576'],
    ]) {
      const analysis = analyzeRequestedSchema(withField({ type: 'string', default: value }));
      expect(analysis).toMatchObject({ ok: false, reasonCode: 'schema' });
      if (analysis.ok) return;
      expect(analysis.problems).toEqual([
        {
          path: '/properties/f/default',
          message: `"default" has ${count} characters; this client pre-fills at most ${MAX_DEFAULT_LENGTH}. Give a shorter default or none.`,
        },
      ]);
    }
  });

  it('refuses an option list before reading its entries', () => {
    const entries = new Array(MAX_OPTIONS_PER_FIELD + 1);
    let reads = 0;
    for (let i = 0; i < entries.length; i++) {
      Object.defineProperty(entries, i, {
        get: () => {
          reads++;
          return `o${i}`;
        },
      });
    }
    expect(analyzeRequestedSchema(withField({ type: 'string', enum: entries }))).toMatchObject({
      reasonCode: 'too-many-options',
    });
    expect(reads).toBe(0);
  });

  it(`refuses more than ${MAX_OPTIONS} options across the form, naming the field that passes it`, () => {
    const fullField = { type: 'string', enum: options(MAX_OPTIONS_PER_FIELD) };
    const fitting = { a: fullField, b: fullField };
    expect(analyzeRequestedSchema({ type: 'object', properties: fitting }).ok).toBe(true);
    const analysis = analyzeRequestedSchema({
      type: 'object',
      properties: { ...fitting, c: { type: 'array', items: { type: 'string', enum: ['x'] } } },
    });
    expect(analysis).toMatchObject({ ok: false, reasonCode: 'too-many-options' });
    if (analysis.ok) return;
    expect(analysis.problems.map((problem) => problem.path)).toEqual(['/properties/c/items/enum']);
    expect(analysis.problems[0]?.message).toContain(`past ${MAX_OPTIONS} options`);
  });

  it('gives too-many-fields as the reason for too many fields, and schema for other problems', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_FIELDS + 1 }, (_, i) => [`f${i}`, { type: 'string' }]),
    );
    expect(analyzeRequestedSchema({ type: 'object', properties: many })).toMatchObject({
      reasonCode: 'too-many-fields',
    });
    expect(analyzeRequestedSchema(withField({ type: 'string', pattern: 'x' }))).toMatchObject({
      reasonCode: 'schema',
    });
  });

  it('refuses 10,000 fields analysing only the first hundred', () => {
    // Each field counts the times its keywords are looked up (the check reads own data properties).
    let typeReads = 0;
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++) {
      properties[`f${i}`] = new Proxy(
        { type: 'string' },
        {
          getOwnPropertyDescriptor(target, key) {
            if (key === 'type') typeReads++;
            return Reflect.getOwnPropertyDescriptor(target, key);
          },
        },
      );
    }
    const analysis = analyzeRequestedSchema({
      type: 'object',
      properties,
      required: Object.keys(properties),
    });
    expect(analysis).toMatchObject({ ok: false, reasonCode: 'too-many-fields' });
    if (analysis.ok) return;
    expect(analysis.problems.map((problem) => problem.path)).toEqual(['/properties']);
    // A few reads per analysed field, for the first hundred only: never the other 9,900.
    expect(typeReads).toBeGreaterThan(0);
    expect(typeReads).toBeLessThanOrEqual(MAX_FIELDS * 5);
  });

  it('refuses a schema nested 10,000 deep without overflowing the stack', () => {
    let nested: Record<string, unknown> = { type: 'string' };
    for (let depth = 0; depth < 10_000; depth++) {
      nested = { type: 'object', properties: { inner: nested }, items: nested, oneOf: [nested] };
    }
    const analysis = analyzeRequestedSchema({ type: 'object', properties: { deep: nested } });
    expect(analysis).toMatchObject({ ok: false, reasonCode: 'schema' });
    if (analysis.ok) return;
    expect(analysis.problems.map((problem) => problem.path)).toContain('/properties/deep/type');
    // Wrapped in arrays too: anyOf entries and defaults are never walked.
    let wrapped: unknown = 'x';
    for (let depth = 0; depth < 10_000; depth++) wrapped = [wrapped];
    expect(
      analyzeRequestedSchema(withField({ type: 'array', items: { anyOf: wrapped }, default: wrapped })).ok,
    ).toBe(false);
  });

  it('lists at most 100 problems and counts the rest in one closing problem', () => {
    const property: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 500; i++) property[`unknown${i}`] = true;
    const analysis = analyzeRequestedSchema(withField(property));
    expect(analysis.ok).toBe(false);
    if (analysis.ok) return;
    expect(analysis.problems).toHaveLength(101);
    expect(analysis.problems.at(-1)).toStrictEqual({
      path: '',
      message: 'There are 400 more problems not listed here; fix the ones above first.',
    });
  });

  it('takes 1 MB titles and descriptions as they are, and quotes 1 MB names and values short', () => {
    const huge = 'x'.repeat(1_000_000);
    const field = onlyField({ type: 'string', title: huge, description: huge });
    expect(field.title).toBe(huge);
    const hugeName = `n${huge}`;
    const analysis = analyzeRequestedSchema({
      type: 'object',
      properties: { [hugeName]: 'not a schema', b: { type: 'string', enum: ['a'], default: huge } },
      required: [`${huge}!`],
    });
    expect(analysis.ok).toBe(false);
    if (analysis.ok) return;
    for (const problem of analysis.problems) expect(problem.message.length).toBeLessThan(500);
    expect(analysis.problems.map((problem) => problem.path)).toContain(`/properties/${hugeName}`);
  });
});
