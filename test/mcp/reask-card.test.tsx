import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InputRequestCard, type InputRequestSource, type InputRequestState } from '../../src/index.ts';
import { createMcpRetrySource, createMcpTaskSource } from '../../src/mcp/index.ts';
import { approveRound, createTaskApi } from '../../src/testing/index.ts';
import {
  askFor,
  type Connected,
  connectModern,
  connectTasks,
  createTaskServer,
} from '../fixtures/mcp-servers.ts';
import { createReaskServer, GUEST_URL, type ReaskServer } from '../fixtures/reask-server.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

// Rounds that talk back, through the real card and a person (Testing Library + user-event),
// against real in-process @modelcontextprotocol/server 2.4 servers (and MSW at the HTTP edge):
// a re-ask keeps the person's answers and shows the server's reason; a round that asks nothing
// backs off; a refused state offers Start again; a request nobody can show waits for a click.

let connection: Connected | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

function renderCard(source: InputRequestSource) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <InputRequestCard source={source} poll={{ baseMs: 50, maxMs: 200 }} replaceDelayMs={0} drafts={false} />
    </QueryClientProvider>,
  );
  return { finalState: () => queryClient.getQueryData<InputRequestState>(source.queryKey) };
}

const card = () =>
  screen.getByRole('article', { name: / (is asking|asked)$|^Task from a tool$|^Task from / });
function toolText(state: InputRequestState | undefined): unknown {
  const result = state?.result as { content?: Array<{ text: string }> } | undefined;
  return JSON.parse(result?.content?.[0]?.text ?? 'null');
}
const toolCalls = (server: { wire: Array<{ method: string; params: Record<string, unknown> }> }) =>
  server.wire.filter((request) => request.method === 'tools/call');

