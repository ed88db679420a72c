// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInputRequestSession } from '../../src/core/index.ts';
import type { InputResponses } from '../../src/core/model.ts';
import {
  answerUntilDone,
  createElicitationHandler,
  createElicitationQueue,
  createHeadlessAnswerer,
  createMcpRetrySource,
  type ElicitationPrompt,
} from '../../src/mcp/index.ts';
import {
  type Connected,
  connectLegacy,
  connectModern,
  createMrtrServer,
  MEETING_SCHEMA,
} from '../fixtures/mcp-servers.ts';

let connection: Connected | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

function toolText(result: unknown): unknown {
  const content = (result as { content: Array<{ text: string }> }).content;
  return JSON.parse(content[0]?.text ?? 'null');
}

/** Resolves with the next prompt the queue shows. */
function nextPrompt(queue: ReturnType<typeof createElicitationQueue>): Promise<ElicitationPrompt> {
  return new Promise((resolve) => {
    const unsubscribe = queue.subscribe(() => {
      const prompt = queue.getSnapshot()[0];
      if (prompt) {
        unsubscribe();
        resolve(prompt);
      }
    });
  });
}

const DEFAULTS = {
  title: 'Weekly sync',
  attendees: 3,
  hours: 1.5,
  room: 'north',
  remote: true,
  topics: ['plan'],
};

