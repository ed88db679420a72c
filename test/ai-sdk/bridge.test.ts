// @vitest-environment node
import { createMCPClient, ElicitationRequestSchema } from '@ai-sdk/mcp';
import {
  createMcpHandler,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import {
  type BridgeElicitResult,
  createInputRequestBridge,
  createMemoryAnswerStore,
  type InputRequestChunk,
  OUTCOME_META_KEY,
  type PendingAnswerStore,
  suspensionOfPart,
} from '../../src/ai-sdk/server.ts';
import {
  type AskingServer,
  assistantText,
  createAskingServer,
  inputRequestParts,
  postAnswer,
  runChatTurn,
  scriptedModel,
} from '../fixtures/ai-sdk-chat.ts';
import { createMrtrServer } from '../fixtures/mcp-servers.ts';

let server: AskingServer;
beforeEach(() => {
  server = createAskingServer();
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

describe('the AI SDK bridge with a real MCP server and the scripted model', () => {
  it('shows the request as a pending part, delivers the answer, and the tool result reaches the reply', async () => {
    const bridge = createInputRequestBridge();
    const turn = runChatTurn({
      bridge,
      chatId: 'chat-1',
      server,
      model: scriptedModel('book_meeting', { day: 'Monday' }),
    });

    const pending = await turn.part((part) => part.data.status === 'pending');
    expect(pending.id).toBe(pending.data.requestId);
    expect(pending.data).toMatchObject({
      chatId: 'chat-1',
      serverName: 'Calendar',
      toolName: 'book_meeting',
      // The MCP tool's title, as the AI SDK's MCP client carries it: the card shows it.
      toolTitle: 'Book a meeting',
      toolCallId: 'call-1',
      request: {
        method: 'elicitation/create',
        params: { message: 'Details for the meeting on Monday?', requestedSchema: { required: ['title'] } },
      },
    });

    const response = await postAnswer(bridge, {
      chatId: 'chat-1',
      requestId: pending.data.requestId,
      response: {
        action: 'accept',
        content: { title: 'Planning', room: 'north', remote: true, api_key: 'sk-live-123456' },
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'delivered' });

    const messages = await turn.finished;
    expect(server.received).toEqual([
      {
        tool: 'book_meeting',
        result: {
          action: 'accept',
          content: { title: 'Planning', room: 'north', remote: true, api_key: 'sk-live-123456' },
        },
      },
    ]);
    expect(assistantText(messages)).toContain(
      'The tool said: Booked “Planning” on Monday in the north room.',
    );

    // The persisted messages keep one part, updated in place: answered, the secret masked.
    const parts = inputRequestParts(messages);
    expect(parts).toHaveLength(1);
    expect(parts[0]?.data.status).toBe('answered');
    expect(parts[0]?.data.answer).toEqual({
      action: 'accept',
      content: { title: 'Planning', room: 'north', remote: true },
      hidden: ['api_key'],
    });
    expect(JSON.stringify(messages)).not.toContain('sk-live-123456');
  });

  it('serves MCP 2026-07-28 input_required rounds too: the AI SDK client fulfils them through the same handler', async () => {
    const mrtr = createMrtrServer();
    const handler = createMcpHandler(mrtr.factory, { legacy: 'reject', keepAliveMs: 0 });
    const bridge = createInputRequestBridge();
    const chunks: Array<{
      data: { status: string; requestId: string; request: { params: { message?: string } } };
    }> = [];
    const mcp = await createMCPClient({
      transport: {
        type: 'http',
        url: 'http://mcp.invalid/mcp',
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      },
      capabilities: { elicitation: {} },
    });
    const asks = bridge.forChat({
      chatId: 'c',
      writer: { write: (chunk) => chunks.push(structuredClone(chunk)) },
    });
    mcp.onElicitationRequest(ElicitationRequestSchema, asks.onElicitationRequest);
    const call = mcp.callTool({ name: 'book_meeting', arguments: { day: 'Wed' } });
    await vi.waitFor(() => expect(chunks).toHaveLength(1));
    expect(chunks[0]?.data.request.params.message).toBe('Details for Wed?');
    await postAnswer(bridge, {
      chatId: 'c',
      requestId: chunks[0]?.data.requestId,
      response: { action: 'accept', content: { title: 'Sync' } },
    });
    const result = await call;
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '')).toMatchObject({
      booked: true,
      day: 'Wed',
      details: { title: 'Sync' },
    });
    expect(chunks.at(-1)?.data.status).toBe('answered');
    await mcp.close();
    await handler.close();
  });

  it('masks fields a custom isSecret rule picks', async () => {
    const bridge = createInputRequestBridge({ isSecret: (field) => field.name === 'title' });
    const turn = runChatTurn({
      bridge,
      chatId: 'c',
      server,
      model: scriptedModel('book_meeting', { day: 'Fri' }),
    });
    const pending = await turn.part((part) => part.data.status === 'pending');
    await postAnswer(bridge, {
      chatId: 'c',
      requestId: pending.data.requestId,
      response: { action: 'accept', content: { title: 'Secret plan' } },
    });
    const [part] = inputRequestParts(await turn.finished);
    expect(part?.data.answer).toEqual({ action: 'accept', content: {}, hidden: ['title'] });
  });

  it('passes a decline through and records it on the part', async () => {
    const bridge = createInputRequestBridge();
    const turn = runChatTurn({
      bridge,
      chatId: 'c',
      server,
      model: scriptedModel('confirm_delete', { file: 'notes.txt' }),
    });
    const pending = await turn.part((part) => part.data.status === 'pending');
    expect(pending.data.toolName).toBe('confirm_delete');
    const response = await postAnswer(bridge, {
      chatId: 'c',
      requestId: pending.data.requestId,
      response: { action: 'decline' },
    });
    expect(response.status).toBe(200);
    const messages = await turn.finished;
    expect(server.received).toEqual([{ tool: 'confirm_delete', result: { action: 'decline' } }]);
    expect(assistantText(messages)).toContain('Kept notes.txt.');
    expect(inputRequestParts(messages)[0]?.data).toMatchObject({
      status: 'answered',
      answer: { action: 'decline' },
    });
  });

  it('on timeout tells the server a stated cancel and shows it on the part', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const bridge = createInputRequestBridge({ timeoutMs: 5_000 });
    const turn = runChatTurn({
      bridge,
      chatId: 'c',
      server,
      model: scriptedModel('book_meeting', { day: 'Tue' }),
    });
    const pending = await turn.part((part) => part.data.status === 'pending');
    expect(Date.parse(pending.data.expiresAt) - Date.parse(pending.data.createdAt)).toBe(5_000);

    await vi.advanceTimersByTimeAsync(4_999);
    expect(server.received).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    const messages = await turn.finished;
    expect(server.received).toEqual([
      { tool: 'book_meeting', result: { action: 'cancel', _meta: { [OUTCOME_META_KEY]: 'timed-out' } } },
    ]);
    expect(assistantText(messages)).toContain('Not booked: cancel (timed-out).');
    expect(inputRequestParts(messages)[0]?.data).toMatchObject({
      status: 'timed-out',
      outcome: { action: 'cancel', reason: 'timed-out' },
    });
    expect(await bridge.store.get(pending.data.requestId)).toBeUndefined();

    // A late answer is refused clearly.
    const late = await postAnswer(bridge, {
      chatId: 'c',
      requestId: pending.data.requestId,
      response: { action: 'decline' },
    });
    expect(late.status).toBe(404);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe('unknown-request');
  });

  it('takes a per-chat time limit over the bridge default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const bridge = createInputRequestBridge({ timeoutMs: 60_000 });
    const chunks: Array<{ data: { status: string; createdAt: string; expiresAt: string } }> = [];
    const asks = bridge.forChat({
      chatId: 'c',
      timeoutMs: 2_000,
      writer: { write: (chunk) => chunks.push(chunk) },
    });
    const answer = asks.onElicitationRequest({
      params: { message: 'Quick?', requestedSchema: { type: 'object', properties: {} } },
    });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(chunks.map((chunk) => chunk.data.status)).toEqual(['pending']);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toMatchObject({ action: 'cancel' });
    expect(chunks.map((chunk) => chunk.data.status)).toEqual(['pending', 'timed-out']);
  });

  it('can state decline on timeout instead', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const bridge = createInputRequestBridge({ timeoutMs: 1_000, timeoutAction: 'decline' });
    const turn = runChatTurn({
      bridge,
      chatId: 'c',
      server,
      model: scriptedModel('confirm_delete', { file: 'a' }),
    });
    await turn.part((part) => part.data.status === 'pending');
    await vi.advanceTimersByTimeAsync(1_000);
    const messages = await turn.finished;
    expect(server.received[0]?.result).toEqual({
      action: 'decline',
      _meta: { [OUTCOME_META_KEY]: 'timed-out' },
    });
    expect(inputRequestParts(messages)[0]?.data.outcome).toEqual({ action: 'decline', reason: 'timed-out' });
  });

  it('when the chat request aborts, tells the server a stated cancel and marks the part cancelled', async () => {
    const bridge = createInputRequestBridge();
    const chat = new AbortController();
    const parts: unknown[] = [];
    const asks = bridge.forChat({
      chatId: 'c',
      writer: { write: (chunk) => parts.push(structuredClone(chunk)) },
      serverName: 'Calendar',
      toolName: 'book_meeting',
      signal: chat.signal,
    });
    const answer = asks.onElicitationRequest({
      method: 'elicitation/create',
      params: { message: 'Still there?', requestedSchema: { type: 'object', properties: {} } },
    });
    await vi.waitFor(() => expect(parts).toHaveLength(1));
    chat.abort();
    expect(await answer).toEqual({ action: 'cancel', _meta: { [OUTCOME_META_KEY]: 'aborted' } });
    expect(parts[1]).toMatchObject({
      type: 'data-input-request',
      data: { status: 'cancelled', outcome: { action: 'cancel', reason: 'aborted' } },
    });
  });

  it('when the chat aborts while the store is still opening the request, ends it at once as cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const chat = new AbortController();
    // The real memory store, with the chat ending while open() is awaited (a slow Redis, say):
    // the signal's one 'abort' event fires before the bridge can listen for it.
    const memory = createMemoryAnswerStore();
    const store: PendingAnswerStore = {
      ...memory,
      open: async (request) => {
        const pending = await memory.open(request);
        chat.abort();
        return pending;
      },
    };
    const bridge = createInputRequestBridge({ store, timeoutMs: 60_000 });
    const parts: Array<{ data: { status: string; requestId: string } }> = [];
    const asks = bridge.forChat({
      chatId: 'c',
      writer: { write: (chunk) => parts.push(structuredClone(chunk)) },
      signal: chat.signal,
    });
    let settled: BridgeElicitResult | undefined;
    void asks
      .onElicitationRequest({
        params: { message: 'Still there?', requestedSchema: { type: 'object', properties: {} } },
      })
      .then((result) => {
        settled = result;
      });
    // 1 ms of the 60 s limit: the answer must not wait for the timer.
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual({ action: 'cancel', _meta: { [OUTCOME_META_KEY]: 'aborted' } });
    expect(parts.map((part) => part.data.status)).toEqual(['pending', 'cancelled']);
    expect(await store.get(parts[0]?.data.requestId ?? '')).toBeUndefined();
  });

  it('when the tool call that asked is aborted, its request ends as cancelled', async () => {
    const bridge = createInputRequestBridge();
    const parts: Array<{ data: { status: string; toolCallId?: string } }> = [];
    const asks = bridge.forChat({
      chatId: 'c',
      writer: { write: (chunk) => parts.push(structuredClone(chunk)) },
    });
    const call = new AbortController();
    const tools = asks.tools({
      ask: {
        description: 'asks',
        execute: (_input: unknown, _options: { toolCallId: string; abortSignal: AbortSignal }) =>
          asks.onElicitationRequest({
            params: {
              message: 'Name?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
            },
          }),
      },
    });
    const run = tools.ask.execute({}, { toolCallId: 'call-9', abortSignal: call.signal });
    await vi.waitFor(() => expect(parts.some((part) => part.data.toolCallId === 'call-9')).toBe(true));
    call.abort();
    expect(await run).toMatchObject({ action: 'cancel' });
    expect(parts.at(-1)?.data).toMatchObject({ status: 'cancelled', toolCallId: 'call-9' });
  });

  it('names no tool when two tool calls run at once, since either could have asked', async () => {
    const bridge = createInputRequestBridge({ timeoutMs: 60_000 });
    const parts: Array<{ data: { toolName?: string; requestId: string } }> = [];
    const asks = bridge.forChat({
      chatId: 'c',
      writer: { write: (chunk) => parts.push(structuredClone(chunk)) },
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tools = asks.tools({ a: { execute: () => held }, b: { execute: () => held } });
    const both = [tools.a.execute(), tools.b.execute()];
    const answer = asks.onElicitationRequest({
      params: { message: 'Which?', requestedSchema: { type: 'object', properties: {} } },
    });
    await vi.waitFor(() => expect(parts).toHaveLength(1));
    expect(parts[0]?.data.toolName).toBeUndefined();
    await postAnswer(bridge, {
      chatId: 'c',
      requestId: parts[0]?.data.requestId,
      response: { action: 'cancel' },
    });
    expect(await answer).toEqual({ action: 'cancel' });
    release();
    await Promise.all(both);
  });
});

