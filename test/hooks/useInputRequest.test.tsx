import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { roundView } from '../../src/core/index.ts';
import { useInputRequest } from '../../src/index.ts';
import { createTestSource, followUpRound } from '../../src/testing/index.ts';
import { advance, useFakeTime, useRealTime } from '../support/fake-time.ts';

beforeEach(() => {
  useFakeTime();
  sessionStorage.clear();
});
afterEach(() => useRealTime());

function wrapperFor(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const poll = { baseMs: 1000, maxMs: 1000 };

describe('useInputRequest', () => {
  it('follows a task: loading, asking, sending, answered, and the next round', async () => {
    const { source, task } = createTestSource({ rounds: [undefined as never, followUpRound].slice(1) });
    const { result } = renderHook(() => useInputRequest(source, { poll, drafts: false }), {
      wrapper: wrapperFor(),
    });
    expect(result.current.state).toBe('loading');
    await advance();
    expect(result.current.state).toBe('input-required');
    expect(result.current.suspension?.requests.map((request) => request.key)).toEqual(['schedule']);

    let sent!: Promise<void>;
    act(() => {
      sent = result.current.submit({ when: '2026-12-24' });
    });
    expect(result.current.state).toBe('submitting');
    await act(() => sent);
    await advance();
    expect(task.received).toEqual([
      expect.objectContaining({
        inputResponses: { schedule: { action: 'accept', content: { when: '2026-12-24' } } },
      }),
    ]);
    expect(result.current.state).toBe('completed');
  });

  it("says how to show a round whose answer was refused because someone else's came first", async () => {
    const { source, task } = createTestSource();
    const { result } = renderHook(() => useInputRequest(source, { poll, drafts: false }), {
      wrapper: wrapperFor(),
    });
    await advance();
    expect(roundView(result.current.snapshot)).toBe('open');
    // Someone else answers; this hook has not read it yet, so its send is refused as stale.
    task.answerElsewhere();
    let sent!: Promise<void>;
    act(() => {
      sent = result.current.submit({ recipient: 'team@example.com', note: 'Ship it' });
    });
    await act(() => sent.catch(() => {}));
    await advance();
    expect(result.current.state).toBe('answered-elsewhere');
    // What this person accepted was never taken: show it read-only, to copy.
    expect(roundView(result.current.snapshot)).toBe('read-only');
    expect(task.received.filter((received) => received.outcome === 'accepted')).toEqual([]);
  });

  it('gives two hooks on one task one session: one send whatever both do', async () => {
    const { source, task } = createTestSource();
    const wrapper = wrapperFor();
    const first = renderHook(() => useInputRequest(source, { poll, drafts: false }), { wrapper });
    const second = renderHook(() => useInputRequest(source, { poll, drafts: false }), { wrapper });
    await advance();
    expect(first.result.current.session).toBe(second.result.current.session);
    await act(async () => {
      await Promise.allSettled([first.result.current.decline(), second.result.current.decline()]);
    });
    await advance();
    expect(task.received).toHaveLength(1);
    expect(second.result.current.state).toBe(first.result.current.state);
  });

  it('declines and cancels every request of the round at once', async () => {
    const { source, task } = createTestSource({ completeAfterLastRound: false });
    const { result } = renderHook(() => useInputRequest(source, { poll, drafts: false }), {
      wrapper: wrapperFor(),
    });
    await advance();
    await act(() => result.current.cancel());
    expect(task.received[0]?.inputResponses).toEqual({ approval: { action: 'cancel' } });
    expect(result.current.stop).toBeUndefined();
  });
});
