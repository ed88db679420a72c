import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  canRetry,
  createInputRequestSession,
  createStorageDraftStore,
  createStorageLedger,
  describeFailure,
  type InputRequestSource,
  type InputRequestState,
  type InputResponses,
  parseSuspension,
  type RoundLedger,
  receiptOf,
  type SentRound,
  StaleRoundError,
  type Suspension,
  staticSource,
  type TaskFeedSink,
} from '../../src/core/index.ts';
import { outcomeOf } from '../../src/core/receipt.ts';
import { englishMessages } from '../../src/i18n/messages.ts';
import { keyedForm, mapDrafts } from '../fixtures/session-drafts.ts';
import { approveSchema, formRound } from '../fixtures/suspensions.ts';
import { pageArrivingAt } from '../support/navigation.ts';

// The session without React: what a host that drives a round by hand sees.

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
      login: {
        method: 'elicitation/create',
        params: { mode: 'url', message: 'Sign in', url: 'https://a.example/' },
      },
    },
  },
  { id: 'round-1', serverName: 'Shipper' },
);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function recordingDrafts() {
  const saved: unknown[] = [];
  const drafts = {
    load: () => undefined,
    save: (_key: string, values: unknown) => void saved.push(values),
    removeRound: () => {},
  };
  return { drafts, saved };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createInputRequestSession', () => {
  it("keeps a megabyte request key's answers in the ledger under a short name, and a new page reads them back", async () => {
    const key = 'k'.repeat(1024 * 1024);
    const bigRound = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          [key]: {
            method: 'elicitation/create',
            params: {
              message: 'Name?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
            },
          },
        },
      },
      { id: 'round-big' },
    );
    window.sessionStorage.clear();
    const answer = { action: 'accept', content: { name: 'Ada' } } as const;
    const first = createInputRequestSession({
      source: staticSource(bigRound, async () => undefined),
      ledger: createStorageLedger(window.sessionStorage),
    });
    const stop = first.subscribe(() => {});
    await first.answer(key, answer);
    expect(first.getSnapshot().state).toBe('answered');
    stop();
    for (const name of Object.keys(window.sessionStorage)) {
      expect(name.length + (window.sessionStorage.getItem(name)?.length ?? 0)).toBeLessThan(1000);
    }
    // A new page: a new session on the same round and storage.
    const reloaded = createInputRequestSession({
      source: staticSource(bigRound, async () => undefined),
      ledger: createStorageLedger(window.sessionStorage),
    });
    expect(reloaded.getSnapshot().state).toBe('answered');
    expect(Object.keys(reloaded.getSnapshot().answers)).toEqual([key]);
    expect(reloaded.getSnapshot().answers[key]).toEqual(answer);
    window.sessionStorage.clear();
  });

  it('stays idle until subscribed, and sends the round once, when the last answer is in', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const session = createInputRequestSession({ source: staticSource(round, resume) });
    expect(session.getSnapshot().state).toBe('input-required');
    const states: string[] = [];
    const stop = session.subscribe(() => states.push(session.getSnapshot().state));

    expect(session.answer('confirm', { action: 'accept', content: { ok: true } })).toBeUndefined();
    expect(resume).not.toHaveBeenCalled();
    const sent = session.answer('login', { action: 'accept' });
    await sent;
    expect(resume).toHaveBeenCalledOnce();
    expect(resume.mock.calls[0]?.[0]).toEqual({
      confirm: { action: 'accept', content: { ok: true } },
      login: { action: 'accept' },
    });
    // One change per answer, then the send.
    expect(states).toEqual(['input-required', 'input-required', 'submitting', 'answered']);
    stop();
  });

  it('marks the send in flight before anything awaits: a second send joins the first', async () => {
    const pending = deferred<undefined>();
    const resume = vi.fn(() => pending.promise);
    const session = createInputRequestSession({ source: { ...staticSource(round, resume), resume } });
    session.subscribe(() => {});
    session.answer('confirm', { action: 'decline' });
    const first = session.answer('login', { action: 'cancel' });
    const second = session.retry();
    const third = session.declineRound();
    expect(resume).toHaveBeenCalledOnce();
    pending.resolve(undefined);
    await Promise.all([first, second, third.catch(() => {})]);
    expect(resume).toHaveBeenCalledOnce();
  });

  it('keeps the answers after a failed send and resends exactly them on retry', async () => {
    let attempt = 0;
    const resume = vi.fn(async (_responses: InputResponses) => {
      attempt += 1;
      if (attempt === 1) throw Object.assign(new Error('HTTP 503'), { status: 503 });
    });
    const session = createInputRequestSession({ source: staticSource(round, resume) });
    session.subscribe(() => {});
    await expect(
      session.respond({ confirm: { action: 'decline' }, login: { action: 'decline' } }),
    ).rejects.toThrow('HTTP 503');
    expect(session.getSnapshot()).toMatchObject({ state: 'input-required', sendError: expect.any(Error) });
    await session.retry();
    expect(resume.mock.calls[1]?.[0]).toEqual(resume.mock.calls[0]?.[0]);
    expect(session.getSnapshot().state).toBe('answered');
  });

  it('expires a round refused as stale, and says so once the reading that replaced it is known', async () => {
    const source: InputRequestSource = {
      ...staticSource(round, async () => undefined),
      resume: async () => {
        throw new StaleRoundError();
      },
    };
    const session = createInputRequestSession({ source });
    session.subscribe(() => {});
    await session.respond({ confirm: { action: 'decline' }, login: { action: 'decline' } }).catch(() => {});
    expect(session.getSnapshot().state).toBe('expired');
  });

  it('arms the deadline as a transition: the round expires on time and keeps its drafts while it shows read-only', async () => {
    const removed: string[] = [];
    const drafts = {
      load: () => undefined,
      save: () => {},
      removeRound: (id: string) => void removed.push(id),
    };
    const session = createInputRequestSession({
      source: {
        queryKey: ['deadline'],
        initialState: { status: 'input-required', suspension: round, deadline: Date.now() + 5000 },
        fetchState: async () => ({ status: 'working' }),
        resume: async () => undefined,
      },
      drafts,
    });
    session.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(4999);
    expect(session.getSnapshot().state).toBe('input-required');
    await vi.advanceTimersByTimeAsync(1);
    expect(session.getSnapshot().state).toBe('expired');
    // What was typed stays on screen, read-only, so a reload must find it too.
    expect(removed).toEqual([]);
    // The task ends: the round leaves the screen, and its drafts go.
    session.attachFeed((sink) => {
      sink.receive({ status: 'completed' });
      return { refresh: () => {}, deliver: () => {}, stop: () => {} };
    });
    expect(session.getSnapshot().state).toBe('completed');
    expect(removed).toEqual(['round-1']);
  });

  it('writes a draft once typing pauses: each keystroke postpones it, the last values are saved once', async () => {
    const { drafts, saved } = recordingDrafts();
    const session = createInputRequestSession({
      source: staticSource(round, async () => undefined),
      drafts,
      draftDelayMs: 250,
    });
    session.subscribe(() => {});
    // Keystrokes 200 ms apart: never a pause of 250 ms, so nothing is written yet.
    for (const ok of [false, true, false, true]) {
      session.writeDraft('confirm', { ok });
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(49);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual([{ ok: true }]);
    // A reader gets the last keystrokes at once (a value back at its default is left out) and
    // writes nothing: a form reads its draft while it renders. The pause writes them.
    session.writeDraft('confirm', { ok: false });
    expect(session.readDraft('confirm')).toEqual({});
    expect(saved).toEqual([{ ok: true }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toEqual([{ ok: true }, {}]);
  });

  it('reads a draft given as a function only when it is written, and when the round is asked again', async () => {
    const { drafts, saved } = recordingDrafts();
    const session = createInputRequestSession({ source: staticSource(round, async () => undefined), drafts });
    session.subscribe(() => {});
    let ok = false;
    let reads = 0;
    const typed = () => {
      reads += 1;
      return { ok };
    };
    for (let keystroke = 0; keystroke < 5; keystroke++) {
      ok = !ok;
      session.writeDraft('confirm', typed);
    }
    expect(reads).toBe(0);
    await vi.advanceTimersByTimeAsync(250);
    expect({ reads, saved }).toEqual({ reads: 1, saved: [{ ok: true }] });
    // The same question in a new round: what was typed is read then, and carried.
    ok = false;
    session.writeDraft('confirm', typed);
    session.receive({ status: 'input-required', suspension: { ...round, id: 'round-2' } });
    // The newer round shows after the older one was marked replaced for a moment.
    await vi.advanceTimersByTimeAsync(1000);
    expect(session.getSnapshot().round?.id).toBe('round-2');
    expect(reads).toBe(2);
    expect(session.readDraft('confirm')).toEqual({ ok: false });
  });
  it('saves the last keystrokes when Accept is pressed: after a failed send or a reload cut it off, the form gets what was accepted', async () => {
    const named = parseSuspension(
      {
        inputRequests: {
          guest: {
            method: 'elicitation/create',
            params: {
              message: 'Name?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
            },
          },
        },
      },
      { id: 'round-named' },
    );
    const drafts = createStorageDraftStore(sessionStorage);
    const ledger = createStorageLedger(sessionStorage);
    const keys: (string | undefined)[] = [];
    const sent: unknown[] = [];
    let fail = true;
    const source = staticSource(named, (responses, context) => {
      keys.push(context.idempotencyKey);
      sent.push(responses.guest);
      // The first send fails with a 503; the second never settles (the page reloads under it).
      if (fail) return Promise.reject(Object.assign(new Error('HTTP 503'), { status: 503 }));
      return new Promise<undefined>(() => {});
    });
    const typeAndAccept = (session: ReturnType<typeof createInputRequestSession>) => {
      session.writeDraft('guest', { name: 'Ada' });
      vi.advanceTimersByTime(300);
      // Accept right after the last keystrokes, before their pause has written them.
      session.writeDraft('guest', { name: 'Ada King' });
      return session.answer('guest', { action: 'accept', content: { name: 'Ada King' } });
    };
    const first = createInputRequestSession({ source, drafts, ledger });
    first.subscribe(() => {});
    await expect(typeAndAccept(first)).rejects.toThrow('HTTP 503');
    expect(first.getSnapshot().state).toBe('input-required');
    expect(first.readDraft('guest')).toEqual({ name: 'Ada King' });

    fail = false;
    // Destroying the sessions at the end aborts these sends.
    typeAndAccept(first)?.catch(() => {});
    expect(first.getSnapshot().state).toBe('submitting');
    // The reload: a new session on the same storage shows the form again, with what was sent.
    const second = createInputRequestSession({ source, drafts, ledger });
    second.subscribe(() => {});
    expect(second.getSnapshot()).toMatchObject({ state: 'input-required', sendUncertain: true });
    expect(second.readDraft('guest')).toEqual({ name: 'Ada King' });
    second.answer('guest', { action: 'accept', content: { name: 'Ada King' } })?.catch(() => {});
    expect(sent.slice(1)).toEqual([
      { action: 'accept', content: { name: 'Ada King' } },
      { action: 'accept', content: { name: 'Ada King' } },
    ]);
    expect(keys[2]).toBe(keys[1]);
    first.destroy();
    second.destroy();
    sessionStorage.clear();
  });

  it('gives a round that closed and came back (a reading that was behind) what was typed, never a secret', () => {
    const guest = parseSuspension(
      {
        inputRequests: {
          guest: {
            method: 'elicitation/create',
            params: {
              message: 'Who?',
              requestedSchema: {
                type: 'object',
                properties: { name: { type: 'string' }, pin: { type: 'string', title: 'PIN' } },
              },
            },
          },
        },
      },
      { id: 'round-back' },
    );
    const source: InputRequestSource = {
      queryKey: ['came-back'],
      initialState: { status: 'input-required', suspension: guest },
      fetchState: async () => ({ status: 'input-required', suspension: guest }),
      resume: async () => undefined,
    };
    const session = createInputRequestSession({ source, drafts: createStorageDraftStore(sessionStorage) });
    session.subscribe(() => {});
    session.writeDraft('guest', { name: 'Ada', pin: '4711' });
    vi.advanceTimersByTime(300);
    session.receive({ status: 'working' });
    expect(session.getSnapshot().state).toBe('answered-elsewhere');
    session.receive({ status: 'input-required', suspension: guest });
    expect(session.getSnapshot().state).toBe('input-required');
    expect(session.readDraft('guest')).toEqual({ name: 'Ada' });
    session.destroy();
    sessionStorage.clear();
  });

  it('sends nothing once destroyed, and leaves no timer behind a send that never settles', async () => {
    const resume = vi.fn(() => new Promise<undefined>(() => {}));
    const session = createInputRequestSession({ source: staticSource(round, resume) });
    session.subscribe(() => {});
    const sending = session.respond({ confirm: { action: 'decline' }, login: { action: 'decline' } });
    sending.catch(() => {});
    expect(resume).toHaveBeenCalledOnce();
    session.destroy();
    await expect(sending).rejects.toThrow();
    expect(vi.getTimerCount()).toBe(0);
    const after = createInputRequestSession({ source: staticSource(round, resume) });
    after.subscribe(() => {});
    after.destroy();
    await expect(after.answer('confirm', { action: 'decline' })).rejects.toThrow(
      'input-request-cards: this session was destroyed',
    );
    expect(resume).toHaveBeenCalledOnce();
  });

  it('marks a send slow after 5 s (sendSlow) until it settles, and not when it times out first', async () => {
    const decline = { confirm: { action: 'decline' }, login: { action: 'decline' } } as const;
    const pending = deferred<undefined>();
    const session = createInputRequestSession({ source: staticSource(round, () => pending.promise) });
    session.subscribe(() => {});
    const sent = session.respond(decline);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(session.getSnapshot().sendSlow).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(session.getSnapshot()).toMatchObject({ state: 'submitting', sendSlow: true });
    pending.resolve(undefined);
    await sent;
    expect(session.getSnapshot()).toMatchObject({ state: 'answered', sendSlow: undefined });

    // A send allowed 5 s at most is never "slow": it times out instead.
    const hung = createInputRequestSession({
      source: staticSource(round, () => new Promise<undefined>(() => {})),
      resumeTimeoutMs: 5_000,
    });
    hung.subscribe(() => {});
    const timedOut = hung.respond(decline);
    timedOut.catch(() => {});
    await vi.advanceTimersByTimeAsync(5_000);
    expect(hung.getSnapshot()).toMatchObject({ state: 'input-required', sendSlow: undefined });
    expect(describeFailure(hung.getSnapshot().sendError).code).toBe('timeout');
    hung.destroy();
  });

  it('lets a send in flight finish after the last subscriber left, then winds down', async () => {
    const pending = deferred<undefined>();
    const onIdle = vi.fn();
    const session = createInputRequestSession({
      source: staticSource(round, () => pending.promise),
      onIdle,
    });
    const stop = session.subscribe(() => {});
    const sent = session.respond({ confirm: { action: 'decline' }, login: { action: 'decline' } });
    stop();
    await Promise.resolve();
    expect(onIdle).not.toHaveBeenCalled();
    pending.resolve(undefined);
    await sent;
    await Promise.resolve();
    expect(session.getSnapshot().state).toBe('answered');
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('stops the task through source.cancel, and reads cancelled', async () => {
    const cancel = vi.fn(async () => {});
    const session = createInputRequestSession({
      source: { ...staticSource(round, async () => undefined), cancel },
    });
    session.subscribe(() => {});
    expect(session.getSnapshot().canStop).toBe(true);
    await session.stopTask();
    expect(cancel).toHaveBeenCalledOnce();
    expect(session.getSnapshot().state).toBe('cancelled');
  });

  it('refuses to stop a task whose source cannot, naming the fix', async () => {
    const session = createInputRequestSession({ source: staticSource(round, async () => undefined) });
    await expect(session.stopTask()).rejects.toThrow(/^input-request-cards: .*Cancel the round instead/);
  });
});

describe("a step-by-step form's step (formStep)", () => {
  it('is kept with the drafts, read back only when the form has it, and goes with the round', async () => {
    const { saved, drafts } = mapDrafts();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const session = createInputRequestSession({ source: staticSource(round, resume), drafts });
    session.subscribe(() => {});
    expect(session.formStep('confirm')).toBeUndefined();
    session.noteFormStep('confirm', 1);
    expect(session.formStep('confirm')).toBe(1);
    // A reload: a new session reads it from the store.
    const reloaded = createInputRequestSession({ source: staticSource(round, resume), drafts });
    reloaded.subscribe(() => {});
    expect(reloaded.formStep('confirm')).toBe(1);
    // Only a form has steps; a stored step the form does not have (one field: 0, or 1 for the
    // review) is not used.
    session.noteFormStep('login', 0);
    expect(session.formStep('login')).toBeUndefined();
    saved.set('round-1/confirm/step', { step: '2' });
    expect(reloaded.formStep('confirm')).toBeUndefined();
    saved.set('round-1/confirm/step', { step: 'review' });
    expect(reloaded.formStep('confirm')).toBeUndefined();
    session.noteFormStep('confirm', -1);
    session.noteFormStep('confirm', 0.5);
    expect(session.formStep('confirm')).toBe(1);
    // Answered: it goes with the round's drafts.
    await session.respond({
      confirm: { action: 'accept', content: { ok: true } },
      login: { action: 'accept' },
    });
    expect([...saved.keys()].filter((key) => key.startsWith('round-1/'))).toEqual([]);
    // A move after the round closed leaves nothing behind in storage.
    session.noteFormStep('confirm', 0);
    expect([...saved.keys()].filter((key) => key.startsWith('round-1/'))).toEqual([]);
    session.destroy();
    reloaded.destroy();
  });
});

/** A subscribed session whose feed is the test's own: what it hands over goes through `sink`. */
function withOwnFeed(state: InputRequestState) {
  let sink: TaskFeedSink | undefined;
  const session = createInputRequestSession({
    source: { queryKey: ['own-feed'], fetchState: async () => state, resume: async () => undefined },
    drafts: false,
    ledger: false,
    follow: (given) => {
      sink = given;
      return { refresh: () => {}, deliver: () => {}, stop: () => {} };
    },
  });
  session.subscribe(() => {});
  return { session, sink: sink as TaskFeedSink | undefined };
}

describe('a feed of your own (follow)', () => {
  it('clears a failed read when the feed hands over the very same state again: reading works again', () => {
    const round = formRound(approveSchema);
    const state = { status: 'input-required' as const, suspension: round };
    const { session, sink } = withOwnFeed(state);
    sink?.receive(state);
    sink?.fail(new Error('offline'));
    expect(session.getSnapshot().fetchError).toEqual(new Error('offline'));
    sink?.receive(state);
    expect(session.getSnapshot().fetchError).toBeUndefined();
    expect(session.getSnapshot().round).toBe(round);
  });
});

describe('a reading the session cannot read (a source of your own)', () => {
  const wire = {
    resultType: 'input_required',
    inputRequests: {
      confirm: { method: 'elicitation/create', params: { message: 'Ship?', requestedSchema: approveSchema } },
    },
  };

  it.each([
    [
      "MCP's spelling of the status",
      { status: 'input_required' },
      'its status is the string "input_required"',
    ],
    [
      'a wire as the round',
      { status: 'input-required', suspension: wire },
      'its suspension: it is a message as the server sent it; read it with parseSuspension(wire) first',
    ],
    ['no state at all', undefined, 'it is missing'],
  ])('fails the read, naming the state and the fix: %s', (_name, reading, problem) => {
    const state = reading as InputRequestState;
    const { session, sink } = withOwnFeed(state);
    sink?.receive(state);
    const error = session.getSnapshot().fetchError;
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(
      'input-request-cards: a task state from the source (its fetchState, subscribe or resume) needs status ' +
        `"working", "input-required", "completed", "failed", "cancelled", and any suspension from parseSuspension(wire), but ${problem}.`,
    );
    // A developer's mistake, not a server that cannot be reached.
    expect(describeFailure(error).code).toBe('unknown');
    expect(session.getSnapshot().state).toBe('loading');
    // The same reading again is the same failure, never "reading works again".
    sink?.receive(state);
    expect(session.getSnapshot().fetchError).toBeInstanceOf(TypeError);
    // The host's own receive says the same.
    session.fail(undefined);
    session.receive(state);
    expect((session.getSnapshot().fetchError as Error).message).toBe((error as Error).message);
    // A state it can read opens the round and ends the failure.
    const round = parseSuspension(wire, { id: 'own-1' });
    sink?.receive({ status: 'input-required', suspension: round });
    expect(session.getSnapshot().fetchError).toBeUndefined();
    expect(session.getSnapshot().round).toBe(round);
    session.destroy();
  });
});

describe('an edit after an answer that was not sent', () => {
  it('withdraws that answer, so neither the send nor a retry carries what is no longer on screen', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const session = createInputRequestSession({ source: staticSource(round, resume) });
    const stop = session.subscribe(() => {});
    session.answer('confirm', { action: 'accept', content: { ok: true } });
    expect(Object.keys(session.getSnapshot().answers)).toEqual(['confirm']);
    // The person changes the form that was answered: the kept answer goes.
    session.writeDraft('confirm', () => ({ ok: false }));
    expect(session.getSnapshot().answers).toEqual({});
    // Answering the link alone sends nothing: the form must be accepted again.
    expect(session.answer('login', { action: 'accept' })).toBeUndefined();
    expect(resume).not.toHaveBeenCalled();
    await session.answer('confirm', { action: 'accept', content: { ok: false } });
    expect(resume.mock.calls[0]?.[0]).toStrictEqual({
      confirm: { action: 'accept', content: { ok: false } },
      login: { action: 'accept' },
    });
    stop();
  });

  it('canRetry says whether retry() has the answers to send again', async () => {
    let calls = 0;
    const resume = vi.fn(async (_responses: InputResponses) => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error('busy'), { status: 503 });
      return undefined;
    });
    const session = createInputRequestSession({ source: staticSource(round, resume) });
    const stop = session.subscribe(() => {});
    expect(canRetry(session.getSnapshot())).toBe(false);
    session.answer('login', { action: 'accept' });
    await session.answer('confirm', { action: 'accept', content: { ok: true } })?.catch(() => {});
    expect(session.getSnapshot().sendError).toBeDefined();
    expect(canRetry(session.getSnapshot())).toBe(true);
    // An edit withdrew the answer that failed: retry() would have nothing complete to send.
    session.writeDraft('confirm', () => ({ ok: false }));
    expect(canRetry(session.getSnapshot())).toBe(false);
    await expect(session.retry()).rejects.toThrow(/still needs answers/);
    await session.answer('confirm', { action: 'accept', content: { ok: false } });
    expect(session.getSnapshot().state).toBe('answered');
    expect(canRetry(session.getSnapshot())).toBe(false);
    stop();
  });
});

