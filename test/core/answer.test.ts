import { describe, expect, it } from 'vitest';
import {
  buildAcceptContent,
  fieldKey,
  fromLocalDateTimeInput,
  initialRawValues,
  toLocalDateTimeInput,
} from '../../src/core/answer.ts';
import { analyzeRequestedSchema, type FieldSpec } from '../../src/core/index.ts';

function fields(properties: Record<string, unknown>, required: string[] = []): FieldSpec[] {
  const analysis = analyzeRequestedSchema({ type: 'object', properties, required });
  if (!analysis.ok) throw new Error(JSON.stringify(analysis.problems));
  return analysis.fields;
}

describe('initialRawValues', () => {
  it('pre-fills defaults in the form each control shows them', () => {
    const spec = fields({
      s: { type: 'string', default: 'x' },
      n: { type: 'number', default: 1.5 },
      b: { type: 'boolean', default: true },
      m: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['b'] },
      e: { type: 'string' },
      c: { type: 'boolean' },
    });
    expect(initialRawValues(spec)).toEqual({
      field0: 'x',
      field1: '1.5',
      field2: true,
      field3: ['b'],
      field4: '',
      field5: false,
    });
  });

  it('keys values by position, never by property name', () => {
    const spec = fields({ 'a.b': { type: 'string' }, 'c[0]': { type: 'string' } });
    expect(spec.map(fieldKey)).toEqual(['field0', 'field1']);
  });
});

describe('buildAcceptContent', () => {
  it('types values as the schema says', () => {
    const spec = fields({
      n: { type: 'number' },
      i: { type: 'integer' },
      b: { type: 'boolean' },
      m: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] } },
    });
    expect(
      buildAcceptContent(spec, { field0: '2.5', field1: ' 42 ', field2: true, field3: ['c', 'a'] }),
    ).toStrictEqual({
      n: 2.5,
      i: 42,
      b: true,
      m: ['a', 'c'],
    });
  });

  it('leaves untouched optional fields out, but answers an untouched required checkbox with false', () => {
    const spec = fields(
      {
        s: { type: 'string' },
        n: { type: 'number' },
        opt: { type: 'boolean' },
        req: { type: 'boolean' },
        m: { type: 'array', items: { type: 'string', enum: ['a'] } },
        one: { type: 'string', enum: ['x', 'y'] },
      },
      ['req'],
    );
    expect(buildAcceptContent(spec, initialRawValues(spec))).toStrictEqual({ req: false });
  });

  it('sends an untouched default verbatim, even where the control shows it differently', () => {
    const spec = fields({
      when: { type: 'string', format: 'date-time', default: '2026-12-01T09:30:15.250Z' },
      n: { type: 'number', default: 10 },
    });
    expect(buildAcceptContent(spec, initialRawValues(spec))).toStrictEqual({
      when: '2026-12-01T09:30:15.250Z',
      n: 10,
    });
  });

  it('passes unconvertible text through so validation reports it', () => {
    const spec = fields({ n: { type: 'number' } });
    expect(buildAcceptContent(spec, { field0: '1e' })).toStrictEqual({ n: '1e' });
  });

  it('writes names like __proto__ as own keys', () => {
    const spec = fields(JSON.parse('{"__proto__": {"type": "string"}}'));
    const content = buildAcceptContent(spec, { field0: 'x' });
    expect(Object.keys(content)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
  });
});

describe('date-time conversion', () => {
  it("adds the person's UTC offset to a local date-time", () => {
    // The unit project runs in Europe/Berlin: +01:00 in winter, +02:00 in summer.
    expect(fromLocalDateTimeInput('2026-12-01T09:30')).toBe('2026-12-01T09:30:00+01:00');
    expect(fromLocalDateTimeInput('2026-07-01T09:30:05')).toBe('2026-07-01T09:30:05+02:00');
    expect(fromLocalDateTimeInput('tomorrow')).toBeUndefined();
  });

  it('shows an RFC 3339 value in local time, and odd text unchanged', () => {
    expect(toLocalDateTimeInput('2026-12-01T08:30:00Z')).toBe('2026-12-01T09:30');
    expect(toLocalDateTimeInput('soon')).toBe('soon');
  });
});
