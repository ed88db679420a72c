import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createHttpSource, InputRequestCard } from '../../src/index.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

/**
 * Two background tasks whose bodies name neither `taskId` nor `suspendedAt` and ask the same
 * question: the wire alone cannot tell their rounds apart, the source's task can. Answering one
 * must leave the other asking, on this page and on a page mounted again (the tab's record of
 * what it sent is kept by round id).
 */

const question = {
  approve: {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message: 'Deploy to production?',
      requestedSchema: { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
    },
  },
};

const server = setupServer();
const answered = new Set<string>();
const posts: { task: string; body: unknown }[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useFakeTime();
  sessionStorage.clear();
  localStorage.clear();
  answered.clear();
  posts.length = 0;
  server.use(
    http.get('http://api.test/tasks/:task', ({ params }) =>
      HttpResponse.json(
        answered.has(String(params.task))
          ? { status: 'working' }
          : { status: 'input_required', inputRequests: question },
      ),
    ),
    http.post('http://api.test/tasks/:task/resume', async ({ params, request }) => {
      posts.push({ task: String(params.task), body: await request.json() });
      answered.add(String(params.task));
      return new HttpResponse(null, { status: 202 });
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  useRealTime();
});
afterAll(() => server.close());

function TaskCard({ task }: { task: string }) {
  return (
    <InputRequestCard
      source={createHttpSource({
        stateUrl: `http://api.test/tasks/${task}`,
        resumeUrl: `http://api.test/tasks/${task}/resume`,
        serverName: `Deployer ${task}`,
      })}
    />
  );
}

function Page({ client, tasks }: { client: QueryClient; tasks: string[] }) {
  return (
    <QueryClientProvider client={client}>
      {tasks.map((task) => (
        <TaskCard key={task} task={task} />
      ))}
    </QueryClientProvider>
  );
}

const card = (task: string) => screen.getByRole('article', { name: new RegExp(`^Deployer ${task} `) });

it('answering one task leaves another that asks the same question asking, here and after a reload', async () => {
  const user = fakeTimeUser();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = render(<Page client={client} tasks={['a', 'b']} />);
  await advance();
  await user.type(within(card('a')).getByRole('textbox', { name: 'Note' }), 'ship it');
  await user.click(within(card('a')).getByRole('button', { name: 'Accept' }));
  await advance(1_000);

  expect(posts).toEqual([expect.objectContaining({ task: 'a' })]);
  expect(within(card('a')).queryByRole('button', { name: 'Accept' })).toBeNull();
  expect(within(card('b')).getByRole('button', { name: 'Accept' })).toBeEnabled();
  expect(within(card('b')).getByRole('textbox', { name: 'Note' })).toHaveValue('');

  // Mounted again (a chat scrolled back, a reload restoring the cache): the tab's record of
  // what it sent, kept by round id, must not mark task b as answered.
  page.unmount();
  await advance();
  render(<Page client={client} tasks={['b']} />);
  await advance();
  expect(within(card('b')).queryByText(/You answered/)).toBeNull();
  await user.type(within(card('b')).getByRole('textbox', { name: 'Note' }), 'not yet');
  await user.click(within(card('b')).getByRole('button', { name: 'Accept' }));
  await advance(1_000);
  expect(posts.map((post) => post.task)).toEqual(['a', 'b']);
});

it('keeps the round id of a body that names its task, and scopes one that does not by the source', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ids: string[] = [];
  server.use(
    http.get('http://api.test/tasks/named', () =>
      HttpResponse.json({
        status: 'input_required',
        taskId: 't-7',
        suspendedAt: '2026-12-01T09:00:00Z',
        inputRequests: question,
      }),
    ),
  );
  const user = fakeTimeUser();
  render(<Page client={client} tasks={['named', 'c']} />);
  await advance();
  server.use(
    http.post('http://api.test/tasks/:task/resume', async ({ request }) => {
      ids.push(((await request.json()) as { roundId: string }).roundId);
      return new HttpResponse(null, { status: 202 });
    }),
  );
  await user.click(within(card('named')).getByRole('button', { name: 'Accept' }));
  await user.click(within(card('c')).getByRole('button', { name: 'Accept' }));
  await advance(1_000);
  expect(ids[0]).toBe('t-7@2026-12-01T09:00:00Z');
  // The source's task goes in as a fingerprint, never as its URL (a tab keeps round ids).
  expect(ids[1]).toMatch(/^task-[0-9a-z]+@round-[0-9a-z]+$/);
  expect(ids[1]).not.toContain('api.test');
});

// A backend that passes an MCP task (tasks/get) through as the body's `suspension`: its task id
// is in the wire, not at the body's top level, and its status line counts the wait on every poll.
let polls = 0;
const passedThroughTask = () => ({
  status: 'input_required',
  pollIntervalMs: 1000,
  suspension: {
    task: {
      taskId: 'task-42',
      status: 'input_required',
      statusMessage: `Waiting for approval (${polls++} s)`,
      inputRequests: question,
    },
  },
});

it("keeps the id a round's own task gives it (an MCP task passed through) over polls that change only its status line", async () => {
  const source = createHttpSource({
    stateUrl: 'http://api.test/tasks/42',
    resumeUrl: 'http://api.test/tasks/42/resume',
    cancelUrl: 'http://api.test/tasks/42/cancel',
    fetch: async () => Response.json(passedThroughTask()),
  });
  const signal = new AbortController().signal;
  const first = await source.fetchState(signal);
  expect(first.suspension?.taskId).toBe('task-42');
  expect((await source.fetchState(signal)).suspension?.id).toBe(first.suspension?.id);

  // Through the card: what is typed stays in the same field, with focus, and an open Stop task
  // question stays open.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <InputRequestCard source={source} poll={{ baseMs: 1000, maxMs: 1000 }} drafts={false} />
    </QueryClientProvider>,
  );
  const user = fakeTimeUser();
  await advance();
  await user.click(screen.getByRole('button', { name: 'Stop task' }));
  const note = screen.getByRole('textbox', { name: 'Note' });
  await user.type(note, 'ship it');
  const before = polls;
  await advance(1_500);
  await advance(1_500);
  expect(polls).toBeGreaterThan(before);
  expect(screen.getByRole('textbox', { name: 'Note' })).toBe(note);
  expect(note).toHaveValue('ship it');
  expect(note).toHaveFocus();
  expect(screen.getByRole('group', { name: /Stop the whole task/ })).toBeInTheDocument();
});

