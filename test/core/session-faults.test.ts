// @vitest-environment node
/**
 * The faults the property test (session.property.test.ts) found, pinned one by one: each is a
 * send whose fate the client cannot know, and what the session says about it afterwards.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answersLocked,
  createInputRequestSession,
  describeFailure,
  type InputRequestSource,
  type InputRequestState,
  type InputResponses,
  parseSuspension,
  type Suspension,
} from '../../src/core/index.ts';
import { createMemoryLedger, type RoundLedger } from '../../src/core/ledger.ts';
import { outcomeOf } from '../../src/core/receipt.ts';
import { englishMessages } from '../../src/i18n/messages.ts';

const round: Suspension = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      q: {
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

/** A source whose every `resume` is settled by the test, in order; it records the keys sent. */
function scriptedSource(initialState: InputRequestState, outcomes: Array<() => Promise<undefined>>) {
  const keys: string[] = [];
  const sent: InputResponses[] = [];
  const source: InputRequestSource = {
    queryKey: ['faults', Math.random()],
    initialState,
    follow: false,
    fetchState: async () => initialState,
    resume: (responses, context) => {
      keys.push(context.idempotencyKey as string);
      sent.push(responses);
      const next = outcomes.shift();
      return next ? next() : new Promise(() => {});
    },
  };
  return { source, keys, sent };
}

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });
const lost = () => new TypeError('Failed to fetch');
const open = (deadline?: number): InputRequestState => ({
  status: 'input-required',
  suspension: round,
  ...(deadline === undefined ? {} : { deadline }),
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'queueMicrotask'] });
  vi.setSystemTime(Date.parse('2026-12-01T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a send whose fate is unknown', () => {
  it('stays unconfirmed when a retry is then refused (a lost response, then 503), under one key', async () => {
    const { source, keys } = scriptedSource(open(), [
      () => Promise.reject(lost()),
      () => Promise.reject(httpError(503)),
    ]);
    const session = createInputRequestSession({ source, ledger: createMemoryLedger() });
    session.subscribe(() => {});
    await session.answer('q', { action: 'accept', content: { ok: true } })?.catch(() => {});
    expect(session.getSnapshot().sendUncertain).toBe(true);
    await session.retry().catch(() => {});
    // The first try may have arrived; the 503 of the second says nothing about the first.
    expect(session.getSnapshot()).toMatchObject({ state: 'input-required', sendUncertain: true });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    session.destroy();
  });

  it('keeps the answers as sent while their send may have arrived: no edit, withdrawal or refusal; Try again repeats them', async () => {
    const { source, keys, sent } = scriptedSource(open(), [
      () => Promise.reject(lost()),
      () => Promise.resolve(undefined),
    ]);
    const session = createInputRequestSession({ source, ledger: createMemoryLedger() });
    session.subscribe(() => {});
    const accepted = { action: 'accept', content: { ok: true } } as const;
    await session.answer('q', accepted)?.catch(() => {});
    expect(answersLocked(session.getSnapshot())).toBe(true);
    // An edit under the same idempotency key would be dropped as a repeat, or refused.
    const edited = session.answer('q', { action: 'accept', content: { ok: false } });
    await expect(edited).rejects.toThrow(/may already have arrived.*retry\(\)/);
    await expect(session.declineRound()).rejects.toThrow(/stay as they were sent/);
    await expect(session.cancelRound()).rejects.toThrow(/stay as they were sent/);
    await expect(session.respond({ q: { action: 'decline' } })).rejects.toThrow(/stay as they were sent/);
    session.withdraw('q');
    expect(session.getSnapshot().answers).toEqual({ q: accepted });
    expect(sent).toHaveLength(1);
    await session.retry();
    expect(sent).toEqual([{ q: accepted }, { q: accepted }]);
    expect(keys[1]).toBe(keys[0]);
    expect(session.getSnapshot()).toMatchObject({ state: 'answered', confirmedLate: true });
    session.destroy();
  });

  it('frees the answers again when a retry after an unconfirmed try is refused outright (422)', async () => {
    const { source, sent } = scriptedSource(open(), [
      () => Promise.reject(lost()),
      () => Promise.reject(httpError(422)),
      () => Promise.resolve(undefined),
    ]);
    const session = createInputRequestSession({ source, ledger: createMemoryLedger() });
    session.subscribe(() => {});
    await session.answer('q', { action: 'accept', content: { ok: true } })?.catch(() => {});
    expect(answersLocked(session.getSnapshot())).toBe(true);
    await session.retry().catch(() => {});
    // Refused as it stands: nothing settles by trying it again, so the person may fix or refuse it.
    expect(answersLocked(session.getSnapshot())).toBe(false);
    await session.answer('q', { action: 'decline' });
    expect(sent[2]).toEqual({ q: { action: 'decline' } });
    session.destroy();
  });

  it('does not lock answers given again after a reload cut a send off, before that send fails', async () => {
    const twoRound = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          a: {
            method: 'elicitation/create',
            params: {
              message: 'A?',
              requestedSchema: { type: 'object', properties: { v: { type: 'string' } } },
            },
          },
          b: {
            method: 'elicitation/create',
            params: {
              message: 'B?',
              requestedSchema: { type: 'object', properties: { v: { type: 'string' } } },
            },
          },
        },
      },
      { id: 'round-two', serverName: 'Shipper' },
    );
    const ledger = createMemoryLedger();
    ledger.set({
      roundId: 'round-two',
      idempotencyKey: 'k-1',
      status: 'sending',
      answers: {},
      at: Date.now(),
    });
    const { source, sent, keys } = scriptedSource({ status: 'input-required', suspension: twoRound }, [
      () => Promise.reject(httpError(400)),
      () => Promise.resolve(undefined),
    ]);
    const session = createInputRequestSession({ source, ledger });
    session.subscribe(() => {});
    expect(session.getSnapshot().sendUncertain).toBe(true);
    session.answer('a', { action: 'accept', content: { v: 'old' } });
    // Every answer the caller gives is taken, the last one too; the send goes under the first key.
    await session
      .respond({
        b: { action: 'accept', content: { v: 'b' } },
        a: { action: 'accept', content: { v: 'new' } },
      })
      .catch(() => {});
    expect(sent[0]?.a).toEqual({ action: 'accept', content: { v: 'new' } });
    expect(keys[0]).toBe('k-1');
    // A clear refusal of that send leaves them free to fix.
    expect(answersLocked(session.getSnapshot())).toBe(false);
    await session.answer('a', { action: 'accept', content: { v: 'fixed' } });
    expect(sent[1]?.a).toEqual({ action: 'accept', content: { v: 'fixed' } });
    session.destroy();
  });

  it('leaves the answers open to change after a refused send (503): nothing arrived', async () => {
    const { source, sent } = scriptedSource(open(), [
      () => Promise.reject(httpError(503)),
      () => Promise.resolve(undefined),
    ]);
    const session = createInputRequestSession({ source, ledger: createMemoryLedger() });
    session.subscribe(() => {});
    await session.answer('q', { action: 'accept', content: { ok: true } })?.catch(() => {});
    expect(answersLocked(session.getSnapshot())).toBe(false);
    await session.answer('q', { action: 'accept', content: { ok: false } });
    expect(sent[1]).toEqual({ q: { action: 'accept', content: { ok: false } } });
    session.destroy();
  });

  it.each([502, 504])(
    'counts a gateway %i as unconfirmed, and keeps the round in the ledger',
    async (status) => {
      const ledger = createMemoryLedger();
      const { source } = scriptedSource(open(), [() => Promise.reject(httpError(status))]);
      const session = createInputRequestSession({ source, ledger });
      session.subscribe(() => {});
      await session.answer('q', { action: 'accept', content: { ok: true } })?.catch(() => {});
      expect(session.getSnapshot().sendUncertain).toBe(true);
      expect(ledger.get('round-1')?.status).toBe('sending');
      session.destroy();
    },
  );

  it('counts a 503 as refused: the answers stay, the ledger forgets the round', async () => {
    const ledger = createMemoryLedger();
    const { source } = scriptedSource(open(), [() => Promise.reject(httpError(503))]);
    const session = createInputRequestSession({ source, ledger });
    session.subscribe(() => {});
    await session.answer('q', { action: 'accept', content: { ok: true } })?.catch(() => {});
    expect(session.getSnapshot().sendUncertain).toBeUndefined();
    expect(session.getSnapshot().answers).toEqual({ q: { action: 'accept', content: { ok: true } } });
    expect(ledger.get('round-1')).toBeUndefined();
    session.destroy();
  });

  it('never says "nothing was sent" when the deadline passes after an unconfirmed send', async () => {
    const deadline = Date.now() + 1_000;
    const { source } = scriptedSource(open(deadline), [() => Promise.reject(lost())]);
    const session = createInputRequestSession({ source, ledger: createMemoryLedger() });
    session.subscribe(() => {});
    await session.answer('q', { action: 'accept', content: { ok: true } })?.catch(() => {});
    await vi.advanceTimersByTimeAsync(1_500);
    expect(session.getSnapshot().state).toBe('expired');
    expect(outcomeOf(session.getSnapshot())).toBe('expired-unconfirmed');
    expect(englishMessages.outcome('expired-unconfirmed')).toBe(
      'Expired — it is not known whether your answer arrived in time.',
    );
    session.destroy();
  });

  it('reads as answered when the deadline passed meanwhile but a reading names its key, and stays so', async () => {
    const deadline = Date.now() + 1_000;
    const { source, keys } = scriptedSource(open(deadline), [() => Promise.reject(httpError(504))]);
    const session = createInputRequestSession({ source, ledger: createMemoryLedger() });
    session.subscribe(() => {});
    await session.answer('q', { action: 'accept', content: { ok: true } })?.catch(() => {});
    await vi.advanceTimersByTimeAsync(1_500);
    expect(session.getSnapshot()).toMatchObject({ state: 'expired', sendUncertain: true });
    // The server processed it before the deadline; the task moved on.
    session.receive({ status: 'working', answeredKey: keys[0] });
    expect(session.getSnapshot().state).toBe('answered');
    session.receive({ status: 'completed', answeredKey: keys[0], result: { content: [] } });
    expect(session.getSnapshot().state).toBe('completed');
    expect(outcomeOf(session.getSnapshot())).not.toBe('expired');
    session.destroy();
  });

  it('after a reload into an expired round, a send cut off mid-way is unconfirmed, not "not sent"', () => {
    const ledger: RoundLedger = createMemoryLedger();
    ledger.set({
      roundId: 'round-1',
      idempotencyKey: 'key-1',
      status: 'sending',
      answers: {},
      at: Date.now(),
    });
    const { source } = scriptedSource(open(Date.now() - 1), []);
    const session = createInputRequestSession({ source, ledger });
    session.subscribe(() => {});
    expect(session.getSnapshot()).toMatchObject({
      state: 'expired',
      sendUncertain: true,
      idempotencyKey: 'key-1',
    });
    session.receive({ status: 'working', answeredKey: 'key-1' });
    expect(session.getSnapshot().state).toBe('answered');
    session.destroy();
  });
});

describe('a server that asks to wait', () => {
  it('is heard for a day at most: a Retry-After no clock can count to holds a day, and every call still rejects', async () => {
    const busy = Object.assign(new Error('HTTP 429'), { status: 429, retryAfterMs: 1e16 });
    const { source } = scriptedSource(open(), [() => Promise.reject(busy)]);
    const session = createInputRequestSession({ source, ledger: createMemoryLedger() });
    session.subscribe(() => {});
    await expect(session.answer('q', { action: 'accept', content: { ok: true } })).rejects.toThrow(
      'HTTP 429',
    );
    expect(describeFailure(session.getSnapshot().sendError).retryAfterMs).toBe(86_400_000);
    // Held: refused with a promise that rejects, never a throw out of the call.
    const retried = session.retry();
    expect(retried).toBeInstanceOf(Promise);
    await expect(retried).rejects.toThrow(/asked to wait until 2026-12-02T09:00:00.000Z/);
    await expect(session.declineRound()).rejects.toThrow(/Retry-After/);
  });
});
