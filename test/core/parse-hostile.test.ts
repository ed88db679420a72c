// @vitest-environment node
/**
 * The parse-side guarantees behind the hostile corpus, one behaviour per test: reads never run
 * code, one unreadable request spoils only itself, the round id is cheap and total, made-up keys
 * never collide, and problem lists stay short.
 */
import { describe, expect, it } from 'vitest';
import { fingerprint, stableStringify } from '../../src/core/json.ts';
import { MAX_PROBLEMS, MAX_REQUESTS, type UnsupportedRequest } from '../../src/core/model.ts';
import { parseSuspension } from '../../src/core/parse/index.ts';
import { MAX_FIELDS, MAX_OPTIONS } from '../../src/core/schema.ts';

const form = (message = 'Name?') => ({
  method: 'elicitation/create',
  params: { message, requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
});

/** An object whose `key` is a getter that counts its calls. */
function spied(base: Record<string, unknown>, key: string, value: unknown) {
  const calls = { count: 0 };
  Object.defineProperty(base, key, {
    enumerable: true,
    get() {
      calls.count++;
      return value;
    },
  });
  return { object: base, calls };
}

function hostileProxy(): object {
  return new Proxy(
    {},
    {
      ownKeys() {
        throw new TypeError('trap');
      },
      getOwnPropertyDescriptor() {
        throw new TypeError('trap');
      },
    },
  );
}

describe('parseSuspension reads without running the wire’s code', () => {
  it('never calls a getter, at any level: a getter reads as absent', () => {
    const top = spied({ resultType: 'input_required' }, 'requestState', 'state');
    const entry = spied({ params: form().params }, 'method', 'elicitation/create');
    const property = spied({ type: 'string' }, 'title', 'Title');
    const flatField = spied({}, 'name', 'city');
    top.object.inputRequests = {
      a: entry.object,
      b: {
        method: 'elicitation/create',
        params: { message: 'B', requestedSchema: { type: 'object', properties: { p: property.object } } },
      },
    };
    const suspension = parseSuspension(top.object);
    expect(suspension.requestState).toBeUndefined();
    expect(suspension.requests.map((request) => request.kind)).toEqual(['unsupported', 'form']);
    expect(parseSuspension({ inputRequests: [flatField.object, { name: 'zip' }] }).requests[0]?.kind).toBe(
      'unsupported',
    );
    expect([top.calls.count, entry.calls.count, property.calls.count, flatField.calls.count]).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it('makes one request that throws when read unsupported, and keeps the others answerable', () => {
    const suspension = parseSuspension({
      resultType: 'input_required',
      inputRequests: { good: form(), bad: hostileProxy(), alsoGood: form('City?') },
    });
    expect(suspension.requests.map((request) => [request.key, request.kind])).toEqual([
      ['good', 'form'],
      ['bad', 'unsupported'],
      ['alsoGood', 'form'],
    ]);
    expect(suspension.requests[1]).toMatchObject({
      reasonCode: 'malformed',
      problems: [{ path: '', message: expect.stringMatching(/^Reading this request threw TypeError/) }],
    });
  });

  it('throws the documented error, with what was thrown as its cause, when the wire itself cannot be read', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const wire of [hostileProxy(), proxy]) {
      let thrown: unknown;
      try {
        parseSuspension(wire);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Error);
      expect(Object.getPrototypeOf(thrown)).toBe(Error.prototype);
      expect((thrown as Error).message).toMatch(
        /^input-request-cards: parseSuspension could not read the value/,
      );
      expect((thrown as Error).cause).toBeInstanceOf(TypeError);
    }
  });

  it('words an unknown mode of any type without converting it to text', () => {
    for (const mode of [10n, Symbol('voice'), Object.create(null), { toString: () => 'never' }]) {
      const [request] = parseSuspension({
        inputRequests: { q: { method: 'elicitation/create', params: { message: 'Hi', mode } } },
      }).requests as UnsupportedRequest[];
      expect(request).toMatchObject({ reasonCode: 'unknown-mode', reasonParams: {} });
    }
  });
});

describe('the requestedSchema a form keeps', () => {
  const ask = (requestedSchema: unknown) =>
    parseSuspension({
      inputRequests: { q: { method: 'elicitation/create', params: { message: 'Hi', requestedSchema } } },
    }).requests[0];

  it('is a plain copy: no getters, __proto__ a key, shared parts copied', () => {
    const shared = { type: 'string', title: 'Shared' };
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}');
    schema.properties.a = shared;
    schema.properties.b = shared;
    Object.defineProperty(schema.properties.a, 'description', {
      enumerable: true,
      get: () => 'from a getter',
    });
    const request = ask(schema);
    expect(request?.kind).toBe('form');
    if (request?.kind !== 'form') return;
    expect(request.requestedSchema).not.toBe(schema);
    expect(Object.keys(request.requestedSchema.properties)).toEqual(['__proto__', 'a', 'b']);
    expect(Object.getPrototypeOf(request.requestedSchema.properties)).toBe(Object.prototype);
    expect(request.requestedSchema.properties.a).toEqual({ type: 'string', title: 'Shared' });
    expect(request.requestedSchema.properties.a).not.toBe(request.requestedSchema.properties.b);
  });

  it('refuses a schema nested past 32 levels, or one that refers to itself, before analysing it', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 40; level++) deep = { type: 'array', items: deep };
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).loop = cyclic;
    for (const schema of [{ type: 'object', properties: { deep } }, cyclic]) {
      expect(ask(schema)).toMatchObject({
        kind: 'unsupported',
        reasonCode: 'schema',
        problems: [
          { path: '/params/requestedSchema', message: expect.stringMatching(/nested deeper than 32 levels/) },
        ],
      });
    }
  });
});

