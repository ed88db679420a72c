// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import {
  type AnswerErrorBody,
  createInputRequestBridge,
  createMemoryAnswerStore,
  type InputRequestBridgeOptions,
  type InputRequestChunk,
} from '../../src/ai-sdk/server.ts';
import { ajvAnswerChecker } from '../../src/ajv/index.ts';
import type { AnswerChecker } from '../../src/core/index.ts';
import { validateAnswer } from '../../src/core/index.ts';
import { postAnswer } from '../fixtures/ai-sdk-chat.ts';
import {
  expectAnswerMissesTheChatThatTookItsId,
  expectTakenIdRefused,
  repeatingIds,
  slowGet,
} from '../fixtures/chat-race.ts';

const FORM = {
  message: 'Who should get it?',
  requestedSchema: {
    type: 'object',
    properties: {
      email: { type: 'string', format: 'email', title: 'Email' },
      copies: { type: 'integer', minimum: 1 },
    },
    required: ['email'],
  },
};

/** A bridge with one request waiting in chat `chat-1`. */
async function waiting(options: InputRequestBridgeOptions = {}, params: Record<string, unknown> = FORM) {
  const bridge = createInputRequestBridge(options);
  const chunks: InputRequestChunk[] = [];
  const asks = bridge.forChat({ chatId: 'chat-1', writer: { write: (chunk) => chunks.push(chunk) } });
  const answer = asks.onElicitationRequest({ method: 'elicitation/create', params });
  await vi.waitFor(() => expect(chunks).toHaveLength(1));
  const requestId = chunks[0]?.data.requestId ?? '';
  return { bridge, answer, requestId, chunks };
}

async function refusal(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as AnswerErrorBody;
  return { status: response.status, code: body.error.code, message: body.error.message };
}

