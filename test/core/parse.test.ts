import { describe, expect, it } from 'vitest';
import { parseSuspension } from '../../src/core/index.ts';
import { LONE_ELICITATION_KEY } from '../../src/core/parse/index.ts';

const nameSchema = {
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
};

describe('parseSuspension: MCP 2026-07-28 InputRequiredResult', () => {
  const result = {
    resultType: 'input_required',
    inputRequests: {
      github_login: {
        method: 'elicitation/create',
        params: { mode: 'form', message: 'Your GitHub name?', requestedSchema: nameSchema },
      },
      capital_of_france: {
        method: 'sampling/createMessage',
        params: { messages: [], maxTokens: 100 },
      },
      roots: { method: 'roots/list' },
      consent: {
        method: 'elicitation/create',
        params: { mode: 'url', message: 'Sign in', url: 'https://example.com/auth' },
      },
    },
    requestState: 'eyJsb2NhdGlvbiI6Ik5ldyBZb3JrIn0',
  };

  it('reads every request in key order, each as form, url or unsupported', () => {
    const suspension = parseSuspension(result);
    expect(suspension.requests.map((request) => [request.key, request.kind])).toEqual([
      ['github_login', 'form'],
      ['capital_of_france', 'unsupported'],
      ['roots', 'unsupported'],
      ['consent', 'url'],
    ]);
  });

  it('analyses form schemas into fields', () => {
    const [form] = parseSuspension(result).requests;
    expect(form).toMatchObject({
      kind: 'form',
      key: 'github_login',
      message: 'Your GitHub name?',
      requestedSchema: nameSchema,
      fields: [{ name: 'name', kind: 'text', required: true, index: 0 }],
    });
  });

  it('keeps requestState byte-exact', () => {
    expect(parseSuspension(result).requestState).toBe('eyJsb2NhdGlvbiI6Ik5ldyBZb3JrIn0');
    expect(parseSuspension({ ...result, requestState: undefined }).requestState).toBeUndefined();
  });

  it('explains why sampling and roots cannot be answered here', () => {
    const [, sampling, roots] = parseSuspension(result).requests;
    expect(sampling).toMatchObject({ kind: 'unsupported', method: 'sampling/createMessage' });
    expect(roots).toMatchObject({ kind: 'unsupported', method: 'roots/list' });
    expect(sampling).toMatchObject({ reasonCode: 'sampling' });
    expect(roots).toMatchObject({ reasonCode: 'roots' });
  });

  it('reads the bare inputRequests map the same way', () => {
    const fromMap = parseSuspension(result.inputRequests);
    expect(fromMap.requests).toEqual(parseSuspension({ inputRequests: result.inputRequests }).requests);
  });

  it('reads a state-only result (load shedding) as a round with no requests', () => {
    const suspension = parseSuspension({ resultType: 'input_required', requestState: 'abc' });
    expect(suspension.requests).toEqual([]);
    expect(suspension.requestState).toBe('abc');
  });

  it('merges who asks from meta', () => {
    const suspension = parseSuspension(result, {
      serverName: 'GitHub',
      toolName: 'create_issue',
      taskId: 'task-1',
      createdAt: '2026-11-30T10:00:00Z',
    });
    expect(suspension).toMatchObject({
      serverName: 'GitHub',
      toolName: 'create_issue',
      taskId: 'task-1',
      createdAt: '2026-11-30T10:00:00Z',
    });
  });
});

describe('parseSuspension: round identity', () => {
  const ask = (message: string, requestState?: string) => ({
    inputRequests: {
      q: { method: 'elicitation/create', params: { message, requestedSchema: nameSchema } },
    },
    ...(requestState ? { requestState } : {}),
  });

  it('gives the same round the same id however often it is fetched', () => {
    expect(parseSuspension(ask('Name?', 's1')).id).toBe(parseSuspension(ask('Name?', 's1')).id);
  });

  it('gives a re-ask a different id, even with the same keys', () => {
    expect(parseSuspension(ask('Name?', 's1')).id).not.toBe(parseSuspension(ask('Name?', 's2')).id);
    expect(parseSuspension(ask('Name?')).id).not.toBe(parseSuspension(ask('Your full name?')).id);
  });

  it('tells rounds of different tasks apart', () => {
    expect(parseSuspension(ask('Name?'), { taskId: 'a' }).id).not.toBe(
      parseSuspension(ask('Name?'), { taskId: 'b' }).id,
    );
  });

  it('uses the id the host gives', () => {
    expect(parseSuspension(ask('Name?'), { id: 'task-1#3' }).id).toBe('task-1#3');
  });
});

