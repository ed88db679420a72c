import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InputRequestCard } from '../../src/index.ts';
import { createTaskApi, type TaskApiOptions } from '../../src/testing/index.ts';

const server = setupServer();
const posts: Request[] = [];
server.events.on('request:start', ({ request }) => {
  if (request.method === 'POST') posts.push(request.clone());
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  posts.length = 0;
  sessionStorage.clear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Harness({ children, client }: { children: ReactNode; client: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function newClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

const fastPoll = { baseMs: 40, maxMs: 40 };

function mount(options: TaskApiOptions = {}, client = newClient()) {
  const api = createTaskApi({ serverName: 'Mailer', toolName: 'send_report', ...options });
  server.use(...api.handlers);
  const view = render(
    <Harness client={client}>
      <InputRequestCard source={api.source} poll={fastPoll} replaceDelayMs={50} />
    </Harness>,
  );
  return { api, client, ...view };
}

const card = () =>
  screen.getByRole('article', { name: / (is asking|asked)$|^Task from a tool$|^Task from / });

describe('InputRequestCard with a source: the lifecycle', () => {
  it('shows the progress the endpoint reports while the task works, as a determinate bar', async () => {
    const { api } = mount({ startWorking: true });
    api.task.report({ progress: 3, total: 10, message: 'Copying the files' });
    const bar = await screen.findByRole('progressbar', { name: 'Working… 3 of 10' });
    expect(bar).toHaveAttribute('value', '3');
    expect(bar).toHaveAttribute('max', '10');
    expect(screen.getByText('Copying the files')).toBeInTheDocument();
  });

  it('shows elapsed time, never a lying bar, when the reported progress makes no sense', async () => {
    const { api } = mount({ startWorking: true });
    api.task.report({ progress: -1, total: 0 });
    const bar = await screen.findByRole('progressbar', { name: /^Working… \d/ });
    expect(bar).not.toHaveAttribute('value');
    expect(bar).not.toHaveAttribute('max');
    // The elapsed time, not the nonsense the endpoint sent.
    expect(bar.getAttribute('aria-label')).not.toMatch(/-1|done|of/);
  });

  it('Stop task posts to cancelUrl once, and the card reads cancelled', async () => {
    const user = userEvent.setup();
    const { api } = mount({ startWorking: true });
    await user.click(await screen.findByRole('button', { name: /^Stop/ }));
    // It ends the whole task: asked first.
    await user.click(
      within(screen.getByRole('group', { name: /Stop the whole task\?/ })).getByRole('button', {
        name: 'Stop task',
      }),
    );
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'cancelled'));
    expect(posts.map((request) => request.url)).toEqual([api.cancelUrl]);
    expect(api.task.received).toEqual([]);
  });

  it('names the tool by the title the endpoint reports, before its raw name', async () => {
    mount({ toolTitle: 'Send the weekly report' });
    await screen.findByRole('textbox', { name: /Note/ });
    expect(card()).toHaveTextContent('Send the weekly report');
    expect(card()).not.toHaveTextContent('send_report');
  });

  it('loads the round, answers it through POST, and shows it answered', async () => {
    const user = userEvent.setup();
    const { api } = mount({ completeAfterLastRound: false });
    expect(card()).toHaveAttribute('data-state', 'loading');

    await user.type(await screen.findByRole('textbox', { name: /Note/ }), 'Looks good');
    expect(card()).toHaveAttribute('data-state', 'input-required');
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'answered'));
    expect(posts).toHaveLength(1);
    expect(api.task.received[0]).toMatchObject({
      inputResponses: {
        approval: { action: 'accept', content: { recipient: 'team@example.com', note: 'Looks good' } },
      },
      outcome: 'accepted',
    });
    expect(api.task.received[0]?.suspendedAt).toBeDefined();
  });

  it('asks twice: the second round shows after the first is answered, then the task completes', async () => {
    const user = userEvent.setup();
    mount({ scenario: 'asks-twice' });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));

    const when = await screen.findByLabelText(/Send on/);
    await user.type(when, '2026-12-24');
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    expect(screen.getByRole('status')).toHaveTextContent('Done.');
  });
});

describe('InputRequestCard with a source: sends over HTTP', () => {
  it('expires when the server refuses the answer as stale (HTTP 410)', async () => {
    const user = userEvent.setup();
    const { api } = mount();
    await screen.findByRole('textbox', { name: /Note/ });
    api.task.expire({ silently: true });

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    // The answer was sent, and refused: the receipt's first line says so as focus lands on it
    // (the live region adds nothing: the same news twice).
    await waitFor(() =>
      expect(screen.getByText('Your answer was not used: this question had already closed.')).toHaveFocus(),
    );
    expect(screen.getByRole('article').querySelector('[data-part="status"]')).toBeEmptyDOMElement();
    expect(api.task.received[0]?.outcome).toBe('expired');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps every typed value when the POST fails, and Retry sends exactly them', async () => {
    const user = userEvent.setup();
    const { api } = mount({ resumeFailures: 1, completeAfterLastRound: false });
    await user.type(await screen.findByRole('textbox', { name: /Note/ }), 'Ship it');
    await user.clear(screen.getByRole('textbox', { name: /Recipient/ }));
    await user.type(screen.getByRole('textbox', { name: /Recipient/ }), 'boss@example.com');
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your answer could not be sent: the server had a problem (error 503).');
    // The raw detail only behind the disclosure, for whoever needs it, and not in what is said.
    expect(alert).not.toHaveTextContent('HTTP 503');
    expect(
      within(alert.closest('[data-failure]') as HTMLElement)
        .getByText(/HTTP 503/)
        .closest('details'),
    ).not.toBeNull();
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('Ship it');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'answered'));
    expect(posts).toHaveLength(2);
    const [firstBody, secondBody] = await Promise.all(posts.map((request) => request.json()));
    expect(secondBody).toEqual(firstBody);
    expect(secondBody.inputResponses).toEqual({
      approval: { action: 'accept', content: { recipient: 'boss@example.com', note: 'Ship it' } },
    });
    expect(api.task.received.map((received) => received.outcome)).toEqual(['failed', 'accepted']);
  });

  it('sends once on a double click', async () => {
    const user = userEvent.setup();
    const { api } = mount({ completeAfterLastRound: false });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(api.resumeUrl, async () => {
        await released;
        return new Response(null, { status: 202 });
      }),
    );
    await user.dblClick(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'submitting'));
    release();
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'answered'));
    expect(posts).toHaveLength(1);
  });

  it('lets a POST in flight finish when the card unmounts: the task gets the answer once', async () => {
    const user = userEvent.setup();
    const { api, unmount } = mount();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let aborted = false;
    server.use(
      http.post(api.resumeUrl, async ({ request }) => {
        request.signal.addEventListener('abort', () => {
          aborted = true;
        });
        await released;
        const body = (await request.json()) as { inputResponses: Record<string, never>; suspendedAt: string };
        api.task.resume(body.inputResponses, body.suspendedAt);
        return new Response(null, { status: 202 });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    unmount();
    release();
    await waitFor(() => expect(api.task.received).toHaveLength(1));
    expect(api.task.received[0]?.outcome).toBe('accepted');
    expect(aborted).toBe(false);
    expect(posts).toHaveLength(1);
  });
});

describe('InputRequestCard with a source: setup', () => {
  it('explains how to fix a missing QueryClient', () => {
    const api = createTaskApi();
    const original = console.error;
    console.error = () => {};
    try {
      expect(() => render(<InputRequestCard source={api.source} />)).toThrow(
        /^input-request-cards: .*QueryClientProvider/,
      );
    } finally {
      console.error = original;
    }
  });
});
