import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import {
  createHttpSource,
  InputRequestCard,
  type InputRequestSource,
  inputRequestQueryOptions,
} from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';

afterEach(() => {
  vi.useRealTimers();
});

it('an answered card restored from a chat history makes no request, however old its state is', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const fetch = vi.fn(async () => Response.json({ id: 'report-7', status: 'completed', result: 'Sent.' }));
  const client = new QueryClient();
  const source = createHttpSource({
    stateUrl: 'https://tasks.example/report-7',
    resumeUrl: 'https://tasks.example/report-7/resume',
    fetch,
  });
  const { queryKey } = inputRequestQueryOptions(source);
  client.setQueryData(queryKey, { status: 'completed', result: 'The report was sent.' });
  vi.setSystemTime(Date.now() + 60 * 60_000); // the chat is read an hour later

  render(
    <QueryClientProvider client={client}>
      <InputRequestCard source={source} />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('The report was sent.')).toBeInTheDocument();
  // The state came from the cache, and the card watches nothing more: an ended task never
  // changes, so no observer is made, and focus, visibility or a reconnect read nothing.
  expect(client.getQueryCache().find({ queryKey })?.getObserversCount()).toBe(0);
  fireEvent.focus(window);
  window.dispatchEvent(new Event('visibilitychange'));
  window.dispatchEvent(new Event('online'));
  await Promise.resolve();
  expect(fetch).not.toHaveBeenCalled();
});

/** A followed task whose last state the host's query cache holds (a restored chat, a prefetch). */
function cachedTask(id: string, state: unknown, asker: { serverName?: string; toolName?: string } = {}) {
  const fetch = vi.fn(async () => Response.json({ id, status: 'working' }));
  const client = new QueryClient();
  const source = createHttpSource({
    stateUrl: `https://tasks.example/${id}`,
    resumeUrl: `https://tasks.example/${id}/resume`,
    fetch,
    ...asker,
  });
  client.setQueryData(inputRequestQueryOptions(source).queryKey, state);
  return { client, source, fetch };
}

it('a task whose state is in the host cache is shown in the first render, on the server too', () => {
  const answered = cachedTask('report-8', { status: 'completed', result: 'The report was sent.' });
  const html = renderToString(<InputRequestCard source={answered.source} queryClient={answered.client} />);
  expect(html).toContain('data-state="completed"');
  expect(html).toContain('The report was sent.');

  const pending = cachedTask('report-9', {
    status: 'input-required',
    suspension: formRound({ type: 'object', properties: { title: { type: 'string', title: 'Title' } } }),
  });
  const form = renderToString(<InputRequestCard source={pending.source} queryClient={pending.client} />);
  expect(form).toContain('data-state="input-required"');
  expect(form).toMatch(/<label[^>]*>.*Title/);
  expect(answered.fetch).not.toHaveBeenCalled();
  expect(pending.fetch).not.toHaveBeenCalled();
});

it('a card restored from the cache mounts in one commit, without a loading state first', () => {
  const { client, source } = cachedTask('report-10', { status: 'completed', result: 'Filed.' });
  const states: (string | null | undefined)[] = [];
  const commits: string[] = [];
  render(
    <Profiler
      id="card"
      onRender={(_id, phase) => {
        commits.push(phase);
        states.push(document.querySelector('article')?.getAttribute('data-state'));
      }}
    >
      <InputRequestCard source={source} queryClient={client} />
    </Profiler>,
  );
  expect(screen.getByText('Filed.')).toBeInTheDocument();
  expect(commits).toEqual(['mount']);
  expect(states).toEqual(['completed']);
});

it('heads an open question "… is asking", and one that is over "… asked", as a chat history reads it', async () => {
  const user = userEvent.setup();
  render(
    <InputRequestCard
      suspension={formRound({ type: 'object', properties: { note: { type: 'string', title: 'Note' } } })}
      resume={async () => undefined}
    />,
  );
  expect(screen.getByRole('heading', { name: 'Booking server is asking' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  expect(await screen.findByRole('heading', { name: 'Booking server asked' })).toBeInTheDocument();

  // A finished task whose round the card never saw names no server, and says nothing was asked.
  const { client, source } = cachedTask('report-11', { status: 'completed', result: 'Filed.' });
  render(<InputRequestCard source={source} queryClient={client} />);
  expect(screen.getByRole('heading', { name: 'Task from a tool' })).toBeInTheDocument();
});

it('heads a task that has asked nothing by the server its source names, and its tool', () => {
  const working = cachedTask(
    'report-13',
    { status: 'working', progress: 7, total: 12 },
    { serverName: 'Reports', toolName: 'file_report' },
  );
  render(<InputRequestCard source={working.source} queryClient={working.client} />);
  expect(screen.getByRole('heading', { name: 'Task from Reports' })).toBeInTheDocument();
  expect(screen.getByText('file_report').parentElement).toHaveTextContent('Tool: file_report');
  expect(screen.queryByRole('heading', { name: /is asking/ })).not.toBeInTheDocument();
});

it('heads a task whose round this card never saw "… asked" when its state says an answer closed one (answeredKey)', () => {
  // Another tab answered it, or this one before its storage was cleared: the task did ask, so
  // "Task from Reports" (a task that asked nothing) would not be true.
  const finished = cachedTask(
    'report-15',
    { status: 'completed', result: 'Filed.', answeredKey: 'key-from-another-tab' },
    { serverName: 'Reports', toolName: 'file_report' },
  );
  const { unmount } = render(<InputRequestCard source={finished.source} queryClient={finished.client} />);
  expect(screen.getByRole('heading', { name: 'Reports asked' })).toBeInTheDocument();
  // Who answered is not known here: no receipt says it was this person.
  expect(screen.queryByText('You answered.')).not.toBeInTheDocument();
  expect(screen.getByText('Filed.')).toBeInTheDocument();
  unmount();
  const unnamed = cachedTask('report-16', { status: 'working', answeredKey: 'key-from-another-tab' });
  render(<InputRequestCard source={unnamed.source} queryClient={unnamed.client} />);
  expect(screen.getByRole('heading', { name: 'A tool asked' })).toBeInTheDocument();
});

it('heads a task "Task from a tool" when its source cannot say who asks: its asker throws, or names no text', () => {
  const working = cachedTask('report-14', { status: 'working' });
  const throwing: InputRequestSource = {
    ...working.source,
    asker: () => {
      throw new Error('not connected');
    },
  };
  const { unmount } = render(<InputRequestCard source={throwing} queryClient={working.client} />);
  expect(screen.getByRole('heading', { name: 'Task from a tool' })).toBeInTheDocument();
  unmount();
  const junk: InputRequestSource = {
    ...working.source,
    asker: () => ({ serverName: 42, toolName: {} }) as unknown as { serverName: string },
  };
  render(<InputRequestCard source={junk} queryClient={working.client} />);
  expect(screen.getByRole('heading', { name: 'Task from a tool' })).toBeInTheDocument();
  expect(document.querySelector('[data-part="tool"]')).toBeNull();
});

it('heads a task that works before asking anything "Task from a tool", not "is asking"', () => {
  const working = cachedTask('report-12', { status: 'working', progress: 7, total: 12 });
  render(<InputRequestCard source={working.source} queryClient={working.client} />);
  expect(screen.getByRole('progressbar')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Task from a tool' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: /is asking/ })).not.toBeInTheDocument();
});