describe('a send the page left behind', () => {
  it('is described as interrupted after the reload, not as "something went wrong"', async () => {
    window.sessionStorage.clear();
    const onItsWay = new Promise<undefined>(() => {});
    const ledger = () => createStorageLedger(window.sessionStorage);
    const before = createInputRequestSession({
      source: staticSource(round, () => onItsWay),
      ledger: ledger(),
    });
    const stop = before.subscribe(() => {});
    before.answer('login', { action: 'accept' });
    void before.answer('confirm', { action: 'accept', content: { ok: true } });
    expect(before.getSnapshot().state).toBe('submitting');
    stop();
    // The reload: a new page's session on the same storage.
    const after = createInputRequestSession({
      source: staticSource(round, () => onItsWay),
      ledger: ledger(),
    });
    const snapshot = after.getSnapshot();
    expect(snapshot.sendUncertain).toBe(true);
    const failure = describeFailure(snapshot.sendError);
    expect(failure.code).toBe('interrupted');
    expect(englishMessages.sendUncertain(failure, false)).toContain(
      'the page was closed or reloaded while your answer was on its way.',
    );
    window.sessionStorage.clear();
  });
});

describe('a headless receipt (receiptOf)', () => {
  it('says how the round ended and what was answered, with option titles and secrets masked', async () => {
    const signIn = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          account: {
            method: 'elicitation/create',
            params: {
              message: 'Sign in',
              requestedSchema: {
                type: 'object',
                properties: {
                  region: { type: 'string', oneOf: [{ const: 'eu', title: 'Europe' }] },
                  pin: { type: 'string', title: 'PIN' },
                },
              },
            },
          },
        },
      },
      { id: 'receipt-1' },
    );
    const session = createInputRequestSession({ source: staticSource(signIn, async () => undefined) });
    const stop = session.subscribe(() => {});
    await session.answer('account', { action: 'accept', content: { region: 'eu', pin: '9876' } });
    const { outcome, entries } = receiptOf(session.getSnapshot());
    expect(outcome).toBe('accepted');
    expect(entries[0]?.fields.map((field) => field.value)).toEqual([
      { kind: 'options', labels: ['Europe'] },
      { kind: 'secret' },
    ]);
    expect(JSON.stringify(entries)).not.toContain('9876');
    stop();
  });
});

