import { describe, expect, it } from 'vitest';
import {
  acceptsAnswers,
  deadlineOf,
  initialLifecycle,
  isSettled,
  type Lifecycle,
  type LifecycleEvent,
  lifecycleReducer,
  type RoundClosedAs,
  roundView,
  sectionPhaseOf,
} from '../../src/core/lifecycle.ts';
import type { Suspension } from '../../src/core/model.ts';
import { pollDelay } from '../../src/core/poll.ts';
import { outcomeOf } from '../../src/core/receipt.ts';
import type { InputRequestState } from '../../src/core/source.ts';

const now = 1_000_000;
const round = (id: string): Suspension => ({
  id,
  requests: [{ kind: 'unsupported', key: 'k', method: 'roots/list', reasonCode: 'roots', problems: [] }],
});
const A = round('A');
const B = round('B');
const asking = (suspension: Suspension, extra: Partial<InputRequestState> = {}): InputRequestState => ({
  status: 'input-required',
  suspension,
  ...extra,
});

function run(...events: (LifecycleEvent | LifecycleEvent[] | Lifecycle)[]): Lifecycle {
  // A lifecycle as the first argument continues from it.
  const [first, ...rest] = events;
  const start =
    first && !Array.isArray(first) && typeof (first as Lifecycle).state === 'string'
      ? (first as Lifecycle)
      : undefined;
  const list = (start ? rest : events) as (LifecycleEvent | LifecycleEvent[])[];
  return list.flat().reduce(lifecycleReducer, start ?? initialLifecycle);
}
const fetched = (state: InputRequestState, at = now): LifecycleEvent => ({
  type: 'state-received',
  state,
  now: at,
});
const sent = (roundId = 'A'): LifecycleEvent[] => [
  { type: 'answer-given', key: 'k', response: { action: 'decline' } },
  { type: 'send-started', roundId, idempotencyKey: 'key-1' },
];
const accepted = (next?: InputRequestState, roundId = 'A'): LifecycleEvent => ({
  type: 'send-succeeded',
  roundId,
  ...(next ? { next } : {}),
  now,
});
const refused = (roundId = 'A'): LifecycleEvent => ({
  type: 'send-refused-stale',
  roundId,
  error: new Error('409'),
  now,
});
const failed = (roundId = 'A'): LifecycleEvent => ({
  type: 'send-failed',
  roundId,
  error: new Error('503'),
  uncertain: false,
  now,
});

describe('lifecycle: reading the server', () => {
  it('starts loading', () => {
    expect(initialLifecycle.state).toBe('loading');
  });

  it('loading → working when the task asks nothing', () => {
    expect(run(fetched({ status: 'working', message: 'Crunching' }))).toMatchObject({
      state: 'working',
      message: 'Crunching',
    });
  });

  it('loading → input-required with the round', () => {
    expect(run(fetched(asking(A)))).toMatchObject({ state: 'input-required', round: A });
  });

  it('keeps the same round when a poll repeats it', () => {
    const state = run(fetched(asking(A)), fetched(asking(round('A'))));
    expect(state.state).toBe('input-required');
    expect(state.round).toBe(A);
  });

  it('loading → completed / failed / cancelled with the facts', () => {
    expect(run(fetched({ status: 'completed', result: 'ok' }))).toMatchObject({
      state: 'completed',
      result: 'ok',
    });
    expect(run(fetched({ status: 'failed', error: 'boom' }))).toMatchObject({
      state: 'failed',
      error: 'boom',
    });
    expect(run(fetched({ status: 'cancelled' })).state).toBe('cancelled');
  });

  it('records a failed fetch without losing the state, and clears it on the next reading', () => {
    const broken = run(fetched(asking(A)), { type: 'fetch-failed', error: new Error('offline') });
    expect(broken).toMatchObject({ state: 'input-required', round: A, fetchError: new Error('offline') });
    expect(lifecycleReducer(broken, fetched(asking(A))).fetchError).toBeUndefined();
  });

  it('clears a failed fetch when a read works again with nothing new, and changes nothing else', () => {
    const broken = run(fetched(asking(A)), { type: 'fetch-failed', error: new Error('offline') });
    const recovered = lifecycleReducer(broken, { type: 'fetch-recovered' });
    expect(recovered.fetchError).toBeUndefined();
    expect(recovered).toEqual({ ...broken, fetchError: undefined });
    // Without a failure there is nothing to clear: the very same lifecycle comes back.
    expect(lifecycleReducer(recovered, { type: 'fetch-recovered' })).toBe(recovered);
  });

  it('working → input-required when the task starts asking', () => {
    expect(run(fetched({ status: 'working' }), fetched(asking(A))).state).toBe('input-required');
  });
});