describe('a re-ask keeps the answers and shows the server’s reason', () => {
  it('MCP retry: the same key asked again is pre-filled (never the PIN), with the reason above the form', async () => {
    const user = userEvent.setup();
    const server = createReaskServer();
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    const { finalState } = renderCard(
      createMcpRetrySource({
        client: connection.client,
        request: { method: 'tools/call', params: { name: 'register_guest', arguments: {} } },
        serverName: 'Guests',
      }),
    );

    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@taken.example');
    await user.type(screen.getByLabelText(/^PIN/), '4321');
    expect(screen.queryByText('Asked again')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    // The server refused the address and asked the same key again, with its reason.
    const reason = 'ada@taken.example is already registered. Use another email address.';
    const form = await screen.findByRole('form', { name: `The server asked again. Its reason: ${reason}` });
    expect(server.entries[1]?.inputResponses).toEqual({
      guest: { action: 'accept', content: { name: 'Ada', email: 'ada@taken.example', pin: '4321' } },
    });
    const name = within(form).getByRole('textbox', { name: /Name/ });
    const email = within(form).getByRole('textbox', { name: /Email/ });
    const pin = within(form).getByLabelText(/^PIN/);
    expect(name).toHaveValue('Ada');
    expect(email).toHaveValue('ada@taken.example');
    expect(pin).toHaveValue('');
    // Every field is asked again: the reason above says so, and no field carries a mark of its own.
    for (const field of [name, email, pin]) expect(field).not.toHaveAccessibleDescription(/Asked again/);
    expect(within(form).queryByText('Asked again')).not.toBeInTheDocument();
    expect(within(form).getByText(/Your earlier answers are filled in/)).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'ada@example.com');
    await user.type(pin, '4321');
    await user.click(within(form).getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    const answer = { name: 'Ada', email: 'ada@example.com', pin: '4321' };
    expect(server.entries.at(-1)?.inputResponses).toEqual({ guest: { action: 'accept', content: answer } });
    expect(toolText(finalState())).toEqual({ registered: answer });
    // Each retry echoed the state of the round it answered.
    expect(toolCalls(server).map((call) => call.params.requestState)).toEqual([
      undefined,
      server.minted[0],
      server.minted[1],
    ]);
  });

  it('MCP Tasks: a new key asking the same field again is pre-filled, under the reason', async () => {
    const user = userEvent.setup();
    const server = createTaskServer();
    connection = await connectTasks(server);
    server.create({
      taskId: 'invite-1',
      status: 'input_required',
      inputRequests: { recipient: askFor('Who should receive it?', 'recipient') },
      rounds: [{ recipient_again: askFor('bob is not on the team. Who should receive it?', 'recipient') }],
    });
    renderCard(createMcpTaskSource({ client: connection.client, taskId: 'invite-1', serverName: 'Invites' }));

    await user.type(await screen.findByRole('textbox', { name: /recipient/ }), 'bob');
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    const form = await screen.findByRole('form', {
      name: 'The server asked again. Its reason: bob is not on the team. Who should receive it?',
    });
    const recipient = within(form).getByRole('textbox', { name: /recipient/ });
    expect(recipient).toHaveValue('bob');
    expect(recipient).not.toHaveAccessibleDescription(/Asked again/);
    // Nothing here is hidden: no word of passwords to enter again.
    expect(within(form).getByText('Your earlier answers are filled in.')).toBeInTheDocument();
    expect(within(form).queryByText(/Passwords/)).not.toBeInTheDocument();
    await user.clear(recipient);
    await user.type(recipient, 'ada');
    await user.click(within(form).getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    expect(server.updates).toEqual([
      {
        taskId: 'invite-1',
        inputResponses: { recipient: { action: 'accept', content: { recipient: 'bob' } } },
      },
      {
        taskId: 'invite-1',
        inputResponses: { recipient_again: { action: 'accept', content: { recipient: 'ada' } } },
      },
    ]);
  });
});

describe('a re-ask over HTTP', () => {
  const http = setupServer();
  beforeAll(() => http.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => http.resetHandlers());
  afterAll(() => http.close());

  it('the same key in a new round is pre-filled by key, the one-time code left out', async () => {
    const user = userEvent.setup();
    const reask = structuredClone(approveRound);
    const params = reask.inputRequests.approval?.params as { message: string };
    params.message = 'ops@example.com cannot receive reports. Choose another recipient.';
    const api = createTaskApi({ serverName: 'Mailer', rounds: [approveRound, reask] });
    http.use(...api.handlers);
    renderCard(api.source);

    const recipient = await screen.findByRole('textbox', { name: /Recipient/ });
    await user.clear(recipient);
    await user.type(recipient, 'ops@example.com');
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Weekly');
    await user.type(screen.getByLabelText(/^One-time code/), '9999');
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    const form = await screen.findByRole('form', {
      name: 'The server asked again. Its reason: ops@example.com cannot receive reports. Choose another recipient.',
    });
    expect(within(form).getByRole('textbox', { name: /Recipient/ })).toHaveValue('ops@example.com');
    expect(within(form).getByRole('textbox', { name: /Note/ })).toHaveValue('Weekly');
    expect(within(form).getByLabelText(/^One-time code/)).toHaveValue('');
    expect(api.task.received[0]?.inputResponses).toEqual({
      approval: {
        action: 'accept',
        content: { recipient: 'ops@example.com', note: 'Weekly', token: '9999' },
      },
    });
    expect(api.task.received[0]?.suspendedAt).not.toBe(api.task.snapshot().suspendedAt);
  });
});

describe('a round that asks nothing ("still waiting")', () => {
  beforeEach(() => {
    useFakeTime();
  });
  afterEach(() => {
    useRealTime();
  });

  async function startVerification(server: ReaskServer) {
    const user = fakeTimeUser();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    const view = renderCard(
      createMcpRetrySource({
        client: connection.client,
        request: { method: 'tools/call', params: { name: 'verify_guest', arguments: {} } },
        serverName: 'Guests',
      }),
    );
    await advance();
    await user.click(screen.getByRole('button', { name: /Open/ }));
    expect(open).toHaveBeenCalledWith(GUEST_URL, '_blank', 'noopener,noreferrer');
    open.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await advance();
    return { user, ...view };
  }

  it('shows the link it waits for and retries at once, then after 1, 2, 4, 8, 16 and 30 s (capped), until it completes', async () => {
    const server = createReaskServer();
    const { finalState } = await startVerification(server);

    expect(screen.getByRole('status')).toHaveTextContent('Waiting for you to finish…');
    const waiting = screen.getByRole('region', { name: 'Waiting for you to finish…' });
    expect(within(waiting).getByText('Verify your identity')).toBeInTheDocument();
    expect(within(waiting).getByText('id.example.com')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-state', 'input-required');

    // The accept went out, the server said "still waiting", and that was retried at once.
    const done = server.entries[1];
    expect(done?.inputResponses).toEqual({ verify: { action: 'accept' } });
    expect(server.entries).toHaveLength(3);
    await advance(30_000 + 60_000 + 30_000); // 2 minutes of waiting
    const start = done?.at ?? 0;
    const waits = server.entries.slice(2).map((entry) => entry.at - start);
    expect(waits).toEqual([0, 1000, 3000, 7000, 15_000, 31_000, 61_000, 91_000]);
    // Nothing but the state went back on the waiting retries, and always the same state.
    const waitingState = toolCalls(server)[2]?.params.requestState;
    expect(typeof waitingState).toBe('string');
    for (const call of toolCalls(server).slice(2)) {
      expect(call.params).not.toHaveProperty('inputResponses');
      expect(call.params.requestState).toBe(waitingState);
    }

    server.finishLink();
    await advance(30_000);
    expect(card()).toHaveAttribute('data-state', 'completed');
    expect(toolText(finalState())).toEqual({ verified: true });
    expect(server.entries).toHaveLength(11);
    await advance(10 * 60_000);
    expect(server.entries).toHaveLength(11);
  });

  it('never says "New question" for the readings that ask nothing: the card says it waits', async () => {
    const server = createReaskServer();
    await startVerification(server);
    const announcer = () => document.querySelector('[data-input-request-announcer]')?.textContent ?? '';
    for (let second = 0; second < 60; second++) {
      await advance(1_000);
      expect(announcer()).not.toMatch(/question/i);
    }
    expect(server.entries.length).toBeGreaterThan(4);
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for you to finish…');
  });

  it('opens the page it waits for again, for a person who closed it too soon', async () => {
    const server = createReaskServer();
    const { user } = await startVerification(server);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      const waiting = screen.getByRole('region', { name: 'Waiting for you to finish…' });
      await user.click(within(waiting).getByRole('button', { name: 'Open again' }));
      expect(open).toHaveBeenCalledExactlyOnceWith(GUEST_URL, '_blank', 'noopener,noreferrer');
      // Opening again answers nothing: the wait goes on.
      expect(card()).toHaveAttribute('data-state', 'input-required');
    } finally {
      open.mockRestore();
    }
  });

  it('Check now tries at once; Cancel stops every further try and says so', async () => {
    const server = createReaskServer();
    const { user } = await startVerification(server);
    await advance(1000);
    expect(server.entries).toHaveLength(4); // the accept, the immediate retry, the one after 1 s
    // The next would wait 2 s; the person checks now.
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    await advance();
    expect(server.entries).toHaveLength(5);
    expect(server.entries[4]?.at).toBe(server.entries[3]?.at);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await advance();
    expect(card()).toHaveAttribute('data-state', 'cancelled');
    expect(screen.getByRole('status')).toHaveTextContent(
      'You stopped waiting. Nothing more is sent for this question.',
    );
    // The line people see says the same; no task was cancelled (an MCP retry holds none open).
    expect(card().querySelector('[data-part="task-cancelled"]')).toHaveTextContent(
      'You stopped waiting. Nothing more is sent for this question.',
    );
    expect(card()).not.toHaveTextContent('The task was stopped.');
    await advance(10 * 60_000);
    expect(server.entries).toHaveLength(5);
  });
});

describe('a refused state offers Start again', () => {
  it('says the server refused it, issues the call anew on a click, pre-fills the answers, and completes', async () => {
    const user = userEvent.setup();
    const server = createReaskServer();
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    const { finalState } = renderCard(
      createMcpRetrySource({
        client: connection.client,
        request: { method: 'tools/call', params: { name: 'book_room', arguments: {} } },
        serverName: 'Rooms',
      }),
    );

    await user.click(await screen.findByRole('radio', { name: 'south' }));
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Projector please');
    server.rotateKey(); // the state the round carries is no longer valid
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    const startAgain = await screen.findByRole('button', { name: 'Start again' });
    expect(card()).toHaveAttribute('data-state', 'expired');
    expect(
      screen.getByText(
        /The server no longer accepts answers to this question; it has expired or is no longer valid/,
      ),
    ).toBeInTheDocument();
    expect(startAgain).toHaveAccessibleDescription(/Asks the server again from the start/);
    expect(toolCalls(server)).toHaveLength(2);
    expect(toolCalls(server)[1]?.params.requestState).toBe(server.minted[0]);

    await user.click(startAgain);

    // The original request, issued anew: no state, no answers.
    expect(await screen.findByText(/Started again\. Your earlier answers are filled in/)).toBeInTheDocument();
    const restarted = toolCalls(server)[2];
    expect(restarted?.params).toMatchObject({ name: 'book_room', arguments: {} });
    expect(restarted?.params).not.toHaveProperty('requestState');
    expect(restarted?.params).not.toHaveProperty('inputResponses');
    expect(screen.getByRole('radio', { name: 'south' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('Projector please');
    expect(screen.queryByText('Asked again')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    const booking = { room: 'south', note: 'Projector please' };
    expect(toolCalls(server)[3]?.params).toMatchObject({
      inputResponses: { booking: { action: 'accept', content: booking } },
      requestState: server.minted[1],
    });
    expect(toolText(finalState())).toEqual({ booked: booking });
  });
});

describe('a request nobody can show here', () => {
  beforeEach(() => {
    useFakeTime();
  });
  afterEach(() => {
    useRealTime();
  });

  it('waits for a person’s click however long it takes, then the receipt says it was declined and why', async () => {
    const user = fakeTimeUser();
    const server = createReaskServer();
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    renderCard(
      createMcpRetrySource({
        client: connection.client,
        request: { method: 'tools/call', params: { name: 'share_summary', arguments: {} } },
        serverName: 'Reports',
      }),
    );
    await advance();

    const sampling = screen.getByRole('group', { name: /This question cannot be answered here/ });
    expect(within(sampling).getByText(/asks this app to run a language model/)).toBeInTheDocument();
    // Nothing answers it for the person: an hour later the server still has only the first call.
    await advance(60 * 60_000);
    expect(server.entries).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance();
    expect(server.entries).toHaveLength(1);
    await user.click(within(sampling).getByRole('button', { name: 'Decline' }));
    await advance();

    expect(card()).toHaveAttribute('data-state', 'completed');
    expect(server.entries.at(-1)?.inputResponses).toEqual({
      share: { action: 'accept', content: { team: 'ops' } },
      summary: { action: 'decline' },
    });
    await user.click(screen.getByText('What you answered'));
    const entries = screen.getAllByText('Declined');
    expect(entries).toHaveLength(1);
    const entry = entries[0]?.closest('[data-part="receipt-entry"]') as HTMLElement;
    expect(within(entry).getByText('This question cannot be answered here')).toBeInTheDocument();
  });
});
