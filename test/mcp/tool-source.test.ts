// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStaleRoundError } from '../../src/core/source.ts';
import {
  answerRound,
  answerUntilDone,
  clientCapabilitiesFor,
  createMcpToolSource,
} from '../../src/mcp/index.ts';
import { type Connected, connectTasks, createTaskServer, type TaskServer } from '../fixtures/mcp-servers.ts';

// createMcpToolSource against a real @modelcontextprotocol/server 2.4 server (in-process, MCP
// 2026-07-28) whose tools answer plainly, with an MRTR round, or with a task of the Tasks extension.

let connection: Connected | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

const signal = () => new AbortController().signal;
const TASKS = 'io.modelcontextprotocol/tasks';
const CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

async function setup(options: Parameters<typeof connectTasks>[1] = {}) {
  const server = createTaskServer();
  server.pollIntervalMs = 1;
  connection = await connectTasks(server, options);
  return { server, client: connection.client };
}

const sent = (server: TaskServer, method: string) =>
  server.wire.filter((request) => request.method === method);
const capabilitiesOf = (request: { params: Record<string, unknown> } | undefined) =>
  (request?.params._meta as Record<string, unknown> | undefined)?.[CAPABILITIES];
function toolText(state: { result?: unknown }): unknown {
  const result = state.result as { content?: Array<{ text: string }> } | undefined;
  return JSON.parse(result?.content?.[0]?.text ?? 'null');
}

describe('createMcpToolSource: the three answers of a tools/call', () => {
  it('a plain result completes; the call declares the Tasks extension beside the client’s capabilities', async () => {
    const { server, client } = await setup();
    const source = createMcpToolSource({ client, name: 'quick_answer' });

    const state = await source.fetchState(signal());
    expect(state.status).toBe('completed');
    expect(toolText(state)).toEqual({ quick: true });
    const [call] = sent(server, 'tools/call');
    expect(call?.params).toMatchObject({ name: 'quick_answer', arguments: {} });
    expect(capabilitiesOf(call)).toEqual({
      elicitation: { form: {}, url: {} },
      sampling: {},
      extensions: { [TASKS]: {} },
    });
    expect(call?.params._meta).toMatchObject({ 'io.modelcontextprotocol/protocolVersion': '2026-07-28' });
    expect(source.cancel).toBeUndefined();
  });

  it('a task: follows tasks/get through two input rounds answered with tasks/update, to the result', async () => {
    const { server, client } = await setup();
    const source = createMcpToolSource({
      client,
      name: 'generate_report',
      arguments: { quarter: 'Q3' },
      serverName: 'Reports',
    });

    const created = await source.fetchState(signal());
    expect(created).toEqual({ status: 'working', pollIntervalMs: 1 });
    expect(typeof source.cancel).toBe('function');

    const first = await source.fetchState(signal());
    expect(first).toMatchObject({
      status: 'input-required',
      pollIntervalMs: 1,
      suspension: { taskId: 'report-1', serverName: 'Reports', toolName: 'generate_report' },
    });
    expect(first.suspension?.requests.map((request) => request.key)).toEqual(['format']);

    const final = await answerUntilDone(source, {
      policy: {
        values: (request): Record<string, string> =>
          request.key === 'format' ? { format: 'csv' } : { recipient: 'Ada' },
      },
    });
    expect(final.status).toBe('completed');
    expect(toolText(final)).toEqual({
      format: { action: 'accept', content: { format: 'csv' } },
      confirm: { action: 'accept', content: { recipient: 'Ada' } },
    });
    expect(server.updates).toEqual([
      { taskId: 'report-1', inputResponses: { format: { action: 'accept', content: { format: 'csv' } } } },
      {
        taskId: 'report-1',
        inputResponses: { confirm: { action: 'accept', content: { recipient: 'Ada' } } },
      },
    ]);
    // One tools/call; every tasks/* request declares the extension too.
    expect(sent(server, 'tools/call')).toHaveLength(1);
    const taskRequests = server.wire.filter((request) => request.method.startsWith('tasks/'));
    expect(taskRequests.length).toBeGreaterThan(3);
    for (const request of taskRequests) {
      expect(request.params.taskId).toBe('report-1');
      expect(capabilitiesOf(request)).toMatchObject({ extensions: { [TASKS]: {} } });
    }
  });

  it("without serverName, names the server as it introduced itself, for the call's round and its task", async () => {
    const { client } = await setup();
    const source = createMcpToolSource({ client, name: 'prepare_export' });
    const round = await source.fetchState(signal());
    expect(round.suspension?.serverName).toBe('task-fixture');
    const task = createMcpToolSource({ client, name: 'generate_report', arguments: { quarter: 'Q3' } });
    expect(await task.fetchState(signal())).toMatchObject({ status: 'working' });
    expect(await task.fetchState(signal())).toMatchObject({
      status: 'input-required',
      suspension: { serverName: 'task-fixture', toolName: 'generate_report' },
    });
  });

  it('an MRTR round before the task: answered by a retry of the call, then the task is followed', async () => {
    const { server, client } = await setup();
    const source = createMcpToolSource({ client, name: 'prepare_export' });

    const round = await source.fetchState(signal());
    expect(round.status).toBe('input-required');
    expect(round.suspension?.dialect).toBe('mcp-input-required');
    expect(source.cancel).toBeUndefined();

    const next = await source.resume(
      { destination: { action: 'accept', content: { destination: 'email' } } },
      { suspension: round.suspension as NonNullable<typeof round.suspension>, signal: signal() },
    );
    expect(next).toEqual({ status: 'working', pollIntervalMs: 1 });
    expect(typeof source.cancel).toBe('function');
    const calls = sent(server, 'tools/call');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.params).toMatchObject({
      name: 'prepare_export',
      inputResponses: { destination: { action: 'accept', content: { destination: 'email' } } },
      requestState: 'plain:export-v1',
    });
    expect(capabilitiesOf(calls[1])).toMatchObject({ extensions: { [TASKS]: {} } });

    const asked = await source.fetchState(signal());
    expect(asked.suspension?.requests[0]).toMatchObject({ key: 'go', message: 'Export to email now?' });
    const final = await answerUntilDone(source, { policy: { values: { note: 'now' } } });
    expect(toolText(final)).toEqual({ go: { action: 'accept', content: { note: 'now' } } });
  });
});