describe('the bridge time limit', () => {
  // Node fires a setTimeout past 2^31 - 1 ms after 1 ms; Infinity breaks expiresAt; NaN, 0 and
  // negatives mean nothing. Each is refused where it is passed, not later inside the handler.
  const wrong: Array<[unknown, string]> = [
    [30 * 24 * 60 * 60_000, 'the number 2592000000'],
    [2_147_483_648, 'the number 2147483648'],
    [Number.POSITIVE_INFINITY, 'the non-finite number Infinity'],
    [Number.NaN, 'the non-finite number NaN'],
    [0, 'the number 0'],
    [-5_000, 'the number -5000'],
    ['60000', 'the string "60000"'],
  ];

  it.each(wrong)('createInputRequestBridge refuses timeoutMs %s', (timeoutMs, described) => {
    expect(() => createInputRequestBridge({ timeoutMs: timeoutMs as number })).toThrow(TypeError);
    expect(() => createInputRequestBridge({ timeoutMs: timeoutMs as number })).toThrow(
      new TypeError(
        'input-request-cards: createInputRequestBridge({ timeoutMs }) needs a number of milliseconds ' +
          'from 1 to 2147483647 (about 24.8 days, the longest setTimeout waits), or no timeoutMs for ' +
          `the default, but it is ${described}.`,
      ),
    );
  });

  it.each(wrong)('forChat refuses timeoutMs %s when called, before any request', (timeoutMs, described) => {
    const bridge = createInputRequestBridge();
    const chat = { chatId: 'c', writer: { write: () => undefined }, timeoutMs: timeoutMs as number };
    expect(() => bridge.forChat(chat)).toThrow(TypeError);
    expect(() => bridge.forChat(chat)).toThrow(
      new TypeError(
        'input-request-cards: bridge.forChat({ timeoutMs }) needs a number of milliseconds ' +
          'from 1 to 2147483647 (about 24.8 days, the longest setTimeout waits), or no timeoutMs for ' +
          `the default, but it is ${described}.`,
      ),
    );
  });

  it('takes the longest limit a timer keeps, and waits it out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const bridge = createInputRequestBridge({ timeoutMs: 2_147_483_647 });
    const chunks: InputRequestChunk[] = [];
    const asks = bridge.forChat({ chatId: 'c', writer: { write: (chunk) => chunks.push(chunk) } });
    let settled = false;
    const answer = asks
      .onElicitationRequest({
        params: { message: 'Later?', requestedSchema: { type: 'object', properties: {} } },
      })
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(2_147_483_646);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toMatchObject({ action: 'cancel' });
    expect(chunks.map((chunk) => chunk.data.status)).toEqual(['pending', 'timed-out']);
    expect(() =>
      bridge.forChat({ chatId: 'c', writer: { write: () => undefined }, timeoutMs: 1 }),
    ).not.toThrow();
  });
});

