import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createHttpSource, InputRequestCard } from '../../src/index.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

// A 2xx JSON body whose status is a receipt's word ({ status: 'accepted' }) took the answer; one
// that answers 200 with a failure word of its own (JSend's { status: 'fail' }) did not: the card
// must not say "You answered." while the task still asks.

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
const posts: unknown[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useFakeTime();
  sessionStorage.clear();
  posts.length = 0;
  server.use(
    // The task never took the answer: it keeps asking.
    http.get('http://api.test/tasks/t1', () =>
      HttpResponse.json({ status: 'input_required', suspendedAt: 's1', inputRequests: question }),
    ),
    http.post('http://api.test/tasks/t1/resume', async ({ request }) => {
      posts.push(await request.json());
      return HttpResponse.json({ status: 'fail', data: { note: 'Too short' } });
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  useRealTime();
});
afterAll(() => server.close());

it('does not say "You answered." over a 200 { status: "fail" } while the task still asks', async () => {
  const user = fakeTimeUser();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <InputRequestCard
        source={createHttpSource({
          stateUrl: 'http://api.test/tasks/t1',
          resumeUrl: 'http://api.test/tasks/t1/resume',
        })}
        poll={{ baseMs: 1_000, maxMs: 1_000 }}
      />
    </QueryClientProvider>,
  );
  await advance();
  await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'ok');
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await advance(5_000);
  expect(posts).toHaveLength(1);
  // The server still asks the same round; the person must not be told it was taken.
  expect(screen.queryByText('You answered.')).toBeNull();
  expect(screen.getByRole('article')).not.toHaveAttribute('data-state', 'answered');
});