describe('createMcpToolSource: one call, its task, and stopping it', () => {
  it('makes one tools/call per call identity, however many sources and reads', async () => {
    const { server, client } = await setup();
    const make = (callId?: string) =>
      createMcpToolSource({
        client,
        name: 'generate_report',
        arguments: { quarter: 'Q1' },
        ...(callId ? { callId } : {}),
      });
    const states = await Promise.all([make().fetchState(signal()), make().fetchState(signal())]);
    await make().fetchState(signal());
    expect(states.map((state) => state.status)).toEqual(['working', 'working']);
    expect(sent(server, 'tools/call')).toHaveLength(1);
    // The third read was already a tasks/get of the shared task.
    expect(sent(server, 'tasks/get')).toHaveLength(1);

    await make('second').fetchState(signal());
    expect(sent(server, 'tools/call')).toHaveLength(2);
    expect(make().queryKey).toEqual(make().queryKey);
    expect(make('second').queryKey).not.toEqual(make().queryKey);
  });

  it('cancel exists only once the task does, and sends tasks/cancel for it', async () => {
    const { server, client } = await setup();
    const source = createMcpToolSource({ client, name: 'prepare_export', callId: 'stop-me' });
    const round = await source.fetchState(signal());
    expect(source.cancel).toBeUndefined();
    expect('cancel' in source && source.cancel).toBeFalsy();

    const suspension = round.suspension as NonNullable<typeof round.suspension>;
    await source.resume(answerRound(suspension), { suspension, signal: signal() });
    await source.cancel?.(signal());
    expect(server.cancels).toEqual(['export-1']);
    expect((await source.fetchState(signal())).status).toBe('cancelled');
  });

  it('answers a replaced MRTR round with StaleRoundError, and a task round goes to tasks/update', async () => {
    const { server, client } = await setup();
    const source = createMcpToolSource({ client, name: 'prepare_export', callId: 'stale' });
    const round = await source.fetchState(signal());
    const suspension = round.suspension as NonNullable<typeof round.suspension>;
    await source.resume(answerRound(suspension), { suspension, signal: signal() });
    const again = source.resume(answerRound(suspension), { suspension, signal: signal() });
    await expect(again).rejects.toSatisfy(isStaleRoundError);
    expect(sent(server, 'tools/call')).toHaveLength(2);
    expect(server.updates).toEqual([]);
  });
});

describe('createMcpToolSource: what the call declares', () => {
  it('tasks: false leaves the extension out, and the server refuses to run the tool', async () => {
    const { server, client } = await setup();
    const source = createMcpToolSource({
      client,
      name: 'generate_report',
      arguments: { quarter: 'Q2' },
      tasks: false,
    });
    const state = await source.fetchState(signal());
    // The SDK server turns the tool's -32021 into a tool error result, which MCP counts as completed.
    expect(state.status).toBe('completed');
    expect(state.result).toMatchObject({ isError: true });
    const [message] = (state.result as { content: Array<{ text: string }> }).content;
    expect(message?.text).toMatch(/declare the io\.modelcontextprotocol\/tasks extension/);
    expect(source.cancel).toBeUndefined();
    expect(capabilitiesOf(sent(server, 'tools/call')[0])).toEqual({
      elicitation: { form: {}, url: {} },
      sampling: {},
    });
  });

  it('declares the capabilities it is given instead of the client’s, plus the extension', async () => {
    const { server, client } = await setup();
    const capabilities = clientCapabilitiesFor({ url: false });
    await createMcpToolSource({ client, name: 'quick_answer', capabilities }).fetchState(signal());
    expect(capabilitiesOf(sent(server, 'tools/call')[0])).toEqual({
      elicitation: { form: {} },
      extensions: { [TASKS]: {} },
    });
  });

  it('keeps a client that declares the extension itself as it is', async () => {
    const { server, client } = await setup({
      capabilities: clientCapabilitiesFor({ url: true, tasks: true }),
    });
    await createMcpToolSource({ client, name: 'quick_answer' }).fetchState(signal());
    expect(capabilitiesOf(sent(server, 'tools/call')[0])).toEqual({
      elicitation: { form: {}, url: {} },
      extensions: { [TASKS]: {} },
    });
  });
});