describe('lifecycle: answering', () => {
  it('input-required → submitting → answered', () => {
    const submitting = run(fetched(asking(A)), sent());
    expect(submitting).toMatchObject({ state: 'submitting', sentRoundId: 'A' });
    expect(lifecycleReducer(submitting, accepted()).state).toBe('answered');
  });

  it('ignores an answer for a round that is not open', () => {
    const open = run(fetched(asking(A)), { type: 'answer-given', key: 'k', response: { action: 'decline' } });
    expect(lifecycleReducer(open, { type: 'send-started', roundId: 'B', idempotencyKey: 'key-1' })).toBe(
      open,
    );
    const loading = run();
    expect(lifecycleReducer(loading, { type: 'send-started', roundId: 'A', idempotencyKey: 'key-1' })).toBe(
      loading,
    );
    expect(
      lifecycleReducer(loading, { type: 'answer-given', key: 'k', response: { action: 'cancel' } }),
    ).toBe(loading);
  });

  it('ignores a second send while the first is in flight', () => {
    const submitting = run(fetched(asking(A)), sent());
    expect(run(submitting, sent())).toEqual(submitting);
    expect(
      lifecycleReducer(submitting, { type: 'send-started', roundId: 'A', idempotencyKey: 'key-1' }),
    ).toBe(submitting);
  });

  it('stays answered while the server has not caught up yet', () => {
    expect(run(fetched(asking(A)), sent(), accepted(), fetched(asking(A))).state).toBe('answered');
  });

  it('stays answered while the task works on', () => {
    expect(run(fetched(asking(A)), sent(), accepted(), fetched({ status: 'working' })).state).toBe(
      'answered',
    );
  });

  it('answered → input-required when the task asks again', () => {
    expect(run(fetched(asking(A)), sent(), accepted(), fetched(asking(B)))).toMatchObject({
      state: 'input-required',
      round: B,
    });
  });

  it('answered → completed', () => {
    expect(
      run(fetched(asking(A)), sent(), accepted(), fetched({ status: 'completed', result: 'r' })).state,
    ).toBe('completed');
  });

  it('applies the next state a resume returned (an MCP retry answers with the result)', () => {
    expect(run(fetched(asking(A)), sent(), accepted({ status: 'completed', result: 42 }))).toMatchObject({
      state: 'completed',
      result: 42,
    });
    expect(run(fetched(asking(A)), sent(), accepted(asking(B)))).toMatchObject({
      state: 'input-required',
      round: B,
    });
  });

  it('a failed send reopens the round with the error; the next send clears it', () => {
    const reopened = run(fetched(asking(A)), sent(), failed());
    expect(reopened).toMatchObject({ state: 'input-required', round: A, sendError: new Error('503') });
    expect(
      lifecycleReducer(reopened, { type: 'send-started', roundId: 'A', idempotencyKey: 'key-1' }).sendError,
    ).toBeUndefined();
  });

  it('a stale refusal expires the round', () => {
    expect(run(fetched(asking(A)), sent(), refused()).state).toBe('expired');
  });
});

