import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputRequestCard } from '../../src/index.ts';
import { createElicitationQueue } from '../../src/mcp/index.ts';
import { type Connected, connectLegacy, createMrtrServer, LOGIN_URL } from '../fixtures/mcp-servers.ts';

/** The receipt's first line, which says how the round ended. */
const OUTCOME = '[data-part="outcome"]';

// A 2025 link request in the real card: Open answers accept (the consent), and the server's
// notifications/elicitation/complete tells when the step the link started is done.

let connection: Connected | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

/** The README's queue host: a card per prompt, and Dismiss for those that no longer ask. */
function Questions({ queue }: { queue: ReturnType<typeof createElicitationQueue> }) {
  const prompts = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  return prompts.map((prompt) => (
    <div key={prompt.suspension.id}>
      <InputRequestCard source={prompt.source} />
      {prompt.withdrawn || prompt.linkOpened ? (
        <button type="button" onClick={() => queue.dismiss(prompt)}>
          Dismiss
        </button>
      ) : null}
    </div>
  ));
}

/** A real 2025 server and the README's queue host, its questions rendered as cards. */
async function showQuestions() {
  const server = createMrtrServer();
  const queue = createElicitationQueue({ serverName: 'Example' });
  connection = await connectLegacy(server, (client) => {
    client.setRequestHandler('elicitation/create', queue.handler);
    client.setNotificationHandler('notifications/elicitation/complete', queue.handleComplete);
  });
  const view = render(<Questions queue={queue} />);
  return { server, queue, client: connection.client, view };
}

describe('a 2025 link request, through the card', () => {
  it('Open is the consent: the tool hears accept at once, and the completion still reaches the prompt', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { server, queue, client } = await showQuestions();

    const call = client.callTool({ name: 'sign_in_link', arguments: {} });
    const prompt = await nextPrompt(queue);
    await user.click(await screen.findByRole('button', { name: 'Open link' }));
    expect(open).toHaveBeenCalledWith(LOGIN_URL, '_blank', 'noopener,noreferrer');

    // No Done, and no completion yet: the consent alone ends the server's elicitInput, so it
    // cannot time out while the person signs in on the other page.
    const result = await call;
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? 'null')).toEqual({
      action: 'accept',
    });
    // The card stays, saying where the step goes on, not "You answered.".
    expect(
      await screen.findByText('You opened the link. Continue on the page that opened.', {
        selector: OUTCOME,
      }),
    ).toBeInTheDocument();
    expect(prompt.linkOpened).toBe(true);
    expect(queue.getSnapshot()).toStrictEqual([prompt]);

    expect(prompt.completion?.done).toBe(false);
    await server.completeLink('sign-in-1');
    await waitFor(() => expect(prompt.completion?.done).toBe(true));
    // The step is done: the card leaves.
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(queue.getSnapshot()).toStrictEqual([]);
    open.mockRestore();
  });

  it('an opened link whose server never says it is done stays until dismissed, and a remount still shows it opened', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { queue, client, view } = await showQuestions();

    const call = client.callTool({ name: 'sign_in_link', arguments: {} });
    await user.click(await screen.findByRole('button', { name: 'Open link' }));
    await call;
    const outcome = 'You opened the link. Continue on the page that opened.';
    expect(await screen.findByText(outcome, { selector: OUTCOME })).toBeInTheDocument();

    // Mounted again (a host that re-renders its list): the card reads the same prompt.
    view.unmount();
    render(<Questions queue={queue} />);
    expect(await screen.findByText(outcome, { selector: OUTCOME })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open link' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(queue.getSnapshot()).toStrictEqual([]);
    open.mockRestore();
  });

  it('closes without a click when the server says the step is done before anyone answered', async () => {
    const { server, client } = await showQuestions();

    const call = client.callTool({ name: 'sign_in_link', arguments: {} });
    expect(await screen.findByRole('button', { name: 'Open link' })).toBeInTheDocument();
    await server.completeLink('sign-in-1');

    const result = await call;
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? 'null')).toEqual({
      action: 'accept',
    });
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
  });
});

/** Resolves with the next prompt the queue shows. */
function nextPrompt(queue: ReturnType<typeof createElicitationQueue>) {
  return new Promise<ReturnType<typeof queue.getSnapshot>[number]>((resolve) => {
    const first = queue.getSnapshot()[0];
    if (first) return resolve(first);
    const unsubscribe = queue.subscribe(() => {
      const prompt = queue.getSnapshot()[0];
      if (prompt) {
        unsubscribe();
        resolve(prompt);
      }
    });
  });
}
