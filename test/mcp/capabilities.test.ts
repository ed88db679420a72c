// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { passThroughSchema } from '../../src/mcp/client.ts';
import {
  CLIENT_CAPABILITIES_META_KEY,
  capabilitiesMeta,
  clientCapabilitiesFor,
  createElicitationQueue,
  createMcpRetrySource,
  TASKS_EXTENSION,
} from '../../src/mcp/index.ts';
import { type Connected, connectLegacy, connectModern, createMrtrServer } from '../fixtures/mcp-servers.ts';

let connection: Connected | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

const signal = () => new AbortController().signal;
function toolText(result: unknown): unknown {
  const content = (result as { content: Array<{ text: string }> }).content;
  return content[0]?.text;
}

describe('clientCapabilitiesFor: only what the host renders', () => {
  it('forms by default, written out (an empty elicitation object would mean the same, implicitly)', () => {
    expect(clientCapabilitiesFor()).toEqual({ elicitation: { form: {} } });
  });

  it('adds links and the Tasks extension only when asked', () => {
    expect(clientCapabilitiesFor({ url: true, tasks: true })).toEqual({
      elicitation: { form: {}, url: {} },
      extensions: { [TASKS_EXTENSION]: {} },
    });
    expect(clientCapabilitiesFor({ form: false, url: true })).toEqual({ elicitation: { url: {} } });
  });

  it('declares no elicitation at all when nothing is rendered', () => {
    expect(clientCapabilitiesFor({ form: false })).toEqual({});
  });

  it('keeps the host’s other capabilities, replaces its elicitation and drops a Tasks claim it does not back', () => {
    const base = {
      sampling: {},
      roots: { listChanged: true },
      elicitation: { form: {}, url: {} },
      extensions: { [TASKS_EXTENSION]: {}, 'com.example/other': { level: 2 } },
    };
    expect(clientCapabilitiesFor({}, base)).toEqual({
      sampling: {},
      roots: { listChanged: true },
      elicitation: { form: {} },
      extensions: { 'com.example/other': { level: 2 } },
    });
    expect(base.elicitation).toEqual({ form: {}, url: {} });
  });
});

describe('clientCapabilitiesFor against real servers', () => {
  it('MCP 2025: declared at initialize, a server cannot send a link to a host that renders none', async () => {
    const server = createMrtrServer();
    const queue = createElicitationQueue();
    connection = await connectLegacy(
      server,
      (client) => client.setRequestHandler('elicitation/create', queue.handler),
      { capabilities: clientCapabilitiesFor({ url: false }) },
    );
    const result = await connection.client.callTool({ name: 'sign_in_link', arguments: {} });
    expect(result.isError).toBe(true);
    expect(toolText(result)).toMatch(/does not support url elicitation/i);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('MCP 2026: sent in every request’s _meta, and per request with capabilitiesMeta', async () => {
    const server = createMrtrServer();
    connection = await connectModern(server, {
      capabilities: clientCapabilitiesFor({ url: true, tasks: true }),
      inputRequired: { autoFulfill: false },
    });
    await createMcpRetrySource({
      client: connection.client,
      request: { method: 'tools/call', params: { name: 'plain', arguments: {} } },
    }).fetchState(signal());
    const meta = (request: (typeof server.wire)[number] | undefined) =>
      request?.params._meta as Record<string, unknown> | undefined;
    expect(meta(server.wire.at(-1))?.[CLIENT_CAPABILITIES_META_KEY]).toEqual({
      elicitation: { form: {}, url: {} },
      extensions: { [TASKS_EXTENSION]: {} },
    });

    // One request that declares less: only forms.
    await connection.client.request(
      {
        method: 'tools/call',
        params: { name: 'plain', arguments: {}, _meta: capabilitiesMeta(clientCapabilitiesFor()) },
      },
      passThroughSchema,
    );
    expect(meta(server.wire.at(-1))?.[CLIENT_CAPABILITIES_META_KEY]).toEqual({ elicitation: { form: {} } });
  });
});