describe('lifecycle: the four behaviours', () => {
  it('answered elsewhere: the round vanished while the task works on', () => {
    expect(run(fetched(asking(A)), fetched({ status: 'working' })).state).toBe('answered-elsewhere');
  });

  it('answered elsewhere: the task completed while the round waited for us', () => {
    expect(run(fetched(asking(A)), fetched({ status: 'completed' })).state).toBe('answered-elsewhere');
  });

  it('a failed or cancelled task says so even while a round waited', () => {
    expect(run(fetched(asking(A)), fetched({ status: 'failed', error: 'x' })).state).toBe('failed');
    expect(run(fetched(asking(A)), fetched({ status: 'cancelled' })).state).toBe('cancelled');
  });

  it('replaced: a newer round supersedes the unanswered one, then shows', () => {
    const superseded = run(fetched(asking(A)), fetched(asking(B)));
    expect(superseded).toMatchObject({ state: 'superseded', round: A, next: B });
    expect(lifecycleReducer(superseded, { type: 'replacement-shown' })).toMatchObject({
      state: 'input-required',
      round: B,
      next: undefined,
    });
  });

  it('replaced twice in a row: the newest round wins', () => {
    const C = round('C');
    expect(run(fetched(asking(A)), fetched(asking(B)), fetched(asking(C)))).toMatchObject({
      state: 'superseded',
      next: C,
    });
  });

  it('expired: the deadline passed on an open round', () => {
    const open = run(fetched(asking(A, { deadline: now + 1000 })));
    expect(open).toMatchObject({ state: 'input-required', deadline: now + 1000 });
    expect(lifecycleReducer(open, { type: 'deadline-passed', roundId: 'A' }).state).toBe('expired');
  });

  it('expired: a round whose deadline already passed arrives expired', () => {
    expect(run(fetched(asking(A, { deadline: new Date(now - 1).toISOString() }))).state).toBe('expired');
  });

  it('an answer already sent is not expired by its deadline', () => {
    const submitting = run(fetched(asking(A, { deadline: now + 10 })), sent());
    expect(lifecycleReducer(submitting, { type: 'deadline-passed', roundId: 'A' })).toBe(submitting);
  });

  it('expired → input-required when the task asks again', () => {
    expect(run(fetched(asking(A)), sent(), refused(), fetched(asking(B)))).toMatchObject({
      state: 'input-required',
      round: B,
    });
  });

  it('reload: a fresh card finds the open round and shows it, without calling it answered elsewhere', () => {
    expect(run(fetched(asking(A))).state).toBe('input-required');
  });
});