describe('elicitation/create handlers against a real MCP 2025-11-25 server', () => {
  it('the headless answerer accepts with every default present and typed', async () => {
    const server = createMrtrServer();
    const answerer = createHeadlessAnswerer();
    connection = await connectLegacy(server, (client) =>
      client.setRequestHandler('elicitation/create', answerer.handler),
    );
    expect(connection.client.getNegotiatedProtocolVersion()).toBe('2025-11-25');

    const result = await connection.client.callTool({ name: 'book_meeting', arguments: { day: 'Tuesday' } });
    expect(toolText(result)).toEqual({ booked: true, day: 'Tuesday', details: DEFAULTS });
  });

  it('a queue shows each request as a one-request round and resolves it with the card’s answer', async () => {
    const server = createMrtrServer();
    const queue = createElicitationQueue({ serverName: 'Calendar' });
    connection = await connectLegacy(server, (client) =>
      client.setRequestHandler('elicitation/create', queue.handler),
    );
    const listener = vi.fn();
    queue.subscribe(listener);

    const call = connection.client.callTool({ name: 'book_meeting', arguments: { day: 'Friday' } });
    const prompt = await nextPrompt(queue);
    expect(prompt.suspension).toMatchObject({
      serverName: 'Calendar',
      requests: [
        { kind: 'form', key: 'elicitation', message: 'Details for Friday?', requestedSchema: MEETING_SCHEMA },
      ],
    });

    // What the card's resume receives: the responses of the round, keyed like its requests.
    const responses: InputResponses = {
      elicitation: { action: 'accept', content: { ...DEFAULTS, attendees: 5 } },
    };
    await prompt.resume(responses, { suspension: prompt.suspension, signal: new AbortController().signal });
    expect(toolText(await call)).toEqual({
      booked: true,
      day: 'Friday',
      details: { ...DEFAULTS, attendees: 5 },
    });
    expect(queue.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2); // shown, then gone
    expect(server.entries.at(-1)).toMatchObject({ name: 'book_meeting' });
  });

  it('passes a decline through', async () => {
    const server = createMrtrServer();
    const queue = createElicitationQueue();
    connection = await connectLegacy(server, (client) =>
      client.setRequestHandler('elicitation/create', queue.handler),
    );
    const call = connection.client.callTool({ name: 'book_meeting', arguments: { day: 'Friday' } });
    (await nextPrompt(queue)).respond({ action: 'decline' });
    expect(toolText(await call)).toEqual({ booked: false, day: 'Friday', details: null });
  });

  it('answers a decline without the content a host passed along, and an accepted link without any', async () => {
    const handler = createElicitationHandler((prompt) =>
      prompt.suspension.requests[0]?.kind === 'url'
        ? prompt.respond({ action: 'accept', content: { token: 'secret' } })
        : prompt.respond({ action: 'decline', content: { title: 'a draft declined' } } as never),
    );
    const form = {
      message: 'Book it?',
      requestedSchema: { type: 'object', properties: { title: { type: 'string' } } },
    };
    expect(await handler({ params: form })).toEqual({ action: 'decline' });
    const link = { mode: 'url', message: 'Sign in', url: 'https://example.com/login', elicitationId: 'e-1' };
    expect(await handler({ params: link })).toEqual({ action: 'accept' });
  });

  it('keeps a prompt the server withdraws, marked withdrawn and closed, until it is dismissed', async () => {
    const server = createMrtrServer();
    const queue = createElicitationQueue();
    connection = await connectLegacy(server, (client) =>
      client.setRequestHandler('elicitation/create', queue.handler),
    );

    const call = connection.client.callTool({ name: 'withdrawn_question', arguments: {} });
    const prompt = await nextPrompt(queue);
    expect(prompt.signal.aborted).toBe(false);
    expect(prompt.withdrawn).toBe(false);
    const heard: unknown[] = [];
    prompt.source.subscribe?.((state) => heard.push(state));
    server.withdrawPending();
    expect(toolText(await call)).toEqual({ withdrawn: true });
    await vi.waitFor(() => expect(prompt.withdrawn).toBe(true));
    expect(prompt.signal.aborted).toBe(true);
    expect(queue.getSnapshot()).toEqual([prompt]);
    // Its card hears that the round closed now; an answer after that reaches nobody, and says so.
    expect(heard).toEqual([
      { status: 'input-required', suspension: prompt.suspension, deadline: expect.any(Number) },
    ]);
    const late = prompt.resume({ elicitation: { action: 'accept', content: { note: 'here' } } });
    await expect(late).rejects.toMatchObject({ name: 'StaleRoundError' });
    queue.dismiss(prompt);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('a card mounted after the withdrawal reads it closed too', async () => {
    const queue = createElicitationQueue();
    const withdraw = new AbortController();
    const params = { message: 'Still there?', requestedSchema: { type: 'object', properties: {} } };
    const answered = queue.handler({ params }, { mcpReq: { signal: withdraw.signal } });
    const [prompt] = await vi.waitFor(() => {
      const shown = queue.getSnapshot();
      if (shown.length === 0) throw new Error('no prompt yet');
      return shown;
    });
    withdraw.abort();
    await answered;
    const later = createInputRequestSession({ source: (prompt as ElicitationPrompt).source });
    later.subscribe(() => {});
    expect(later.getSnapshot().state).toBe('expired');
    later.destroy();
  });

  it("names its rounds apart from an earlier page's in the same tab (the ledger outlives a reload)", async () => {
    const params = { message: 'Hi?', requestedSchema: { type: 'object', properties: {} } };
    const firstIdOf = async () => {
      vi.resetModules();
      const { createElicitationQueue: fresh } = await import('../../src/mcp/index.ts');
      const queue = fresh();
      void queue.handler({ params });
      await vi.waitFor(() => expect(queue.getSnapshot()).toHaveLength(1));
      const [prompt] = queue.getSnapshot();
      queue.dismiss(prompt as ElicitationPrompt);
      return (prompt as ElicitationPrompt).suspension.id;
    };
    const before = await firstIdOf();
    const after = await firstIdOf();
    expect(after).not.toBe(before);
  });

  it('dismissing an open prompt answers cancel', async () => {
    const server = createMrtrServer();
    const queue = createElicitationQueue();
    connection = await connectLegacy(server, (client) =>
      client.setRequestHandler('elicitation/create', queue.handler),
    );
    const call = connection.client.callTool({ name: 'book_meeting', arguments: { day: 'Friday' } });
    queue.dismiss(await nextPrompt(queue));
    expect(queue.getSnapshot()).toEqual([]);
    expect(toolText(await call)).toEqual({ booked: false, day: 'Friday', details: null });
  });

  it('resolves cancel when the request is already aborted, and rejects when the callback throws', async () => {
    const aborted = new AbortController();
    aborted.abort();
    const onRequest = vi.fn();
    const params = { message: 'Hi?', requestedSchema: { type: 'object', properties: {} } };
    const handler = createElicitationHandler(onRequest);
    await expect(handler({ params }, { mcpReq: { signal: aborted.signal } })).resolves.toEqual({
      action: 'cancel',
    });
    expect(onRequest).not.toHaveBeenCalled();

    const broken = createElicitationHandler(() => {
      throw new Error('no UI');
    });
    await expect(broken({ params })).rejects.toThrow('no UI');
  });

  it('says how to fix a resume without an answer for the request', async () => {
    let prompt: ElicitationPrompt | undefined;
    const handler = createElicitationHandler((p) => {
      prompt = p;
    });
    const pending = handler({
      params: { message: 'Hi?', requestedSchema: { type: 'object', properties: {} } },
    });
    await vi.waitFor(() => expect(prompt).toBeDefined());
    await expect(prompt?.resume({ other: { action: 'accept' } })).rejects.toThrow(
      /^input-request-cards: resume got no answer for request "elicitation"/,
    );
    prompt?.respond({ action: 'cancel' });
    await expect(pending).resolves.toEqual({ action: 'cancel' });
  });

  it('the retry source simply completes on a 2025 connection (the SDK answers through the handler)', async () => {
    const server = createMrtrServer();
    const answerer = createHeadlessAnswerer({ values: { attendees: 8 } });
    connection = await connectLegacy(server, (client) =>
      client.setRequestHandler('elicitation/create', answerer.handler),
    );
    const source = createMcpRetrySource({
      client: connection.client,
      request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Monday' } } },
    });
    const final = await answerUntilDone(source);
    expect(final.status).toBe('completed');
    expect(toolText(final.result)).toEqual({
      booked: true,
      day: 'Monday',
      details: { ...DEFAULTS, attendees: 8 },
    });
  });

  it('serves a 2026-07-28 client that auto-fulfils rounds through the same handler', async () => {
    const server = createMrtrServer();
    const answerer = createHeadlessAnswerer({ values: { name: 'Lin' } });
    connection = await connectModern(server);
    connection.client.setRequestHandler('elicitation/create', answerer.handler);
    const result = await connection.client.callTool({ name: 'two_step', arguments: {} });
    expect(toolText(result)).toEqual({ greeting: 'Hello, Lin!' });
  });
});
