/**
 * The default checker against ajv + ajv-formats (full mode), the oracle: generated schemas
 * within the flat subset and generated answers (valid, at the boundaries, and wrong) must get
 * the same verdict, the same failing fields and the same keyword for each.
 *
 * Seeded and with fixed run counts, so a failure reproduces; fast-check prints the seed, the
 * path and the shrunk counterexample.
 */

import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ajvAnswerChecker } from '../../src/ajv/index.ts';
import { matchesFormat } from '../../src/core/formats.ts';
import type { RequestedSchema } from '../../src/core/model.ts';
import { analyzeRequestedSchema } from '../../src/core/schema.ts';
import { validateAnswer } from '../../src/core/validate.ts';

const SEED = 20261130;
/**
 * Schemas per run. Each new schema costs ajv a compile (milliseconds, with `new Function`), the
 * default checker microseconds, so every schema is tried with several answers instead.
 */
const SCHEMA_RUNS = 600;
const ANSWERS_PER_SCHEMA = { minLength: 3, maxLength: 10 };
const FORMAT_RUNS = 5000;

type Property = Record<string, unknown>;

// ---------------------------------------------------------------- values shared by the generators

/** Characters that make lengths interesting: astral (2 UTF-16 units), combining, lone surrogates. */
const lengthUnit = fc.constantFrom('a', 'Z', ' ', 'é', 'e\u0301', '😀', '𝄞', '\ud800', '\udc00', '中');

const wrongTypes = fc.constantFrom<unknown>(
  null,
  true,
  false,
  0,
  -0,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'text',
  [],
  ['a'],
  {},
);

// '__proto__' is left out of option values: ajv's fast uniqueItems check keeps seen items in a
// plain object, where `__proto__` is no own key, so ajv misses repeats of it (the default checker
// catches them; validate.test.ts shows it).
const optionValue = fc.oneof(
  fc.constantFrom('a', 'b', 'c', 'd', 'constructor', 'toString', 'hasOwnProperty', 'a.b', 'x[0]', '😀', '1'),
  fc.string({ unit: lengthUnit, minLength: 1, maxLength: 4 }),
);

const propertyName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', '', 'user.email', 'a[0]', 'a/b', '~x', 'p0', 'p1'),
  fc.string({ maxLength: 5 }),
);

const pad = (value: number, width: number) => String(Math.abs(value)).padStart(width, '0');

// ---------------------------------------------------------------- format strings

const dateString = fc
  .tuple(
    fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(1900, 2000, 2023, 2024, 2100)),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.constantFrom(4, 4, 4, 3, 5),
  )
  .map(([year, month, day, yearWidth]) => `${pad(year, yearWidth)}-${pad(month, 2)}-${pad(day, 2)}`);

const timeString = fc
  .tuple(
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.integer({ min: 0, max: 61 }),
    fc.constantFrom('', '.5', '.123', '.999999'),
    fc.oneof(
      fc.constantFrom('Z', 'z', ''),
      fc
        .tuple(
          fc.constantFrom('+', '-'),
          fc.integer({ min: 0, max: 25 }),
          fc.integer({ min: 0, max: 61 }),
          fc.constantFrom(':', '', 'none'),
        )
        .map(([sign, hours, minutes, style]) =>
          style === 'none' ? `${sign}${pad(hours, 2)}` : `${sign}${pad(hours, 2)}${style}${pad(minutes, 2)}`,
        ),
    ),
  )
  .map(([h, m, s, fraction, zone]) => `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${fraction}${zone}`);

/** Leap seconds around midnight UTC, with offsets that move them there or not. */
const leapSecondString = fc
  .tuple(
    fc.constantFrom(23, 0, 22, 1, 24),
    fc.constantFrom(59, 0, 29, 30),
    fc.constantFrom('60', '60.5', '61'),
    fc.constantFrom('Z', '+01:00', '-01:00', '+00:30', '-00:30', '+01:30', '-23:59'),
  )
  .map(([h, m, s, zone]) => `${pad(h, 2)}:${pad(m, 2)}:${s}${zone}`);