describe('drafts when the page goes', () => {
  it('writes what waits for a pause in typing, and never a draft the round already dropped', () => {
    const { drafts, saved } = recordingDrafts();
    const session = createInputRequestSession({ source: staticSource(round, async () => undefined), drafts });
    const stop = session.subscribe(() => {});
    session.writeDraft('confirm', () => ({ ok: true }));
    expect(saved).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    expect(saved).toEqual([{ ok: true }]);

    // Typed again, then the round is gone before the pause ends: nothing is written.
    session.writeDraft('confirm', () => ({ ok: false }));
    session.receive({ status: 'completed', result: 'Done.' });
    expect(session.getSnapshot().state).toBe('answered-elsewhere');
    window.dispatchEvent(new Event('pagehide'));
    expect(saved).toEqual([{ ok: true }]);
    stop();
  });
});

describe('how a link round ends (outcomeOf)', () => {
  const linkRound = (params: Record<string, unknown>, dialect: '2025' | '2026') =>
    parseSuspension(
      dialect === '2025'
        ? { jsonrpc: '2.0', id: 3, method: 'elicitation/create', params }
        : {
            resultType: 'input_required',
            inputRequests: { login: { method: 'elicitation/create', params } },
          },
      { id: `link-${dialect}` },
    );
  const params = { mode: 'url', message: 'Sign in', url: 'https://a.example/' };

  it('says "opened" for an MCP 2025 link whose opening was the answer: the step goes on elsewhere', async () => {
    const suspension = linkRound({ ...params, elicitationId: 'e-1' }, '2025');
    const session = createInputRequestSession({ source: staticSource(suspension, async () => undefined) });
    const stop = session.subscribe(() => {});
    await session.answer(suspension.requests[0]!.key, { action: 'accept' });
    expect(outcomeOf(session.getSnapshot())).toBe('opened');
    stop();
  });

  it('says "accepted" for a 2026 link, answered on Done once the step is over', async () => {
    const suspension = linkRound(params, '2026');
    const session = createInputRequestSession({ source: staticSource(suspension, async () => undefined) });
    const stop = session.subscribe(() => {});
    await session.answer('login', { action: 'accept' });
    expect(outcomeOf(session.getSnapshot())).toBe('accepted');
    stop();
  });
});

