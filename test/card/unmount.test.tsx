import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InputRequestCard } from '../../src/index.ts';
import { cityRound as round } from '../fixtures/suspensions.ts';

// A chat mounts and unmounts cards all the time (virtualised lists, conversation switches). An
// unmounted card must leave nothing that keeps its round in memory: a pending timer's closure
// holds whatever it references until it fires.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A component that suspends forever: the render around it never commits. */
const never = new Promise<never>(() => {});
function Suspends(): never {
  throw never;
}

describe('an unmounted card', () => {
  it('leaves no timer behind, so nothing holds its round after it is gone', async () => {
    for (let index = 0; index < 3; index++) {
      const { unmount } = render(<InputRequestCard suspension={round(index)} resume={async () => {}} />);
      unmount();
    }
    await act(async () => {}); // the registry lets a session go a microtask after its last subscriber
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a render that never commits leaves its sessions for one sweep, then nothing', async () => {
    render(
      <Suspense fallback={<p>Loading…</p>}>
        {[0, 1, 2].map((index) => (
          <InputRequestCard key={index} suspension={round(10 + index)} resume={async () => {}} />
        ))}
        <Suspends />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
    // Three sessions made during the discarded render, one timer to let them go.
    expect(vi.getTimerCount()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(vi.getTimerCount()).toBe(0);
  });
});
