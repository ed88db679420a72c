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
