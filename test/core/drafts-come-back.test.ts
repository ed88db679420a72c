import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createInputRequestSession,
  createStorageLedger,
  type InputRequestSessionOptions,
  type InputRequestSource,
  parseSuspension,
  type Suspension,
} from '../../src/core/index.ts';
import { keyedForm, mapDrafts } from '../fixtures/session-drafts.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

const form = keyedForm;

let tasks = 0;
function sourceOf(round: Suspension): InputRequestSource {
  return {
    queryKey: ['review-drafts', ++tasks],
    initialState: { status: 'input-required', suspension: round },
    fetchState: async () => ({ status: 'input-required', suspension: round }),
    resume: async () => undefined,
  };
}

/** A session on `first`, with no drafts and no ledger unless given, subscribed as a card is. */
function sessionOn(first: Suspension, options: Partial<InputRequestSessionOptions> = {}) {
  const session = createInputRequestSession({
    source: sourceOf(first),
    drafts: false,
    ledger: false,
    replaceDelayMs: 0,
    ...options,
  });
  const stop = session.subscribe(() => {});
  return { session, stop };
}

/** "Ada" sent as `first`'s name; `second` replaces it; a reading that was behind shows `first` again. */
async function sentThenShownAgain(
  first: Suspension,
  second: Suspension,
  options: Partial<InputRequestSessionOptions> = {},
) {
  const { session } = sessionOn(first, options);
  await session.answer('profile', { action: 'accept', content: { name: 'Ada' } });
  session.receive({ status: 'input-required', suspension: second });
  session.receive({ status: 'input-required', suspension: first });
  vi.advanceTimersByTime(0);
  return session;
}

/** A ledger in this tab's storage, as a card keeps one. */
const storageLedger = () => createStorageLedger(window.sessionStorage);

