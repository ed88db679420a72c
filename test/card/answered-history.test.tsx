import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createHttpSource, InputRequestCard, inputRequestQueryOptions } from '../../src/index.ts';

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
