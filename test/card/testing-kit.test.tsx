import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InputRequestCard, type InputRequestSource, type InputResponses } from '../../src/index.ts';
import { createTaskApi, createTestSource } from '../../src/testing/index.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

// The testing kit's fault scenarios, through the card, as a host's own tests would use them:
// over MSW (createTaskApi) and without it (createTestSource).

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => useFakeTime());
afterEach(() => {
  server.resetHandlers();
  useRealTime();
});
afterAll(() => server.close());

function show(source: InputRequestSource) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <InputRequestCard source={source} poll={{ baseMs: 1_000, maxMs: 1_000 }} resumeTimeoutMs={5_000} />
    </QueryClientProvider>,
  );
}

async function acceptTheQuestion() {
  const user = fakeTimeUser();
  await advance();
  await user.type(screen.getByLabelText(/One-time code/, { selector: 'input' }), '2468');
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await advance();
  return user;
}

type Scenario = 'response-lost' | 'busy-wait';
/** What each scenario sets: the MSW kit takes the scenario's name, the other its options. */
const SCENARIO_OPTIONS = {
  'response-lost': { lostResponses: 1 },
  'busy-wait': { resumeFailures: 1, retryAfterSeconds: 3 },
} as const;

const kits = {
  'over MSW (createTaskApi)': (scenario: Scenario) => {
    const api = createTaskApi({ scenario, serverName: 'Mailer' });
    server.use(...api.handlers);
    return api;
  },
  'without MSW (createTestSource)': (scenario: Scenario) =>
    createTestSource({ ...SCENARIO_OPTIONS[scenario], serverName: 'Mailer' }),
};

describe.each(Object.entries(kits))('the testing kit %s', (_, make) => {
  it('response-lost: the answer arrives, its response does not; the card finds out from the task, and it counts once', async () => {
    const { source, task } = make('response-lost');
    show(source);
    await acceptTheQuestion();
    // The send could not be confirmed; the next reading of the task says it arrived.
    expect(await screen.findByText('You answered.')).toBeInTheDocument();
    expect(task.received.map((received) => received.outcome)).toEqual(['accepted']);
    expect(task.duplicates).toEqual([]);
  });

  it('response-lost: says the answer whose response was lost reached the server, once the task names its key', async () => {
    const { source } = make('response-lost');
    show(source);
    await acceptTheQuestion();
    // Only a send that could not be confirmed is "reached the server" after the fact.
    expect(await screen.findByText('Your answer reached the server.')).toBeInTheDocument();
  });

  it('busy-wait: a 503 that asks to wait 3 seconds holds Try again until then', async () => {
    const { source, task } = make('busy-wait');
    show(source);
    await acceptTheQuestion();
    expect(await screen.findByText(/asked to wait 3 seconds/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
    await advance(3_000);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(task.received.map((received) => received.outcome)).toEqual(['failed']);
  });
});

describe('the testing kit’s faults at its edge', () => {
  const answer: InputResponses = {
    approval: { action: 'accept', content: { recipient: 'a@example.com', token: '2468' } },
  };

  it('over MSW: a lost response is a dropped connection, a busy one carries Retry-After', async () => {
    const lost = createTaskApi({ scenario: 'response-lost' });
    server.use(...lost.handlers);
    const post = (api: typeof lost) =>
      fetch(api.resumeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
        body: JSON.stringify({ inputResponses: answer, suspendedAt: api.task.read().suspendedAt }),
      });
    await expect(post(lost)).rejects.toThrow(TypeError);
    expect(lost.task.received.map((received) => received.outcome)).toEqual(['accepted']);
    // The same key again: answered as before, taken once.
    expect((await post(lost)).status).toBe(202);

    server.resetHandlers();
    const busy = createTaskApi({ scenario: 'busy-wait', taskId: 'busy' });
    server.use(...busy.handlers);
    const response = await post(busy);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('3');
  });

  it('without MSW: the source rejects as fetch would, and with the wait', async () => {
    const lost = createTestSource({ lostResponses: 1 });
    const suspension = (await lost.source.fetchState(new AbortController().signal)).suspension;
    const context = { suspension: suspension!, signal: new AbortController().signal, idempotencyKey: 'k-1' };
    await expect(lost.source.resume(answer, context)).rejects.toThrow(new TypeError('Failed to fetch'));
    expect(lost.task.received.map((received) => received.outcome)).toEqual(['accepted']);

    const busy = createTestSource({ resumeFailures: 1, retryAfterSeconds: 3 });
    const open = (await busy.source.fetchState(new AbortController().signal)).suspension;
    await expect(busy.source.resume(answer, { ...context, suspension: open! })).rejects.toMatchObject({
      status: 503,
      retryAfterMs: 3_000,
    });
  });
});
