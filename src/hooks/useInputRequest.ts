'use client';

import { type QueryClient, QueryClientContext, useQuery } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import { createStorageDraftStore, type DraftStore } from '../core/draft.js';
import { setOwn } from '../core/identity.js';
import {
  type CardState,
  initialLifecycle,
  type Lifecycle,
  lifecycleReducer,
  type PollPolicy,
} from '../core/lifecycle.js';
import type { ElicitContent, InputResponses, Suspension } from '../core/model.js';
import { type InputRequestSource, isStaleRoundError } from '../core/source.js';
import { inputRequestQueryOptions } from './inputRequestQueryOptions.js';
import { watchTask } from './taskWatcher.js';

/** Options of {@link useInputRequest}. */
export interface UseInputRequestOptions {
  /** The client to use instead of the one from `<QueryClientProvider>`. */
  queryClient?: QueryClient;
  /** How polling starts and backs off. The server's `pollIntervalMs` wins over `baseMs`. */
  poll?: PollPolicy;
  /**
   * Where half-typed answers survive a reload: `sessionStorage` by default, `false` for none.
   * Secret fields are never stored; a round's drafts are removed once it closes.
   */
  drafts?: DraftStore | false;
  /**
   * How long a replaced round stays on screen, marked `superseded`, before the newer one shows.
   * @default 900
   */
  replaceDelayMs?: number;
}

/** What {@link useInputRequest} returns: the card's state and what a person can do. */
export interface InputRequestController {
  /** The lifecycle state, also rendered as `data-state`. */
  state: CardState;
  /** The round on screen, if any (kept after it closes, so its text can still be shown). */
  suspension: Suspension | undefined;
  /** Everything the lifecycle knows (deadline, result, error, message, send and fetch errors). */
  lifecycle: Lifecycle;
  /** The draft store in use, if any. */
  drafts: DraftStore | undefined;
  /** Sends the answers of the open round. Rejects when the send fails (answers stay for a retry). */
  respond: (responses: InputResponses) => Promise<void>;
  /** Accepts one form request (the first one when `key` is omitted) with `content`. */
  submit: (content: ElicitContent, key?: string) => Promise<void>;
  /** Declines every request of the round (or only `key`, in a round of one). */
  decline: (key?: string) => Promise<void>;
  /** Cancels every request of the round (or only `key`, in a round of one). */
  cancel: (key?: string) => Promise<void>;
  /** Sends the last answers again after a failed send, or fetches the state again after a failed fetch. */
  retry: () => Promise<void>;
}

const defaultDrafts = createStorageDraftStore();

/**
 * Follows a task and answers it: subscribes to its state through TanStack Query (one poll
 * and one push subscription per task, however many cards show it), drives the card lifecycle
 * and survives the races users hit — answered elsewhere, asked again, expired, failed sends,
 * reloads, unmounts.
 *
 * @example
 * ```tsx
 * function TaskQuestion({ taskId }: { taskId: string }) {
 *   const source = useMemo(() => createHttpSource({
 *     stateUrl: `/background-tasks/${taskId}`, resumeUrl: `/background-tasks/${taskId}/resume`,
 *   }), [taskId]);
 *   const { state, suspension, decline } = useInputRequest(source);
 *   if (state !== 'input-required' || !suspension) return <p>{state}</p>;
 *   return <MyForm suspension={suspension} onDecline={() => decline()} />;
 * }
 * ```
 */
