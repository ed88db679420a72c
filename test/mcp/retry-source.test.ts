// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InputResponses, Suspension } from '../../src/core/model.ts';
import { isStaleRoundError, type ResumeOutcome } from '../../src/core/source.ts';
import { answerRound, answerUntilDone, createMcpRetrySource } from '../../src/mcp/index.ts';
import {
  type Connected,
  connectModern,
  createMrtrServer,
  LOGIN_URL,
  type MrtrServer,
} from '../fixtures/mcp-servers.ts';

let connection: Connected | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

async function setup(): Promise<{ server: MrtrServer; client: Connected['client'] }> {
  const server = createMrtrServer();
  connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
  return { server, client: connection.client };
}

const signal = () => new AbortController().signal;

function suspensionOf(state: ResumeOutcome): Suspension {
  if (state?.status !== 'input-required' || !state.suspension) {
    throw new Error(`expected an input-required state, got ${JSON.stringify(state)}`);
  }
  return state.suspension;
}

function toolText(state: ResumeOutcome): unknown {
  if (state?.status !== 'completed') throw new Error(`expected completed, got ${JSON.stringify(state)}`);
  const result = state.result as { content: Array<{ text: string }> };
  return JSON.parse(result.content[0]?.text ?? 'null');
}

/** The `tools/call` requests that reached the server, for one tool. */
function calls(server: MrtrServer, name: string) {
  return server.wire.filter((request) => request.method === 'tools/call' && request.params.name === name);
}

