'use client';

import { useCallback, useEffect, useReducer, useRef } from 'react';
import { setOwn } from '../core/identity.js';
import type { InputResponse, InputResponses, Suspension } from '../core/model.js';
import { initialRoundState, type RoundState, roundReducer, unansweredKeys } from '../core/round.js';

/** Sends the responses of a round to whatever backend asked. It may resolve with anything. */
export type ResumeFunction = (responses: InputResponses, context: ResumeContext) => Promise<unknown>;

/** What a resume function is told besides the responses. */
export interface ResumeContext {
  /** The round being answered. */
  suspension: Suspension;
  /** Aborts when the card unmounts before the send settles. */
  signal: AbortSignal;
}

/** Options of {@link useRoundResponses}. */
export interface UseRoundResponsesOptions {
  suspension: Suspension;
  resume: ResumeFunction;
}

/** What {@link useRoundResponses} returns. */
export interface RoundResponses extends RoundState {
  /** Keys that still need an answer. */
  pending: string[];
  /** Records one request's answer; sends every answer once the last one is in. */
  answer: (key: string, result: InputResponse) => void;
  /** Takes an answer back so the person can change it before the round is sent. */
  reopen: (key: string) => void;
  /** Sends the collected responses again after a failed send. */
  retry: () => void;
}

/**
 * Collects the answers of one round and calls `resume` exactly once with all of them.
 *
 * A send in flight blocks every other send (a synchronous guard, not just a disabled button),
 * a rejected send keeps every answer for a retry, and unmounting aborts the send's signal.
 *
 * @example
 * ```tsx
 * const round = useRoundResponses({ suspension, resume: (responses) => api.resume(taskId, responses) });
 * round.answer('confirm', { action: 'accept', content: { ok: true } });
 * round.status; // 'submitting', then 'answered' or back to 'input-required' with round.error
 * ```
 */
export function useRoundResponses({ suspension, resume }: UseRoundResponsesOptions): RoundResponses {
  const [state, dispatch] = useReducer(roundReducer, initialRoundState);
  const sendingRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);
  const latest = useRef({ suspension, resume, responses: state.responses });
  latest.current = { suspension, resume, responses: state.responses };

  useEffect(() => () => abortRef.current?.abort(), []);

  const send = useCallback((responses: InputResponses) => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    const controller = new AbortController();
    abortRef.current = controller;
    dispatch({ type: 'send' });
    const { suspension: current, resume: resumeNow } = latest.current;
    Promise.resolve()
      .then(() => resumeNow(responses, { suspension: current, signal: controller.signal }))
      .then(
        () => {
          if (controller.signal.aborted) return;
          dispatch({ type: 'send-succeeded' });
        },
        (error: unknown) => {
          sendingRef.current = false;
          if (controller.signal.aborted) return;
          dispatch({ type: 'send-failed', error });
        },
      );
  }, []);

  const answer = useCallback(
    (key: string, result: InputResponse) => {
      if (sendingRef.current) return;
      const responses = { ...latest.current.responses };
      setOwn(responses, key, result);
      dispatch({ type: 'answer', key, result });
      latest.current.responses = responses;
      if (unansweredKeys(latest.current.suspension, responses).length === 0) send(responses);
    },
    [send],
  );

  // A round that asks nothing (MCP "load shedding": only a requestState) is answered at once.
  const asksNothing = suspension.requests.length === 0;
  useEffect(() => {
    if (asksNothing && !sendingRef.current) send({});
  }, [asksNothing, send]);

  const reopen = useCallback((key: string) => {
    if (sendingRef.current) return;
    dispatch({ type: 'reopen', key });
  }, []);

  const retry = useCallback(() => {
    const { suspension: current, responses } = latest.current;
    if (unansweredKeys(current, responses).length === 0) send(responses);
  }, [send]);

  return { ...state, pending: unansweredKeys(suspension, state.responses), answer, reopen, retry };
}
