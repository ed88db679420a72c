import { setOwn } from './identity.js';
import type { InputResponse, InputResponses, Suspension } from './model.js';

/**
 * Where the answering of one round stands:
 * - `input-required`: at least one request still needs an answer (or a send failed and can be retried);
 * - `submitting`: every request is answered and the responses are on their way;
 * - `answered`: the resume function accepted the responses.
 */
export type RoundStatus = 'input-required' | 'submitting' | 'answered';

/** The answers collected so far for one round, and whether they have been sent. */
export interface RoundState {
  status: RoundStatus;
  /** Answers by request key; a round is sent once, with all of them (MRTR needs them in one retry). */
  responses: InputResponses;
  /** Why the last send failed, until the next attempt. */
  error?: unknown;
}

/** What can happen to a round while a person answers it. */
export type RoundEvent =
  | { type: 'answer'; key: string; result: InputResponse }
  | { type: 'reopen'; key: string }
  | { type: 'send' }
  | { type: 'send-succeeded' }
  | { type: 'send-failed'; error: unknown };

/** The state of a round nobody has answered yet. */
export const initialRoundState: RoundState = { status: 'input-required', responses: {} };

/** Keys of the requests that still need an answer, in the round's order. */
export function unansweredKeys(suspension: Suspension, responses: InputResponses): string[] {
  return suspension.requests.map((request) => request.key).filter((key) => !Object.hasOwn(responses, key));
}

/**
 * Moves a round on. Events that make no sense in the current status (an answer while the
 * responses are being sent, a second send) leave the state unchanged, which is what makes a
 * double submit impossible however fast the clicks come.
 */
export function roundReducer(state: RoundState, event: RoundEvent): RoundState {
  switch (event.type) {
    case 'answer': {
      if (state.status !== 'input-required') return state;
      const responses = { ...state.responses };
      setOwn(responses, event.key, event.result);
      return { status: 'input-required', responses };
    }
    case 'reopen': {
      if (state.status !== 'input-required' || !Object.hasOwn(state.responses, event.key)) return state;
      const responses = { ...state.responses };
      delete responses[event.key];
      return { status: 'input-required', responses };
    }
    case 'send':
      return state.status === 'input-required' ? { status: 'submitting', responses: state.responses } : state;
    case 'send-succeeded':
      return state.status === 'submitting' ? { status: 'answered', responses: state.responses } : state;
    case 'send-failed':
      return state.status === 'submitting'
        ? { status: 'input-required', responses: state.responses, error: event.error }
        : state;
  }
}
