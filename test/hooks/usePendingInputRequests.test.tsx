import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  InputRequestCard,
  type InputResponses,
  type PendingInputRequest,
  parseSuspension,
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

describe('a round the app answers by itself', () => {
  // Sampling the host's own model answers: nothing in it is for the person, until its answerer fails.
  const sampling = (id: string, withQuestion = false) =>
    parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          ...(withQuestion
            ? {
                confirm: {
                  method: 'elicitation/create',
                  params: { message: 'Deploy now?', requestedSchema: { type: 'object', properties: {} } },
                },
              }
            : {}),
          summary: {
            method: 'sampling/createMessage',
            params: {
              messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }],
              maxTokens: 50,
            },
          },
        },
      },
      { id, serverName: 'Deployer' },
    );

  it('is not listed while the app answers it, and is once its answerer fails and the person must say no', async () => {
    const opened = vi.fn<(request: PendingInputRequest) => void>();
    const { result } = renderHook(() => usePendingInputRequests({ onOpen: opened }));
    const model = deferred<never>();
    render(
      <InputRequestCard
        suspension={sampling('sampling-only')}
        resume={async () => undefined}
        answerers={{ 'sampling/createMessage': () => model.promise }}
      />,
    );
    await advance(3000);
    // The card answers it by itself: no badge, no notification.
    expect(screen.getByText('Answering in this app…')).toBeInTheDocument();
    expect(result.current).toStrictEqual([]);
    expect(opened).not.toHaveBeenCalled();

    model.reject(new Error('model offline'));
    await advance();
    // Now the person must decline or cancel it.
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(result.current.map((request) => request.roundId)).toStrictEqual(['sampling-only']);
    expect(opened).toHaveBeenCalledOnce();
  });

  it('is not listed when it asks nothing at all: the server only waits (load shedding, a link step)', async () => {
    const opened = vi.fn();
    const { result } = renderHook(() => usePendingInputRequests({ onOpen: opened }));
    const waitingRound = parseSuspension(
      { resultType: 'input_required', requestState: 'v1.state-only' },
      { id: 'state-only', serverName: 'Busy server' },
    );
    // Its retry is on its way, and stays so.
    render(<InputRequestCard suspension={waitingRound} resume={() => new Promise<never>(() => {})} />);
    await advance(3000);
    expect(screen.getByRole('article')).toHaveAttribute('data-state', 'submitting');
    expect(result.current).toStrictEqual([]);
    expect(opened).not.toHaveBeenCalled();
  });

  it('is listed when it also asks the person something', async () => {
    const { result } = renderHook(() => usePendingInputRequests());
    render(
      <InputRequestCard
        suspension={sampling('sampling-and-question', true)}
        resume={async () => undefined}
        answerers={{ 'sampling/createMessage': () => new Promise<never>(() => {}) }}
      />,
    );
    await advance();
    expect(result.current.map((request) => request.roundId)).toStrictEqual(['sampling-and-question']);
  });
});