it('finds a draft typed before a reload after it, when the state URL is signed anew on each page load (and its queryKey with it)', async () => {
  const mount = (signature: string) =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <InputRequestCard
          source={createHttpSource({
            stateUrl: `http://api.test/tasks/d?sig=${signature}`,
            resumeUrl: `http://api.test/tasks/d/resume?sig=${signature}`,
            queryKey: ['deploy', 'd', signature],
            serverName: 'Deployer d',
          })}
        />
      </QueryClientProvider>,
    );
  const first = mount('A');
  await advance();
  await fakeTimeUser().type(within(card('d')).getByRole('textbox', { name: 'Note' }), 'ship it');
  await advance(5_000);
  first.unmount();
  await advance();
  mount('B');
  await advance();
  expect(within(card('d')).getByRole('textbox', { name: 'Note' })).toHaveValue('ship it');
});

it('is one round whether its state is read by an absolute URL (a server render) or a relative one (the tab)', async () => {
  const body = { status: 'input_required', inputRequests: question };
  const fetchBody = async () => Response.json(body);
  const signal = new AbortController().signal;
  const onServer = createHttpSource({
    stateUrl: `${location.origin}/tasks/a`,
    resumeUrl: `${location.origin}/tasks/a/resume`,
    queryKey: ['task', 'a'],
    fetch: fetchBody,
  });
  const inTab = createHttpSource({
    stateUrl: '/tasks/a',
    resumeUrl: '/tasks/a/resume',
    queryKey: ['task', 'a'],
    fetch: fetchBody,
  });
  const serverState = await onServer.fetchState(signal);
  expect((await inTab.fetchState(signal)).suspension?.id).toBe(serverState.suspension?.id);
  // Through the card: the server's (dehydrated) reading, then the tab's own polls keep the round.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['task', 'a'], serverState);
  render(
    <QueryClientProvider client={client}>
      <InputRequestCard source={inTab} poll={{ baseMs: 1000, maxMs: 1000 }} />
    </QueryClientProvider>,
  );
  const note = screen.getByRole('textbox', { name: 'Note' });
  await fakeTimeUser().type(note, 'ship it');
  await advance(3_000);
  await advance(3_000);
  expect(screen.getByRole('textbox', { name: 'Note' })).toBe(note);
  expect(note).toHaveFocus();
});

it('tells apart two tasks at one path whose bodies give the same suspendedAt but ask different questions', async () => {
  const signal = new AbortController().signal;
  const at = (message: string) =>
    createHttpSource({
      stateUrl: '/tasks',
      resumeUrl: '/tasks/resume',
      fetch: async () =>
        Response.json({
          status: 'input_required',
          suspendedAt: '2026-12-05T10:00:00Z',
          inputRequests: {
            approve: { ...question.approve, params: { ...question.approve.params, message } },
          },
        }),
    });
  const first = await at('Deploy to production?').fetchState(signal);
  const second = await at('Delete the staging database?').fetchState(signal);
  expect(first.suspension?.id).not.toBe(second.suspension?.id);
});

/** A task addressed by its query, named to the source by `taskId`. */
function QueryTask({ task }: { task: string }) {
  return (
    <InputRequestCard
      source={createHttpSource({
        stateUrl: `http://api.test/task?id=${task}`,
        resumeUrl: `http://api.test/task/resume?id=${task}`,
        taskId: task,
        serverName: `Deployer ${task}`,
      })}
    />
  );
}

it('tells apart two tasks addressed by their query when the source names each task (`taskId`)', async () => {
  // The same path for every task, the task in the query, and a body that names no task: only
  // the source knows which task it reads.
  server.use(
    http.get('http://api.test/task', ({ request }) =>
      HttpResponse.json(
        answered.has(new URL(request.url).searchParams.get('id') ?? '')
          ? { status: 'working' }
          : { status: 'input_required', inputRequests: question },
      ),
    ),
    http.post('http://api.test/task/resume', async ({ request }) => {
      const task = new URL(request.url).searchParams.get('id') ?? '';
      posts.push({ task, body: await request.json() });
      answered.add(task);
      return new HttpResponse(null, { status: 202 });
    }),
  );
  const user = fakeTimeUser();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = render(
    <QueryClientProvider client={client}>
      <QueryTask task="q1" />
      <QueryTask task="q2" />
    </QueryClientProvider>,
  );
  await advance();
  await user.click(within(card('q1')).getByRole('button', { name: 'Accept' }));
  await advance(1_000);
  expect(posts.map((post) => post.task)).toEqual(['q1']);
  expect(within(card('q2')).getByRole('button', { name: 'Accept' })).toBeEnabled();

  page.unmount();
  await advance();
  render(
    <QueryClientProvider client={client}>
      <QueryTask task="q2" />
    </QueryClientProvider>,
  );
  await advance();
  expect(within(card('q2')).queryByText(/You answered/)).toBeNull();
  await user.click(within(card('q2')).getByRole('button', { name: 'Accept' }));
  await advance(1_000);
  expect(posts.map((post) => post.task)).toEqual(['q1', 'q2']);
});
