import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InputRequestCard } from '../../src/index.ts';
import { createTaskApi, followUpRound, type TaskApiOptions } from '../../src/testing/index.ts';

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

const card = () => screen.getByRole('article', { name: /is asking/ });

describe('InputRequestCard with a source: the lifecycle', () => {
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

describe('InputRequestCard with a source: the four behaviours', () => {
  it('survives a reload: typed values come back from the draft, secrets do not', async () => {
    const user = userEvent.setup();
    const first = mount();
    await user.type(await screen.findByRole('textbox', { name: /Note/ }), 'Half-typed');
    await user.type(screen.getByLabelText(/One-time code/, { selector: 'input' }), '123456');
    await user.click(screen.getByRole('heading'));
    await waitFor(() => expect(JSON.stringify(sessionStorage)).toContain('Half-typed'));
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('123456');
    first.unmount();

    // A reload: a new QueryClient, a new card, the same task on the server.
    render(
      <Harness client={newClient()}>
        <InputRequestCard source={first.api.source} poll={fastPoll} />
      </Harness>,
    );

    expect(await screen.findByRole('textbox', { name: /Note/ })).toHaveValue('Half-typed');
    expect(screen.getByLabelText(/One-time code/, { selector: 'input' })).toHaveValue('');
  });

  it('removes the draft once the round is answered', async () => {
    const user = userEvent.setup();
    mount({ completeAfterLastRound: false });
    await user.type(await screen.findByRole('textbox', { name: /Note/ }), 'typed');
    await waitFor(() => expect(sessionStorage.length).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'answered'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sessionStorage.length).toBe(0);
  });

  it('closes when answered elsewhere, with a notice, and never sends', async () => {
    mount({ scenario: 'answered-elsewhere' });
    await screen.findByRole('textbox', { name: /Note/ });

    expect(await screen.findByText('Answered elsewhere. This request is closed.')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-state', 'answered-elsewhere');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('is replaced by a newer round: announced, then the newer question shows and the old draft is dropped', async () => {
    const user = userEvent.setup();
    const { api } = mount();
    await user.type(await screen.findByRole('textbox', { name: /Note/ }), 'old round text');
    await waitFor(() => expect(sessionStorage.length).toBe(1));

    api.task.ask(followUpRound);

    expect(await screen.findByText('A newer request replaced this one.')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-state', 'superseded');
    expect(await screen.findByLabelText(/Send on/)).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-state', 'input-required');
    expect(screen.queryByRole('textbox', { name: /Note/ })).not.toBeInTheDocument();
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('old round text');
    expect(posts).toHaveLength(0);
  });

  it('expires at the deadline: inputs disabled, the notice says so, values stay visible, nothing is sent', async () => {
    const user = userEvent.setup();
    mount({ roundTtlMs: 600 });
    await user.type(await screen.findByRole('textbox', { name: /Note/ }), 'too late');

    expect(await screen.findByText('This request expired. Your answers were not sent.')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-state', 'expired');
    expect(screen.getByRole('textbox', { name: /Note/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('too late');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(posts).toHaveLength(0);
  });

  it('expires when the server refuses the answer as stale (HTTP 410)', async () => {
    const user = userEvent.setup();
    const { api } = mount();
    await screen.findByRole('textbox', { name: /Note/ });
    api.task.expire({ silently: true });

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('This request expired. Your answers were not sent.')).toBeInTheDocument();
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

    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP 503');
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
    mount({ latencyMs: 100, completeAfterLastRound: false });
    await user.dblClick(await screen.findByRole('button', { name: 'Accept' }));
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

  it('announces each change in a polite live region', async () => {
    const { api } = mount();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading the request…');
    await waitFor(() => expect(status).toHaveTextContent('A new request needs your answer.'));
    api.task.answerElsewhere();
    await waitFor(() => expect(status).toHaveTextContent('Answered elsewhere'));
  });
});

describe('InputRequestCard with a source: sharing', () => {
  it('two cards bound to the same task make one polling stream', async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const countReads = async (cards: number) => {
      const client = newClient();
      const api = createTaskApi({ startWorking: true });
      server.use(...api.handlers);
      const views = [];
      for (let index = 0; index < cards; index++) {
        // Mounted out of phase, so two independent pollers could not hide behind one request.
        if (index > 0) await sleep(45);
        views.push(
          render(
            <Harness client={client}>
              <InputRequestCard source={api.source} poll={{ baseMs: 100, maxMs: 100 }} />
            </Harness>,
          ),
        );
      }
      await sleep(1050);
      for (const view of views) view.unmount();
      return api.task.stateReads;
    };
    const one = await countReads(1);
    const two = await countReads(2);
    expect(one).toBeGreaterThanOrEqual(5);
    expect(two).toBeLessThanOrEqual(one + 1);
  });

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