describe('lifecycle: races', () => {
  it('an answer that races a newer round: accepted, then the newer round shows', () => {
    const state = run(fetched(asking(A)), sent(), fetched(asking(B)), accepted());
    expect(state).toMatchObject({ state: 'input-required', round: B });
  });

  it('an answer that races a newer round: refused as stale, so the old round is superseded', () => {
    const state = run(fetched(asking(A)), sent(), fetched(asking(B)), refused());
    expect(state).toMatchObject({ state: 'superseded', next: B });
  });

  it("an answer that races someone else's answer: refused, so it was answered elsewhere", () => {
    expect(run(fetched(asking(A)), sent(), fetched({ status: 'working' }), refused()).state).toBe(
      'answered-elsewhere',
    );
    expect(run(fetched(asking(A)), sent(), fetched({ status: 'completed' }), refused()).state).toBe(
      'answered-elsewhere',
    );
  });

  it("an answer refused before anyone saw someone else's: the next reading says answered elsewhere", () => {
    const refusedFirst = run(fetched(asking(A)), sent(), refused());
    expect(refusedFirst).toMatchObject({ state: 'expired', refusedAsStale: true });
    expect(run(refusedFirst, fetched({ status: 'working' }))).toMatchObject({
      state: 'answered-elsewhere',
      closedAs: 'answered-elsewhere',
    });
    expect(run(refusedFirst, fetched({ status: 'completed', result: 'ok' }))).toMatchObject({
      state: 'answered-elsewhere',
      result: 'ok',
    });
    // The task ended otherwise: it says so, and the round still closed as refused.
    expect(run(refusedFirst, fetched({ status: 'cancelled' }))).toMatchObject({
      state: 'cancelled',
      closedAs: 'expired',
    });
  });

  it('an answer refused because another answer came first, as the backend said: answered elsewhere at once', () => {
    const refusedAsAnswered = run(fetched(asking(A)), sent(), {
      type: 'send-refused-stale',
      roundId: 'A',
      error: new Error('409'),
      closedAs: 'answered-elsewhere',
      now,
    });
    expect(refusedAsAnswered).toMatchObject({ state: 'answered-elsewhere', closedAs: 'answered-elsewhere' });
  });

  it('a round recalled after a reload: a refused one closed as it was, with its answers; a sent one answered', () => {
    const answers = { k: { action: 'accept', content: { note: 'Ship it' } } } as const;
    const recalled = (closedAs: RoundClosedAs): LifecycleEvent => ({
      type: 'past-round-recalled',
      round: A,
      answers,
      idempotencyKey: 'key-1',
      closedAs,
    });
    // The task moved on or completed: someone else's answer closed the round.
    for (const reading of [{ status: 'working' }, { status: 'completed' }] as const) {
      const back = run(fetched(reading), recalled('expired'));
      expect(back).toMatchObject({ state: 'answered-elsewhere', round: A, answers, refusedAsStale: true });
      expect(back.sentRoundId).toBeUndefined();
      expect(roundView(back)).toBe('read-only');
    }
    // The task ended otherwise: it says so, and the round closed as the refusal said.
    expect(run(fetched({ status: 'cancelled' }), recalled('expired'))).toMatchObject({
      state: 'cancelled',
      closedAs: 'expired',
      refusedAsStale: true,
    });
    // A sent round comes back answered while the task works on, as it was before the reload.
    const sentBack: LifecycleEvent = {
      type: 'past-round-recalled',
      round: A,
      answers,
      idempotencyKey: 'k',
    };
    expect(run(fetched({ status: 'working' }), sentBack)).toMatchObject({
      state: 'answered',
      round: A,
      sentRoundId: 'A',
    });
    expect(run(fetched({ status: 'completed' }), sentBack)).toMatchObject({ state: 'completed', round: A });
    expect(run(fetched(asking(B)), sentBack).round).toBe(B);
    // The same round still on screen: closed again, never open to a second send.
    const onScreen = run(fetched(asking(A)), {
      type: 'send-recalled',
      roundId: 'A',
      idempotencyKey: 'key-1',
      status: 'refused',
      answers,
      closedAs: 'answered-elsewhere',
    });
    expect(onScreen).toMatchObject({ state: 'answered-elsewhere', answers, refusedAsStale: true });
    expect(roundView(onScreen)).toBe('read-only');
  });

  it('a round closed by its deadline stays expired while the task works on', () => {
    const open = run(fetched(asking(A, { deadline: now + 1000 })));
    const expired = lifecycleReducer(open, { type: 'deadline-passed', roundId: 'A' });
    expect(run(expired, fetched({ status: 'working' })).state).toBe('expired');
    expect(run(expired, fetched({ status: 'completed' })).state).toBe('completed');
  });

  it("an answer that races someone else's answer: accepted anyway, so it is ours", () => {
    expect(run(fetched(asking(A)), sent(), fetched({ status: 'working' }), accepted()).state).toBe(
      'answered',
    );
  });

  it('a failed send that races a newer round: the newer round replaces the old one', () => {
    expect(run(fetched(asking(A)), sent(), fetched(asking(B)), failed())).toMatchObject({
      state: 'superseded',
      next: B,
    });
  });

  it('readings during a send wait until it settles', () => {
    const state = run(fetched(asking(A)), sent(), fetched({ status: 'completed' }));
    expect(state).toMatchObject({ state: 'submitting', pending: { status: 'completed' } });
  });

  it('a reload between submit and confirmation: the answer landed, so the task moved on', () => {
    // The reloaded card never saw its own send; it reads what the server did with it.
    expect(run(fetched({ status: 'working' })).state).toBe('working');
    expect(run(fetched(asking(B))).state).toBe('input-required');
  });

  it('a reload between submit and confirmation: the answer was lost, so the round is still open', () => {
    expect(run(fetched(asking(A)))).toMatchObject({ state: 'input-required', round: A });
  });

  it('late events for an old round change nothing', () => {
    const answered = run(fetched(asking(A)), sent(), accepted(), fetched(asking(B)));
    expect(lifecycleReducer(answered, accepted(undefined, 'A'))).toBe(answered);
    expect(lifecycleReducer(answered, refused('A'))).toBe(answered);
    expect(lifecycleReducer(answered, failed('A'))).toBe(answered);
    expect(lifecycleReducer(answered, { type: 'deadline-passed', roundId: 'A' })).toBe(answered);
    expect(lifecycleReducer(answered, { type: 'replacement-shown' })).toBe(answered);
  });
});

