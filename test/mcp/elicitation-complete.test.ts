// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createElicitationHandler,
  createElicitationQueue,
  type ElicitationPrompt,
} from '../../src/mcp/index.ts';
import { type Connected, connectLegacy, createMrtrServer, LOGIN_URL } from '../fixtures/mcp-servers.ts';

// MCP 2025-11-25 URL mode: the server tells the client, with notifications/elicitation/complete,
// that the step a link started is done. Against a real @modelcontextprotocol/server 2.4 server.

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

async function connectQueue() {
  const server = createMrtrServer();
  const queue = createElicitationQueue({ serverName: 'Example' });
  connection = await connectLegacy(server, (client) => {
    client.setRequestHandler('elicitation/create', queue.handler);
    client.setNotificationHandler('notifications/elicitation/complete', queue.handleComplete);
  });
  return { server, queue, client: connection.client };
}

describe('notifications/elicitation/complete (MCP 2025 URL mode)', () => {
  it('a waiting link request learns it is done, is answered accept for the person, and leaves the queue', async () => {
    const { server, queue, client } = await connectQueue();
    const call = client.callTool({ name: 'sign_in_link', arguments: {} });
    const prompt = await nextPrompt(queue);
    expect(prompt.suspension.requests[0]).toMatchObject({
      kind: 'url',
      url: LOGIN_URL,
      elicitationId: 'sign-in-1',
    });
    expect(prompt.completion?.done).toBe(false);
    const heard = vi.fn();
    prompt.completion?.subscribe(heard);

    await server.completeLink('sign-in-1');

    expect(toolText(await call)).toEqual({ action: 'accept' });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(prompt.completion?.done).toBe(true);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('after the person accepted, the completion still reaches the prompt, once; repeats and unknown ids are ignored', async () => {
    const { server, queue, client } = await connectQueue();
    const call = client.callTool({ name: 'sign_in_link', arguments: {} });
    const prompt = await nextPrompt(queue);
    const heard = vi.fn();
    prompt.completion?.subscribe(heard);
    prompt.respond({ action: 'accept' });
    expect(toolText(await call)).toEqual({ action: 'accept' });
    expect(heard).not.toHaveBeenCalled();

    await server.completeLink('sign-in-1');
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    await server.completeLink('sign-in-1');
    await server.completeLink('no-such-id');
    // Let both notifications arrive; neither may reach the prompt again.
    await client.ping();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(prompt.completion?.done).toBe(true);
  });

  it('a declined link forgets its id: a later completion changes nothing', async () => {
    const { server, queue, client } = await connectQueue();
    const call = client.callTool({ name: 'sign_in_link', arguments: {} });
    const prompt = await nextPrompt(queue);
    prompt.respond({ action: 'decline' });
    expect(toolText(await call)).toEqual({ action: 'decline' });
    await server.completeLink('sign-in-1');
    await client.ping();
    expect(prompt.completion?.done).toBe(false);
  });

  it('the plain handler learns it too (linkOpened until then); requests without an elicitationId have no completion', async () => {
    const server = createMrtrServer();
    const prompts: ElicitationPrompt[] = [];
    const handler = createElicitationHandler((prompt) => {
      prompts.push(prompt);
    });
    connection = await connectLegacy(server, (client) => {
      client.setRequestHandler('elicitation/create', handler);
      client.setNotificationHandler('notifications/elicitation/complete', handler.handleComplete);
    });
    const link = connection.client.callTool({ name: 'sign_in_link', arguments: {} });
    await vi.waitFor(() => expect(prompts).toHaveLength(1));
    await server.completeLink('sign-in-1');
    expect(toolText(await link)).toEqual({ action: 'accept' });

    expect(prompts[0]?.linkOpened).toBe(false);

    // Answered by opening its link: linkOpened until the server says the step is done.
    const opened = connection.client.callTool({ name: 'sign_in_link', arguments: {} });
    await vi.waitFor(() => expect(prompts).toHaveLength(2));
    const prompt = prompts[1] as ElicitationPrompt;
    prompt.respond({ action: 'accept' });
    expect(toolText(await opened)).toEqual({ action: 'accept' });
    expect(prompt.linkOpened).toBe(true);
    await server.completeLink('sign-in-2');
    await vi.waitFor(() => expect(prompt.completion?.done).toBe(true));
    expect(prompt.linkOpened).toBe(false);

    const form = connection.client.callTool({ name: 'book_meeting', arguments: { day: 'Monday' } });
    await vi.waitFor(() => expect(prompts).toHaveLength(3));
    expect(prompts[2]?.completion).toBeUndefined();
    prompts[2]?.respond({ action: 'cancel' });
    expect(toolText(await form)).toMatchObject({ booked: false });
  });
});