describe('a round you hold, closed by whoever asked', () => {
  it('hears a source that is not followed but pushes, while subscribed, and not after', async () => {
    const readers = new Set<(state?: InputRequestState) => void>();
    const source: InputRequestSource = {
      ...staticSource(round, async () => undefined),
      subscribe: (listener) => {
        readers.add(listener);
        return () => readers.delete(listener);
      },
    };
    const session = createInputRequestSession({ source });
    expect(readers.size).toBe(0);
    const stop = session.subscribe(() => {});
    expect(readers.size).toBe(1);
    // A push with nothing is a request to read again: a round you hold has nothing to read.
    for (const reader of readers) reader();
    expect(session.getSnapshot().state).toBe('input-required');
    for (const reader of readers)
      reader({ status: 'input-required', suspension: round, deadline: Date.now() });
    expect(session.getSnapshot().state).toBe('expired');
    stop();
    await Promise.resolve();
    expect(readers.size).toBe(0);
    session.destroy();
  });
});

describe('the server snapshot (what a server render shows, for hydration)', () => {
  it('is the first reading alone, without the rounds this tab sent; the snapshot has them', () => {
    const sent: SentRound = {
      roundId: round.id,
      idempotencyKey: 'key-1',
      status: 'sent',
      answers: { confirm: { action: 'accept', content: { ok: true } }, login: { action: 'accept' } },
      at: 0,
    };
    const ledger: RoundLedger = {
      get: (roundId) => (roundId === round.id ? sent : undefined),
      set: () => {},
      delete: () => {},
    };
    const session = createInputRequestSession({ source: staticSource(round, async () => undefined), ledger });
    expect(session.getSnapshot().state).toBe('answered');
    const server = session.getServerSnapshot();
    expect(server.state).toBe('input-required');
    expect(server.answers).toEqual({});
    // The same object every time, as useSyncExternalStore requires.
    expect(session.getServerSnapshot()).toBe(server);
  });

  it('leaves out the time left, which the server’s clock cannot know for the page', () => {
    const session = createInputRequestSession({
      source: staticSource(round, async () => undefined),
      deadline: Date.now() + 10 * 60_000,
    });
    expect(session.getSnapshot().timeLeft).toEqual(expect.objectContaining({ unit: 'minute', value: 9 }));
    expect(session.getServerSnapshot().timeLeft).toBeUndefined();
    expect(session.getServerSnapshot().state).toBe('input-required');
  });

  it('judges a deadline when the page’s HTML arrived, from the first reading even after newer ones', () => {
    const now = Date.now();
    // The HTML arrived 2 s ago; the deadline passed 1 s ago, while the page loaded.
    const navigation = pageArrivingAt(now - 2_000);
    try {
      const source: InputRequestSource = {
        queryKey: ['server-snapshot', 'deadline'],
        fetchState: async () => ({ status: 'working' }),
        resume: async () => ({ status: 'working' }),
      };
      const session = createInputRequestSession({
        source,
        initialState: { status: 'input-required', suspension: round, deadline: now - 1_000 },
      });
      expect(session.getSnapshot().state).toBe('expired');
      // A newer reading arrives before the server snapshot is first asked for (a second card of
      // the task hydrating later): the server rendered the first one.
      session.subscribe(() => {});
      session.attachFeed((sink) => {
        sink.receive({ status: 'completed', result: 'Done.' });
        return { refresh: () => {}, deliver: () => {}, stop: () => {} };
      });
      expect(session.getSnapshot().state).toBe('completed');
      expect(session.getServerSnapshot().state).toBe('input-required');
      expect(session.getServerSnapshot().round?.id).toBe(round.id);
      session.destroy();
    } finally {
      navigation.mockRestore();
    }
  });

  it('is the snapshot itself when this tab remembers nothing more', () => {
    const session = createInputRequestSession({ source: staticSource(round, async () => undefined) });
    expect(session.getServerSnapshot()).toBe(session.getSnapshot());
  });
});

