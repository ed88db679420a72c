import { describe, expect, it } from 'vitest';
import {
  initialRoundState,
  parseSuspension,
  type RoundState,
  roundReducer,
  unansweredKeys,
} from '../../src/core/index.ts';

const suspension = parseSuspension({
  inputRequests: {
    a: { method: 'roots/list' },
    b: { method: 'roots/list' },
  },
});

describe('roundReducer', () => {
  it('collects answers and knows which keys still wait', () => {
    const state = roundReducer(initialRoundState, {
      type: 'answer',
      key: 'a',
      result: { action: 'decline' },
    });
    expect(state.responses).toEqual({ a: { action: 'decline' } });
    expect(unansweredKeys(suspension, state.responses)).toEqual(['b']);
  });

  it('takes an answer back on reopen', () => {
    const answered = roundReducer(initialRoundState, {
      type: 'answer',
      key: 'a',
      result: { action: 'cancel' },
    });
    expect(roundReducer(answered, { type: 'reopen', key: 'a' }).responses).toEqual({});
  });

  it('moves input-required → submitting → answered', () => {
    const sending = roundReducer(initialRoundState, { type: 'send' });
    expect(sending.status).toBe('submitting');
    expect(roundReducer(sending, { type: 'send-succeeded' }).status).toBe('answered');
  });

  it('returns to input-required with the error and every answer on a failed send', () => {
    const answered: RoundState = {
      status: 'submitting',
      responses: { a: { action: 'accept', content: { x: 1 } } },
    };
    const failed = roundReducer(answered, { type: 'send-failed', error: new Error('down') });
    expect(failed).toEqual({
      status: 'input-required',
      responses: answered.responses,
      error: new Error('down'),
    });
    expect(roundReducer(failed, { type: 'send' })).toEqual({
      status: 'submitting',
      responses: answered.responses,
    });
  });

  it('ignores answers, reopens and second sends while sending or after success', () => {
    const sending = roundReducer(initialRoundState, { type: 'send' });
    expect(roundReducer(sending, { type: 'send' })).toBe(sending);
    expect(roundReducer(sending, { type: 'answer', key: 'a', result: { action: 'decline' } })).toBe(sending);
    const done = roundReducer(sending, { type: 'send-succeeded' });
    expect(roundReducer(done, { type: 'send' })).toBe(done);
    expect(roundReducer(done, { type: 'send-failed', error: 1 })).toBe(done);
    expect(roundReducer(done, { type: 'reopen', key: 'a' })).toBe(done);
  });

  it('keeps a request keyed __proto__ as data', () => {
    const state = roundReducer(initialRoundState, {
      type: 'answer',
      key: '__proto__',
      result: { action: 'decline' },
    });
    expect(Object.keys(state.responses)).toEqual(['__proto__']);
  });
});
