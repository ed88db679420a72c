import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * Fake clocks for tests about time: timers and `Date` are faked, promises and microtasks stay
 * real, so in-memory sources settle as soon as time moves. Nothing here waits on the wall clock.
 */
export function useFakeTime(start = Date.parse('2026-12-01T09:00:00Z')): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(start);
  // Testing Library drains its async wrappers with a 0 ms timer and moves fake clocks only when
  // it recognises Jest's; show it Vitest's under that name, or every user-event call would hang.
  (globalThis as { jest?: unknown }).jest = {
    advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
  };
}

/** Back to real time (call in `afterEach`). */
export function useRealTime(): void {
  vi.useRealTimers();
  delete (globalThis as { jest?: unknown }).jest;
}

/** Moves fake time on by `ms` (0: just runs what is due and settles promises), inside `act`. */
export async function advance(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** A user-event instance whose delays run on the fake clock. */
export function fakeTimeUser() {
  // No delay between keystrokes: a delay would be a timer, and timers only move when the test says so.
  return userEvent.setup({ delay: null });
}