const dateTimeString = fc
  .tuple(
    dateString,
    fc.constantFrom('T', 't', ' ', '\t', '\u00a0', 'x', 'TT'),
    fc.oneof(timeString, leapSecondString),
  )
  .map(([date, separator, time]) => `${date}${separator}${time}`);

const label = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('example', 'x', 'a-b', '1', 'xn--bcher-kva', 'com', 'co') },
  { weight: 1, arbitrary: fc.constantFrom('-a', 'a-', 'ex_ample', 'ä', '') },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.constantFrom('a', '1', '-', '_', '.'), minLength: 1, maxLength: 6 }),
  },
);

const emailString = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('ada', 'first.last', 'a+tag', "o'brien", 'x{}|~') },
      { weight: 1, arbitrary: fc.constantFrom('.a', 'a.', 'a..b', '"q"', 'ä', '') },
      {
        weight: 1,
        arbitrary: fc.string({
          unit: fc.constantFrom('a', '.', '+', '!', '{', '~', ' ', '@', '('),
          minLength: 1,
          maxLength: 6,
        }),
      },
    ),
    fc.constantFrom('@', '@', '@', '@', '', '@@'),
    fc.array(label, { minLength: 1, maxLength: 3 }),
  )
  .map(([local, at, labels]) => `${local}${at}${labels.join('.')}`);

/** 16-bit groups: mostly well-formed, so whole addresses are often valid and group counts matter. */
const h16 = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('0', '1', 'db8', 'ffff', 'FFFF', 'aB9') },
  { weight: 1, arbitrary: fc.constantFrom('', 'g', '12345', ' 1') },
);
const ipv4 = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 300 }).map(String), fc.constantFrom('01', '001', '099', '')), {
    minLength: 3,
    maxLength: 5,
  })
  .map((octets) => octets.join('.'));
/** Groups (an IPv4 address among them now and then, anywhere) around an optional gap. */
const ipv6 = fc
  .tuple(
    fc.array(fc.oneof({ weight: 8, arbitrary: h16 }, { weight: 1, arbitrary: ipv4 }), { maxLength: 9 }),
    fc.nat(),
    fc.constantFrom('::', '::', ':', ':::', ''),
  )
  .map(([groups, at, gap]) => {
    const split = at % (groups.length + 1);
    if (gap === ':') return groups.join(':');
    return `${groups.slice(0, split).join(':')}${gap}${groups.slice(split).join(':')}`;
  });
const host = fc.oneof(
  fc.array(label, { maxLength: 3 }).map((labels) => labels.join('.')),
  ipv4,
  ipv6.map((address) => `[${address}]`),
  fc.constantFrom('[v1.fe]', '[V9.a:b]', '[v.x]', '[vz.1]', '[::1', '::1]', '%41b', '%4g', 'a b'),
);
const pathOrQuery = fc.string({
  unit: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('a', '/', '?', '#', ':', '@', '%20', '!', "'", '.', '~', '=') },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '[', ']', ' ', '"', 'é', '\\', '^') },
  ),
  maxLength: 8,
});
const uriString = fc
  .tuple(
    fc.constantFrom('https:', 'mailto:', 'urn:', 'a+b-c.d:', 'https:', 'urn:', '1a:', ':', '', 'h%41:'),
    fc.constantFrom('//', '/', '', '///'),
    fc.constantFrom('', 'user@', 'u:p@', 'a@b@', '%40@', '[x]@'),
    host,
    fc.constantFrom('', ':', ':80', ':8o', '::80'),
    pathOrQuery,
  )
  .map((parts) => parts.join(''));

