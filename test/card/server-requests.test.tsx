// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  createHttpSource,
  InputRequestCard,
  inputRequestQueryOptions,
  parseSuspension,
} from '../../src/index.ts';

// A server renders many people's pages in one process. A task URL is often the same for everyone
// (`/api/tasks/current`, answered per cookie), so what one request's QueryClient holds must never
// show in another request's page.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function requestFor(result: string) {
  const source = createHttpSource({
    stateUrl: 'https://app.example/api/tasks/current',
    resumeUrl: 'https://app.example/api/tasks/current/resume',
    fetch: async () => Response.json({ status: 'working' }),
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(inputRequestQueryOptions(source).queryKey, { status: 'completed', result });
  return renderToString(<InputRequestCard source={source} queryClient={queryClient} />);
}

it('renders each request from its own QueryClient, never from another request’s', () => {
  expect(typeof window).toBe('undefined');
  const alice = requestFor('Alice’s invoice was sent.');
  const bob = requestFor('Bob’s invoice was sent.');
  expect(alice).toContain('Alice’s invoice was sent.');
  expect(bob).toContain('Bob’s invoice was sent.');
  expect(bob).not.toContain('Alice');
  // Nothing of either request stays behind in the process: no sweep holds their sessions.
  expect(vi.getTimerCount()).toBe(0);
});

it('renders each request’s own round, even when two rounds share a host-given id', () => {
  const page = (name: string) =>
    renderToString(
      <InputRequestCard
        suspension={parseSuspension(
          {
            resultType: 'input_required',
            inputRequests: {
              details: {
                method: 'elicitation/create',
                params: {
                  message: `Send the invoice to ${name}?`,
                  requestedSchema: { type: 'object', properties: {} },
                },
              },
            },
          },
          { id: 'message-1', serverName: 'Billing' },
        )}
        resume={async () => undefined}
      />,
    );
  expect(page('Alice')).toContain('Send the invoice to Alice?');
  const bob = page('Bob');
  expect(bob).toContain('Send the invoice to Bob?');
  expect(bob).not.toContain('Alice');
  expect(vi.getTimerCount()).toBe(0);
});
