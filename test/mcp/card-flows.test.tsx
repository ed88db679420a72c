import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputRequestCard, type InputRequestSource, type InputRequestState } from '../../src/index.ts';
import { createElicitationQueue, createMcpRetrySource, createMcpTaskSource } from '../../src/mcp/index.ts';
import {
  type Connected,
  connectLegacy,
  connectModern,
  connectTasks,
  createMrtrServer,
  createTaskServer,
} from '../fixtures/mcp-servers.ts';

// The real card, driven by a person (Testing Library + user-event), answering real
// @modelcontextprotocol/server 2.4 servers in-process, through each resume path to the final result.

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
  return {
    /** The final state the card settled on (what the source returned last). */
    finalState: () => queryClient.getQueryData<InputRequestState>(source.queryKey),
  };
}

const card = () =>
  screen.getByRole('article', { name: / (is asking|asked)$|^Task from a tool$|^Task from / });
function toolText(state: InputRequestState | undefined): unknown {
  const result = state?.result as { content?: Array<{ text: string }> } | undefined;
  return JSON.parse(result?.content?.[0]?.text ?? 'null');
}

describe('MCP 2026-07-28 retry, through the card', () => {
  it('asks once: the person edits the form, the server gets exactly that, and the card completes', async () => {
    const user = userEvent.setup();
    const server = createMrtrServer();
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    const source = createMcpRetrySource({
      client: connection.client,
      request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Friday' } } },
      serverName: 'Calendar',
      toolName: 'book_meeting',
    });
    const { finalState } = renderCard(source);

    const title = await screen.findByRole('textbox', { name: /Title/ });
    expect(screen.getByRole('heading', { name: 'Calendar is asking' })).toBeInTheDocument();
    expect(screen.getByText('Details for Friday?')).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'Planning');
    await user.click(screen.getByRole('radio', { name: 'south' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    const expectedContent = {
      title: 'Planning',
      attendees: 3,
      hours: 1.5,
      room: 'south',
      remote: true,
      topics: ['plan'],
    };
    expect(server.entries.at(-1)?.inputResponses).toEqual({
      details: { action: 'accept', content: expectedContent },
    });
    expect(toolText(finalState())).toEqual({ booked: true, day: 'Friday', details: expectedContent });
    // The state the server minted came back unchanged, on the retry only.
    const retry = server.wire.filter((request) => request.method === 'tools/call').at(-1);
    expect(retry?.params.requestState).toBe(server.minted[0]);
  });

  it('asks twice: the newer request shows, and the call completes', async () => {
    const user = userEvent.setup();
    const server = createMrtrServer();
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    const source = createMcpRetrySource({
      client: connection.client,
      request: { method: 'tools/call', params: { name: 'two_step', arguments: {} } },
    });
    const { finalState } = renderCard(source);

    await user.type(await screen.findByRole('textbox', { name: /name/ }), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Greet Grace?')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /name/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    expect(finalState()?.status).toBe('completed');
    expect(server.entries.map((entry) => entry.name)).toEqual(['two_step', 'two_step', 'two_step']);
    expect(server.minted).toHaveLength(2);
  });

  it('asks for a link: Open opens it after a click, Done accepts, the tool sees the consent', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const server = createMrtrServer();
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    const source = createMcpRetrySource({
      client: connection.client,
      request: { method: 'tools/call', params: { name: 'connect_account', arguments: {} } },
    });
    const { finalState } = renderCard(source);

    await user.click(await screen.findByRole('button', { name: /Open/ }));
    expect(open).toHaveBeenCalledWith(
      'https://auth.example.com/connect?session=42',
      '_blank',
      'noopener,noreferrer',
    );
    await user.click(screen.getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    expect(server.entries.at(-1)?.inputResponses).toEqual({ login: { action: 'accept' } });
    expect(toolText(finalState())).toEqual({ linked: true, action: 'accept' });
    open.mockRestore();
  });

  it('mixes request kinds: one retry carries the form, the link and the declined sampling run', async () => {
    const user = userEvent.setup();
    const server = createMrtrServer();
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    const source = createMcpRetrySource({
      client: connection.client,
      request: { method: 'tools/call', params: { name: 'mixed', arguments: {} } },
    });
    renderCard(source);

    expect(await screen.findByText('0 of 3 answered')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Accept' })[0] as HTMLElement);
    await user.click(screen.getAllByRole('button', { name: 'Cancel' })[1] as HTMLElement);
    expect(server.entries).toHaveLength(1);
    const declines = screen.getAllByRole('button', { name: 'Decline' });
    await user.click(declines[declines.length - 1] as HTMLElement);

    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    expect(server.entries.at(-1)?.inputResponses).toEqual({
      profile: { action: 'accept', content: { nickname: 'ada' } },
      consent: { action: 'cancel' },
      summary: { action: 'decline' },
    });
  });
});

describe('MCP 2026-07-28 progress and titles, through the card', () => {
  it('shows the server’s notifications/progress while the call runs, then the result', async () => {
    const server = createMrtrServer();
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    const source = createMcpRetrySource({
      client: connection.client,
      request: { method: 'tools/call', params: { name: 'slow_report', arguments: {} } },
      serverName: 'Reports',
    });
    renderCard(source);

    // What the server said last: 2 of 4, with its message, as a determinate bar.
    const bar = await screen.findByRole('progressbar', { name: 'Working… 2 of 4' });
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('max', '4');
    expect(screen.getByText('Adding up the quarter')).toBeInTheDocument();
    // The call asked for progress: the SDK put a progressToken on the wire.
    const [call] = server.wire.filter((request) => request.params.name === 'slow_report');
    expect((call?.params._meta as { progressToken?: unknown } | undefined)?.progressToken).toBeDefined();

    server.finishReport();
    expect(await screen.findByText(/"report":"ready"/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('names the tool by the title the host gives, before its raw name', async () => {
    const server = createMrtrServer();
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    const source = createMcpRetrySource({
      client: connection.client,
      request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Friday' } } },
      serverName: 'Calendar',
      toolTitle: 'Book a meeting',
    });
    renderCard(source);
    await screen.findByRole('textbox', { name: /Title/ });
    expect(card()).toHaveTextContent('Book a meeting');
    expect(card()).not.toHaveTextContent('book_meeting');
  });
});

describe('MCP 2026-07-28 load shedding, through the card', () => {
  it('retries a round that asks nothing at once, echoing its state, and completes', async () => {
    const server = createMrtrServer();
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    const source = createMcpRetrySource({
      client: connection.client,
      request: { method: 'tools/call', params: { name: 'state_only', arguments: {} } },
    });
    const { finalState } = renderCard(source);

    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'));
    expect(finalState()?.status).toBe('completed');
    const calls = server.wire.filter((request) => request.method === 'tools/call');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.params.requestState).toBe(server.minted[0]);
    expect(calls[1]?.params).not.toHaveProperty('inputResponses');
  });
});

describe('MCP Tasks, through the card', () => {
  it('polls tasks/get, answers with tasks/update, and completes', async () => {
    const user = userEvent.setup();
    const server = createTaskServer();
    connection = await connectTasks(server);
    server.create({
      taskId: 'export-7',
      status: 'input_required',
      inputRequests: {
        format: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'Which format?',
            requestedSchema: {
              type: 'object',
              properties: {
                format: { type: 'string', title: 'Format', enum: ['pdf', 'csv'], default: 'pdf' },
              },
              required: ['format'],
            },
          },
        },
      },
    });
    const source = createMcpTaskSource({
      client: connection.client,
      taskId: 'export-7',
      serverName: 'Exporter',
    });
    const { finalState } = renderCard(source);

    await user.click(await screen.findByRole('radio', { name: 'csv' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'completed'), { timeout: 3000 });
    expect(server.updates).toEqual([
      { taskId: 'export-7', inputResponses: { format: { action: 'accept', content: { format: 'csv' } } } },
    ]);
    expect(finalState()?.status).toBe('completed');
    expect(toolText(finalState())).toEqual({ format: { action: 'accept', content: { format: 'csv' } } });
  });
});

/** What a host renders for 2025 requests, as README does: one card per question, Dismiss once withdrawn. */
function Questions({ queue }: { queue: ReturnType<typeof createElicitationQueue> }) {
  const prompts = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  return prompts.map((prompt) => (
    <div key={prompt.suspension.id}>
      <InputRequestCard source={prompt.source} />
      {prompt.withdrawn ? (
        <button type="button" onClick={() => queue.dismiss(prompt)}>
          Dismiss
        </button>
      ) : null}
    </div>
  ));
}

describe('MCP 2025 elicitation/create requests, through the card', () => {
  it('answers the server’s request with the person’s answer, and the tool call finishes', async () => {
    const user = userEvent.setup();
    const server = createMrtrServer();
    const queue = createElicitationQueue({ serverName: 'Calendar' });
    connection = await connectLegacy(server, (client) =>
      client.setRequestHandler('elicitation/create', queue.handler),
    );
    render(<Questions queue={queue} />);

    const call = connection.client.callTool({ name: 'book_meeting', arguments: { day: 'Monday' } });
    const attendees = await screen.findByRole('spinbutton', { name: /Attendees/ });
    await user.clear(attendees);
    await user.type(attendees, '8');
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    const result = await call;
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? 'null')).toEqual({
      booked: true,
      day: 'Monday',
      details: {
        title: 'Weekly sync',
        attendees: 8,
        hours: 1.5,
        room: 'north',
        remote: true,
        topics: ['plan'],
      },
    });
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
  });

  it('closes as expired when the server withdraws the question mid-typing, keeping the text until dismissed', async () => {
    const user = userEvent.setup();
    const server = createMrtrServer();
    const queue = createElicitationQueue({ serverName: 'Notes' });
    connection = await connectLegacy(server, (client) =>
      client.setRequestHandler('elicitation/create', queue.handler),
    );
    render(<Questions queue={queue} />);

    const call = connection.client.callTool({ name: 'withdrawn_question', arguments: {} });
    const note = await screen.findByRole('textbox', { name: 'Note' });
    await user.type(note, 'Half a thought');
    // The server's own timeout, or its call cancelled: the request is withdrawn.
    server.withdrawPending();
    await call;
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'expired'));
    expect(screen.getByText('Expired — nothing was sent.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Half a thought');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copy answers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('declines: the server hears decline', async () => {
    const user = userEvent.setup();
    const server = createMrtrServer();
    const queue = createElicitationQueue();
    connection = await connectLegacy(server, (client) =>
      client.setRequestHandler('elicitation/create', queue.handler),
    );
    render(<Questions queue={queue} />);

    const call = connection.client.callTool({ name: 'book_meeting', arguments: { day: 'Monday' } });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));

    const result = await call;
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? 'null')).toMatchObject({
      booked: false,
    });
  });
});

describe('MCP Tasks: cancelling a round versus stopping the task', () => {
  const askFormat = {
    taskId: 'report-9',
    status: 'input_required' as const,
    inputRequests: {
      format: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: 'Which format?',
          requestedSchema: {
            type: 'object',
            properties: { format: { type: 'string', enum: ['pdf', 'csv'] } },
          },
        },
      },
    },
  };

  it('Cancel answers the round with { action: "cancel" } through tasks/update, and stops nothing', async () => {
    const user = userEvent.setup();
    const server = createTaskServer();
    connection = await connectTasks(server);
    server.create({ ...askFormat, hold: true });
    renderCard(createMcpTaskSource({ client: connection.client, taskId: 'report-9', serverName: 'Reports' }));

    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(server.updates).toEqual([
        { taskId: 'report-9', inputResponses: { format: { action: 'cancel' } } },
      ]),
    );
    expect(server.cancels).toEqual([]);
  });

  it('Stop task sends tasks/cancel, and the card reads cancelled', async () => {
    const user = userEvent.setup();
    const server = createTaskServer();
    connection = await connectTasks(server);
    server.create({ ...askFormat, hold: true });
    renderCard(createMcpTaskSource({ client: connection.client, taskId: 'report-9', serverName: 'Reports' }));

    const gets = () => server.wire.filter((request) => request.method === 'tasks/get').length;
    const stop = await screen.findByRole('button', { name: /^Stop/ });
    const getsBeforeStop = gets();
    await user.click(stop);
    await user.click(
      within(screen.getByRole('group', { name: /Stop the whole task\?/ })).getByRole('button', {
        name: 'Stop task',
      }),
    );
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'cancelled'));
    expect(server.cancels).toEqual(['report-9']);
    expect(server.updates).toEqual([]);
    // Said once, by the receipt's first line: not "The task was stopped." again under it.
    expect(screen.getByText('Stopped by you.')).toHaveFocus();
    expect(screen.queryByText('The task was stopped.')).not.toBeInTheDocument();
    // Once tasks/get confirms it, the receipt still says who stopped it.
    await waitFor(() => expect(gets()).toBeGreaterThan(getsBeforeStop));
    expect(screen.getByText('Stopped by you.')).toBeInTheDocument();
    expect(screen.queryByText('The task was stopped.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Stop/ })).not.toBeInTheDocument();
  });

  it('offers no Stop control when the source cannot stop its task', async () => {
    const server = createMrtrServer();
    connection = await connectModern(server);
    renderCard(
      createMcpRetrySource({
        client: connection.client,
        request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Monday' } } },
        callId: 'no-stop',
      }),
    );
    await screen.findByRole('button', { name: 'Accept' });
    expect(screen.queryByRole('button', { name: /^Stop/ })).not.toBeInTheDocument();
  });
});

