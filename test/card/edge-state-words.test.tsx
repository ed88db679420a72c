import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createHttpSource } from '../../src/adapters/http.ts';
import { InputRequestCard, type InputResponses } from '../../src/index.ts';
import { formRound, legacyLinkRound } from '../fixtures/suspensions.ts';

// Found by a review of the UX review's fixes: words of failed sends in states those fixes did
// not cover, the line beside Stop task while stopping, Open again for a warned link. Each was red
// before its fix.

const round = (id: string) =>
  formRound({ type: 'object', properties: { name: { type: 'string', title: 'Name' } } }, 'Who are you?', {
    id,
    serverName: 'Profiles',
  });

describe('the words of a failed send, in states the review fixes did not cover', () => {
  it('a sign-in page in reply (200 text/html) is not an answer that "was sent": the adapter says it was not taken', async () => {
    const user = userEvent.setup();
    // The HTTP adapter's own resume, against a proxy that answers every POST with its sign-in page.
    const source = createHttpSource({
      stateUrl: 'https://tasks.example/state',
      resumeUrl: 'https://tasks.example/resume',
      fetch: async () =>
        new Response('<html><body>Please sign in</body></html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    });
    render(
      <InputRequestCard
        suspension={round('sign-in-page')}
        resume={(responses, context) => source.resume(responses, context)}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const alert = await screen.findByRole('alert');
    // The adapter: "A 2xx that says nothing we can read (a sign-in page, a proxy's error page) did
    // not take the answer as far as anyone can tell: never report it as sent." The card keeps the
    // form editable (not an unconfirmed send), and yet tells the person the answer was sent.
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled();
    expect(alert.textContent).not.toMatch(/was sent/);
  });

  it('does not point at Accept while the server’s Retry-After holds Accept disabled', async () => {
    const user = userEvent.setup();
    const resume = vi
      .fn<(responses: InputResponses) => Promise<undefined>>()
      .mockRejectedValueOnce(Object.assign(new Error('HTTP 503'), { status: 503, retryAfterMs: 60_000 }))
      .mockResolvedValue(undefined);
    render(<InputRequestCard suspension={round('held-accept')} resume={resume} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await screen.findByRole('alert');
    // An edit takes the failed answer back: no Try again, and the words turn to Accept.
    await user.type(name, 'x');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    // "Try again" is left out while the wait holds the buttons (messages.ts); so must Accept be.
    expect(screen.getByRole('alert')).not.toHaveTextContent('Accept sends what is on screen now');
  });

  it('an unconfirmed send whose answers are free again never promises "the same answer"', async () => {
    const user = userEvent.setup();
    const resume = vi
      .fn<(responses: InputResponses) => Promise<undefined>>()
      // May have arrived: kept as sent, locked.
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      // The retry is refused outright: the answers are free again, the send still unconfirmed.
      .mockRejectedValueOnce(Object.assign(new Error('HTTP 422'), { status: 422 }))
      .mockResolvedValue(undefined);
    render(<InputRequestCard suspension={round('uncertain-then-refused')} resume={resume} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(resume).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled());
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' Lovelace');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Your answer may or may not have arrived: an earlier try was never confirmed, and the server refused the last one (error 422).',
    );
    // What goes next is what is on screen ("Ada Lovelace"), not the answer that was sent ("Ada").
    // German says only that a repeat is marked as one; English says "sends the same answer".
    expect(alert).not.toHaveTextContent('sends the same answer');
  });
});

describe('the line beside Stop task', () => {
  it('does not say the task goes on while the person is stopping it', async () => {
    const { createTestSource } = await import('../../src/testing/index.ts');
    const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
    const user = userEvent.setup();
    const { source: tested, task } = createTestSource({
      serverName: 'Mailer',
      completeAfterLastRound: false,
    });
    // A stop whose request is still on its way.
    const source = { ...tested, cancel: () => new Promise<void>(() => {}) };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <InputRequestCard source={source} poll={{ baseMs: 50, maxMs: 50 }} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(document.querySelector('[data-state="input-required"]')).not.toBeNull(), {
      timeout: 3000,
    });
    task.answerElsewhere();
    expect(
      await screen.findByText('The task goes on with the answer given elsewhere.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    await user.click(
      within(screen.getByRole('group', { name: /Stop the whole task\?/ })).getByRole('button', {
        name: 'Stop task',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Stopping the task…' })).toBeInTheDocument();
    expect(screen.queryByText('The task goes on with the answer given elsewhere.')).toBeNull();
    client.clear();
  });
});

describe('Open again in the receipt of a link answered by opening it', () => {
  let open: MockInstance<typeof window.open>;
  beforeEach(() => {
    open = vi.spyOn(window, 'open').mockReturnValue(null);
  });
  afterEach(() => {
    open.mockRestore();
  });

  it('offers no Open again for a link the card warned about: its address and warnings are gone with the section', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={legacyLinkRound('http://example.com/login')} resume={resume} />);
    const warning = screen.getByText(/This address is not encrypted \(http\)/).textContent as string;
    await user.click(screen.getByRole('button', { name: 'Open anyway' }));
    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    // The section (its URL, its site, its warnings) is gone: an Open again here would open the
    // same unencrypted address in one click, with nothing said about it.
    expect(screen.queryByText(warning)).toBeNull();
    expect(
      await screen.findByText('You opened the link. Continue on the page that opened.', {
        selector: '[data-part="outcome"]',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Open again|Open anyway/ })).toBeNull();
  });
});