describe('the answer route', () => {
  it('delivers a valid answer to the waiting request', async () => {
    const { bridge, answer, requestId } = await waiting();
    const response = await postAnswer(bridge, {
      chatId: 'chat-1',
      requestId,
      response: { action: 'accept', content: { email: 'ada@example.com', copies: 2 } },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await answer).toEqual({ action: 'accept', content: { email: 'ada@example.com', copies: 2 } });
  });

  it('refuses an answer that names another chat exactly as an unknown request, and keeps waiting', async () => {
    const { bridge, answer, requestId } = await waiting();
    // A sender allowed in chat-2 must not learn that this id waits in chat-1: the refusal of a
    // real id of another chat and of an id nobody asked are the same, down to the bytes.
    const answers = [
      { action: 'decline' },
      { action: 'accept', content: { email: 'not an email' } },
      { action: 'accept', content: { nope: 1 } },
    ];
    for (const response of answers) {
      const otherChat = await postAnswer(bridge, { chatId: 'chat-2', requestId, response });
      const unknown = await postAnswer(bridge, { chatId: 'chat-2', requestId: 'nope', response });
      expect(otherChat.status).toBe(404);
      expect(otherChat.status).toBe(unknown.status);
      expect([...otherChat.headers]).toEqual([...unknown.headers]);
      const body = await otherChat.text();
      expect(body).toBe(await unknown.text());
      expect((JSON.parse(body) as AnswerErrorBody).error.code).toBe('unknown-request');
    }
    // The request still waits for its own chat.
    const right = await postAnswer(bridge, { chatId: 'chat-1', requestId, response: { action: 'decline' } });
    expect(right.status).toBe(200);
    expect(await answer).toEqual({ action: 'decline' });
  });

  it('refuses an unknown request id (404 unknown-request)', async () => {
    const { bridge } = await waiting();
    const response = await postAnswer(bridge, {
      chatId: 'chat-1',
      requestId: 'nope',
      response: { action: 'cancel' },
    });
    const body = await refusal(response);
    expect(body).toMatchObject({ status: 404, code: 'unknown-request' });
    expect(body.message).toMatch(/^input-request-cards: /);
  });

  it('checks the content against the request schema (422 invalid-answer, field errors)', async () => {
    const { bridge, requestId } = await waiting();
    const bad = await postAnswer(bridge, {
      chatId: 'chat-1',
      requestId,
      response: { action: 'accept', content: { email: 'not an email', copies: 0 } },
    });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as AnswerErrorBody;
    expect(body.error.code).toBe('invalid-answer');
    expect(body.error.errors?.map((error) => [error.field, error.keyword])).toEqual([
      ['email', 'format'],
      ['copies', 'minimum'],
    ]);

    const missing = await postAnswer(bridge, { chatId: 'chat-1', requestId, response: { action: 'accept' } });
    expect(await refusal(missing)).toMatchObject({ status: 422, code: 'invalid-answer' });

    const extra = await postAnswer(bridge, {
      chatId: 'chat-1',
      requestId,
      response: { action: 'accept', content: { email: 'a@b.co', admin: true } },
    });
    const extraBody = await refusal(extra);
    expect(extraBody).toMatchObject({ status: 422, code: 'invalid-answer' });
    expect(extraBody.message).toContain('"admin"');
  });

  it('accepts a link request without content and refuses content for it', async () => {
    const { bridge, requestId, answer } = await waiting(
      {},
      { mode: 'url', message: 'Sign in', url: 'https://example.com/login', elicitationId: 'e1' },
    );
    const withContent = await postAnswer(bridge, {
      chatId: 'chat-1',
      requestId,
      response: { action: 'accept', content: { x: 1 } },
    });
    expect(await refusal(withContent)).toMatchObject({ status: 422, code: 'invalid-answer' });
    const ok = await postAnswer(bridge, { chatId: 'chat-1', requestId, response: { action: 'accept' } });
    expect(ok.status).toBe(200);
    expect(await answer).toEqual({ action: 'accept' });
  });

  it('refuses malformed requests with 4xx JSON', async () => {
    const { bridge, requestId } = await waiting();
    const get = await bridge.handleAnswer(new Request('http://app.test/api/input-requests'));
    expect(await refusal(get)).toMatchObject({ status: 405, code: 'method-not-allowed' });
    expect(get.headers.get('allow')).toBe('POST');

    const form = await bridge.handleAnswer(
      new Request('http://app.test/api/input-requests', { method: 'POST', body: 'a=1' }),
    );
    expect(await refusal(form)).toMatchObject({ status: 415, code: 'unsupported-media-type' });

    expect(await refusal(await postAnswer(bridge, '{not json'))).toMatchObject({
      status: 400,
      code: 'invalid-json',
    });
    expect(await refusal(await postAnswer(bridge, [1, 2]))).toMatchObject({
      status: 400,
      code: 'invalid-body',
    });
    expect(
      await refusal(await postAnswer(bridge, { chatId: 'chat-1', response: { action: 'decline' } })),
    ).toMatchObject({ status: 400, code: 'invalid-body' });
    expect(
      await refusal(await postAnswer(bridge, { chatId: 'chat-1', requestId, response: { action: 'maybe' } })),
    ).toMatchObject({ status: 400, code: 'invalid-body' });
    expect(
      await refusal(
        await postAnswer(bridge, {
          chatId: 'chat-1',
          requestId,
          response: { action: 'decline', content: {} },
        }),
      ),
    ).toMatchObject({ status: 400, code: 'invalid-body' });
  });

  it('refuses a body over the limit (413) without reading it all', async () => {
    const { bridge, requestId } = await waiting({ maxBodyBytes: 200 });
    const response = await postAnswer(bridge, {
      chatId: 'chat-1',
      requestId,
      response: { action: 'accept', content: { email: `${'a'.repeat(300)}@example.com` } },
    });
    expect(await refusal(response)).toMatchObject({ status: 413, code: 'body-too-large' });
  });

  it('asks authorize before delivering (403 forbidden)', async () => {
    const authorize = vi.fn(({ request }: { request: Request }) => request.headers.get('x-user') === 'owner');
    const { bridge, requestId, answer } = await waiting({ authorize });
    const stranger = await postAnswer(bridge, {
      chatId: 'chat-1',
      requestId,
      response: { action: 'decline' },
    });
    expect(await refusal(stranger)).toMatchObject({ status: 403, code: 'forbidden' });
    expect(authorize).toHaveBeenCalledWith(expect.objectContaining({ chatId: 'chat-1', requestId }));
    const owner = await bridge.handleAnswer(
      new Request('http://app.test/api/input-requests', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': 'owner' },
        body: JSON.stringify({ chatId: 'chat-1', requestId, response: { action: 'decline' } }),
      }),
    );
    expect(owner.status).toBe(200);
    expect(await answer).toEqual({ action: 'decline' });
  });
});