export function useInputRequest(
  source: InputRequestSource,
  options: UseInputRequestOptions = {},
): InputRequestController {
  const queryClient = useRequiredQueryClient(options.queryClient);
  const { replaceDelayMs = 900 } = options;
  const drafts = options.drafts === false ? undefined : (options.drafts ?? defaultDrafts);
  const query = useQuery(inputRequestQueryOptions(source), queryClient);

  const [lifecycle, dispatch] = useReducer(lifecycleReducer, undefined, () =>
    query.data
      ? lifecycleReducer(initialLifecycle, { type: 'state-fetched', state: query.data, now: Date.now() })
      : initialLifecycle,
  );

  const latest = useRef({ lifecycle, source, queryClient, drafts });
  latest.current = { lifecycle, source, queryClient, drafts };

  // One watcher per task, shared by every card that shows it.
  const queryHash = JSON.stringify(source.queryKey);
  const pollPolicy = options.poll;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the task's identity is its query hash, not the source object.
  useEffect(() => watchTask(queryClient, latest.current.source, pollPolicy), [queryClient, queryHash]);

  useEffect(() => {
    if (query.data) dispatch({ type: 'state-fetched', state: query.data, now: Date.now() });
  }, [query.data]);

  useEffect(() => {
    if (query.error) dispatch({ type: 'fetch-failed', error: query.error });
  }, [query.error]);

  const roundId = lifecycle.round?.id;
  const { state, deadline } = lifecycle;

  useEffect(() => {
    if (state !== 'input-required' || deadline === undefined || roundId === undefined) return;
    const passed = () => dispatch({ type: 'deadline-passed', roundId });
    const wait = deadline - Date.now();
    if (wait <= 0) {
      passed();
      return;
    }
    // Timers clamp at about 24.8 days; a longer deadline is re-armed by the next poll anyway.
    const timer = setTimeout(passed, Math.min(wait, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [state, deadline, roundId]);

  useEffect(() => {
    if (state !== 'superseded') return;
    if (roundId) drafts?.removeRound(roundId);
    const timer = setTimeout(() => dispatch({ type: 'replacement-shown' }), replaceDelayMs);
    return () => clearTimeout(timer);
  }, [state, roundId, drafts, replaceDelayMs]);

  useEffect(() => {
    if (!roundId) return;
    if (
      state === 'answered' ||
      state === 'answered-elsewhere' ||
      state === 'completed' ||
      state === 'failed' ||
      state === 'cancelled'
    ) {
      drafts?.removeRound(roundId);
    }
  }, [state, roundId, drafts]);

  const inFlight = useRef<AbortController | null>(null);
  const lastResponses = useRef<InputResponses | undefined>(undefined);
  useEffect(() => () => inFlight.current?.abort(), []);

  const respond = useCallback(async (responses: InputResponses) => {
    const { lifecycle: current, source: currentSource, queryClient: client, drafts: store } = latest.current;
    const round = current.round;
    if (inFlight.current) return;
    if (!round || current.state !== 'input-required') {
      throw new Error(
        `input-request-cards: useInputRequest().respond() was called in state "${current.state}". Answers can only be sent while the state is "input-required".`,
      );
    }
    const controller = new AbortController();
    inFlight.current = controller;
    lastResponses.current = responses;
    dispatch({ type: 'answer-sent', roundId: round.id });
    const queryKey = currentSource.queryKey;
    try {
      const next = await currentSource.resume(responses, { suspension: round, signal: controller.signal });
      if (controller.signal.aborted) return;
      dispatch({ type: 'answer-accepted', roundId: round.id, ...(next ? { next } : {}), now: Date.now() });
      store?.removeRound(round.id);
      if (next) client.setQueryData(queryKey, next);
      else void client.invalidateQueries({ queryKey, exact: true });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (isStaleRoundError(error)) {
        dispatch({ type: 'answer-refused-stale', roundId: round.id, error, now: Date.now() });
        void client.invalidateQueries({ queryKey, exact: true });
      } else {
        dispatch({ type: 'answer-failed', roundId: round.id, error, now: Date.now() });
      }
      throw error;
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, []);

  const everyRequest = useCallback((action: 'decline' | 'cancel', key?: string): InputResponses => {
    const round = latest.current.lifecycle.round;
    const keys = key === undefined ? (round?.requests.map((request) => request.key) ?? []) : [key];
    return Object.fromEntries(keys.map((requestKey) => [requestKey, { action }]));
  }, []);

  const submit = useCallback(
    (content: ElicitContent, key?: string) => {
      const round = latest.current.lifecycle.round;
      const target = key ?? round?.requests.find((request) => request.kind === 'form')?.key;
      if (target === undefined) {
        return Promise.reject(
          new Error(
            'input-request-cards: submit() found no form request in the open round; pass the request key.',
          ),
        );
      }
      const responses: InputResponses = {};
      setOwn(responses, target, { action: 'accept', content });
      return respond(responses);
    },
    [respond],
  );

  const decline = useCallback(
    (key?: string) => respond(everyRequest('decline', key)),
    [respond, everyRequest],
  );
  const cancel = useCallback((key?: string) => respond(everyRequest('cancel', key)), [respond, everyRequest]);

  const retry = useCallback(async () => {
    const { lifecycle: current, queryClient: client, source: currentSource } = latest.current;
    if (current.sendError !== undefined && lastResponses.current && current.state === 'input-required') {
      return respond(lastResponses.current);
    }
    await client.refetchQueries({ queryKey: currentSource.queryKey, exact: true });
  }, [respond]);

  return useMemo(
    () => ({
      state: lifecycle.state,
      suspension: lifecycle.round,
      lifecycle,
      drafts,
      respond,
      submit,
      decline,
      cancel,
      retry,
    }),
    [lifecycle, drafts, respond, submit, decline, cancel, retry],
  );
}

function useRequiredQueryClient(explicit: QueryClient | undefined): QueryClient {
  const fromContext = useContext(QueryClientContext);
  const client = explicit ?? fromContext;
  if (!client) {
    throw new Error(
      'input-request-cards: useInputRequest (and <InputRequestCard source>) needs a TanStack QueryClient. ' +
        'Wrap the card in <QueryClientProvider client={queryClient}> or pass the `queryClient` option.',
    );
  }
  return client;
}
