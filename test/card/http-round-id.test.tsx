import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpSource, InputRequestCard } from '../../src/index.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

/**
 * The round id of `createHttpSource` always names its task. The tab remembers the rounds it sent
 * by round id (sessionStorage): with the README's body, which need not carry a `taskId`, two
 * tasks asking the same question must still be two rounds, or answering one shows the other as
 * "You answered." and never sends it. MSW at the HTTP edge, the real adapter over `fetch`.
 */

const server = setupServer();
const posts: string[] = [];
server.events.on('request:start', ({ request }) => {
  if (request.method === 'POST') posts.push(new URL(request.url).pathname);
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useFakeTime();
  sessionStorage.clear();
  posts.length = 0;
});
afterEach(() => {
  server.resetHandlers();
  useRealTime();
});
afterAll(() => server.close());

/** The README's body: no `taskId`. Both tasks ask the same question, suspended at the same second. */
const body = (suspendedAt: string | undefined = '2026-12-01T08:59:00Z') => ({
  status: 'input_required',
  ...(suspendedAt === undefined ? {} : { suspendedAt }),
  inputRequests: {
    confirm: {
      method: 'elicitation/create',
      params: {
        mode: 'form',
        message: 'Publish the report?',
        requestedSchema: { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
      },
    },
  },
});

/** A task at `/tasks/<name>` that keeps asking until answered (its POST says nothing: polling tells). */
function serveTask(name: string, suspendedAt?: string) {
  server.use(
    http.get(`http://api.test/tasks/${name}`, () => HttpResponse.json(body(suspendedAt))),
    http.post(`http://api.test/tasks/${name}/resume`, () => new HttpResponse(null, { status: 204 })),
  );
}

const sourceFor = (name: string) =>
  createHttpSource({
    stateUrl: `http://api.test/tasks/${name}`,
    resumeUrl: `http://api.test/tasks/${name}/resume`,
  });

async function roundIdOf(name: string): Promise<string | undefined> {
  const state = await sourceFor(name).fetchState(new AbortController().signal);
  return state.suspension?.id;
}

describe('createHttpSource: a round id names its task', () => {
  it.each([
    ['with suspendedAt', '2026-12-01T08:59:00Z'],
    ['without suspendedAt', undefined],
  ])('two tasks whose bodies are the same and name no task get two ids (%s)', async (_name, at) => {
    serveTask('a', at);
    serveTask('b', at);
    const a = await roundIdOf('a');
    const b = await roundIdOf('b');
    expect(a).toContain('http://api.test/tasks/a');
    expect(b).toContain('http://api.test/tasks/b');
    expect(a).not.toBe(b);
    // The same task read by another source (a reload makes a new one) is the same round, so the
    // ledger's "a reload never invites a second answer" holds.
    expect(await roundIdOf('a')).toBe(a);
  });

  it('keeps `<taskId>@<suspendedAt>` when the body names its task', async () => {
    server.use(
      http.get('http://api.test/tasks/a', () =>
        HttpResponse.json({ ...body(), taskId: 'task-7', suspendedAt: '2026-12-01T08:59:00Z' }),
      ),
    );
    expect(await roundIdOf('a')).toBe('task-7@2026-12-01T08:59:00Z');
  });

  it('answering one task in the tab leaves the other open, and sends it', async () => {
    serveTask('a');
    serveTask('b');
    const user = fakeTimeUser();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const first = render(
      <QueryClientProvider client={client}>
        <InputRequestCard source={sourceFor('a')} />
      </QueryClientProvider>,
    );
    await advance(100);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(100);
    expect(screen.getByText('You answered.')).toBeInTheDocument();
    expect(posts).toEqual(['/tasks/a/resume']);
    first.unmount();

    render(
      <QueryClientProvider client={client}>
        <InputRequestCard source={sourceFor('b')} />
      </QueryClientProvider>,
    );
    await advance(100);
    expect(screen.queryByText('You answered.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(100);
    expect(screen.getByText('You answered.')).toBeInTheDocument();
    expect(posts).toEqual(['/tasks/a/resume', '/tasks/b/resume']);
  });
});
