// @vitest-environment node
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createMcpRetrySource, createMcpTaskSource, createMcpToolSource } from '../../src/mcp/index.ts';
import type { WireRequest } from '../fixtures/mcp-servers.ts';

// Wire shapes of PROTOCOL.md (§4 MRTR, §5.2 Tasks, §2-3 ElicitResult) that a protocol review found
// the adapters got wrong, each red before its fix: a real @modelcontextprotocol/server 2.4
// (in-process, MCP 2026-07-28) whose `scripted` tool and `tasks/get` answers are replaced on the
// wire by results the test scripts, to see how the adapters read shapes a server may send.

type Scripted = (params: Record<string, unknown>) => Record<string, unknown>;

interface ScriptedServer {
  wire: WireRequest[];
  /** Each tools/call of `scripted` takes the next answer (its `result`). */
  toolResults: Scripted[];
  /** Each tasks/get takes the next answer (its `result`). */
  taskResults: Scripted[];
}

let closeAll: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeAll?.();
  closeAll = undefined;
});

async function connectScripted(): Promise<{ server: ScriptedServer; client: Client }> {
  const server: ScriptedServer = { wire: [], toolResults: [], taskResults: [] };
  const factory = () => {
    const mcp = new McpServer(
      { name: 'scripted', version: '1.0.0' },
      { capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } as never },
    );
    mcp.registerTool(
      'scripted',
      { description: 'replaced on the wire', inputSchema: z.object({}) },
      async () => ({
        content: [{ type: 'text' as const, text: 'unreachable' }],
      }),
    );
    return mcp;
  };
  const handler = createMcpHandler(factory, { legacy: 'reject', keepAliveMs: 0 });
  const client = new Client(
    { name: 'protocol-review', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {}, url: {} } },
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      inputRequired: { autoFulfill: false },
    },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://mcp.invalid/mcp'), {
      fetch: async (url, init) => {
        const request = new Request(url, init);
        const body =
          request.method === 'POST' ? ((await request.clone().json()) as Record<string, unknown>) : undefined;
        if (body !== undefined && typeof body.method === 'string') {
          const params = (body.params ?? {}) as Record<string, unknown>;
          server.wire.push({ id: body.id, method: body.method, params });
          const script =
            body.method === 'tools/call' && params.name === 'scripted'
              ? server.toolResults.shift()
              : body.method === 'tasks/get'
                ? server.taskResults.shift()
                : undefined;
          if (script !== undefined) {
            return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: script(params) }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            });
          }
        }
        return handler.fetch(request);
      },
    }),
  );
  closeAll = async () => {
    await client.close();
    await handler.close();
  };
  return { server, client };
}

const signal = () => new AbortController().signal;
const toolCalls = (server: ScriptedServer) =>
  server.wire.filter((request) => request.method === 'tools/call' && request.params.name === 'scripted');
const done = () => ({ resultType: 'complete', content: [{ type: 'text', text: 'done' }] });