/** A checker that records the schemas it was asked about, and checks with `checker`. */
function watched(checker: AnswerChecker) {
  const schemas: unknown[] = [];
  const watching: AnswerChecker = (schema, content) => {
    schemas.push(schema);
    return checker(schema, content);
  };
  return { checker: watching, schemas };
}

const fields = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`f${index}`, { type: 'string' }]));

describe('the answer route with requests the card cannot answer', () => {
  it.each([
    ['a pattern', { code: { type: 'string', pattern: '^[0-9]+$' } }, { code: 'x' }],
    ['101 fields', fields(101), { f0: 'x' }],
    ['a file field', { doc: { type: 'string', 'x-mcp-file': {} } }, { doc: 'data:text/plain,hi' }],
  ])(
    'refuses an accept for a form with %s (422 unsupported-request), never runs the checker on it, and still takes a decline',
    async (_what, properties, content) => {
      const { checker, schemas } = watched(validateAnswer);
      const { bridge, requestId, answer } = await waiting(
        { checker },
        { message: 'Pick', requestedSchema: { type: 'object', properties } },
      );
      const accept = await postAnswer(bridge, {
        chatId: 'chat-1',
        requestId,
        response: { action: 'accept', content },
      });
      const body = await refusal(accept);
      expect(body).toMatchObject({ status: 422, code: 'unsupported-request' });
      expect(body.message).toMatch(/^input-request-cards: this input request cannot be answered here/);
      expect(schemas).toEqual([]);

      const decline = await postAnswer(bridge, {
        chatId: 'chat-1',
        requestId,
        response: { action: 'decline' },
      });
      expect(decline.status).toBe(200);
      expect(await answer).toEqual({ action: 'decline' });
    },
  );

  it.each([
    ['no requestedSchema', { message: 'Pick' }],
    ['a link request without its URL', { mode: 'url', message: 'Sign in' }],
    [
      'an unknown mode',
      { mode: 'voice', message: 'Say it', requestedSchema: { type: 'object', properties: {} } },
    ],
  ])('takes no accept, with or without content, for a request with %s', async (_what, params) => {
    const { bridge, requestId, answer } = await waiting({}, params);
    for (const response of [{ action: 'accept' }, { action: 'accept', content: { x: 'y' } }]) {
      const refused = await postAnswer(bridge, { chatId: 'chat-1', requestId, response });
      expect(await refusal(refused)).toMatchObject({ status: 422, code: 'unsupported-request' });
    }
    await postAnswer(bridge, { chatId: 'chat-1', requestId, response: { action: 'cancel' } });
    expect(await answer).toEqual({ action: 'cancel' });
  });

  it('never hands a server-chosen pattern to the ajv checker (a catastrophic one takes seconds on 26 characters)', async () => {
    const { checker, schemas } = watched(ajvAnswerChecker);
    const { bridge, requestId } = await waiting(
      { checker },
      {
        message: 'Code?',
        requestedSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^(a|a)*$' } } },
      },
    );
    const response = await postAnswer(bridge, {
      chatId: 'chat-1',
      requestId,
      response: { action: 'accept', content: { code: `${'a'.repeat(20)}!` } },
    });
    expect(await refusal(response)).toMatchObject({ status: 422, code: 'unsupported-request' });
    expect(schemas).toEqual([]);
  });

  it('checks a form the card can answer with the ajv checker as before', async () => {
    const { checker, schemas } = watched(ajvAnswerChecker);
    const { bridge, requestId, answer } = await waiting({ checker });
    const bad = await postAnswer(bridge, {
      chatId: 'chat-1',
      requestId,
      response: { action: 'accept', content: { email: 'not an email' } },
    });
    expect(await refusal(bad)).toMatchObject({ status: 422, code: 'invalid-answer' });
    const good = await postAnswer(bridge, {
      chatId: 'chat-1',
      requestId,
      response: { action: 'accept', content: { email: 'ada@example.com' } },
    });
    expect(good.status).toBe(200);
    expect(await answer).toEqual({ action: 'accept', content: { email: 'ada@example.com' } });
    expect(schemas).toHaveLength(2);
  });

  it.each([
    [
      'throws',
      () => {
        throw new TypeError('boom');
      },
      /threw a TypeError/,
    ],
    ['returns no check', () => undefined as never, /returned no \{ valid, errors \}/],
  ])(
    'answers 500 checker-failed when the checker %s, and the request still waits',
    async (_what, checker, said) => {
      const { bridge, requestId, answer } = await waiting({ checker });
      const response = await postAnswer(bridge, {
        chatId: 'chat-1',
        requestId,
        response: { action: 'accept', content: { email: 'ada@example.com' } },
      });
      const body = await refusal(response);
      expect(body).toMatchObject({ status: 500, code: 'checker-failed' });
      expect(body.message).toMatch(/^input-request-cards: the answer checker /);
      expect(body.message).toMatch(said);
      expect(body.message).toContain('createInputRequestBridge({ checker })');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);

      await postAnswer(bridge, { chatId: 'chat-1', requestId, response: { action: 'decline' } });
      expect(await answer).toEqual({ action: 'decline' });
    },
  );
});