describe('createMcpToolSource: the call past the SDK', () => {
  it('reads a JSON-RPC error of the call as failed', async () => {
    const { client } = await setup();
    const state = await createMcpToolSource({ client, name: 'no_such_tool' }).fetchState(signal());
    expect(state.status).toBe('failed');
    expect(state.error).toMatch(/no_such_tool/);
  });

  it('reads a JSON-RPC error answering the retry of an MRTR round as failed', async () => {
    const { server, client } = await setup();
    const source = createMcpToolSource({ client, name: 'prepare_export' });
    const round = await source.fetchState(signal());
    server.disableTool('prepare_export');
    const next = await source.resume(
      { destination: { action: 'accept', content: { destination: 'email' } } },
      { suspension: round.suspension as NonNullable<typeof round.suspension>, signal: signal() },
    );
    expect(next).toEqual({ status: 'failed', error: expect.stringContaining('prepare_export disabled') });
    expect(await source.fetchState(signal())).toBe(next);
  });

  it('still hears its answer after a reconnect installed fresh SDK handlers on the transport', async () => {
    const { client } = await setup();
    const transport = client.transport as { onmessage?: unknown; onclose?: unknown };
    const sdkMessage = transport.onmessage;
    const sdkClose = transport.onclose;
    await createMcpToolSource({ client, name: 'quick_answer', callId: 'before' }).fetchState(signal());
    transport.onmessage = sdkMessage;
    transport.onclose = sdkClose;
    const after = await createMcpToolSource({ client, name: 'quick_answer', callId: 'after' }).fetchState(
      signal(),
    );
    expect(toolText(after)).toEqual({ quick: true });
    // The SDK's own requests still work beside ours.
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('quick_answer');
  });

  it('rejects an aborted retry and tells the server with notifications/cancelled', async () => {
    const { server, client } = await setup();
    const source = createMcpToolSource({ client, name: 'prepare_export', callId: 'abort' });
    const round = await source.fetchState(signal());
    const suspension = round.suspension as NonNullable<typeof round.suspension>;
    let release = () => {};
    server.stall = new Promise((resolve) => {
      release = resolve;
    });
    const controller = new AbortController();
    const retry = source.resume(answerRound(suspension), { suspension, signal: controller.signal });
    await expect.poll(() => sent(server, 'tools/call').length).toBe(2);
    controller.abort(new Error('the person left'));
    await expect(retry).rejects.toThrow('the person left');
    await expect.poll(() => sent(server, 'notifications/cancelled').length).toBe(1);
    expect(sent(server, 'notifications/cancelled')[0]?.params).toMatchObject({
      requestId: sent(server, 'tools/call')[1]?.id,
    });
    expect(sent(server, 'tools/call')[1]?.id).toMatch(/^input-request-cards:/);
    release();
  });

  it('gives up after its timeout, on the fake clock, and tells the server', async () => {
    const { server, client } = await setup();
    let release = () => {};
    server.stall = new Promise((resolve) => {
      release = resolve;
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = createMcpToolSource({
        client,
        name: 'quick_answer',
        callId: 'slow',
        timeout: 30_000,
      }).fetchState(signal());
      await vi.advanceTimersByTimeAsync(29_999);
      expect(sent(server, 'notifications/cancelled')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/tools\/call got no answer within 30000 ms/),
      });
    } finally {
      vi.useRealTimers();
    }
    await expect.poll(() => sent(server, 'notifications/cancelled').length).toBe(1);
    release();
  });

  it('fails a call whose connection closes before the answer', async () => {
    const { server, client } = await setup();
    let release = () => {};
    server.stall = new Promise((resolve) => {
      release = resolve;
    });
    const pending = createMcpToolSource({ client, name: 'quick_answer', callId: 'closing' }).fetchState(
      signal(),
    );
    await expect.poll(() => sent(server, 'tools/call').length).toBe(1);
    await client.close();
    expect(await pending).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/connection closed/),
    });
    release();
  });
});