/** The README's one-liner: a new source object on every render of the parent. */
function RenderedMessage({ client, tick }: { client: Connected['client']; tick: number }) {
  return (
    <div data-tick={tick}>
      <InputRequestCard
        source={createMcpRetrySource({
          client,
          request: { method: 'tools/call', params: { name: 'book_meeting', arguments: { day: 'Friday' } } },
        })}
      />
    </div>
  );
}

describe('MCP 2026-07-28 retry: a source written straight into render', () => {
  it('makes one tool call however often the parent renders', async () => {
    const server = createMrtrServer();
    connection = await connectModern(server, { inputRequired: { autoFulfill: false } });
    const client = connection.client;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={queryClient}>
        <RenderedMessage client={client} tick={0} />
      </QueryClientProvider>,
    );
    await screen.findByRole('button', { name: 'Accept' });
    for (const tick of [1, 2, 3]) {
      view.rerender(
        <QueryClientProvider client={queryClient}>
          <RenderedMessage client={client} tick={tick} />
        </QueryClientProvider>,
      );
      await screen.findByRole('button', { name: 'Accept' });
    }
    const toolCalls = server.wire.filter(
      (request) => request.method === 'tools/call' && request.params.name === 'book_meeting',
    );
    expect(toolCalls).toHaveLength(1);
  });
});

