import { describe, expect, it } from 'vitest';
import {
  buildAcceptContent,
  conversionErrors,
  fieldKey,
  fromLocalDateTimeInput,
  initialRawValues,
  readLocalDateTime,
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

  it('leaves out an optional multi-select emptied below its minItems ("none" is not answering), and sends [] otherwise', () => {
    const items = { type: 'string', enum: ['plan', 'demo'] };
    const spec = fields(
      {
        atLeastOne: { type: 'array', items, minItems: 1, default: ['plan'] },
        none: { type: 'array', items, default: ['plan'] },
        required: { type: 'array', items, minItems: 1, default: ['plan'] },
      },
      ['required'],
    );
    const emptied = {
      [fieldKey(spec[0] as FieldSpec)]: [],
      [fieldKey(spec[1] as FieldSpec)]: [],
      [fieldKey(spec[2] as FieldSpec)]: [],
    };
    // "None of these" is an answer where the schema allows it; a required field stays [] (and fails).
    expect(buildAcceptContent(spec, emptied)).toStrictEqual({ none: [], required: [] });
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
    // An input's value needs four digits of year.
    expect(toLocalDateTimeInput('0005-06-01T12:00:00Z')).toMatch(/^0005-06-01T\d{2}:\d{2}$/);
    // Every form the format check accepts, which Date.parse does not all read.
    expect(toLocalDateTimeInput('2026-05-01T10:00:00+01')).toBe('2026-05-01T11:00');
    expect(toLocalDateTimeInput('2026-05-01t10:00:00+0100')).toBe('2026-05-01T11:00');
    expect(toLocalDateTimeInput('2016-12-31T23:59:60Z')).toBe('2017-01-01T00:59');
  });
});

/** Runs `body` with the process in another time zone (Node re-reads TZ when it is set). */
function inZone<T>(zone: string, body: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return body();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe('date-times around daylight-saving changes', () => {
  // Spring forward: Berlin 29 March 2026 02:00 → 03:00; New York 8 March 2026 02:00 → 03:00.
  // Fall back: Berlin 25 October 2026 03:00 → 02:00; New York 1 November 2026 02:00 → 01:00.
  const zones = [
    {
      zone: 'Europe/Berlin',
      gap: '2026-03-29T02:30',
      gapOffsets: { offsetBefore: '+01:00', offsetAfter: '+02:00' },
      justBefore: ['2026-03-29T01:59', '2026-03-29T01:59:00+01:00'],
      justAfter: ['2026-03-29T03:00', '2026-03-29T03:00:00+02:00'],
      fold: '2026-10-25T02:30',
      first: '2026-10-25T02:30:00+02:00',
      second: '2026-10-25T02:30:00+01:00',
    },
    {
      zone: 'America/New_York',
      gap: '2026-03-08T02:30',
      gapOffsets: { offsetBefore: '-05:00', offsetAfter: '-04:00' },
      justBefore: ['2026-03-08T01:59', '2026-03-08T01:59:00-05:00'],
      justAfter: ['2026-03-08T03:00', '2026-03-08T03:00:00-04:00'],
      fold: '2026-11-01T01:30',
      first: '2026-11-01T01:30:00-04:00',
      second: '2026-11-01T01:30:00-05:00',
    },
  ];

  describe.each(zones)('in $zone', (zone) => {
    it('refuses a time the clocks skipped, instead of sending another instant', () => {
      inZone(zone.zone, () => {
        expect(readLocalDateTime(zone.gap)).toStrictEqual({ kind: 'skipped', ...zone.gapOffsets });
        expect(fromLocalDateTimeInput(zone.gap)).toBeUndefined();
        const spec = fields({ when: { type: 'string', format: 'date-time' } }, ['when']);
        expect(conversionErrors(spec, { field0: zone.gap })).toMatchObject([
          { field: 'when', keyword: 'skippedLocalTime', params: zone.gapOffsets },
        ]);
        // The raw text is passed on, so the checker refuses it too: never a silent shift.
        expect(buildAcceptContent(spec, { field0: zone.gap })).toStrictEqual({ when: zone.gap });
      });
    });

    it('sends the minutes on either side of the gap with their own offsets', () => {
      inZone(zone.zone, () => {
        expect(fromLocalDateTimeInput(zone.justBefore[0]!)).toBe(zone.justBefore[1]);
        expect(fromLocalDateTimeInput(zone.justAfter[0]!)).toBe(zone.justAfter[1]);
      });
    });

    it('reads a time the clocks repeated as its first occurrence, and knows the second', () => {
      inZone(zone.zone, () => {
        expect(readLocalDateTime(zone.fold)).toStrictEqual({
          kind: 'repeated',
          value: zone.first,
          later: zone.second,
        });
        expect(fromLocalDateTimeInput(zone.fold)).toBe(zone.first);
        expect(new Date(zone.first).getTime()).toBeLessThan(new Date(zone.second).getTime());
        const spec = fields({ when: { type: 'string', format: 'date-time' } });
        expect(conversionErrors(spec, { field0: zone.fold })).toStrictEqual([]);
      });
    });
  });

  it('refuses days that do not exist, and takes UTC as it is', () => {
    expect(readLocalDateTime('2026-04-31T10:00')).toStrictEqual({ kind: 'invalid' });
    expect(readLocalDateTime('2026-02-29T10:00')).toStrictEqual({ kind: 'invalid' });
    inZone('UTC', () => {
      expect(fromLocalDateTimeInput('2026-03-29T02:30')).toBe('2026-03-29T02:30:00+00:00');
    });
  });
});
