import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  InputRequestCard,
  type InputResponses,
  type PendingInputRequest,
  usePendingInputRequests,
} from '../../src/index.ts';
import { createTestSource } from '../../src/testing/index.ts';
import { deferred } from '../fixtures/deferred.ts';
import { approveSchema, formRound } from '../fixtures/suspensions.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

beforeEach(() => useFakeTime());
afterEach(() => useRealTime());

const START = Date.parse('2026-12-01T09:00:00Z');
const mailRound = formRound(approveSchema, 'Send the report?', {
  serverName: 'Mailer',
  toolName: 'send_report',
  toolTitle: 'Send a report',
});
const calendarRound = formRound(approveSchema, 'Book the room?', {
  serverName: 'Calendar',
  toolName: 'book_room',
});

function card(name: string) {
  return within(screen.getByRole('article', { name }));
}

describe('usePendingInputRequests', () => {
  it('lists the open rounds of three cards — who asks, since when, how many — and drops each as it settles', async () => {
    const user = fakeTimeUser();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { source, task } = createTestSource({ serverName: 'Deployer', toolName: 'deploy' });
    const opened = vi.fn<(request: PendingInputRequest) => void>();
    const settled = vi.fn<(request: PendingInputRequest, settlement: string) => void>();
    const { result } = renderHook(() => usePendingInputRequests({ onOpen: opened, onSettle: settled }));
    expect(result.current).toStrictEqual([]);

    const sending = deferred<void>();
    const mailResume = vi.fn((_responses: InputResponses) => sending.promise);
    render(
      <QueryClientProvider client={client}>
        <InputRequestCard suspension={mailRound} resume={mailResume} />
      </QueryClientProvider>,
    );
    await advance(1000);
    const view = render(
      <QueryClientProvider client={client}>
        <InputRequestCard suspension={calendarRound} resume={async () => undefined} />
        <InputRequestCard source={source} poll={{ baseMs: 1000, maxMs: 1000 }} drafts={false} />
      </QueryClientProvider>,
    );
    await advance();

    expect(
      result.current.map(({ serverName, toolTitle, toolName, since, requestCount, state }) => ({
        serverName,
        toolTitle,
        toolName,
        since: since - START,
        requestCount,
        state,
      })),
    ).toStrictEqual([
      {
        serverName: 'Mailer',
        toolTitle: 'Send a report',
        toolName: 'send_report',
        since: 0,
        requestCount: 1,
        state: 'input-required',
      },
      {
        serverName: 'Calendar',
        toolTitle: undefined,
        toolName: 'book_room',
        since: 1000,
        requestCount: 1,
        state: 'input-required',
      },
      {
        serverName: 'Deployer',
        toolTitle: undefined,
        toolName: 'deploy',
        since: 1000,
        requestCount: 1,
        state: 'input-required',
      },
    ]);
    expect(opened.mock.calls.map(([request]) => request.serverName)).toStrictEqual([
      'Mailer',
      'Calendar',
      'Deployer',
    ]);

    // Sending: still open (the answer has not arrived), marked as such; then answered.
    await user.click(card('Mailer is asking').getByRole('button', { name: 'Accept' }));
    expect(result.current.map((request) => [request.serverName, request.state])).toStrictEqual([
      ['Mailer', 'submitting'],
      ['Calendar', 'input-required'],
      ['Deployer', 'input-required'],
    ]);
    sending.resolve();
    await advance();
    expect(result.current.map((request) => request.serverName)).toStrictEqual(['Calendar', 'Deployer']);
    expect(settled.mock.calls.map(([request, how]) => [request.serverName, how])).toStrictEqual([
      ['Mailer', 'answered'],
    ]);

    // Someone else answers the task; the next poll closes it.
    task.answerElsewhere();
    await advance(1000);
    expect(result.current.map((request) => request.serverName)).toStrictEqual(['Calendar']);

    // The last card goes away while its round is still open.
    view.unmount();
    await advance();
    expect(result.current).toStrictEqual([]);
    expect(settled.mock.calls.map(([request, how]) => [request.serverName, how])).toStrictEqual([
      ['Mailer', 'answered'],
      ['Deployer', 'answered-elsewhere'],
      ['Calendar', 'unmounted'],
    ]);
    expect(opened).toHaveBeenCalledTimes(3);
  });

  it('calls onOpen for rounds already open when it mounts, once each', async () => {
    render(<InputRequestCard suspension={mailRound} resume={async () => undefined} />);
    await advance();
    const opened = vi.fn();
    const { result } = renderHook(() => usePendingInputRequests({ onOpen: opened }));
    await advance();
    expect(result.current.map((request) => request.roundId)).toStrictEqual([mailRound.id]);
    expect(opened).toHaveBeenCalledOnce();
  });

  it('counts a round shown twice once', async () => {
    render(
      <>
        <InputRequestCard suspension={mailRound} resume={async () => undefined} />
        <InputRequestCard suspension={mailRound} resume={async () => undefined} />
      </>,
    );
    const { result } = renderHook(() => usePendingInputRequests());
    await advance();
    expect(result.current).toHaveLength(1);
  });
});