describe('parseSuspension: a single elicitation/create', () => {
  it('reads form params with a missing mode as form mode', () => {
    const suspension = parseSuspension({ message: 'Name?', requestedSchema: nameSchema });
    expect(suspension.requests).toMatchObject([
      { kind: 'form', key: LONE_ELICITATION_KEY, message: 'Name?' },
    ]);
  });

  it('reads a whole elicitation/create request', () => {
    const suspension = parseSuspension({
      method: 'elicitation/create',
      params: { mode: 'form', message: 'Name?', requestedSchema: nameSchema },
    });
    expect(suspension.requests[0]?.kind).toBe('form');
  });

  it('reads 2025-11-25 URL params with their elicitationId', () => {
    const suspension = parseSuspension({
      mode: 'url',
      message: 'Pay here',
      url: 'https://pay.example.com/checkout',
      elicitationId: 'e-42',
    });
    expect(suspension.requests).toEqual([
      {
        kind: 'url',
        key: LONE_ELICITATION_KEY,
        message: 'Pay here',
        url: 'https://pay.example.com/checkout',
        elicitationId: 'e-42',
        acceptOnOpen: true,
      },
    ]);
  });
});

describe('parseSuspension: odd entries never throw', () => {
  it.each([
    ['a non-object entry', 'nope', 'unknown', { reasonCode: 'malformed' }],
    ['an entry without method', { params: {} }, 'unknown', { reasonCode: 'malformed' }],
    [
      'an unknown method',
      { method: 'payments/charge', params: { message: 'Pay' } },
      'payments/charge',
      { reasonCode: 'unknown-method', reasonParams: { method: 'payments/charge' }, message: 'Pay' },
    ],
    [
      'an unknown mode',
      { method: 'elicitation/create', params: { mode: 'voice', message: 'Say it' } },
      'elicitation/create',
      { reasonCode: 'unknown-mode', reasonParams: { mode: 'voice' } },
    ],
    [
      'a URL request without url',
      { method: 'elicitation/create', params: { mode: 'url', message: 'Open' } },
      'elicitation/create',
      { reasonCode: 'missing-link' },
    ],
    [
      'a form without message',
      { method: 'elicitation/create', params: { requestedSchema: nameSchema } },
      'elicitation/create',
      { reasonCode: 'malformed' },
    ],
  ])('turns %s into an unsupported request with a reason', (_label, entry, method, reason) => {
    const [request] = parseSuspension({ inputRequests: { odd: entry } }).requests;
    expect(request).toMatchObject({ kind: 'unsupported', key: 'odd', method });
    expect(request).toMatchObject(reason);
  });

  it('turns a schema outside the subset into an unsupported request listing every problem', () => {
    const [request] = parseSuspension({
      inputRequests: {
        code: {
          method: 'elicitation/create',
          params: {
            message: 'Code?',
            requestedSchema: {
              type: 'object',
              properties: { code: { type: 'string', pattern: '^\\d+$' }, n: { type: 'object' } },
            },
          },
        },
      },
    }).requests;
    expect(request?.kind).toBe('unsupported');
    if (request?.kind !== 'unsupported') return;
    expect(request.message).toBe('Code?');
    expect(request.problems.map((problem) => problem.path)).toEqual(
      expect.arrayContaining([
        '/params/requestedSchema/properties/code/pattern',
        '/params/requestedSchema/properties/n/type',
      ]),
    );
  });
});

describe('parseSuspension: values of no known shape', () => {
  it.each([
    ['null', null],
    ['a string', 'input_required'],
    ['an array', [{ method: 'elicitation/create' }]],
    ['an empty object', {}],
    ['an unrelated object', { content: [{ type: 'text', text: 'done' }] }],
  ])('throws a clear error for %s', (_label, wire) => {
    expect(() => parseSuspension(wire)).toThrow(/^input-request-cards: parseSuspension got .* Pass an MCP/);
  });

  it('reads an inputRequests that is no map as {}, as the SDK does: a round that carries only its state', () => {
    for (const inputRequests of ['x', 42, null]) {
      const round = parseSuspension({ resultType: 'input_required', inputRequests, requestState: 's-1' });
      expect(round).toMatchObject({ requests: [], requestState: 's-1', dialect: 'mcp-input-required' });
    }
  });

  it('names the fix when an InputRequiredResult has neither a map nor a requestState (MCP refuses it)', () => {
    for (const wire of [
      { resultType: 'input_required', inputRequests: 'x' },
      { resultType: 'input_required' },
    ]) {
      expect(() => parseSuspension(wire)).toThrow(
        /^input-request-cards: .*no request in an "inputRequests" map and no string "requestState"/,
      );
    }
  });
});
