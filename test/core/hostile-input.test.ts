import { describe, expect, it } from 'vitest';
import { pollDelay } from '../../src/core/index.ts';

// What a hostile or careless server sends, through the core's public API: numbers that would
// make a timer misbehave.

describe("pollDelay: a server's hint is bounded", () => {
  it('takes a hint under 500 ms as 500 ms: never a hot loop, never 0 ("never poll" to TanStack Query)', () => {
    expect(pollDelay({ status: 'working', pollIntervalMs: 1 }, 0)).toBe(500);
    expect(pollDelay({ status: 'working', pollIntervalMs: 0.4 }, 0)).toBe(500);
    expect(pollDelay({ status: 'input-required', pollIntervalMs: 499 }, 0)).toBe(500);
    // Unchanged readings still back off from there.
    expect(pollDelay({ status: 'working', pollIntervalMs: 1 }, 2)).toBe(1125);
  });

  it("keeps a hint of 500 ms or more as the server wrote it, and the host's faster base as the host set it", () => {
    expect(pollDelay({ status: 'working', pollIntervalMs: 500 }, 0)).toBe(500);
    expect(pollDelay({ status: 'working', pollIntervalMs: 750 }, 0)).toBe(750);
    // The host chose to poll every 50 ms: a server's 1 ms hint cannot go under that.
    expect(pollDelay({ status: 'working', pollIntervalMs: 1 }, 0, { baseMs: 50, maxMs: 50 })).toBe(50);
    expect(pollDelay({ status: 'working', pollIntervalMs: 20 }, 0, { baseMs: 200, maxMs: 200 })).toBe(200);
  });

  it('waits at most as long as a timer can (2³¹ − 1 ms), where a longer delay would fire at once', () => {
    const month = 31 * 24 * 60 * 60_000;
    expect(pollDelay({ status: 'working', pollIntervalMs: month }, 0)).toBe(2_147_483_647);
    expect(pollDelay({ status: 'working', pollIntervalMs: Number.MAX_VALUE }, 5)).toBe(2_147_483_647);
  });
});