describe('lifecycle helpers', () => {
  it('knows settled and answerable states', () => {
    expect(['completed', 'failed', 'cancelled'].every((state) => isSettled(state as never))).toBe(true);
    expect(isSettled('answered')).toBe(false);
    expect(acceptsAnswers('input-required')).toBe(true);
    expect(acceptsAnswers('expired')).toBe(false);
  });

  it("says a section's answer waits for the others only while the round can still take answers", () => {
    const answered = {
      state: 'input-required' as const,
      round: A,
      answers: { k: { action: 'accept' as const } },
    };
    expect(sectionPhaseOf(answered)).toBe('waiting');
    // Kept as sent after a send that may have arrived: it waits for no other question.
    expect(sectionPhaseOf({ ...answered, sendUncertain: true, lastTryUncertain: true })).toBe('sending');
    // A retry refused outright frees them: waiting again.
    expect(sectionPhaseOf({ ...answered, sendUncertain: true })).toBe('waiting');
    // Closed since: not used, unless a send of them may have arrived.
    expect(sectionPhaseOf({ ...answered, state: 'expired', closedAs: 'expired' })).toBe('not-used');
    expect(sectionPhaseOf({ ...answered, state: 'expired', closedAs: 'expired', sendUncertain: true })).toBe(
      'unconfirmed',
    );
    expect(
      sectionPhaseOf({
        ...answered,
        state: 'completed',
        closedAs: 'answered-elsewhere',
        sendUncertain: true,
      }),
    ).toBe('unconfirmed');
  });

  it('reads deadlines from epoch ms and ISO strings', () => {
    expect(deadlineOf(5)).toBe(5);
    expect(deadlineOf('1970-01-01T00:00:01Z')).toBe(1000);
    expect(deadlineOf('soon')).toBeUndefined();
    expect(deadlineOf(Number.NaN)).toBeUndefined();
  });

  it('polls with back-off, honours the server hint, and stops once settled', () => {
    expect(pollDelay({ status: 'working' }, 0)).toBe(1000);
    expect(pollDelay({ status: 'working' }, 2)).toBe(2250);
    expect(pollDelay({ status: 'working' }, 50)).toBe(15000);
    expect(pollDelay({ status: 'input-required', pollIntervalMs: 5000 }, 0)).toBe(5000);
    expect(pollDelay({ status: 'working', pollIntervalMs: 60000 }, 3)).toBe(60000);
    expect(pollDelay({ status: 'completed' }, 0)).toBe(false);
    expect(pollDelay({ status: 'failed' }, 0)).toBe(false);
    expect(pollDelay(undefined, 0, { baseMs: 200 })).toBe(200);
  });
});

describe('roundView: what a card shows of the round', () => {
  const gave = (action: 'accept' | 'decline'): LifecycleEvent[] => [
    {
      type: 'answer-given',
      key: 'k',
      response: action === 'accept' ? { action, content: { a: 1 } } : { action },
    },
    { type: 'send-started', roundId: 'A', idempotencyKey: 'key-1' },
  ];
  it('open while it asks or sends, nothing before a round or once its answer was taken', () => {
    expect(roundView(initialLifecycle)).toBeUndefined();
    expect(roundView(run(fetched(asking(A))))).toBe('open');
    expect(roundView(run(fetched(asking(A)), gave('accept')))).toBe('open');
    expect(roundView(run(fetched(asking(A)), gave('accept'), accepted()))).toBeUndefined();
  });
  it('read-only once it expired, with or without answers', () => {
    const open = run(fetched(asking(A, { deadline: now + 1000 })));
    expect(roundView(lifecycleReducer(open, { type: 'deadline-passed', roundId: 'A' }))).toBe('read-only');
    expect(roundView(run(fetched(asking(A)), gave('accept'), refused()))).toBe('read-only');
  });
  it('read-only after it closed elsewhere while it held accepted answers that were not taken', () => {
    const refusedThenMovedOn = run(
      fetched(asking(A)),
      gave('accept'),
      refused(),
      fetched({ status: 'working' }),
    );
    expect(refusedThenMovedOn.state).toBe('answered-elsewhere');
    expect(roundView(refusedThenMovedOn)).toBe('read-only');
    // It stays on screen when the task then ends.
    expect(roundView(run(refusedThenMovedOn, fetched({ status: 'completed' })))).toBe('read-only');
    // Closed elsewhere before this person accepted anything, or after a decline: nothing to keep.
    expect(roundView(run(fetched(asking(A)), fetched({ status: 'working' })))).toBeUndefined();
    expect(
      roundView(run(fetched(asking(A)), gave('decline'), refused(), fetched({ status: 'working' }))),
    ).toBeUndefined();
    // A new round replaces it.
    expect(roundView(run(refusedThenMovedOn, fetched(asking(B))))).toBe('open');
  });
});

