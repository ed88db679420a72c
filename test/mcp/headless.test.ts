// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { ContentValue, InputResponses } from '../../src/core/model.ts';
import { parseSuspension } from '../../src/core/parse/index.ts';
import type { InputRequestSource, InputRequestState } from '../../src/core/source.ts';
import { answerRequest, answerRound, answerUntilDone, createHeadlessAnswerer } from '../../src/mcp/index.ts';
import { MEETING_SCHEMA } from '../fixtures/mcp-servers.ts';

const round = parseSuspension({
  resultType: 'input_required',
  inputRequests: {
    details: {
      method: 'elicitation/create',
      params: { message: 'Details?', requestedSchema: MEETING_SCHEMA },
    },
    login: {
      method: 'elicitation/create',
      params: { mode: 'url', message: 'Sign in', url: 'https://a.example/x' },
    },
    sample: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } },
  },
});

const DEFAULTS = {
  title: 'Weekly sync',
  attendees: 3,
  hours: 1.5,
  room: 'north',
  remote: true,
  topics: ['plan'],
};

describe('the headless answerer', () => {
  it('accepts forms with every default present and typed, and declines links and unsupported requests', () => {
    expect(answerRound(round)).toEqual({
      details: { action: 'accept', content: DEFAULTS },
      login: { action: 'decline' },
      sample: { action: 'decline' },
    });
    const content = answerRequest(round.requests[0]!);
    expect(content).toEqual({ action: 'accept', content: DEFAULTS });
    if (content.action !== 'accept') throw new Error('accepted');
    expect(typeof content.content?.attendees).toBe('number');
    expect(typeof content.content?.remote).toBe('boolean');
    expect(Array.isArray(content.content?.topics)).toBe(true);
  });

  it('takes values over the defaults, from an object or a function', () => {
    expect(answerRound(round, { values: { attendees: 9, unknown: 'ignored' } }).details).toEqual({
      action: 'accept',
      content: { ...DEFAULTS, attendees: 9 },
    });
    const values = vi.fn(() => ({ room: 'south' }));
    expect(answerRound(round, { values }).details).toEqual({
      action: 'accept',
      content: { ...DEFAULTS, room: 'south' },
    });
    expect(values).toHaveBeenCalledWith(round.requests[0]);
  });

  it('follows the policy for each kind', () => {
    expect(answerRound(round, { form: 'cancel', acceptUrls: true, unsupported: 'cancel' })).toEqual({
      details: { action: 'cancel' },
      login: { action: 'accept' },
      sample: { action: 'cancel' },
    });
    const onlyExample = answerRound(round, {
      acceptUrls: (request) => new URL(request.url).host === 'a.example',
    });
    expect(onlyExample.login).toEqual({ action: 'accept' });
  });

  it('refuses to accept a required field it has no value for, and says how to fix it', () => {
    const needsName = parseSuspension({
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    expect(() => answerRound(needsName)).toThrow(
      /^input-request-cards: cannot accept request "elicitation" headlessly: required field "name"/,
    );
    expect(answerRound(needsName, { values: { name: 'Ada' } })).toEqual({
      elicitation: { action: 'accept', content: { name: 'Ada' } },
    });
    expect(answerRound(needsName, { form: 'decline' })).toEqual({ elicitation: { action: 'decline' } });
  });

  it('refuses values that do not fit the schema, as the card would, naming the field and the fix', () => {
    const details = parseSuspension({ message: 'Details?', requestedSchema: MEETING_SCHEMA });
    const wrong: Array<[Record<string, ContentValue>, string, string]> = [
      [{ attendees: 3.7 }, 'attendees', 'integer'],
      [{ attendees: 0 }, 'attendees', 'minimum'],
      [{ room: 'east' }, 'room', 'enum'],
      [{ topics: ['plan', 'lunch'] }, 'topics', 'enum'],
      [{ title: 7 }, 'title', 'type'],
    ];
    for (const [values, field, keyword] of wrong) {
      expect(() => answerRound(details, { values })).toThrow(
        `input-request-cards: cannot accept request "elicitation" headlessly: field "${field}" fails its schema (${keyword} `,
      );
    }
    // A required list that needs an entry, with no default: [] would be refused by the server.
    const tags = parseSuspension({
      message: 'Tags?',
      requestedSchema: {
        type: 'object',
        properties: { t: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1 } },
        required: ['t'],
      },
    });
    expect(() => answerRound(tags)).toThrow(/field "t" fails its schema \(minItems \{"limit":1\}\)/);
    expect(answerRound(tags, { values: { t: ['b'] } })).toEqual({
      elicitation: { action: 'accept', content: { t: ['b'] } },
    });
  });

  it('keeps odd property names and request keys as data', () => {
    // JSON.parse makes "__proto__" an own key, as it arrives off the wire.
    const odd = parseSuspension(
      JSON.parse(
        '{"inputRequests":{"__proto__":{"method":"elicitation/create","params":{"message":"x",' +
          '"requestedSchema":{"type":"object","properties":{"constructor":{"type":"string","default":"c"}}}}}}}',
      ),
    );
    const responses = answerRound(odd);
    expect(Object.keys(responses)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(responses)).toBe(Object.prototype);
    expect(JSON.stringify(responses)).toBe('{"__proto__":{"action":"accept","content":{"constructor":"c"}}}');
  });

  it('drives a source until it is done, polling while it works', async () => {
    const states: InputRequestState[] = [
      { status: 'working', pollIntervalMs: 1 },
      { status: 'input-required', suspension: round },
      { status: 'completed', result: 'done' },
    ];
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const source: InputRequestSource = {
      queryKey: ['fake'],
      fetchState: async () => states.shift() ?? { status: 'failed', error: 'no more' },
      resume,
    };
    expect(await createHeadlessAnswerer({ acceptUrls: true }).run(source)).toEqual({
      status: 'completed',
      result: 'done',
    });
    expect(resume).toHaveBeenCalledTimes(1);
    expect(resume.mock.calls[0]?.[0]).toEqual({
      details: { action: 'accept', content: DEFAULTS },
      login: { action: 'accept' },
      sample: { action: 'decline' },
    });
  });

  it('gives up after maxRounds', async () => {
    const source: InputRequestSource = {
      queryKey: ['fake'],
      fetchState: async () => ({ status: 'input-required', suspension: round }),
      // A macrotask per round, so a loop that never stops still lets the test time out.
      resume: () =>
        new Promise((resolve) => setTimeout(() => resolve({ status: 'input-required', suspension: round }))),
    };
    await expect(answerUntilDone(source, { maxRounds: 2 })).rejects.toThrow(
      /^input-request-cards: the source still asks after 2 rounds/,
    );
  });

  it('answers elicitation/create requests with the policy', async () => {
    const { handler } = createHeadlessAnswerer({ values: { title: 'Retro' } });
    await expect(
      handler({ params: { message: 'Details?', requestedSchema: MEETING_SCHEMA } }),
    ).resolves.toEqual({ action: 'accept', content: { ...DEFAULTS, title: 'Retro' } });
    await expect(
      handler({ params: { mode: 'url', message: 'Go', url: 'https://a.example' } }),
    ).resolves.toEqual({
      action: 'decline',
    });
  });
});