describe('the memory store', () => {
  it('lets the first answer win (409 already-answered for the second)', async () => {
    const store = createMemoryAnswerStore();
    const pending = await store.open({
      chatId: 'c',
      requestId: 'r',
      params: FORM,
      expiresAt: Date.now() + 1000,
    });
    expect(await store.deliver('c', 'r', { action: 'decline' })).toBe('delivered');
    expect(await store.deliver('c', 'r', { action: 'cancel' })).toBe('already-answered');
    expect(await pending.answer).toEqual({ action: 'decline' });

    const bridge = createInputRequestBridge({ store });
    const second = await postAnswer(bridge, { chatId: 'c', requestId: 'r', response: { action: 'cancel' } });
    expect(await refusal(second)).toMatchObject({ status: 409, code: 'already-answered' });
    await pending.close();
    expect(await store.get('r')).toBeUndefined();
  });

  it('forgets an entry once it outlived its expiry and grace', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const store = createMemoryAnswerStore({ graceMs: 100 });
      await store.open({ chatId: 'c', requestId: 'r', params: FORM, expiresAt: Date.now() + 1000 });
      vi.advanceTimersByTime(1100);
      expect(await store.get('r')).toBeDefined();
      vi.advanceTimersByTime(1);
      expect(await store.get('r')).toBeUndefined();
      expect(await store.deliver('c', 'r', { action: 'cancel' })).toBe('unknown-request');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('an answer for one chat never reaches a request of another (two chats given the same request id)', () => {
  it("the id taken by another chat between the route's check and its delivery: 404, and the other chat still waits", async () => {
    const memory = createMemoryAnswerStore();
    const asking = createInputRequestBridge({ store: memory, generateId: repeatingIds });
    const slow = slowGet(memory);
    const route = createInputRequestBridge({ store: slow.store });
    // The route has read chat-x's request; before it delivers, chat-x's request ends and chat-y
    // asks, under the same id.
    await expectAnswerMissesTheChatThatTookItsId(asking, asking, route, slow);
  });

  it('a second request under an id that already waits (another chat) is refused: the answer for one chat never reaches the other', async () => {
    const memory = createMemoryAnswerStore();
    const bridge = createInputRequestBridge({ store: memory, generateId: repeatingIds });
    await expectTakenIdRefused(bridge, bridge, 'this process');
  });
});
