import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeRequestedSchema } from '../../src/core/index.ts';
import { codePointLength } from '../../src/core/schema.ts';

// Random schemas outside the flat subset: the analyzer never throws, and refuses every schema that
// uses something the subset forbids, naming where (a problem path inside the schema).

const forbidden = fc.constantFrom(
  'pattern',
  '$ref',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'patternProperties',
  'additionalProperties',
  'dependentSchemas',
);

/** Any JSON-ish value, including the odd keys that reach a schema from the wire. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'type', 'properties', 'a.b', ''),
    fc.jsonValue({ maxDepth: 3 }),
  ),
);

describe('analyzeRequestedSchema on random schemas', () => {
  it('never throws, whatever the value', () => {
    fc.assert(
      fc.property(anyValue, (schema) => {
        const analysis = analyzeRequestedSchema(schema);
        expect(typeof analysis.ok).toBe('boolean');
        if (!analysis.ok) expect(analysis.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a property that uses a forbidden keyword, with a path to it', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        forbidden,
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom('string', 'number', 'integer', 'boolean'),
        (name, keyword, value, type) => {
          const schema = {
            type: 'object',
            properties: { [name]: { type, [keyword]: value } },
          };
          const analysis = analyzeRequestedSchema(schema);
          expect(analysis.ok).toBe(false);
          if (analysis.ok) return;
          expect(analysis.problems.some((problem) => problem.path.startsWith('/properties/'))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a nested object property, at any depth', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), (name, inner) => {
        const analysis = analyzeRequestedSchema({
          type: 'object',
          properties: { [name]: { type: 'object', properties: { inner } } },
        });
        expect(analysis.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('codePointLength', () => {
  // Strings of any UTF-16 units: pairs, lone surrogates at either end, and plain text.
  const anyUnits = fc
    .array(
      fc.oneof(
        fc.integer({ min: 0, max: 0x7f }),
        fc.integer({ min: 0xd800, max: 0xdfff }),
        fc.integer({ min: 0, max: 0xffff }),
      ),
      { maxLength: 40 },
    )
    .map((units) => String.fromCharCode(...units));

  it('counts code points as iteration does, a lone surrogate as one', () => {
    fc.assert(
      fc.property(anyUnits, (text) => {
        expect(codePointLength(text)).toBe([...text].length);
      }),
    );
    expect(codePointLength('😀😀')).toBe(2);
    expect(codePointLength('\uD800x\uDC00')).toBe(3);
    expect(codePointLength('x'.repeat(1024 * 1024))).toBe(1024 * 1024);
  });
});