describe('InputRequiredResult shapes a server may send (PROTOCOL.md §4)', () => {
  it('createMcpToolSource reads a non-object inputRequests as {} and retries with the requestState', async () => {
    const { server, client } = await connectScripted();
    server.toolResults.push(
      () => ({ resultType: 'input_required', inputRequests: 'not a map', requestState: 'state-1' }),
      () => done(),
    );
    const source = createMcpToolSource({ client, name: 'scripted', tasks: false });

    const state = await source.fetchState(signal());
    // The SDK's own reading (PROTOCOL.md §4): a non-object inputRequests is {}; the round carries
    // only state, so it is a state-only round, answered by retrying with the state.
    expect(state.status).toBe('input-required');
    expect(state.suspension?.requests).toEqual([]);
    expect(state.suspension?.requestState).toBe('state-1');
    if (state.suspension === undefined) return;
    const next = await source.resume({}, { suspension: state.suspension, signal: signal() });
    expect(next?.status).toBe('completed');
    expect(toolCalls(server)[1]?.params.requestState).toBe('state-1');
  });

  it('createMcpToolSource rejects an input_required result with neither inputRequests nor requestState', async () => {
    const { server, client } = await connectScripted();
    server.toolResults.push(
      () => ({ resultType: 'input_required' }),
      () => done(),
    );
    const source = createMcpToolSource({ client, name: 'scripted', tasks: false });

    const state = await source.fetchState(signal());
    // "InputRequiredResult … with at least one of the two present"; the SDK rejects the result.
    // An empty round without state would be "answered" by calling the tool again from scratch.
    expect(state.status).toBe('failed');
    expect(toolCalls(server)).toHaveLength(1);
  });

  it('createMcpRetrySource reads a non-object inputRequests as {} (through the SDK)', async () => {
    const { server, client } = await connectScripted();
    server.toolResults.push(
      () => ({ resultType: 'input_required', inputRequests: ['odd'], requestState: 'state-2' }),
      () => done(),
    );
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'scripted', arguments: {} } },
    });
    const state = await source.fetchState(signal());
    expect(state.status).toBe('input-required');
    expect(state.suspension?.requests).toEqual([]);
    if (state.suspension === undefined) return;
    const next = await source.resume({}, { suspension: state.suspension, signal: signal() });
    expect(next?.status).toBe('completed');
    const retry = toolCalls(server)[1];
    expect(retry?.params.requestState).toBe('state-2');
    expect(retry?.params).not.toHaveProperty('inputResponses');
    expect(retry?.id).not.toEqual(toolCalls(server)[0]?.id);
  });

  it('createMcpRetrySource fails an input_required result with neither inputRequests nor requestState', async () => {
    const { server, client } = await connectScripted();
    server.toolResults.push(() => ({ resultType: 'input_required' }));
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'scripted', arguments: {} } },
    });
    const state = await source.fetchState(signal());
    expect(state.status).toBe('failed');
  });
});

describe('tasks/get snapshots (PROTOCOL.md §5.2)', () => {
  it('createMcpTaskSource reads an input_required task whose inputRequests is not a map as nothing to ask', async () => {
    const { server, client } = await connectScripted();
    server.taskResults.push(() => ({
      resultType: 'complete',
      taskId: 't-1',
      status: 'input_required',
      inputRequests: 'not a map',
      createdAt: '2026-11-30T09:00:00Z',
      lastUpdatedAt: '2026-11-30T09:00:00Z',
      ttlMs: null,
      pollIntervalMs: 250,
    }));
    const source = createMcpTaskSource({ client, taskId: 't-1' });
    const state = await source.fetchState(signal());
    expect(state).toMatchObject({ status: 'working', pollIntervalMs: 250 });
  });
});

describe('ElicitResult shape on the wire (PROTOCOL.md §2, §3)', () => {
  async function roundOf(tool: string, args: Record<string, unknown>) {
    const { createMrtrServer, connectModern } = await import('../fixtures/mcp-servers.ts');
    const { createInputRequestSession } = await import('../../src/core/index.ts');
    const server = createMrtrServer();
    const connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    closeAll = connection.close;
    const source = createMcpRetrySource({
      client: connection.client,
      request: { method: 'tools/call', params: { name: tool, arguments: args } },
      serverName: 'Fixture',
    });
    const initialState = await source.fetchState(signal());
    const session = createInputRequestSession({ source, initialState });
    const stop = session.subscribe(() => {});
    const retry = () =>
      server.wire.filter((request) => request.method === 'tools/call' && request.params.name === tool)[1];
    return { session, stop, retry };
  }

  it('a declined form goes out without content, whatever the host passed', async () => {
    const { session, stop, retry } = await roundOf('book_meeting', { day: 'Friday' });
    await session.answer('details', { action: 'decline', content: { title: 'leaked draft' } } as never);
    stop();
    // "content … usually omitted" for decline/cancel; the SDK types decline as bare { action }.
    expect(retry()?.params.inputResponses).toEqual({ details: { action: 'decline' } });
  });

  it('an accepted link goes out without content (URL mode: "content omitted")', async () => {
    const { session, stop, retry } = await roundOf('connect_account', {});
    await session.answer('login', { action: 'accept', content: { token: 'secret' } });
    stop();
    expect(retry()?.params.inputResponses).toEqual({ login: { action: 'accept' } });
  });
});