describe('MCP Tasks: an answer whose response was lost', () => {
  it('the task moved on with it: the card never says the answer went elsewhere and nothing was sent', async () => {
    const user = userEvent.setup();
    const server = createTaskServer();
    // tasks/update reaches the server and is taken; its response is lost with the connection.
    server.loseUpdateResponses = 1;
    connection = await connectTasks(server);
    server.create({
      taskId: 'export-8',
      status: 'input_required',
      inputRequests: {
        format: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'Which format?',
            requestedSchema: {
              type: 'object',
              properties: { format: { type: 'string', title: 'Format', enum: ['pdf', 'csv'] } },
              required: ['format'],
            },
          },
        },
      },
    });
    const source = createMcpTaskSource({
      client: connection.client,
      taskId: 'export-8',
      serverName: 'Exporter',
    });
    renderCard(source);
    await user.click(await screen.findByRole('radio', { name: 'csv' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    // The next tasks/get finds the task done. MCP Tasks reports no answeredKey, so the card
    // cannot know whose answer closed the round: most likely this one, which the task holds.
    await waitFor(() => expect(card()).toHaveAttribute('data-outcome', 'closed-unconfirmed'));
    expect(server.updates).toEqual([
      { taskId: 'export-8', inputResponses: { format: { action: 'accept', content: { format: 'csv' } } } },
    ]);
    expect(card()).toHaveTextContent(
      'Closed — your answer may be the one that closed it; its arrival was never confirmed.',
    );
    expect(card()).not.toHaveTextContent(/Answered elsewhere|Nothing was sent|not used/);
    for (const region of screen.getAllByRole('status'))
      expect(region).not.toHaveTextContent(/Answered elsewhere/);
  });
});
