import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timeLeftUntil } from '../../src/core/deadline.ts';
import {
  createInputRequestSession,
  type InputResponses,
  parseSuspension,
  readTaskState,
  type Suspension,
  staticSource,
} from '../../src/core/index.ts';
import { inputRequiredTask } from '../fixtures/dialects.ts';

// Deadlines in the session: the countdown it keeps, the host's own limit, and the refusal to
// send anything once the deadline passed.

const MINUTE = 60_000;
const START = Date.parse('2026-12-01T09:00:00Z');

const round: Suspension = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      confirm: {
        method: 'elicitation/create',
        params: {
          message: 'Ship?',
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
        },
      },
    },
  },
  { id: 'round-1', serverName: 'Shipper' },
);

function sessionWithDeadline(deadline: number | undefined, hostDeadline?: number) {
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  const session = createInputRequestSession({
    source: {
      queryKey: ['deadline-test'],
      initialState: {
        status: 'input-required',
        suspension: round,
        ...(deadline === undefined ? {} : { deadline }),
      },
      follow: false,
      fetchState: async () => ({ status: 'working' }),
      resume,
    },
    ...(hostDeadline === undefined ? {} : { deadline: hostDeadline }),
  });
  return { session, resume };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('timeLeftUntil', () => {
  it('counts days, hours, five minutes, minutes, then the last minute, always rounded down', () => {
    const at = (ms: number) => timeLeftUntil(START + ms, START);
    expect(at(3 * 24 * 60 * MINUTE + 5)).toEqual({
      unit: 'day',
      value: 3,
      urgent: false,
      changesAt: START + 5,
    });
    expect(at(2 * 24 * 60 * MINUTE)).toMatchObject({ unit: 'hour', value: 47 });
    expect(at(3 * 60 * MINUTE - 1)).toMatchObject({ unit: 'hour', value: 2 });
    expect(at(2 * 60 * MINUTE)).toMatchObject({ unit: 'minute', value: 115 });
    expect(at(37 * MINUTE)).toEqual({
      unit: 'minute',
      value: 35,
      urgent: false,
      changesAt: START + 2 * MINUTE,
    });
    expect(at(10 * MINUTE)).toMatchObject({ unit: 'minute', value: 9, changesAt: START + MINUTE });
    expect(at(MINUTE + 1)).toEqual({ unit: 'minute', value: 1, urgent: false, changesAt: START + 1 });
    expect(at(MINUTE)).toEqual({ unit: 'minute', value: 0, urgent: true });
    expect(at(0)).toEqual({ unit: 'minute', value: 0, urgent: true });
    expect(at(-5000)).toEqual({ unit: 'minute', value: 0, urgent: true });
  });

  it('changes its value exactly at changesAt, never in between', () => {
    const deadline = START + 3 * 60 * MINUTE + 17_123;
    let now = START;
    while (now < deadline - MINUTE) {
      const left = timeLeftUntil(deadline, now);
      const next = left.changesAt;
      if (next === undefined) throw new Error('expected a next change before the last minute');
      expect(timeLeftUntil(deadline, next - 1)).toEqual(left);
      expect(timeLeftUntil(deadline, next).value).not.toBe(left.value);
      now = next;
    }
    expect(timeLeftUntil(deadline, now).urgent).toBe(true);
  });
});

describe('a session with a deadline', () => {
  it('renews timeLeft once per step, at most once a minute, and none after the deadline', async () => {
    const { session } = sessionWithDeadline(START + 12 * MINUTE + 30_000);
    const seen: string[] = [];
    session.subscribe(() => {
      const { state, timeLeft } = session.getSnapshot();
      seen.push(timeLeft ? `${Math.round((Date.now() - START) / 1000)}s: ${timeLeft.value}` : state);
    });
    expect(session.getSnapshot().timeLeft).toMatchObject({ unit: 'minute', value: 10, urgent: false });
    await vi.advanceTimersByTimeAsync(13 * MINUTE);
    expect(seen).toEqual([
      '150s: 9',
      '210s: 8',
      '270s: 7',
      '330s: 6',
      '390s: 5',
      '450s: 4',
      '510s: 3',
      '570s: 2',
      '630s: 1',
      '690s: 0',
      'expired',
    ]);
    expect(session.getSnapshot().timeLeft).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('has no countdown without a deadline, and none while idle', async () => {
    const { session } = sessionWithDeadline(undefined);
    const stop = session.subscribe(() => {});
    expect(session.getSnapshot().timeLeft).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
    stop();

    const timed = sessionWithDeadline(START + 30 * MINUTE).session;
    const stopTimed = timed.subscribe(() => {});
    expect(vi.getTimerCount()).toBe(2); // the deadline and the next step
    stopTimed();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('applies the host deadline when it comes first, the source one otherwise', () => {
    expect(sessionWithDeadline(START + 60 * MINUTE, START + 5 * MINUTE).session.getSnapshot()).toMatchObject({
      deadline: START + 5 * MINUTE,
      timeLeft: { value: 4 },
    });
    expect(sessionWithDeadline(START + 5 * MINUTE, START + 60 * MINUTE).session.getSnapshot().deadline).toBe(
      START + 5 * MINUTE,
    );
    expect(sessionWithDeadline(undefined, START + 5 * MINUTE).session.getSnapshot().deadline).toBe(
      START + 5 * MINUTE,
    );
    const iso = createInputRequestSession({
      source: staticSource(round, async () => {}),
      deadline: new Date(START + 90_000).toISOString(),
    });
    expect(iso.getSnapshot()).toMatchObject({ deadline: START + 90_000, timeLeft: { value: 1 } });
  });

  it('refuses to send once the deadline passed, even when its timer has not run yet', async () => {
    const { session, resume } = sessionWithDeadline(START + 5 * MINUTE);
    session.subscribe(() => {});
    // A throttled background tab: the clock moves on, the timers do not.
    vi.setSystemTime(START + 5 * MINUTE + 1);
    await expect(session.answer('confirm', { action: 'accept', content: { ok: true } })).rejects.toThrow(
      /^input-request-cards: round "round-1" expired at 2026-12-01T09:05:00.000Z; nothing was sent/,
    );
    expect(session.getSnapshot().state).toBe('expired');
    await expect(session.declineRound()).rejects.toThrow('"input-required"; it is "expired"');
    await vi.runAllTimersAsync();
    expect(resume).not.toHaveBeenCalled();
  });

  it('takes a deadline no Date can hold as none: no countdown, and no timer that fires for ever', async () => {
    const { session } = sessionWithDeadline(1e30);
    const heard = vi.fn();
    session.subscribe(heard);
    expect(session.getSnapshot().state).toBe('input-required');
    expect(session.getSnapshot().deadline).toBeUndefined();
    expect(session.getSnapshot().timeLeft).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(heard).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    // The last time a Date holds still counts down.
    expect(sessionWithDeadline(8.64e15).session.getSnapshot().timeLeft).toMatchObject({ unit: 'day' });
  });

  it('sends normally before the deadline', async () => {
    const { session, resume } = sessionWithDeadline(START + 5 * MINUTE);
    session.subscribe(() => {});
    vi.setSystemTime(START + 5 * MINUTE - 1);
    await session.answer('confirm', { action: 'decline' });
    expect(resume).toHaveBeenCalledOnce();
    expect(session.getSnapshot()).toMatchObject({ state: 'answered' });
    expect(session.getSnapshot().timeLeft).toBeUndefined();
  });
});

describe('readTaskState', () => {
  it('gives an input_required task the end of its time to live as the deadline', () => {
    expect(readTaskState(inputRequiredTask).deadline).toBe(Date.parse('2026-11-30T10:00:00Z') + 60_000);
    expect(readTaskState({ ...inputRequiredTask, ttlMs: null }).deadline).toBeUndefined();
    const { ttlMs: _, ...legacy } = inputRequiredTask;
    expect(readTaskState({ ...legacy, ttl: 30_000 }).deadline).toBe(
      Date.parse('2026-11-30T10:00:00Z') + 30_000,
    );
    expect(readTaskState({ ...inputRequiredTask, createdAt: 'yesterday' }).deadline).toBeUndefined();
    // A time to live past what a Date holds is no deadline.
    expect(readTaskState({ ...inputRequiredTask, ttlMs: 1e30 }).deadline).toBeUndefined();
  });
});