/** Random edits of a string: the near misses the structured generators do not reach. */
function mutated(strings: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      strings,
      fc.array(
        fc.tuple(fc.nat(), fc.constantFrom('', 'a', '0', '-', ':', '.', '/', 'T', ' ', '@', '😀', '%', '[')),
        { maxLength: 2 },
      ),
    )
    .map(([text, edits]) => {
      let result = text;
      for (const [position, replacement] of edits) {
        const at = result.length === 0 ? 0 : position % result.length;
        result = result.slice(0, at) + replacement + result.slice(at + 1);
      }
      return result;
    });
}

const formatStrings: Record<string, fc.Arbitrary<string>> = {
  email: fc.oneof(emailString, mutated(emailString)),
  uri: fc.oneof(
    uriString,
    mutated(uriString),
    ipv6.map((address) => `http://[${address}]/`),
  ),
  date: fc.oneof(dateString, mutated(dateString)),
  'date-time': fc.oneof(dateTimeString, mutated(dateTimeString)),
};

// ---------------------------------------------------------------- schemas within the subset

const bound = fc.oneof(
  fc.integer({ min: -20, max: 20 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 2 ** 53, -(2 ** 53), 1e308, 0.1),
);

/** An optional lower and upper bound, the lower never above the upper. */
function orderedPair(
  arbitrary: fc.Arbitrary<number>,
): fc.Arbitrary<[number | undefined, number | undefined]> {
  return fc
    .tuple(fc.option(arbitrary, { nil: undefined }), fc.option(arbitrary, { nil: undefined }))
    .map(([a, b]) => (a !== undefined && b !== undefined && a > b ? [b, a] : [a, b]));
}

const textProperty: fc.Arbitrary<Property> = fc
  .tuple(
    orderedPair(fc.integer({ min: 0, max: 6 })),
    fc.option(fc.constantFrom('email', 'uri', 'date', 'date-time'), { nil: undefined }),
  )
  .map(([[minLength, maxLength], format]) => ({
    type: 'string',
    ...(minLength !== undefined && { minLength }),
    ...(maxLength !== undefined && { maxLength }),
    ...(format !== undefined && { format }),
  }));

const numberProperty: fc.Arbitrary<Property> = fc
  .tuple(fc.constantFrom('number', 'integer'), orderedPair(bound))
  .map(([type, [minimum, maximum]]) => ({
    type,
    ...(minimum !== undefined && { minimum }),
    ...(maximum !== undefined && { maximum }),
  }));

const booleanProperty: fc.Arbitrary<Property> = fc.constant({ type: 'boolean' });

const optionList = fc.uniqueArray(optionValue, { minLength: 1, maxLength: 6 });

const singleSelect: fc.Arbitrary<Property> = fc.oneof(
  fc.tuple(optionList, fc.boolean()).map(([values, named]) => ({
    type: 'string',
    enum: values,
    ...(named && { enumNames: values.map((value) => `Label ${value}`) }),
  })),
  fc.tuple(optionList, fc.boolean()).map(([values, described]) => ({
    type: 'string',
    oneOf: values.map((value) => ({
      const: value,
      title: `Title ${value}`,
      ...(described && { description: `About ${value}` }),
    })),
  })),
);

const multiSelect: fc.Arbitrary<Property> = fc
  .tuple(
    optionList,
    fc.constantFrom('enum', 'anyOf', 'typed anyOf'),
    fc.option(fc.nat({ max: 7 }), { nil: undefined }),
    fc.option(fc.nat({ max: 7 }), { nil: undefined }),
    fc.constantFrom<boolean | undefined>(true, false, undefined),
  )
  .map(([values, spelling, min, max, uniqueItems]) => {
    const minItems = min === undefined ? undefined : Math.min(min, values.length);
    const maxItems = max === undefined ? undefined : Math.max(max, minItems ?? 0);
    const items =
      spelling === 'enum'
        ? { type: 'string', enum: values }
        : {
            ...(spelling === 'typed anyOf' && { type: 'string' }),
            anyOf: values.map((value) => ({ const: value, title: value })),
          };
    return {
      type: 'array',
      items,
      ...(minItems !== undefined && { minItems }),
      ...(maxItems !== undefined && { maxItems }),
      ...(uniqueItems !== undefined && { uniqueItems }),
    };
  });

const property = fc.oneof(textProperty, numberProperty, booleanProperty, singleSelect, multiSelect);

const schema: fc.Arbitrary<RequestedSchema> = fc
  .uniqueArray(fc.tuple(propertyName, property, fc.boolean()), {
    minLength: 1,
    maxLength: 6,
    selector: ([name]) => name,
  })
  .map((entries) => {
    const properties: RequestedSchema['properties'] = {};
    // Own data properties, so `__proto__` is a name, as JSON.parse makes it.
    for (const [name, spec] of entries) {
      Object.defineProperty(properties, name, {
        value: spec,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    const required = entries.filter(([, , isRequired]) => isRequired).map(([name]) => name);
    return { type: 'object', properties, ...(required.length > 0 && { required }) };
  });

// ---------------------------------------------------------------- answers: valid, near the edges, wrong

function stringOfLength(length: number): fc.Arbitrary<string> {
  // Exactly `length` code points, mixing one- and two-unit characters.
  return fc
    .array(fc.constantFrom('a', 'é', '😀', '𝄞', '\ud800', 'e'), {
      minLength: Math.max(0, length),
      maxLength: Math.max(0, length),
    })
    .map((chars) => chars.join(''));
}

function valueFor(spec: Property): fc.Arbitrary<unknown> {
  switch (spec.type) {
    case 'string': {
      if (Array.isArray(spec.enum) || Array.isArray(spec.oneOf)) {
        const values = Array.isArray(spec.enum)
          ? (spec.enum as string[])
          : (spec.oneOf as Array<{ const: string }>).map((entry) => entry.const);
        return fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(...values) },
          { weight: 1, arbitrary: optionValue },
          { weight: 1, arbitrary: wrongTypes },
        );
      }
      const lengths = [spec.minLength, spec.maxLength].filter(
        (limit) => typeof limit === 'number',
      ) as number[];
      const nearLengths = lengths
        .flatMap((limit) => [limit - 1, limit, limit + 1])
        .filter((length) => length >= 0);
      return fc.oneof(
        {
          weight: 3,
          arbitrary:
            typeof spec.format === 'string'
              ? (formatStrings[spec.format] as fc.Arbitrary<string>)
              : fc.string({ unit: lengthUnit, maxLength: 8 }),
        },
        {
          weight: 2,
          arbitrary:
            nearLengths.length > 0
              ? fc.constantFrom(...nearLengths).chain(stringOfLength)
              : fc.string({ unit: lengthUnit, maxLength: 3 }),
        },
        { weight: 1, arbitrary: wrongTypes },
      );
    }
    case 'number':
    case 'integer': {
      const limits = [spec.minimum, spec.maximum].filter((limit) => typeof limit === 'number') as number[];
      const near = limits.flatMap((limit) => [
        limit,
        limit - 1,
        limit + 1,
        limit - 0.5,
        limit + 1e-9,
        -limit,
      ]);
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: -30, max: 30 }) },
        { weight: 1, arbitrary: fc.double() },
        { weight: 3, arbitrary: near.length > 0 ? fc.constantFrom(...near) : fc.constant(0) },
        { weight: 1, arbitrary: fc.constantFrom(2 ** 53 + 2, 1e308, -0, 0.1) },
        { weight: 1, arbitrary: wrongTypes },
      );
    }
    case 'boolean':
      return fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: wrongTypes });
    default: {
      const items = spec.items as Property;
      const values = Array.isArray(items.enum)
        ? (items.enum as string[])
        : (items.anyOf as Array<{ const: string }>).map((entry) => entry.const);
      const picks = fc.array(fc.constantFrom(...values), { maxLength: values.length + 2 });
      return fc.oneof(
        { weight: 4, arbitrary: fc.shuffledSubarray(values) },
        { weight: 2, arbitrary: picks },
        // Options with foreign entries (other strings, other types) mixed in, some of them twice.
        {
          weight: 2,
          arbitrary: fc
            .tuple(
              picks,
              fc.array(fc.tuple(fc.oneof(optionValue, wrongTypes), fc.nat(), fc.boolean()), {
                minLength: 1,
                maxLength: 2,
              }),
            )
            .map(([chosen, foreign]) => {
              const entries: unknown[] = [...chosen];
              for (const [entry, at, twice] of foreign) {
                entries.splice(at % (entries.length + 1), 0, ...(twice ? [entry, entry] : [entry]));
              }
              return entries;
            }),
        },
        { weight: 1, arbitrary: wrongTypes },
      );
    }
  }
}