describe('the round id', () => {
  const deep = (depth: number) => {
    let value: unknown = 'bottom';
    for (let level = 0; level < depth; level++) value = { a: value };
    return value;
  };

  it('is made from a nested and a cyclic wire without overflowing the stack', () => {
    const cyclic: Record<string, unknown> = { resultType: 'input_required', inputRequests: { q: form() } };
    cyclic.self = cyclic;
    const nested = {
      resultType: 'input_required',
      inputRequests: { q: { ...form(), extra: deep(100_000) } },
    };
    expect(parseSuspension(cyclic).id).toMatch(/^round-[0-9a-z]+$/);
    expect(parseSuspension(nested).id).toMatch(/^round-[0-9a-z]+$/);
    expect(() => fingerprint(deep(1_000_000))).not.toThrow();
  });

  it('is stable for equal rounds and differs for a re-ask with other keys or another state', () => {
    const round = (keys: string[], requestState = 's1') => ({
      resultType: 'input_required',
      requestState,
      inputRequests: Object.fromEntries(keys.map((key) => [key, form()])),
    });
    const id = parseSuspension(round(['a', 'b'])).id;
    expect(parseSuspension(round(['b', 'a'])).id).toBe(id);
    expect(parseSuspension(round(['a', 'c'])).id).not.toBe(id);
    expect(parseSuspension(round(['a', 'b'], 's2')).id).not.toBe(id);
    // The keys count even when the budget (10,000 values) ends before their values.
    const many = (last: string) =>
      Object.fromEntries([...Array.from({ length: 25_000 }, (_, i) => [`k${i}`, i]), [last, 0]]);
    expect(fingerprint(many('x'))).not.toBe(fingerprint(many('y')));
  });

  it('reads the largest round the card accepts to its end: 100 fields, 2,000 titled options', () => {
    const largest = (lastTitle: string) => {
      const properties: Record<string, unknown> = {};
      for (let field = 0; field < MAX_FIELDS; field++) {
        properties[`field_${field}`] = {
          type: 'string',
          title: `Field ${field}`,
          description: `What field ${field} is for.`,
          default: 'o0',
          oneOf: Array.from({ length: MAX_OPTIONS / MAX_FIELDS }, (_, option) => ({
            const: `o${option}`,
            title:
              field === MAX_FIELDS - 1 && option === MAX_OPTIONS / MAX_FIELDS - 1
                ? lastTitle
                : `Option ${option}`,
          })),
        };
      }
      return {
        resultType: 'input_required',
        requestState: 's1',
        inputRequests: {
          q: {
            method: 'elicitation/create',
            params: { mode: 'form', message: 'Everything?', requestedSchema: { type: 'object', properties } },
          },
        },
      };
    };
    const round = parseSuspension(largest('Last'));
    expect(round.requests[0]?.kind).toBe('form');
    // Only the very last title differs: a budget that stopped early would give both one id.
    expect(parseSuspension(largest('Other')).id).not.toBe(round.id);
  });

  it('stops reading at its budget: a sparse array of length 2^32 − 1 costs nothing', () => {
    const sparse: unknown[] = [];
    sparse.length = 2 ** 32 - 1;
    const started = performance.now();
    expect(fingerprint(sparse)).toMatch(/^[0-9a-z]+$/);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('keys and problem lists', () => {
  it('never gives two requests the same key, even against made-up keys', () => {
    const host = parseSuspension({
      type: 'mcp-input-request',
      requests: [
        { key: 'request-1', method: 'roots/list' },
        { method: 'roots/list' },
        { key: 'request-1', method: 'roots/list' },
      ],
    });
    const hostKeys = host.requests.map((request) => request.key);
    expect(new Set(hostKeys).size).toBe(3);
    expect(host.requests.map((request) => request.kind === 'unsupported' && request.reasonCode)).toEqual([
      'roots',
      'roots',
      'duplicate-key',
    ]);
    const url = (elicitationId?: string) => ({
      mode: 'url',
      message: 'Go',
      url: 'https://a.example/',
      elicitationId,
    });
    const error = parseSuspension({
      code: -32042,
      data: { elicitations: [url('url-1'), url(), url('url-1')] },
    });
    expect(new Set(error.requests.map((request) => request.key)).size).toBe(3);
  });

  it(`lists at most ${MAX_PROBLEMS} problems and counts the rest`, () => {
    const properties = Object.fromEntries(
      // Within the field limit (more fields is its own reason), each with a refused keyword.
      Array.from({ length: 99 }, (_, i) => [`f${i}`, { type: 'string', pattern: 'x' }]),
    );
    const [request] = parseSuspension({
      inputRequests: {
        q: {
          method: 'elicitation/create',
          params: { message: 'Many', requestedSchema: { type: 'object', properties } },
        },
      },
    }).requests as UnsupportedRequest[];
    expect(request?.reasonCode).toBe('schema');
    expect(request?.problems).toHaveLength(MAX_PROBLEMS);
    expect(request?.problems.at(-1)?.message).toMatch(/^…and \d+ more problems/);
  });

  it('refuses a form of 10,000 fields on its count, reading none of their schemas', () => {
    let reads = 0;
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 10_000; i++) {
      properties[`f${i}`] = new Proxy(
        { type: 'string', 'x-mcp-file': {} },
        {
          getOwnPropertyDescriptor(target, key) {
            reads++;
            return Reflect.getOwnPropertyDescriptor(target, key);
          },
        },
      );
    }
    const wire = {
      inputRequests: {
        q: {
          method: 'elicitation/create',
          params: {
            message: 'Many',
            requestedSchema: { type: 'object', properties, required: Object.keys(properties) },
          },
        },
      },
    };
    // Neither the request nor the round id reads a field schema: the id counts a map that wide
    // by its names (no round the card accepts has one).
    const round = parseSuspension(wire);
    expect(round.id).toMatch(/^round-[0-9a-z]+$/);
    const [request] = round.requests as UnsupportedRequest[];
    expect(request).toMatchObject({
      kind: 'unsupported',
      reasonCode: 'too-many-fields',
      reasonParams: { count: 10_000, limit: MAX_FIELDS },
      message: 'Many',
    });
    expect(request?.problems).toEqual([
      {
        path: '/params/requestedSchema/properties',
        message: expect.stringContaining('"properties" has 10000 fields; this client shows at most 100'),
      },
    ]);
    expect(reads).toBe(0);
    // Another field name is another round.
    const renamed: Record<string, unknown> = { ...properties, other: properties.f0 };
    delete renamed.f0;
    const other = {
      inputRequests: {
        q: {
          method: 'elicitation/create',
          params: {
            message: 'Many',
            requestedSchema: { type: 'object', properties: renamed, required: Object.keys(properties) },
          },
        },
      },
    };
    expect(parseSuspension(other).id).not.toBe(round.id);
  });

  it('reads a round of 10,000 requests by its keys alone, in every dialect that lists requests', () => {
    let reads = 0;
    const counted = () =>
      new Proxy(
        { method: 'elicitation/create', params: { mode: 'url', message: 'Go', url: 'https://a.example/' } },
        {
          getOwnPropertyDescriptor(target, key) {
            reads++;
            return Reflect.getOwnPropertyDescriptor(target, key);
          },
        },
      );
    const map = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`q${i}`, counted()]));
    for (const wire of [
      { resultType: 'input_required', inputRequests: map },
      { type: 'mcp-input-request', requests: map },
    ]) {
      const round = parseSuspension(wire);
      expect(round.requests).toHaveLength(10_000);
      expect(round.requests[9_999]).toEqual({
        kind: 'unsupported',
        key: 'q9999',
        method: 'unknown',
        reasonCode: 'too-many-requests',
        reasonParams: { count: 10_000, limit: MAX_REQUESTS },
        problems: [],
      });
    }
    expect(reads).toBe(0);
    // A list reads each entry's key (a cheap pass), nothing more.
    const listed = parseSuspension({
      type: 'mcp-input-request',
      requests: Array.from({ length: 10_000 }, (_, index) => ({ key: `k${index}`, method: 'roots/list' })),
    });
    expect(
      listed.requests.every(
        (request) => request.kind === 'unsupported' && request.reasonCode === 'too-many-requests',
      ),
    ).toBe(true);
    const urls = parseSuspension({
      code: -32042,
      data: {
        elicitations: Array.from({ length: 21 }, (_, i) => ({
          mode: 'url',
          message: 'Go',
          url: 'https://a.example/',
          elicitationId: `e${i}`,
        })),
      },
    });
    expect(urls.requests.map((request) => request.key).slice(0, 2)).toEqual(['e0', 'e1']);
    expect(
      urls.requests.every(
        (request) => request.kind === 'unsupported' && request.reasonCode === 'too-many-requests',
      ),
    ).toBe(true);
  });

  it(`reads a form of exactly ${MAX_FIELDS} fields whole`, () => {
    const properties = Object.fromEntries(
      Array.from({ length: MAX_FIELDS }, (_, i) => [`f${i}`, { type: 'string' }]),
    );
    const [request] = parseSuspension({
      inputRequests: {
        q: {
          method: 'elicitation/create',
          params: { message: 'Many', requestedSchema: { type: 'object', properties } },
        },
      },
    }).requests;
    expect(request?.kind).toBe('form');
    expect(request?.kind === 'form' && request.fields).toHaveLength(MAX_FIELDS);
  });

  it('refuses a flat list over the limit without reading its entries, and sniffs at most 1,000 of a bare array', () => {
    const reads = { count: 0 };
    const counting = (length: number) =>
      new Proxy(
        Array.from({ length }, (_, i) => ({ name: `f${i}` })),
        {
          getOwnPropertyDescriptor(target, key) {
            if (typeof key === 'string' && /^\d+$/.test(key)) reads.count++;
            return Reflect.getOwnPropertyDescriptor(target, key);
          },
        },
      );
    const [request] = parseSuspension({ inputRequests: counting(10_000) }).requests;
    expect(request).toMatchObject({
      reasonCode: 'too-many-fields',
      reasonParams: { count: 10_000, limit: 8 },
    });
    expect(reads.count).toBe(0);
    parseSuspension(counting(10_000));
    expect(reads.count).toBeLessThanOrEqual(1000);
  });
});

describe('stableStringify', () => {
  it('sorts keys, drops undefined entries like JSON, and handles any depth', () => {
    expect(stableStringify({ b: 1, a: [true, undefined, 'x'], c: undefined })).toBe(
      '{"a":[true,null,"x"],"b":1}',
    );
    expect(stableStringify(JSON.parse('{"__proto__":{"x":1}}'))).toBe('{"__proto__":{"x":1}}');
    let deep: unknown = 0;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(stableStringify(deep)).toHaveLength(200_001);
  });

  it('throws the documented error on a cycle', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => stableStringify(cyclic)).toThrow(/^input-request-cards: stableStringify got a cyclic value/);
  });
});