/**
 * A 2025-era MCP server (Streamable HTTP with sessions, served in-process) whose one tool sends
 * `elicitation/create` with `params` exactly as given, and answers with what it was told.
 */
function serverAsking(params: Record<string, unknown>) {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const servers: McpServer[] = [];
  const build = () => {
    const mcp = new McpServer({ name: 'notes', version: '1.0.0' });
    mcp.registerTool('ask', { description: 'Asks.', inputSchema: z.object({}) }, async (_input, ctx) => {
      // The SDK's types insist on a requestedSchema; a server on the wire need not send one.
      const result = await ctx.mcpReq.elicitInput(params as never);
      return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
    });
    servers.push(mcp);
    return mcp;
  };
  return {
    fetch: async (url: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(url, init);
      const known = sessions.get(request.headers.get('mcp-session-id') ?? '');
      if (known) return known.handleRequest(request);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, transport);
        },
      });
      await build().connect(transport);
      return transport.handleRequest(request);
    },
    close: () => Promise.all(servers.map((mcp) => mcp.close())),
  };
}

/** The form the `ask` tool's server sends, with keys of other wire shapes beside it. */
const NOTEBOOK_FORM = {
  type: 'object',
  properties: { notebook: { type: 'string', title: 'Notebook' } },
  required: ['notebook'],
};