describe('drafts of a round that is replaced and comes back, sent, emptied or re-asked (a review)', () => {
  it('a replaced round that comes back keeps its own value in a field the newer round could not take it into (type changed), unless the person changed it there', () => {
    const first = form('first', {
      name: { type: 'string', title: 'Name' },
      when: { type: 'string', title: 'When' },
    });
    // The newer round asks "when" as a number of days: "next Friday" does not fit it.
    const second = form('second', {
      name: { type: 'string', title: 'Name' },
      when: { type: 'integer', title: 'In how many days' },
    });
    const { session } = sessionOn(first);
    session.writeDraft('profile', { name: 'Ada', when: 'next Friday' });
    session.receive({ status: 'input-required', suspension: second });
    vi.advanceTimersByTime(0);
    expect(session.getSnapshot().round?.id).toBe('second');
    // The person types into the newer round's name only; "In how many days" stays untouched ('').
    session.writeDraft('profile', { name: 'Ada King', when: '' });
    // A reading that was behind shows the first round again.
    session.receive({ status: 'input-required', suspension: first });
    vi.advanceTimersByTime(0);
    expect(session.getSnapshot().round?.id).toBe('first');
    expect(session.readDraft('profile')).toEqual({ name: 'Ada King', when: 'next Friday' });
    session.destroy();
  });

  it('a re-ask of a secret the person sent is not "typed into" when nothing was typed (answered elsewhere, holdsInput)', async () => {
    const first = form('first', { password: { type: 'string', title: 'Password', writeOnly: true } });
    const again = form('again', { password: { type: 'string', title: 'Password', writeOnly: true } });
    const onIdle = vi.fn();
    const { session, stop } = sessionOn(first, { onIdle });
    await session.answer('profile', { action: 'accept', content: { password: 'hunter2' } });
    expect(session.getSnapshot().state).toBe('answered');
    // The server refuses it and asks again: nothing can carry (a secret), nobody types.
    session.receive({ status: 'input-required', suspension: again });
    expect(session.getSnapshot().round?.id).toBe('again');
    stop();
    await Promise.resolve();
    expect(onIdle).toHaveBeenLastCalledWith({ holdsInput: false });
    session.subscribe(() => {});
    session.receive({ status: 'working' });
    // Nothing typed: the question goes (README: "with nothing typed, the question goes").
    expect(session.getSnapshot().keepsTyped).not.toBe(true);
    session.destroy();
  });

  it('a sent round that a reading that was behind shows again (recalled as answered) leaves no draft of its sent answers in storage', async () => {
    const first = form('first', { name: { type: 'string', title: 'Name' } });
    const second = form('second', { when: { type: 'string', title: 'When' } }, 'schedule');
    const { saved, drafts } = mapDrafts();
    const { session } = sessionOn(first, { drafts, ledger: storageLedger() });
    await session.answer('profile', { action: 'accept', content: { name: 'Ada' } });
    expect(session.getSnapshot().state).toBe('answered');
    session.receive({ status: 'input-required', suspension: second });
    expect(session.getSnapshot().round?.id).toBe('second');
    session.receive({ status: 'input-required', suspension: first });
    vi.advanceTimersByTime(0);
    expect(session.getSnapshot()).toMatchObject({ state: 'answered', round: { id: 'first' } });
    expect([...saved.keys()].filter((key) => key.startsWith('first/'))).toEqual([]);
    // And once it leaves the screen again.
    session.receive({ status: 'input-required', suspension: second });
    vi.advanceTimersByTime(0);
    expect([...saved.keys()].filter((key) => key.startsWith('first/'))).toEqual([]);
    session.destroy();
  });

  it('without a ledger, a sent round shown again by a reading that was behind does not come back with its sent answers as an editable draft', async () => {
    const first = form('first', { name: { type: 'string', title: 'Name' } });
    const second = form('second', { when: { type: 'string', title: 'When' } }, 'schedule');
    const session = await sentThenShownAgain(first, second);
    expect(session.getSnapshot()).toMatchObject({ state: 'input-required', round: { id: 'first' } });
    expect(session.readDraft('profile')).toBeUndefined();
    session.destroy();
  });
  it('a re-ask of a sent secret, its form opened (an empty draft), holds no input', async () => {
    const first = form('first', { password: { type: 'string', title: 'Password', writeOnly: true } });
    const again = form('again', { password: { type: 'string', title: 'Password', writeOnly: true } });
    const onIdle = vi.fn();
    const { session, stop } = sessionOn(first, { onIdle });
    await session.answer('profile', { action: 'accept', content: { password: 'hunter2' } });
    session.receive({ status: 'input-required', suspension: again });
    expect(session.readDraft('profile')).toEqual({});
    stop();
    await Promise.resolve();
    expect(onIdle).toHaveBeenLastCalledWith({ holdsInput: false });
    session.destroy();
  });

  it('a sent round shown again, then replaced and the task done, leaves no draft behind', async () => {
    const first = form('first', { name: { type: 'string', title: 'Name' } });
    const second = form('second', { when: { type: 'string', title: 'When' } }, 'schedule');
    const { saved, drafts } = mapDrafts();
    const session = await sentThenShownAgain(first, second, { drafts, ledger: storageLedger() });
    expect(session.getSnapshot()).toMatchObject({ state: 'answered', round: { id: 'first' } });
    session.receive({ status: 'input-required', suspension: second });
    vi.advanceTimersByTime(0);
    session.receive({ status: 'completed' });
    expect(session.getSnapshot().round?.id).toBe('second');
    expect(Object.fromEntries(saved)).toEqual({});
    session.destroy();
  });
  it('a value cleared in the newer round stays cleared when the replaced round comes back', () => {
    const first = form('first', { name: { type: 'string', title: 'Name' }, notes: { type: 'string' } });
    const second = form('second', { name: { type: 'string', title: 'Name' } }, 'who');
    const { saved, drafts } = mapDrafts();
    const { session } = sessionOn(first, { drafts });
    session.writeDraft('profile', { name: 'Ada', notes: 'x' });
    session.receive({ status: 'input-required', suspension: second });
    vi.advanceTimersByTime(0);
    expect(session.readDraft('who')).toEqual({ name: 'Ada' });
    session.writeDraft('who', { name: '' });
    session.receive({ status: 'input-required', suspension: first });
    expect(saved.get('first/profile')).toEqual({ notes: 'x' });
    vi.advanceTimersByTime(0);
    expect(session.readDraft('profile')?.name ?? '').toBe('');
    session.destroy();
  });
  it('a sent round shown again, whose field the newer round shares, leaves no draft of it', async () => {
    const first = form('first', { name: { type: 'string', title: 'Name' } });
    const second = form('second', { name: { type: 'string', title: 'Name' } }, 'who');
    const { saved, drafts } = mapDrafts();
    const session = await sentThenShownAgain(first, second, { drafts, ledger: storageLedger() });
    expect(session.getSnapshot()).toMatchObject({ state: 'answered', round: { id: 'first' } });
    expect([...saved.keys()].filter((key) => key.startsWith('first/'))).toEqual([]);
    session.destroy();
  });
  it('a value cleared in the newer round stays cleared, also where another request of the newer round has a field of that name', () => {
    const first = form('first', { when: { type: 'string', title: 'When' } });
    // The newer round asks "when" twice: as a number of days in another request (listed first),
    // and as text in the same request, which takes the held value.
    const second = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          delay: {
            method: 'elicitation/create',
            params: {
              message: 'Delay?',
              requestedSchema: {
                type: 'object',
                properties: { when: { type: 'integer', title: 'In how many days' } },
              },
            },
          },
          profile: {
            method: 'elicitation/create',
            params: {
              message: 'Tell us',
              requestedSchema: { type: 'object', properties: { when: { type: 'string', title: 'When' } } },
            },
          },
        },
      },
      { id: 'second' },
    );
    const { session } = sessionOn(first);
    session.writeDraft('profile', { when: 'next Friday' });
    session.receive({ status: 'input-required', suspension: second });
    vi.advanceTimersByTime(0);
    expect(session.readDraft('profile')).toEqual({ when: 'next Friday' });
    // Cleared on purpose in the newer round.
    session.writeDraft('profile', { when: '' });
    session.receive({ status: 'input-required', suspension: first });
    vi.advanceTimersByTime(0);
    expect(session.getSnapshot().round?.id).toBe('first');
    expect(session.readDraft('profile')?.when ?? '').toBe('');
    session.destroy();
  });
});