describe('a round replaced before it was sent keeps what has no place in the new one (carried.leftBehind)', () => {
  const form = keyedForm;
  const first = form('first', {
    name: { type: 'string', title: 'Name' },
    city: { type: 'string', title: 'City', default: 'Oslo' },
    age: { type: 'integer', title: 'Age' },
    password: { type: 'string', title: 'Password' },
    size: {
      type: 'string',
      title: 'Size',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    extras: {
      type: 'array',
      title: 'Extras',
      items: {
        anyOf: [
          { const: 'a', title: 'Apple' },
          { const: 'b', title: 'Banana' },
        ],
      },
    },
  });

  /** A session of a round held here, shown (subscribed), with no stores, replaced at once. */
  function holding(round: Suspension) {
    const session = createInputRequestSession({
      source: staticSource(round, async () => undefined),
      drafts: false,
      ledger: false,
      replaceDelayMs: 0,
    });
    session.subscribe(() => {});
    return session;
  }

  /** The server's newer round arrives and shows. */
  function replaceWith(session: ReturnType<typeof holding>, next: Suspension) {
    session.receive({ status: 'input-required', suspension: next });
    vi.advanceTimersByTime(0);
  }

  async function replaced(next: Suspension, typed: Record<string, unknown>, send = false) {
    const session = holding(first);
    session.writeDraft('profile', typed as never);
    if (send) await session.answer('profile', { action: 'accept', content: { name: 'Ada' } });
    replaceWith(session, next);
    const snapshot = session.getSnapshot();
    expect(snapshot.round?.id).toBe(next.id);
    return snapshot.carried?.leftBehind ?? [];
  }

  const typed = { name: 'Ada', city: 'Oslo', age: '36', password: 'hunter2', size: 'l', extras: ['a', 'b'] };

  /** A subscribed session of the first round, keeping drafts in `drafts` (no ledger). */
  const typingInto = (drafts: ReturnType<typeof mapDrafts>['drafts']) => {
    const session = createInputRequestSession({
      source: staticSource(first, async () => undefined),
      drafts,
      ledger: false,
    });
    session.subscribe(() => {});
    return session;
  };
  it('lists what was entered, as a person reads it: not a default left alone, never a secret', async () => {
    const next = form('second', { when: { type: 'string', title: 'When' } }, 'schedule');
    expect(await replaced(next, typed)).toEqual([
      { name: 'name', label: 'Name', value: { kind: 'text', text: 'Ada' }, question: 'Tell us' },
      { name: 'age', label: 'Age', value: { kind: 'number', value: 36 }, question: 'Tell us' },
      { name: 'size', label: 'Size', value: { kind: 'options', labels: ['Large'] }, question: 'Tell us' },
      {
        name: 'extras',
        label: 'Extras',
        value: { kind: 'options', labels: ['Apple', 'Banana'] },
        question: 'Tell us',
      },
    ]);
  });

  it('leaves out what the new round takes whole, and keeps what it takes only in part or not at all', async () => {
    const next = form('second', {
      name: { type: 'string', title: 'Name' },
      // Another type: "Ada" does not fit a yes/no.
      age: { type: 'boolean', title: 'Adult' },
      // An option went: the new round takes "a" only; the whole earlier choice is kept.
      extras: { type: 'array', title: 'Extras', items: { anyOf: [{ const: 'a', title: 'Apple' }] } },
      size: { type: 'string', title: 'Size', oneOf: [{ const: 'l', title: 'Large' }] },
    });
    expect((await replaced(next, typed)).map((field) => field.name)).toEqual(['age', 'extras']);
  });

  it('leaves behind text the new field’s control would blank: a number or date field keeps only what it can read', async () => {
    const words = form('first-words', {
      age: { type: 'string', title: 'Age' },
      when: { type: 'string', title: 'When' },
    });
    const session = holding(words);
    session.writeDraft('profile', { age: 'thirty', when: 'next Friday' });
    const next = form('second', {
      age: { type: 'integer', title: 'Age' },
      when: { type: 'string', format: 'date', title: 'When' },
    });
    replaceWith(session, next);
    expect(session.getSnapshot().carried?.leftBehind).toEqual([
      { name: 'age', label: 'Age', value: { kind: 'text', text: 'thirty' }, question: 'Tell us' },
      { name: 'when', label: 'When', value: { kind: 'text', text: 'next Friday' }, question: 'Tell us' },
    ]);
    // Not filled in: an <input type="number"> would show nothing of it.
    expect(session.readDraft('profile')).toBeUndefined();
  });

  it('keeps what the round before left behind through one more replacement, and shows a whole number as typed', async () => {
    const session = holding(first);
    session.writeDraft('profile', { name: 'Ada', age: '9007199254740993' });
    replaceWith(session, form('second', { when: { type: 'string' } }, 'a'));
    session.writeDraft('a', { when: 'soon' });
    replaceWith(session, form('third', { where: { type: 'string' } }, 'b'));
    expect(session.getSnapshot().round?.id).toBe('third');
    expect(session.getSnapshot().carried?.leftBehind).toEqual([
      { name: 'name', label: 'Name', value: { kind: 'text', text: 'Ada' }, question: 'Tell us' },
      // As typed, not 9,007,199,254,740,992: a number past 2^53 reads as another one.
      { name: 'age', label: 'Age', value: { kind: 'text', text: '9007199254740993' }, question: 'Tell us' },
      { name: 'when', label: 'when', value: { kind: 'text', text: 'soon' }, question: 'Tell us' },
    ]);
  });

  it('names the question of each value when the round before asked several, and keeps it across a reload', async () => {
    const two = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          buyer: {
            method: 'elicitation/create',
            params: {
              message: 'Who buys?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
            },
          },
          payer: {
            method: 'elicitation/create',
            params: {
              message: 'Who pays?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
            },
          },
        },
      },
      { id: 'two' },
    );
    const { drafts } = mapDrafts();
    const session = createInputRequestSession({
      source: staticSource(two, async () => undefined),
      drafts,
      ledger: false,
      replaceDelayMs: 0,
    });
    session.subscribe(() => {});
    session.writeDraft('buyer', { name: 'Ada' });
    session.writeDraft('payer', { name: 'Grace' });
    const next = form('second', { when: { type: 'string', title: 'When' } }, 'schedule');
    replaceWith(session, next);
    const expected = [
      { name: 'name', label: 'Name', value: { kind: 'text', text: 'Ada' }, question: 'Who buys?' },
      { name: 'name', label: 'Name', value: { kind: 'text', text: 'Grace' }, question: 'Who pays?' },
    ];
    expect(session.getSnapshot().carried?.leftBehind).toEqual(expected);
    const reloaded = createInputRequestSession({ source: staticSource(next, async () => undefined), drafts });
    expect(reloaded.getSnapshot().carried?.leftBehind).toEqual(expected);
    // A round of one question replaced in turn: its value names its question too, or it would
    // read as an answer to the question listed before it.
    session.writeDraft('schedule', { when: 'Friday' });
    replaceWith(session, form('third', { where: { type: 'string' } }, 'place'));
    expect(session.getSnapshot().carried?.leftBehind.at(-1)).toEqual({
      name: 'when',
      label: 'When',
      value: { kind: 'text', text: 'Friday' },
      question: 'Tell us',
    });
  });

  it('keeps what a replaced round carries over when the page reloads before the newer round shows', () => {
    const { drafts } = mapDrafts();
    const session = typingInto(drafts);
    session.writeDraft('profile', { name: 'Ada', age: '42', password: 'hunter2' } as never);
    vi.advanceTimersByTime(1000);
    const next = form('second', { name: { type: 'string', title: 'Name' }, when: { type: 'string' } });
    session.receive({ status: 'input-required', suspension: next });
    // The newer round shows after a moment (900 ms); the page reloads within it.
    expect(session.getSnapshot().state).toBe('superseded');
    vi.advanceTimersByTime(300);

    const reloaded = createInputRequestSession({ source: staticSource(next, async () => undefined), drafts });
    // The name has its place in the newer round; the age is kept to read; the password never.
    expect(reloaded.readDraft('profile')).toEqual({ name: 'Ada' });
    expect(reloaded.getSnapshot().carried?.leftBehind).toEqual([
      { name: 'age', label: 'Age', value: { kind: 'number', value: 42 }, question: 'Tell us' },
    ]);
  });

  it('keeps what the person typed into the newer round before, when a poll that was behind shows the older round a moment', () => {
    const { saved, drafts } = mapDrafts();
    const second = form('second', { name: { type: 'string', title: 'Name' }, when: { type: 'string' } });
    // Typed into the newer round before a reload; after it, a stale reading shows the older round.
    saved.set('second/profile', { name: 'Grace', when: 'Friday' });
    const session = typingInto(drafts);
    session.writeDraft('profile', { name: 'Ada' } as never);
    session.receive({ status: 'input-required', suspension: second });
    expect(session.getSnapshot().state).toBe('superseded');
    expect(saved.get('second/profile')).toEqual({ name: 'Grace', when: 'Friday' });
    session.receive({ status: 'input-required', suspension: first });
    session.receive({ status: 'input-required', suspension: second });
    vi.advanceTimersByTime(2000);
    expect(session.getSnapshot().round?.id).toBe('second');
    expect(session.readDraft('profile')).toEqual({ name: 'Grace', when: 'Friday' });
  });

  it('lets a later carry-over replace an earlier one (the older round came back a moment and was typed into again)', () => {
    const { drafts } = mapDrafts();
    const session = typingInto(drafts);
    session.writeDraft('profile', { name: 'Ada' } as never);
    const second = form('second', { name: { type: 'string', title: 'Name' } });
    session.receive({ status: 'input-required', suspension: second });
    expect(session.getSnapshot().state).toBe('superseded');
    session.receive({ status: 'input-required', suspension: first });
    expect(session.getSnapshot().round?.id).toBe('first');
    session.writeDraft('profile', { name: 'Ada Lovelace' } as never);
    vi.advanceTimersByTime(2000);
    session.receive({ status: 'input-required', suspension: second });
    vi.advanceTimersByTime(2000);
    expect(session.getSnapshot().round?.id).toBe('second');
    expect(session.readDraft('profile')).toEqual({ name: 'Ada Lovelace' });
  });

  it('names no question for a request that wrote none', () => {
    const silent = form('silent', { name: { type: 'string' } }, 'profile', '  ');
    const session = holding(silent);
    session.writeDraft('profile', { name: 'Ada' });
    replaceWith(session, form('second', { when: { type: 'string' } }, 'schedule'));
    expect(session.getSnapshot().carried?.leftBehind).toEqual([
      { name: 'name', label: 'name', value: { kind: 'text', text: 'Ada' } },
    ]);
  });

  it('never shows a value in the clear that the new round calls secret', async () => {
    const plain = form('plain', {
      code: { type: 'string', title: 'Code' },
      name: { type: 'string', title: 'Name' },
    });
    // The server now marks it write-only: a value it will not show back.
    const next = form('second', { code: { type: 'string', title: 'Code', writeOnly: true } });
    const session = holding(plain);
    session.writeDraft('profile', { code: 'K-1234', name: 'Ada' });
    replaceWith(session, next);
    expect(session.getSnapshot().carried?.leftBehind).toEqual([
      { name: 'name', label: 'Name', value: { kind: 'text', text: 'Ada' }, question: 'Tell us' },
    ]);
  });

  it('after a reload, reads what a round kept from its draft store as untrusted: no secret, nothing malformed', () => {
    const stored = [
      { name: 'name', label: 'Name', value: { kind: 'text', text: 'Ada' } },
      { name: 'pin', label: 'PIN', value: { kind: 'secret', value: 'hunter2' } },
      { name: 'odd', label: 'Odd', value: { kind: 'script', value: 'x' } },
      { name: 'size', label: 'Size', value: { kind: 'options', labels: ['Large', 7] } },
      { name: 'age', label: 'Age', value: { kind: 'number', value: 36 } },
      'junk',
    ];
    const drafts = {
      load: (key: string) => (key.endsWith('//kept') ? { fields: JSON.stringify(stored) } : undefined),
      save: () => {},
      removeRound: () => {},
    };
    const session = createInputRequestSession({ source: staticSource(first, async () => undefined), drafts });
    expect(session.getSnapshot().carried?.leftBehind).toEqual([
      { name: 'name', label: 'Name', value: { kind: 'text', text: 'Ada' } },
      { name: 'age', label: 'Age', value: { kind: 'number', value: 36 } },
    ]);
    const broken = { ...drafts, load: () => ({ fields: '{not json' }) };
    expect(
      createInputRequestSession({
        source: staticSource(first, async () => undefined),
        drafts: broken,
      }).getSnapshot().carried,
    ).toBeUndefined();
  });

  it('after Start again, keeps what the call issued anew no longer asks', async () => {
    const other = form('restarted', { city: { type: 'string', title: 'City' } });
    const source: InputRequestSource = {
      ...staticSource(first, async () => {
        throw new StaleRoundError('input-request-cards: the round is gone (test)', 409);
      }),
      restart: async () => ({ status: 'input-required', suspension: other }),
    };
    const session = createInputRequestSession({ source, drafts: false, ledger: false, replaceDelayMs: 0 });
    session.subscribe(() => {});
    session.writeDraft('profile', { name: 'Ada' });
    await session.answer('profile', { action: 'accept', content: { name: 'Ada' } })?.catch(() => {});
    expect(session.getSnapshot().state).toBe('expired');
    await session.restart();
    vi.advanceTimersByTime(0);
    expect(session.getSnapshot().round?.id).toBe('restarted');
    expect(session.getSnapshot().carried?.leftBehind).toEqual([
      { name: 'name', label: 'Name', value: { kind: 'text', text: 'Ada' }, question: 'Tell us' },
    ]);
  });

  it('keeps nothing for a round that was sent: the server has those answers', async () => {
    const next = form('second', { when: { type: 'string', title: 'When' } }, 'schedule');
    expect(await replaced(next, typed, true)).toEqual([]);
  });

  it('gives the round replaced last what it held when a reading that was behind shows it again, never a secret, also across a reload before it shows', () => {
    const { saved, drafts } = mapDrafts();
    const session = createInputRequestSession({
      source: staticSource(first, async () => undefined),
      drafts,
      ledger: false,
      replaceDelayMs: 0,
    });
    session.subscribe(() => {});
    session.writeDraft('profile', typed as never);
    const second = form('second', { name: { type: 'string', title: 'Name' } }, 'who');
    replaceWith(session, second);
    expect(session.getSnapshot().round?.id).toBe('second');
    // The newer round took the name; the person changed it there.
    expect(session.readDraft('who')).toEqual({ name: 'Ada' });
    session.writeDraft('who', { name: 'Ada King' });
    // A reading that was behind: the first round again. It waits a moment (superseded) before it
    // shows, and a reload within that moment finds it in the drafts.
    session.receive({ status: 'input-required', suspension: first });
    expect(session.getSnapshot().state).toBe('superseded');
    // Its own values where they were typed, the name as changed in the newer round (the later
    // value), the city left at its default, the password never.
    const back = { name: 'Ada King', age: '36', size: 'l', extras: ['a', 'b'] };
    expect(saved.get('first/profile')).toEqual(back);
    vi.advanceTimersByTime(0);
    expect(session.getSnapshot().round?.id).toBe('first');
    expect(session.readDraft('profile')).toEqual(back);
    // Back in their fields, they are not listed as left behind.
    expect(session.getSnapshot().carried?.leftBehind).toEqual([]);
    // And the newer round, should it show again, gets its own back in turn.
    replaceWith(session, second);
    expect(session.readDraft('who')).toEqual({ name: 'Ada King' });
    session.destroy();
  });

  it.each([
    ['a newer round replaced it a moment', { status: 'input-required', suspension: form('second', {}) }],
    ['a reading said the task moved on', { status: 'working' }],
  ] as const)('keeps what was typed with the drafts again when a round comes back after %s', (_, away) => {
    const { saved, drafts } = mapDrafts();
    const session = typingInto(drafts);
    session.writeDraft('profile', { name: 'Ada', password: 'hunter2' } as never);
    vi.advanceTimersByTime(1000);
    expect(saved.get('first/profile')).toEqual({ name: 'Ada' });
    session.receive(away as InputRequestState);
    expect(saved.has('first/profile')).toBe(false);
    session.receive({ status: 'input-required', suspension: first });
    expect(session.getSnapshot()).toMatchObject({ state: 'input-required', round: { id: 'first' } });
    // A reload now finds what was typed (the password never).
    expect(saved.get('first/profile')).toEqual({ name: 'Ada' });
    const reloaded = createInputRequestSession({
      source: staticSource(first, async () => undefined),
      drafts,
    });
    expect(reloaded.readDraft('profile')).toEqual({ name: 'Ada' });
    session.destroy();
    reloaded.destroy();
  });

  // A form that opened from a draft and was never typed into holds what the person typed before
  // (on an earlier page, or into the round before): the session treats it as typed, whether or
  // not a form read the draft (a read in a render changes nothing).
  describe.each([
    ['a form read it', true],
    ['no form read it', false],
  ])('what a form opens from counts as typed (%s)', (_, read) => {
    /** After a reload: the draft store holds what was typed into the first round before it. */
    const reloadedWith = (values: Record<string, unknown>, options: { onIdle?: () => void } = {}) => {
      const { saved, drafts } = mapDrafts();
      saved.set('first/profile', values);
      const source: InputRequestSource = {
        queryKey: ['opened-from-a-draft'],
        initialState: { status: 'input-required', suspension: first },
        fetchState: async () => ({ status: 'input-required', suspension: first }),
        resume: async () => undefined,
      };
      const session = createInputRequestSession({
        source,
        drafts,
        ledger: false,
        replaceDelayMs: 0,
        ...options,
      });
      const stop = session.subscribe(() => {});
      // The form opens (or none does, as for a host that shows no form).
      if (read) expect(session.readDraft('profile')).toEqual(values);
      return { session, saved, stop };
    };

    it('carries a draft kept across a reload into a re-ask, and lists what has no place there', () => {
      const { session } = reloadedWith({ name: 'Ada', age: '36' });
      replaceWith(
        session,
        form('second', { name: { type: 'string', title: 'Name' }, when: { type: 'string' } }),
      );
      expect(session.getSnapshot().round?.id).toBe('second');
      expect(session.readDraft('profile')).toEqual({ name: 'Ada' });
      expect(session.getSnapshot().carried?.leftBehind).toEqual([
        { name: 'age', label: 'Age', value: { kind: 'number', value: 36 }, question: 'Tell us' },
      ]);
      session.destroy();
    });

    it('carries what a re-ask filled in on through the next re-ask, when nobody typed into it', () => {
      const session = holding(first);
      session.writeDraft('profile', { name: 'Ada' });
      replaceWith(
        session,
        form('second', { name: { type: 'string', title: 'Name' }, when: { type: 'string' } }),
      );
      if (read) expect(session.readDraft('profile')).toEqual({ name: 'Ada' });
      replaceWith(session, form('third', { name: { type: 'string', title: 'Name' } }));
      expect(session.getSnapshot().round?.id).toBe('third');
      expect(session.readDraft('profile')).toEqual({ name: 'Ada' });
      session.destroy();
    });

    it('gives a round that closed and came back the draft it opened from, though its drafts went when it closed', () => {
      const { session, saved } = reloadedWith({ name: 'Ada' });
      session.receive({ status: 'working' });
      expect(session.getSnapshot().state).toBe('answered-elsewhere');
      expect(saved.size).toBe(0);
      session.receive({ status: 'input-required', suspension: first });
      expect(session.getSnapshot().state).toBe('input-required');
      expect(session.readDraft('profile')).toEqual({ name: 'Ada' });
      session.destroy();
    });

    it('keeps the draft to read when the round is answered elsewhere (keepsTyped)', () => {
      const { session } = reloadedWith({ name: 'Ada' });
      session.receive({ status: 'working' });
      expect(session.getSnapshot()).toMatchObject({ closedAs: 'answered-elsewhere', keepsTyped: true });
      session.destroy();
    });

    it('tells the registry the round holds input when its last subscriber goes', async () => {
      const onIdle = vi.fn();
      const { session, stop } = reloadedWith({ name: 'Ada' }, { onIdle });
      stop();
      await Promise.resolve();
      expect(onIdle).toHaveBeenLastCalledWith({ holdsInput: true });
      session.destroy();
    });
  });
});