const form = (key: string) => ({
  [key]: {
    method: 'elicitation/create',
    params: {
      message: 'Title?',
      requestedSchema: { type: 'object', properties: { title: { type: 'string' } } },
    },
  },
});

describe('a retry answered with neither inputRequests nor requestState (PROTOCOL.md §4)', () => {
  it('createMcpRetrySource reads failed (README: "the call reads failed"), not a send error to try again', async () => {
    const { server, client } = await connectScripted();
    server.toolResults.push(
      () => ({ resultType: 'input_required', inputRequests: form('details'), requestState: 's-1' }),
      () => ({ resultType: 'input_required' }),
    );
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'scripted', arguments: {} } },
    });
    const state = await source.fetchState(signal());
    expect(state.status).toBe('input-required');
    if (state.suspension === undefined) return;
    const next = await source
      .resume(
        { details: { action: 'accept', content: { title: 'x' } } },
        { suspension: state.suspension, signal: signal() },
      )
      .catch((error: unknown) => ({ rejected: String(error) }));
    expect(next).toMatchObject({ status: 'failed' });
  });

  it('createMcpToolSource reads failed too', async () => {
    const { server, client } = await connectScripted();
    server.toolResults.push(
      () => ({ resultType: 'input_required', inputRequests: form('details'), requestState: 's-1' }),
      () => ({ resultType: 'input_required' }),
    );
    const source = createMcpToolSource({ client, name: 'scripted', tasks: false });
    const state = await source.fetchState(signal());
    expect(state.status).toBe('input-required');
    if (state.suspension === undefined) return;
    const next = await source
      .resume(
        { details: { action: 'accept', content: { title: 'x' } } },
        { suspension: state.suspension, signal: signal() },
      )
      .catch((error: unknown) => ({ rejected: String(error) }));
    expect(next).toMatchObject({ status: 'failed' });
  });
});

describe('the MCP sources send answers as MCP has them, whatever a host passed (PROTOCOL.md §2, §3)', () => {
  it('createMcpRetrySource.resume leaves content out of a decline (README, retry source section)', async () => {
    const { server, client } = await connectScripted();
    server.toolResults.push(
      () => ({ resultType: 'input_required', inputRequests: form('details'), requestState: 's-1' }),
      () => done(),
    );
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'scripted', arguments: {} } },
    });
    const state = await source.fetchState(signal());
    if (state.suspension === undefined) throw new Error('no round');
    await source.resume(
      { details: { action: 'decline', content: { title: 'leaked draft' } } as never },
      { suspension: state.suspension, signal: signal() },
    );
    expect(toolCalls(server)[1]?.params.inputResponses).toEqual({ details: { action: 'decline' } });
  });

  it('createMcpTaskSource sends tasks/update without content on a decline', async () => {
    const { server, client } = await connectScripted();
    const source = createMcpTaskSource({ client, taskId: 't-1' });
    const suspension = { id: 't-1:x', requests: [], taskId: 't-1' } as never;
    await source
      .resume(
        { details: { action: 'decline', content: { title: 'leaked draft' } } as never },
        { suspension, signal: signal() },
      )
      .catch(() => undefined);
    const update = server.wire.find((request) => request.method === 'tasks/update');
    expect(update?.params.inputResponses).toEqual({ details: { action: 'decline' } });
  });
});
