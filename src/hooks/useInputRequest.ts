'use client';
import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { RequestAnswerers } from '../core/answerers.js';
import { createStorageDraftStore, type DraftStore } from '../core/draft.js';
import { setOwn } from '../core/json.js';
import { createStorageLedger, type RoundLedger } from '../core/ledger.js';
import type { CardState, PollPolicy } from '../core/lifecycle.js';
import type { ElicitContent, FieldSpec, FormRequest, InputResponses, Suspension } from '../core/model.js';
import { sessionFor } from '../core/registry.js';
import type { InputRequestSession, SessionSnapshot, TaskFeed, TaskFeedSink } from '../core/session.js';
import type { InputRequestSource } from '../core/source.js';

/** Options of {@link useInputRequest}. */
export interface UseInputRequestOptions {
  /** The client to use instead of the one from `<QueryClientProvider>` (followed sources only). */
  queryClient?: QueryClient;
  /** How polling starts and backs off. The server's `pollIntervalMs` wins over `baseMs`. */
  poll?: PollPolicy;
  /**
   * Where half-typed answers survive a reload: `sessionStorage` by default for followed sources,
   * none for a round you hold (`follow: false`); `false` for none. Secret fields are never stored;
   * a round's drafts are removed once it closes.
   */
  drafts?: DraftStore | false;
  /** How long a replaced round stays on screen, marked `superseded`, before the newer one shows. @default 900 */
  replaceDelayMs?: number;
  /** Which fields to treat as secrets besides those core flags (server `secret`, `looksSecret`). */
  isSecret?: (field: FieldSpec, request: FormRequest) => boolean;
  /** Host answers for requests no form can answer (sampling, roots), keyed by MCP method. */
  answerers?: RequestAnswerers;
  /**
   * Where sent rounds are remembered (no secrets), so a reload shows a sent round as answered and
   * retries a cut-off send under the same idempotency key: `sessionStorage` by default, `false` for none.
   */
  ledger?: RoundLedger | false;
  /** How long a send may take before it counts as unconfirmed (`source.resumeTimeoutMs` wins). @default 30000 */
  resumeTimeoutMs?: number;
}

/** What {@link useInputRequest} returns: the round's state and what a person can do. */
export interface InputRequestController {
  /** The lifecycle state, also rendered as `data-state`. */
  state: CardState;
  /** The round on screen, if any (kept after it closes, so its text can still be shown). */
  suspension: Suspension | undefined;
  /** Everything the session knows: answers, deadline, result, errors, host answers, … */
  snapshot: SessionSnapshot;
  /** The session that owns the round (shared by every card of the task). */
  session: InputRequestSession;
  /** Answers every request of the open round and sends. Rejects when the send fails (answers stay). */
  respond: (responses: InputResponses) => Promise<void>;
  /** Accepts one form request (the first one when `key` is omitted) with `content`. */
  submit: (content: ElicitContent, key?: string) => Promise<void>;
  /** Declines every request of the round not answered yet. */
  decline: () => Promise<void>;
  /** Cancels every request of the round not answered yet (`{ action: 'cancel' }`). */
  cancel: () => Promise<void>;
  /** Sends the kept answers again after a failed send, or reads the state again after a failed read. */
  retry: () => Promise<void>;
  /** Stops the whole task (`source.cancel`, e.g. MCP `tasks/cancel`); `undefined` when the source cannot. */
  stop: (() => Promise<void>) | undefined;
}

const defaultDrafts = createStorageDraftStore();
const defaultLedger = createStorageLedger();
/** The scope of sessions that need no `QueryClient`. */
const pageScope = {};

/**
 * Follows a task and answers it. A thin binding over the framework-free session: the session of
 * the task (one per task and `QueryClient`, shared by every card that shows it) owns the
 * lifecycle, the single-flight send, timers, drafts and host answerers; this hook subscribes to it
 * with `useSyncExternalStore`. Followed sources read their state through TanStack Query (one
 * observer and one push subscription per task, however many cards show it).
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
  const followed = source.follow !== false;
  const contextClient = useContext(QueryClientContext);
  const queryClient = options.queryClient ?? contextClient;
  if (followed && !queryClient) {
    throw new Error(
      'input-request-cards: useInputRequest (and <InputRequestCard source>) needs a TanStack QueryClient to follow a task. ' +
        'Wrap the card in <QueryClientProvider client={queryClient}> or pass the `queryClient` option.',
    );
  }
  const drafts =
    options.drafts === false ? undefined : (options.drafts ?? (followed ? defaultDrafts : undefined));
  const { poll, replaceDelayMs, isSecret, answerers, resumeTimeoutMs } = options;
  const ledger = options.ledger === false ? undefined : (options.ledger ?? defaultLedger);

  // The registry hands every card of the task the same session; making one has no side effects.
  const session = sessionFor(
    {
      source,
      ...(drafts ? { drafts } : {}),
      ...(replaceDelayMs === undefined ? {} : { replaceDelayMs }),
      ...(isSecret ? { isSecret } : {}),
      ...(answerers ? { answerers } : {}),
      ...(ledger ? { ledger } : {}),
      ...(resumeTimeoutMs === undefined ? {} : { resumeTimeoutMs }),
      ...(followed && queryClient ? { follow: lazyFollow(queryClient, source, poll) } : {}),
    },
    (followed ? queryClient : undefined) ?? pageScope,
  );
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);

  const submit = useCallback(
    (content: ElicitContent, key?: string) => {
      const round = session.getSnapshot().round;
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
      return session.respond(responses);
    },
    [session],
  );

  const canStop = snapshot.canStop;
  return useMemo(
    () => ({
      state: snapshot.state,
      suspension: snapshot.round,
      snapshot,
      session,
      respond: session.respond,
      submit,
      decline: session.declineRound,
      cancel: session.cancelRound,
      retry: session.retry,
      stop: canStop ? session.stopTask : undefined,
    }),
    [snapshot, session, submit, canStop],
  );
}

type FeedModule = typeof import('../live/taskFeed.js');
let feedModule: FeedModule | undefined;
let feedModuleLoad: Promise<FeedModule> | undefined;

/**
 * The TanStack observer feed, loaded on first use: a card for a round you already hold never
 * downloads TanStack Query.
 */
function lazyFollow(
  queryClient: QueryClient,
  source: InputRequestSource,
  poll: PollPolicy | undefined,
): (sink: TaskFeedSink) => TaskFeed {
  return (sink) => {
    let feed: TaskFeed | undefined;
    let stopped = false;
    const waiting: Array<(ready: TaskFeed) => void> = [];
    const start = (module: FeedModule) => {
      if (stopped) return;
      feed = module.followTask(queryClient, source, poll)(sink);
      for (const run of waiting.splice(0)) run(feed);
    };
    if (feedModule) start(feedModule);
    else {
      feedModuleLoad ??= import('../live/taskFeed.js');
      feedModuleLoad.then(
        (module) => {
          feedModule = module;
          start(module);
        },
        (error: unknown) => sink.fail(error),
      );
    }
    return {
      refresh: () => (feed ? feed.refresh() : void waiting.push((ready) => ready.refresh())),
      deliver: (state) => (feed ? feed.deliver(state) : void waiting.push((ready) => ready.deliver(state))),
      stop: () => {
        stopped = true;
        feed?.stop();
      },
    };
  };
}
