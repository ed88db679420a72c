// @vitest-environment node
import { Client, InMemoryTransport, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import {
  createElicitationQueue,
  createMcpRetrySource,
  createMcpToolSource,
  createRequestTimeouts,
  type ElicitationPrompt,
  type ElicitationQueue,
} from '../../src/mcp/index.ts';
import { type Connected, connectModern, createMrtrServer } from '../fixtures/mcp-servers.ts';

let connection: Connected | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(async () => {
  vi.useRealTimers();
  await connection?.close();
  connection = undefined;
});

const MINUTE = 60_000;

/**
 * A real MCP 2025-11-25 server whose tool asks the person (and is patient: its own question waits
 * an hour), then works for `workMs` before it answers.
 */
async function connectAsking(register: (client: Client) => void): Promise<Connected> {
  const server = new McpServer({ name: 'asking', version: '1.0.0' });
  server.registerTool(
    'ask_then_work',
    { description: 'Asks, then works.', inputSchema: z.object({ workMs: z.number() }) },
    async ({ workMs }, ctx) => {
      const answer = await ctx.mcpReq.elicitInput(
        {
          mode: 'form',
          message: 'Go ahead?',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
        },
        { timeout: 60 * MINUTE },
      );
      if (workMs > 0) await new Promise((resolve) => setTimeout(resolve, workMs));
      return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
    },
  );
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client(
    { name: 'timeouts-test', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  register(client);
  await client.connect(clientTransport);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/**
 * Lets real work run (in-memory transport hops, and the 2026 server checks its signed requestState
 * with WebCrypto, off the JavaScript thread) until `done()` holds; the fake clock does not move.
 * Bounded by wall time, not by a count of turns: on a loaded CI machine WebCrypto can take longer
 * than any fixed number of event-loop turns (200 turns were not enough there once).
 */
async function runRealWorkUntil(done: () => boolean, what: string): Promise<void> {
  const giveUpAt = performance.now() + 20_000;
  while (!done()) {
    if (performance.now() > giveUpAt) throw new Error(`${what} did not happen within 20 s of real time`);
    await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}

/** The next prompt the queue shows; real work runs meanwhile, the fake clock does not move. */
async function nextPrompt(queue: ElicitationQueue): Promise<ElicitationPrompt> {
  await runRealWorkUntil(() => queue.getSnapshot().length > 0, 'a prompt');
  return queue.getSnapshot()[0] as ElicitationPrompt;
}

/** A promise's outcome, readable without awaiting it. */
function track<T>(promise: Promise<T>) {
  const outcome: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(outcome, { value, settled: true }),
    (error: unknown) => Object.assign(outcome, { error, settled: true }),
  );
  return outcome;
}

/** Lets real work run until `outcome` settles; the fake clock does not move. */
async function settled(outcome: { settled: boolean }): Promise<void> {
  await runRealWorkUntil(() => outcome.settled, 'the call settling');
}

const ASK = { name: 'ask_then_work', arguments: { workMs: 0 } };

describe('createRequestTimeouts against a real MCP 2025-11-25 server', () => {
  it('the SDK alone times the call out while the person is still answering', async () => {
    const queue = createElicitationQueue({ serverName: 'Asking' });
    connection = await connectAsking((client) =>
      client.setRequestHandler('elicitation/create', queue.handler),
    );
    const call = track(connection.client.callTool(ASK, { timeout: MINUTE }));
    await nextPrompt(queue);
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(call.error).toBeInstanceOf(SdkError);
    expect((call.error as SdkError).code).toBe(SdkErrorCode.RequestTimeout);
  });

  it('stops the clock while the person answers: an answer after three minutes still arrives', async () => {
    const timeouts = createRequestTimeouts({ timeoutMs: MINUTE });
    const queue = createElicitationQueue({ serverName: 'Asking' });
    connection = await connectAsking((client) =>
      client.setRequestHandler('elicitation/create', timeouts.whileAnswering(queue.handler)),
    );
    const client = connection.client;
    const call = track(timeouts.run((options) => client.callTool(ASK, options)));
    const prompt = await nextPrompt(queue);
    expect(timeouts.answering).toBe(true);
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(call.settled).toBe(false);

    prompt.respond({ action: 'accept', content: { ok: true } });
    await vi.advanceTimersByTimeAsync(0);
    expect(timeouts.answering).toBe(false);
    expect(call.error).toBeUndefined();
    expect(call.value).toMatchObject({
      content: [{ type: 'text', text: JSON.stringify({ action: 'accept', content: { ok: true } }) }],
    });
  });

  it("runs a source's call on the clock: an answer after three minutes still completes the call", async () => {
    const timeouts = createRequestTimeouts({ timeoutMs: MINUTE });
    const queue = createElicitationQueue({ serverName: 'Asking' });
    connection = await connectAsking((client) =>
      client.setRequestHandler('elicitation/create', timeouts.whileAnswering(queue.handler)),
    );
    const client = connection.client;
    const sources = [
      createMcpRetrySource({ client, request: { method: 'tools/call', params: ASK }, timeouts }),
      createMcpToolSource({ client, name: ASK.name, arguments: ASK.arguments, callId: 'tool', timeouts }),
    ];
    for (const source of sources) {
      const state = track(source.fetchState(new AbortController().signal));
      const prompt = await nextPrompt(queue);
      await vi.advanceTimersByTimeAsync(3 * MINUTE);
      expect(state.settled).toBe(false);
      prompt.respond({ action: 'accept', content: { ok: true } });
      await settled(state);
      expect(state.value).toMatchObject({ status: 'completed' });
    }
  });

  it('starts the clock again in full once the answer is given: a server that then hangs still times out', async () => {
    const timeouts = createRequestTimeouts({ timeoutMs: MINUTE });
    const queue = createElicitationQueue();
    connection = await connectAsking((client) =>
      client.setRequestHandler('elicitation/create', timeouts.whileAnswering(queue.handler)),
    );
    const client = connection.client;
    const call = track(
      timeouts.run((options) =>
        client.callTool({ name: 'ask_then_work', arguments: { workMs: 5 * MINUTE } }, options),
      ),
    );
    await vi.advanceTimersByTimeAsync(50_000);
    const prompt = await nextPrompt(queue);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    prompt.respond({ action: 'decline' });
    await vi.advanceTimersByTimeAsync(MINUTE - 1000);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(call.error).toBeInstanceOf(SdkError);
    expect((call.error as SdkError).code).toBe(SdkErrorCode.RequestTimeout);
    expect((call.error as Error).message).toContain(
      'input-request-cards: the MCP request got no response within 60000 ms (time spent answering its questions not counted)',
    );
  });

  it('your own signal still cancels the call', async () => {
    const timeouts = createRequestTimeouts();
    const queue = createElicitationQueue();
    connection = await connectAsking((client) =>
      client.setRequestHandler('elicitation/create', timeouts.whileAnswering(queue.handler)),
    );
    const client = connection.client;
    const stop = new AbortController();
    const call = track(timeouts.run((options) => client.callTool(ASK, options), { signal: stop.signal }));
    await nextPrompt(queue);
    stop.abort(new Error('closed by the person'));
    await vi.advanceTimersByTimeAsync(0);
    expect((call.error as Error).message).toContain('closed by the person');
  });
});

describe('createRequestTimeouts against a real MCP 2026-07-28 server (auto-fulfilment)', () => {
  it('keeps the time spent answering out of maxTotalMs, where the SDK counts it against maxTotalTimeout', async () => {
    const answerLate = (queue: ElicitationQueue) => async () => {
      const prompt = await nextPrompt(queue);
      await vi.advanceTimersByTimeAsync(3 * MINUTE);
      prompt.respond({ action: 'decline' });
      await vi.advanceTimersByTimeAsync(1000);
    };
    const book = { name: 'book_meeting', arguments: { day: 'Friday' } };

    const plainQueue = createElicitationQueue();
    connection = await connectModern(createMrtrServer());
    connection.client.setRequestHandler('elicitation/create', plainQueue.handler);
    const plain = track(connection.client.callTool(book, { maxTotalTimeout: 2 * MINUTE }));
    await answerLate(plainQueue)();
    expect((plain.error as Error).message).toMatch(/Maximum total timeout exceeded/);
    await connection.close();

    const timeouts = createRequestTimeouts({ maxTotalMs: 2 * MINUTE });
    const queue = createElicitationQueue();
    connection = await connectModern(createMrtrServer());
    connection.client.setRequestHandler('elicitation/create', timeouts.whileAnswering(queue.handler));
    const client = connection.client;
    const held = track(timeouts.run((options) => client.callTool(book, options)));
    await answerLate(queue)();
    await settled(held);
    expect(held.error).toBeUndefined();
    expect(held.value).toMatchObject({ content: [{ type: 'text' }] });
  });
});

describe('createRequestTimeouts without a server', () => {
  it('holds every clock until the last hold is released, and keeps the handler’s properties', async () => {
    const timeouts = createRequestTimeouts({ timeoutMs: 1000, maxTotalMs: 1500 });
    const signals: AbortSignal[] = [];
    const pending = track(
      timeouts.run(
        (options) =>
          new Promise((_, reject) => {
            signals.push(options.signal);
            options.signal.addEventListener('abort', () => reject(options.signal.reason));
          }),
      ),
    );
    await vi.advanceTimersByTimeAsync(900);
    const release = timeouts.hold();
    const other = timeouts.hold();
    await vi.advanceTimersByTimeAsync(10_000);
    release();
    release();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pending.settled).toBe(false);
    other();
    // 900 ms spent before the holds: 600 ms of the total is left, less than the 1000 ms wait.
    await vi.advanceTimersByTimeAsync(599);
    expect(pending.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((pending.error as Error).message).toContain('took longer than 1500 ms in all');
    expect((pending.error as Error).name).toBe('TimeoutError');

    const handler = Object.assign(async () => 'answered', { handleComplete: () => {} });
    const wrapped = timeouts.whileAnswering(handler);
    expect(wrapped.handleComplete).toBe(handler.handleComplete);
    const answer = wrapped();
    expect(timeouts.answering).toBe(true);
    await expect(answer).resolves.toBe('answered');
    expect(timeouts.answering).toBe(false);
  });
});