describe('the AI SDK bridge with params the AI SDK lets through', () => {
  // @ai-sdk/mcp checks only that params hold a message and a requestedSchema, and keeps any other
  // key. The card and the route read them as elicitation/create params, never as another shape.
  it.each([
    ['a JSON-RPC error code', { code: 7 }],
    ['a map of MRTR input requests that is no map', { inputRequests: 5 }],
    ['a flat field list asking for something else', { inputRequests: [{ name: 'card_number' }] }],
    ['a finished task', { taskId: 't-1', status: 'completed' }],
  ])(
    'shows the form of requestedSchema when the params also carry %s, and delivers its answer',
    async (_what, extra) => {
      const asking = serverAsking({ message: 'Which notebook?', requestedSchema: NOTEBOOK_FORM, ...extra });
      const bridge = createInputRequestBridge();
      const chunks: InputRequestChunk[] = [];
      const mcp = await createMCPClient({
        transport: { type: 'http', url: 'http://mcp.invalid/mcp', fetch: asking.fetch },
        capabilities: { elicitation: {} },
      });
      const asks = bridge.forChat({
        chatId: 'c',
        serverName: 'Notes',
        writer: { write: (chunk) => chunks.push(structuredClone(chunk)) },
      });
      mcp.onElicitationRequest(ElicitationRequestSchema, asks.onElicitationRequest);
      const call = mcp.callTool({ name: 'ask', arguments: {} });

      await vi.waitFor(() => expect(chunks).toHaveLength(1));
      const pending = chunks[0]?.data as InputRequestChunk['data'];
      expect(pending).toMatchObject({
        status: 'pending',
        request: { params: { message: 'Which notebook?' } },
      });
      const suspension = suspensionOfPart(pending);
      expect(suspension.dialect).toBe('mcp-elicitation');
      expect(suspension.requests).toMatchObject([
        { kind: 'form', message: 'Which notebook?', fields: [{ name: 'notebook', required: true }] },
      ]);

      const response = await postAnswer(bridge, {
        chatId: 'c',
        requestId: pending.requestId,
        response: { action: 'accept', content: { notebook: 'Work' } },
      });
      expect(response.status).toBe(200);
      const result = await call;
      expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '')).toEqual({
        action: 'accept',
        content: { notebook: 'Work' },
      });
      expect(chunks.at(-1)?.data).toMatchObject({
        status: 'answered',
        answer: { content: { notebook: 'Work' } },
      });
      await mcp.close();
      await asking.close();
    },
  );

  it('shows a request for a file as one that cannot be answered here, takes no accept for it, and passes the decline on', async () => {
    const asking = serverAsking({
      message: 'Upload the contract',
      requestedSchema: { type: 'object', properties: { contract: { type: 'string', 'x-mcp-file': {} } } },
    });
    const bridge = createInputRequestBridge();
    const chunks: InputRequestChunk[] = [];
    const mcp = await createMCPClient({
      transport: { type: 'http', url: 'http://mcp.invalid/mcp', fetch: asking.fetch },
      capabilities: { elicitation: {} },
    });
    const asks = bridge.forChat({
      chatId: 'c',
      writer: { write: (chunk) => chunks.push(structuredClone(chunk)) },
    });
    mcp.onElicitationRequest(ElicitationRequestSchema, asks.onElicitationRequest);
    const call = mcp.callTool({ name: 'ask', arguments: {} });

    await vi.waitFor(() => expect(chunks).toHaveLength(1));
    const pending = chunks[0]?.data as InputRequestChunk['data'];
    expect(suspensionOfPart(pending).requests).toMatchObject([{ kind: 'unsupported', reasonCode: 'file' }]);

    const forged = await postAnswer(bridge, {
      chatId: 'c',
      requestId: pending.requestId,
      response: { action: 'accept', content: { contract: 'data:text/plain,hi' } },
    });
    expect(forged.status).toBe(422);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('unsupported-request');
    await postAnswer(bridge, { chatId: 'c', requestId: pending.requestId, response: { action: 'decline' } });
    const result = await call;
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '')).toEqual({
      action: 'decline',
    });
    await mcp.close();
    await asking.close();
  });
});
