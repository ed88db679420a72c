import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputRequestCard, type InputRequestSource } from '../../src/index.ts';
import { createMcpToolSource } from '../../src/mcp/index.ts';
import { type Connected, connectTasks, createTaskServer, type TaskServer } from '../fixtures/mcp-servers.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

// A tool started as a task, through the real card and a person (Testing Library + user-event),
// against a real in-process @modelcontextprotocol/server 2.4 server, on a fake clock: the card
// polls as the task's pollIntervalMs says, not as its own default (1 s).

const TASKS = 'io.modelcontextprotocol/tasks';
const CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
const POLL_INTERVAL_MS = 5000;

let connection: Connected | undefined;
beforeEach(() => {
  useFakeTime();
});
afterEach(async () => {
  await connection?.close();
  connection = undefined;
  useRealTime();
});

async function setup() {
  const server = createTaskServer();
  server.pollIntervalMs = POLL_INTERVAL_MS;
  connection = await connectTasks(server);
  return { server, client: connection.client };
}

async function renderCard(source: InputRequestSource) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <InputRequestCard source={source} replaceDelayMs={0} drafts={false} />
    </QueryClientProvider>,
  );
  await advance();
}

const card = () =>
  screen.getByRole('article', { name: / (is asking|asked)$|^Task from a tool$|^Task from / });
const sent = (server: TaskServer, method: string) =>
  server.wire.filter((request) => request.method === method);
const stopButton = () => screen.queryByRole('button', { name: 'Stop task' });

describe('a tool that answers with a task, through the card', () => {
  it('polls at the task’s pollIntervalMs, asks two rounds in the same card, and shows the result', async () => {
    const user = fakeTimeUser();
    const { server, client } = await setup();
    await renderCard(
      createMcpToolSource({
        client,
        name: 'generate_report',
        arguments: { quarter: 'Q3' },
        serverName: 'Reports',
      }),
    );

    expect(card()).toHaveAttribute('data-state', 'working');
    // Nothing asked yet, but the source knows who asks.
    expect(screen.getByRole('heading', { name: 'Task from Reports' })).toBeInTheDocument();
    expect(screen.getByText('generate_report').parentElement).toHaveTextContent('Tool: generate_report');
    expect(stopButton()).toBeInTheDocument();
    const [call] = sent(server, 'tools/call');
    expect(call?.params).toMatchObject({ name: 'generate_report', arguments: { quarter: 'Q3' } });
    expect(call?.params._meta).toMatchObject({
      [CAPABILITIES]: { elicitation: { form: {}, url: {} }, sampling: {}, extensions: { [TASKS]: {} } },
    });

    // The card's own default would poll after 1 s; the task asked for 5 s.
    await advance(POLL_INTERVAL_MS - 1);
    expect(sent(server, 'tasks/get')).toHaveLength(0);
    await advance(1);
    expect(sent(server, 'tasks/get')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Reports is asking' })).toBeInTheDocument();
    expect(screen.getByText('Which format for Q3?')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'csv' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance();
    expect(server.updates).toEqual([
      { taskId: 'report-1', inputResponses: { format: { action: 'accept', content: { format: 'csv' } } } },
    ]);

    // The second round arrives in the same card.
    expect(screen.getByText('Who should receive it?')).toBeInTheDocument();
    expect(screen.queryByText('Which format for Q3?')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /recipient/ }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance();

    expect(card()).toHaveAttribute('data-state', 'completed');
    expect(server.updates).toEqual([
      { taskId: 'report-1', inputResponses: { format: { action: 'accept', content: { format: 'csv' } } } },
      {
        taskId: 'report-1',
        inputResponses: { confirm: { action: 'accept', content: { recipient: 'Ada' } } },
      },
    ]);
    expect(sent(server, 'tools/call')).toHaveLength(1);
    expect(server.cancels).toEqual([]);
    expect(stopButton()).not.toBeInTheDocument();
    for (const request of server.wire.filter(({ method }) => method.startsWith('tasks/'))) {
      expect((request.params._meta as Record<string, unknown>)[CAPABILITIES]).toMatchObject({
        extensions: { [TASKS]: {} },
      });
    }
  });

  it('an MRTR round before the task offers no Stop; once the task exists, Stop task sends tasks/cancel', async () => {
    const user = fakeTimeUser();
    const { server, client } = await setup();
    await renderCard(createMcpToolSource({ client, name: 'prepare_export', serverName: 'Exports' }));

    expect(screen.getByText('Where should the export go?')).toBeInTheDocument();
    expect(stopButton()).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'email' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance();

    const calls = sent(server, 'tools/call');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.params).toMatchObject({
      inputResponses: { destination: { action: 'accept', content: { destination: 'email' } } },
      requestState: 'plain:export-v1',
    });
    // The answered round stays on screen while the task works; now there is a task to stop.
    expect(card()).toHaveAttribute('data-state', 'answered');
    expect(stopButton()).toBeInTheDocument();

    await advance(POLL_INTERVAL_MS);
    expect(screen.getByText('Export to email now?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    await user.click(
      within(screen.getByRole('group', { name: /Stop the whole task\?/ })).getByRole('button', {
        name: 'Stop task',
      }),
    );
    await advance();

    expect(card()).toHaveAttribute('data-state', 'cancelled');
    expect(server.cancels).toEqual(['export-1']);
    expect(server.updates).toEqual([]);
  });

  it('a plain answer completes at once, with nothing to stop', async () => {
    const { server, client } = await setup();
    await renderCard(createMcpToolSource({ client, name: 'quick_answer' }));
    expect(card()).toHaveAttribute('data-state', 'completed');
    expect(stopButton()).not.toBeInTheDocument();
    expect(sent(server, 'tools/call')).toHaveLength(1);
    expect(sent(server, 'tasks/get')).toHaveLength(0);
  });
});
