import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputRequestCard } from '../../src/index.ts';
import { createElicitationQueue } from '../../src/mcp/index.ts';
import { type Connected, connectLegacy, createMrtrServer, LOGIN_URL } from '../fixtures/mcp-servers.ts';

// A 2025 link request in the real card: the person opens the link, finishes elsewhere, and the
// server's notifications/elicitation/complete closes the waiting request without another click.

let connection: Connected | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

function Questions({ queue }: { queue: ReturnType<typeof createElicitationQueue> }) {
  const prompts = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  return prompts.map((prompt) => (
    <InputRequestCard key={prompt.suspension.id} suspension={prompt.suspension} resume={prompt.resume} />
  ));
}

describe('a 2025 link request that the server reports complete, through the card', () => {
  it('closes after Open once the server says the step is done, and the tool hears accept', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const server = createMrtrServer();
    const queue = createElicitationQueue({ serverName: 'Example' });
    connection = await connectLegacy(server, (client) => {
      client.setRequestHandler('elicitation/create', queue.handler);
      client.setNotificationHandler('notifications/elicitation/complete', queue.handleComplete);
    });
    render(<Questions queue={queue} />);

    const call = connection.client.callTool({ name: 'sign_in_link', arguments: {} });
    await user.click(await screen.findByRole('button', { name: /Open/ }));
    expect(open).toHaveBeenCalledWith(LOGIN_URL, '_blank', 'noopener,noreferrer');
    // Waiting: the request stays until the person says Done, or the server says so.
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();

    await server.completeLink('sign-in-1');

    const result = await call;
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? 'null')).toEqual({
      action: 'accept',
    });
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    open.mockRestore();
  });
});