describe('createMcpRetrySource against a real MCP 2026-07-28 server', () => {
  it("names its rounds apart from an earlier page's in the same tab (the ledger outlives a reload)", async () => {
    const { client } = await setup();
    const firstRoundIdOf = async () => {
      // A fresh page: the module state (its call counter) starts over.
      vi.resetModules();
      const { createMcpRetrySource: fresh } = await import('../../src/mcp/index.ts');
      const source = fresh({
        client,
        request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Friday' } } },
      });
      return suspensionOf(await source.fetchState(signal())).id;
    };
    const before = await firstRoundIdOf();
    const after = await firstRoundIdOf();
    expect(after).not.toBe(before);
  });

  it('asks once, answers with every default typed, and returns the tool output', async () => {
    const { server, client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Friday' } } },
      serverName: 'Calendar',
    });

    const suspension = suspensionOf(await source.fetchState(signal()));
    expect(suspension).toMatchObject({ serverName: 'Calendar', toolName: 'book_meeting' });
    expect(suspension.requests.map((request) => [request.key, request.kind])).toEqual([['details', 'form']]);
    expect(suspension.requestState).toBe(server.minted[0]);

    const responses = answerRound(suspension);
    const final = await source.resume(responses, { suspension, signal: signal() });

    const sent = {
      details: {
        action: 'accept',
        content: {
          title: 'Weekly sync',
          attendees: 3,
          hours: 1.5,
          room: 'north',
          remote: true,
          topics: ['plan'],
        },
      },
    };
    expect(toolText(final)).toEqual({ booked: true, day: 'Friday', details: sent.details.content });
    // What the server received: the same arguments, the answers exactly, the state byte-exact.
    const [first, retry] = calls(server, 'book_meeting');
    expect(first?.params).not.toHaveProperty('inputResponses');
    expect(first?.params).not.toHaveProperty('requestState');
    expect(retry?.params.arguments).toEqual({ day: 'Friday' });
    expect(retry?.params.inputResponses).toEqual(sent);
    expect(retry?.params.requestState).toBe(server.minted[0]);
    expect(server.verified).toEqual(server.minted);
    expect(server.entries.at(-1)?.inputResponses).toEqual(sent);
    // A new JSON-RPC id for the retry.
    expect(retry?.id).not.toEqual(first?.id);
  });

  it('heads a round with the name the server introduced itself with, when the host gives none', async () => {
    const { client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Monday' } } },
    });
    expect(suspensionOf(await source.fetchState(signal()))).toMatchObject({ serverName: 'fixture' });
  });

  it('skips an introduced title that shows nothing (a Hangul filler) for the name after it', async () => {
    const server = createMrtrServer({ name: 'Calendar', title: '\u3164' });
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    const source = createMcpRetrySource({
      client: connection.client,
      request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Monday' } } },
    });
    expect(suspensionOf(await source.fetchState(signal()))).toMatchObject({ serverName: 'Calendar' });
  });

  it('calls the tool once however often the state is fetched', async () => {
    const { server, client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Monday' } } },
    });
    const [a, b] = await Promise.all([source.fetchState(signal()), source.fetchState(signal())]);
    const c = await source.fetchState(signal());
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(calls(server, 'book_meeting')).toHaveLength(1);

    const suspension = suspensionOf(a);
    const final = await source.resume({ details: { action: 'decline' } }, { suspension, signal: signal() });
    expect(await source.fetchState(signal())).toBe(final);
    expect(toolText(final)).toEqual({ booked: false, day: 'Monday', details: null });
    expect(calls(server, 'book_meeting')).toHaveLength(2);
  });

  it('answers two rounds, each with its own requestState echoed byte-exact', async () => {
    const { server, client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'two_step', arguments: {} } },
    });

    const first = suspensionOf(await source.fetchState(signal()));
    const second = suspensionOf(
      await source.resume(answerRound(first, { values: { name: 'Ada' } }), {
        suspension: first,
        signal: signal(),
      }),
    );
    expect(second.id).not.toBe(first.id);
    expect(second.requests.map((request) => request.key)).toEqual(['confirm']);
    const final = await source.resume(answerRound(second), { suspension: second, signal: signal() });
    expect(toolText(final)).toEqual({ greeting: 'Hello, Ada!' });

    const [, retry1, retry2] = calls(server, 'two_step');
    expect(server.minted).toHaveLength(2);
    expect(retry1?.params.requestState).toBe(server.minted[0]);
    expect(retry1?.params.inputResponses).toEqual({ name: { action: 'accept', content: { name: 'Ada' } } });
    expect(retry2?.params.requestState).toBe(server.minted[1]);
    expect(retry2?.params.inputResponses).toEqual({ confirm: { action: 'accept', content: { ok: true } } });
  });

  it('leaves requestState out when the round had none', async () => {
    const { server, client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'no_state', arguments: {} } },
    });
    const final = await answerUntilDone(source);
    expect(toolText(final)).toEqual({ color: 'green' });
    const [, retry] = calls(server, 'no_state');
    expect(retry?.params).not.toHaveProperty('requestState');
    expect(retry?.params.inputResponses).toEqual({
      color: { action: 'accept', content: { color: 'green' } },
    });
  });

  it('retries a state-only round at once, with the state and no inputResponses', async () => {
    const { server, client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'state_only', arguments: {} } },
    });
    const suspension = suspensionOf(await source.fetchState(signal()));
    expect(suspension.requests).toEqual([]);
    const final = await source.resume(answerRound(suspension), { suspension, signal: signal() });
    expect(toolText(final)).toEqual({ resumedAt: 7 });
    const [, retry] = calls(server, 'state_only');
    expect(retry?.params).not.toHaveProperty('inputResponses');
    expect(retry?.params.requestState).toBe(server.minted[0]);
  });

  it('declines a link by default and accepts it when the policy says so', async () => {
    const { server, client } = await setup();
    const request = { method: 'tools/call' as const, params: { name: 'connect_account', arguments: {} } };

    const declining = createMcpRetrySource({ client, request });
    const link = suspensionOf(await declining.fetchState(signal())).requests[0];
    expect(link).toEqual({ kind: 'url', key: 'login', message: 'Sign in to Example', url: LOGIN_URL });
    expect(toolText(await answerUntilDone(declining))).toEqual({ linked: false, action: 'decline' });

    // The same tool and arguments once more: a second call only because it has its own callId.
    const accepting = createMcpRetrySource({ client, request, callId: 'second' });
    expect(toolText(await answerUntilDone(accepting, { policy: { acceptUrls: true } }))).toEqual({
      linked: true,
      action: 'accept',
    });
    const retries = calls(server, 'connect_account').filter(
      (call) => call.params.inputResponses !== undefined,
    );
    expect(retries.map((call) => call.params.inputResponses)).toEqual([
      { login: { action: 'decline' } },
      { login: { action: 'accept' } },
    ]);
    expect(retries.map((call) => call.params.requestState)).toEqual(server.minted);
  });

  it('answers a round that mixes a form, a link and a sampling request', async () => {
    const { server, client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'mixed', arguments: {} } },
    });
    const suspension = suspensionOf(await source.fetchState(signal()));
    expect(suspension.requests.map((request) => `${request.key}:${request.kind}`)).toEqual([
      'profile:form',
      'consent:url',
      'summary:unsupported',
    ]);
    const responses: InputResponses = answerRound(suspension, { acceptUrls: true, unsupported: 'cancel' });
    const final = await source.resume(responses, { suspension, signal: signal() });
    const sent = {
      profile: { action: 'accept', content: { nickname: 'ada' } },
      consent: { action: 'accept' },
      summary: { action: 'cancel' },
    };
    expect(calls(server, 'mixed')[1]?.params.inputResponses).toEqual(sent);
    expect(toolText(final)).toEqual({
      profile: { kind: 'elicit', action: 'accept', content: { nickname: 'ada' } },
      consent: { kind: 'elicit', action: 'accept' },
      summary: { kind: 'elicit', action: 'cancel' },
    });
  });

  it('works for prompts/get, echoing an unsigned state exactly as sent', async () => {
    const { server, client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'prompts/get', params: { name: 'greeting', arguments: { who: 'Grace' } } },
      toolName: 'greeting',
    });
    const suspension = suspensionOf(await source.fetchState(signal()));
    expect(suspension.toolName).toBe('greeting');
    const final = await source.resume(answerRound(suspension), { suspension, signal: signal() });
    expect(final).toMatchObject({
      status: 'completed',
      result: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi Grace (warm)' } }] },
    });
    const retry = server.wire.filter((request) => request.method === 'prompts/get')[1];
    expect(retry?.params.requestState).toBe('plain: not signed, {"spaces": "and quotes"}  ');
    expect(server.verified).toEqual(['plain: not signed, {"spaces": "and quotes"}  ']);
  });

  it('never sends a tampered state: the server refuses one, and refuses ours only after a key rotation', async () => {
    const { server, client } = await setup();
    const params = { name: 'book_meeting', arguments: { day: 'Friday' } };
    const source = createMcpRetrySource({ client, request: { method: 'tools/call', params } });
    const suspension = suspensionOf(await source.fetchState(signal()));
    const minted = server.minted[0] ?? '';

    // A deliberately tampered copy, sent by hand: the server refuses it.
    const middle = Math.floor(minted.length / 2);
    const tampered = `${minted.slice(0, middle)}${minted[middle] === 'A' ? 'B' : 'A'}${minted.slice(middle + 1)}`;
    expect(tampered).not.toBe(minted);
    await expect(
      client.request(
        {
          method: 'tools/call',
          params: { ...params, inputResponses: answerRound(suspension), requestState: tampered },
        },
        { allowInputRequired: true },
      ),
    ).rejects.toThrow('Invalid or expired requestState');

    // Ours arrives unchanged and is accepted.
    const final = await source.resume(answerRound(suspension), { suspension, signal: signal() });
    expect(final?.status).toBe('completed');
    expect(server.verified).toEqual([tampered, minted]);
  });

  it('rejects with StaleRoundError when the server refuses the state', async () => {
    const { server, client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Friday' } } },
    });
    const suspension = suspensionOf(await source.fetchState(signal()));
    server.rotateKey();
    const error = await source
      .resume(answerRound(suspension), { suspension, signal: signal() })
      .catch((e: unknown) => e);
    expect(isStaleRoundError(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^input-request-cards: the server refused this round's requestState/,
    );
    expect(server.verified).toEqual(server.minted);
  });

  it('rejects a second answer to the same round, and an answer to a replaced round', async () => {
    const { client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'two_step', arguments: {} } },
    });
    const first = suspensionOf(await source.fetchState(signal()));
    await source.resume(answerRound(first, { values: { name: 'Ada' } }), {
      suspension: first,
      signal: signal(),
    });
    const again = await source
      .resume(answerRound(first, { values: { name: 'Eve' } }), { suspension: first, signal: signal() })
      .catch((e: unknown) => e);
    expect(isStaleRoundError(again)).toBe(true);
  });

  it('reports a JSON-RPC error of the call as failed, and a tool error as a completed result', async () => {
    const { client } = await setup();
    const unknown = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } },
    });
    expect(await unknown.fetchState(signal())).toEqual({
      status: 'failed',
      error: expect.stringContaining('no_such_tool'),
    });

    const failing = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'failing', arguments: {} } },
    });
    expect(await failing.fetchState(signal())).toMatchObject({
      status: 'completed',
      result: { isError: true, content: [{ type: 'text', text: 'The calendar is locked' }] },
    });
  });

  it('reports a JSON-RPC error answering the retry as failed: the answer arrived, the server refused it', async () => {
    const { server, client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Friday' } } },
    });
    const suspension = suspensionOf(await source.fetchState(signal()));
    server.disableTool('book_meeting');
    const final = await source.resume(answerRound(suspension), { suspension, signal: signal() });
    expect(final).toEqual({ status: 'failed', error: expect.stringContaining('book_meeting disabled') });
    // The call's outcome: read again, and a second resume of the round, send nothing more.
    expect(await source.fetchState(signal())).toBe(final);
    await source.resume(answerRound(suspension), { suspension, signal: signal() }).catch(() => {});
    expect(calls(server, 'book_meeting')).toHaveLength(2);
  });

  it('treats a result without resultType as complete', async () => {
    const { client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'legacy_result', arguments: {} } },
    });
    expect(toolText(await source.fetchState(signal()))).toEqual({ legacy: true });
  });

  it('stays tolerant when a reconnect installs a fresh message handler on the transport', async () => {
    const { client } = await setup();
    const transport = client.transport as { onmessage?: unknown };
    const sdkHandler = transport.onmessage;
    const request = { method: 'tools/call' as const, params: { name: 'legacy_result', arguments: {} } };
    expect(
      toolText(await createMcpRetrySource({ client, request, callId: 'before' }).fetchState(signal())),
    ).toEqual({
      legacy: true,
    });
    // What a (re)connect does: the SDK puts its own, unwrapped handler back.
    transport.onmessage = sdkHandler;
    expect(
      toolText(await createMcpRetrySource({ client, request, callId: 'after' }).fetchState(signal())),
    ).toEqual({
      legacy: true,
    });
  });

  it('shows the SDK limitation it works around: without the shim the result is refused', async () => {
    const { client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'legacy_result', arguments: {} } },
      tolerateMissingResultType: false,
    });
    expect(await source.fetchState(signal())).toEqual({
      status: 'failed',
      error: expect.stringContaining('missing required resultType'),
    });
  });

  it('hands rounds back even when the client would auto-fulfil them', async () => {
    const server = createMrtrServer();
    connection = await connectModern(server);
    const source = createMcpRetrySource({
      client: connection.client,
      request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Sunday' } } },
    });
    const state = await source.fetchState(signal());
    expect(state.status).toBe('input-required');
  });

  it('calls the tool once however many sources are made for the call', async () => {
    const { server, client } = await setup();
    const request = {
      method: 'tools/call' as const,
      params: { name: 'book_meeting', arguments: { day: 'Friday' } },
    };
    const sources = Array.from({ length: 4 }, () => createMcpRetrySource({ client, request }));
    const states = await Promise.all(sources.map((source) => source.fetchState(signal())));
    expect(calls(server, 'book_meeting')).toHaveLength(1);
    expect(new Set(states.map((state) => suspensionOf(state).id)).size).toBe(1);
  });

  it('sends one retry however many resumes of one round run at once', async () => {
    const { server, client } = await setup();
    const source = createMcpRetrySource({
      client,
      request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Friday' } } },
    });
    const suspension = suspensionOf(await source.fetchState(signal()));
    const responses = answerRound(suspension);
    const outcomes = await Promise.all([
      source.resume(responses, { suspension, signal: signal() }),
      source.resume(responses, { suspension, signal: signal() }),
      source.resume(responses, { suspension, signal: signal() }),
    ]);
    // The tool call is not idempotent: one first call and one retry reached the server.
    expect(calls(server, 'book_meeting')).toHaveLength(2);
    expect(outcomes[1]).toBe(outcomes[0]);
    expect(outcomes[2]).toBe(outcomes[0]);
  });

  it('keys a source by its call, or by the key it is given', () => {
    const client = { request: async () => ({}) } as never;
    const request = { method: 'tools/call' as const, params: { name: 'plain' } };
    const a = createMcpRetrySource({ client, request });
    const b = createMcpRetrySource({ client, request });
    // The same call, however often it is created; another call only with another callId.
    expect(a.queryKey).toEqual(b.queryKey);
    expect(createMcpRetrySource({ client, request, callId: 'message-2' }).queryKey).not.toEqual(a.queryKey);
    expect(createMcpRetrySource({ client, request, queryKey: ['mine'] }).queryKey).toEqual(['mine']);
  });
});
