import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputRequestCard, type InputRequestSource, type InputRequestState } from '../../src/index.ts';
import { advance, useFakeTime, useRealTime } from '../support/fake-time.ts';

// What a hostile or careless server sends, through the card: hints that would make it poll in a
// hot loop or not at all. On a fake clock: nothing here waits on the wall clock.

beforeEach(() => {
  useFakeTime();
  sessionStorage.clear();
});
afterEach(() => {
  useRealTime();
});

/**
 * A task that keeps working, with the server's poll hint and a status line that is new on every
 * read (so the card's back-off, which waits longer while nothing changes, never starts).
 */
function busyTask(pollIntervalMs: number) {
  let reads = 0;
  const source: InputRequestSource = {
    queryKey: ['busy-task', pollIntervalMs],
    fetchState: async (): Promise<InputRequestState> => {
      reads += 1;
      return { status: 'working', pollIntervalMs, message: `Step ${reads}` };
    },
    resume: async () => undefined,
  };
  return { source, reads: () => reads };
}

/** The task's status line as shown (its live region says it too, at most every few seconds). */
const statusLine = () => screen.getByText(/^Step \d+$/, { selector: 'p' });

async function follow(source: InputRequestSource) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <InputRequestCard source={source} drafts={false} />
    </QueryClientProvider>,
  );
  await advance();
}

describe("a server's poll hint", () => {
  it('of 1 ms, with a status that changes on every read, polls twice a second, not in a hot loop', async () => {
    const task = busyTask(1);
    await follow(task.source);
    expect(task.reads()).toBe(1);
    await advance(10_000);
    // 500 ms apart: 20 more reads in 10 s (it was about 815 a second).
    expect(task.reads()).toBeGreaterThanOrEqual(19);
    expect(task.reads()).toBeLessThanOrEqual(21);
    expect(statusLine()).toHaveTextContent(`Step ${task.reads()}`);
  });

  it('under half a millisecond still polls: the card follows the task (it used to round to "never")', async () => {
    const task = busyTask(0.4);
    await follow(task.source);
    expect(statusLine()).toHaveTextContent('Step 1');
    await advance(2_000);
    expect(task.reads()).toBeGreaterThanOrEqual(4);
    expect(statusLine()).toHaveTextContent(`Step ${task.reads()}`);
  });

  it('of a month does not overflow the timer into a hot loop: the card waits', async () => {
    const task = busyTask(31 * 24 * 60 * 60_000);
    await follow(task.source);
    await advance(60_000);
    expect(task.reads()).toBe(1);
  });
});