describe('sendSlow: true only while the send is on its way', () => {
  const hostRound: Suspension = {
    id: 'S',
    requests: [{ kind: 'unsupported', key: 'k', method: 'roots/list', reasonCode: 'roots', problems: [] }],
  };
  const slowSend: LifecycleEvent[] = [
    { type: 'state-received', state: { status: 'input-required', suspension: hostRound }, now },
    { type: 'answer-given', key: 'k', response: { action: 'decline' } },
    { type: 'send-started', roundId: 'S', idempotencyKey: 'key-1' },
    { type: 'send-slow', roundId: 'S' },
  ];

  it('is set by send-slow for the send on its way, and not for another round', () => {
    expect(run(...slowSend)).toMatchObject({ state: 'submitting', sendSlow: true });
    const other = run(...slowSend.slice(0, 3), { type: 'send-slow', roundId: 'other' });
    expect(other.sendSlow).toBeUndefined();
  });

  it('is cleared whichever way the state leaves submitting: a reading that shows the answer took, a stopped task', () => {
    const taken = run(...slowSend, {
      type: 'state-received',
      state: { status: 'working', answeredKey: 'key-1' },
      now: now + 1,
    });
    expect(taken).toMatchObject({ state: 'answered', sendSlow: undefined });
    const stopped = run(...slowSend, { type: 'task-stopped' });
    expect(stopped).toMatchObject({ state: 'cancelled', sendSlow: undefined });
  });
});

describe('a round that closes while a send of it is in doubt', () => {
  const inDoubt: LifecycleEvent[] = [
    fetched(asking(A)),
    ...sent(),
    { type: 'send-failed', roundId: 'A', error: new Error('connection lost'), uncertain: true, now },
  ];

  it('may have been closed by that send when the reading names no answer that closed it', () => {
    expect(outcomeOf(run(...inDoubt, fetched({ status: 'working' })))).toBe('closed-unconfirmed');
    expect(outcomeOf(run(...inDoubt, fetched({ status: 'completed' })))).toBe('closed-unconfirmed');
  });

  it('may have been closed by that send when Try again is then refused as stale (a backend that keeps no idempotency key)', () => {
    const retried: LifecycleEvent[] = [
      ...inDoubt,
      { type: 'send-started', roundId: 'A', idempotencyKey: 'key-1' },
    ];
    const elsewhere = { ...refused(), closedAs: 'answered-elsewhere' } as LifecycleEvent;
    expect(outcomeOf(run(...retried, elsewhere))).toBe('closed-unconfirmed');
    // Refused as expired (410): the first try may have arrived in time.
    expect(outcomeOf(run(...retried, refused()))).toBe('expired-unconfirmed');
    // The task then moves on: closed by an answer, perhaps the first try's; still in doubt.
    expect(outcomeOf(run(...retried, elsewhere, fetched({ status: 'completed' })))).toBe(
      'closed-unconfirmed',
    );
    expect(outcomeOf(run(...retried, refused(), fetched({ status: 'completed' })))).toBe(
      'closed-unconfirmed',
    );
    // A send refused with no try in doubt before it: not used.
    expect(outcomeOf(run(fetched(asking(A)), ...sent(), refused()))).toBe('refused');
  });

  it("stays in doubt when a reading names another answer's key (that of a later round, perhaps), and is settled by its own", () => {
    const other = run(...inDoubt, fetched({ status: 'working', answeredKey: 'key-of-another' }));
    expect(other.state).toBe('answered-elsewhere');
    // Not "nothing was sent from here", nor "not used": the key may be a later round's.
    expect(outcomeOf(other)).toBe('closed-unconfirmed');
    expect(outcomeOf(run(other, fetched({ status: 'completed' })))).toBe('closed-unconfirmed');
    // This send's own key: its answer (a decline) closed the round.
    expect(outcomeOf(run(...inDoubt, fetched({ status: 'working', answeredKey: 'key-1' })))).toBe('declined');
  });
});