const schemaAndAnswers = schema.chain((generated) => {
  const names = Object.keys(generated.properties);
  const content = fc
    .tuple(
      ...names.map((name) =>
        fc.option(valueFor(generated.properties[name] as Property), { nil: undefined, freq: 4 }),
      ),
    )
    .map((values) => {
      const answer: Record<string, unknown> = {};
      values.forEach((value, index) => {
        if (value === undefined) return;
        Object.defineProperty(answer, names[index] as string, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      });
      return answer;
    });
  return fc.tuple(fc.constant(generated), fc.array(content, ANSWERS_PER_SCHEMA));
});

function verdict(check: { valid: boolean; errors: Array<{ field: string; keyword: string }> }) {
  return { valid: check.valid, errors: check.errors.map((error) => `${error.field}: ${error.keyword}`) };
}

describe('the default checker agrees with ajv + ajv-formats (full mode)', () => {
  it(`on ${SCHEMA_RUNS} generated schemas of the flat subset, each with generated answers`, {
    timeout: 60_000,
  }, () => {
    let answers = 0;
    let invalid = 0;
    fc.assert(
      fc.property(schemaAndAnswers, ([generated, contents]) => {
        const analysis = analyzeRequestedSchema(generated);
        if (!analysis.ok)
          throw new Error(`generated a schema outside the subset: ${JSON.stringify(analysis.problems)}`);
        for (const content of contents) {
          const ours = verdict(validateAnswer(generated, content));
          expect(ours).toStrictEqual(verdict(ajvAnswerChecker(generated, content)));
          answers++;
          if (!ours.valid) invalid++;
        }
      }),
      { seed: SEED, numRuns: SCHEMA_RUNS },
    );
    // The generators must reach both verdicts often, or agreement would prove little.
    console.info(
      `differential: ${SCHEMA_RUNS} schemas, ${answers} answers (${invalid} invalid), checkers agree`,
    );
    expect(invalid / answers).toBeGreaterThan(0.3);
    expect(invalid / answers).toBeLessThan(0.95);
  });

  it.each(Object.keys(formatStrings))(
    `on ${FORMAT_RUNS} generated %s strings, near misses included`,
    (format) => {
      const oracle = fullFormats[format as keyof typeof fullFormats] as
        | { validate: (value: string) => boolean }
        | ((value: string) => boolean)
        | RegExp;
      const ajvSays = (value: string) =>
        oracle instanceof RegExp
          ? oracle.test(value)
          : typeof oracle === 'function'
            ? oracle(value)
            : oracle.validate(value);
      let valid = 0;
      fc.assert(
        fc.property(formatStrings[format] as fc.Arbitrary<string>, (value) => {
          const expected = ajvSays(value);
          expect(matchesFormat(format, value), JSON.stringify(value)).toBe(expected);
          if (expected) valid++;
        }),
        { seed: SEED, numRuns: FORMAT_RUNS },
      );
      expect(valid / FORMAT_RUNS).toBeGreaterThan(0.05);
      expect(valid / FORMAT_RUNS).toBeLessThan(0.95);
    },
  );
});
