'use client';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { RequestAnswerers } from '../core/answerers.js';
import { createStorageDraftStore, type DraftStore } from '../core/draft.js';
import { createStorageLedger, type RoundLedger } from '../core/ledger.js';
import type { CardState, PollPolicy } from '../core/lifecycle.js';
import { misuseError, sourceProblem, storeOptionProblem } from '../core/misuse.js';
import type { ElicitContent, FieldSpec, FormRequest, InputResponses, Suspension } from '../core/model.js';
import { sessionFor } from '../core/registry.js';
import type { InputRequestSession, SessionSnapshot } from '../core/session.js';
import type { InputRequestSource, InputRequestState } from '../core/source.js';
import type { AnswerChecker } from '../core/validate.js';
import { loadLiveBinding, useLiveBinding } from './liveBinding.js';

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
  /**
   * Checks content given to `submit` and `respond` against its `requestedSchema` before it leaves
   * (content a `useRequestForm` form built was checked as the person typed). `useInputRequest`
   * uses `validateAnswer` unless given one.
   */
  checker?: AnswerChecker;
  /**
   * The host's own time limit for answers (epoch ms or ISO 8601), e.g. its request timeout: the
   * earlier of it and the source's `deadline` applies.
   */
  deadline?: string | number;
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
  /**
   * Answers every request of the open round and sends. Rejects, sending nothing, when an answer
   * does not fit (an unknown key, no accept/decline/cancel, content outside its `requestedSchema`);
   * rejects when the send fails (answers stay).
   */
  respond: (responses: InputResponses) => Promise<void>;
  /**
   * Accepts one form request (the first one when `key` is omitted) with `content`, checked against
   * its `requestedSchema` first: content that does not fit is refused, naming the fields.
   */
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

/**
 * What the card reads of a task: the controller without the answering calls, which only
 * {@link useInputRequest} adds (each checks a host's answers first, which the card's forms do as
 * the person types), so a card's bundle does not carry them.
 */
export type RoundBinding = Omit<InputRequestController, 'respond' | 'submit'>;

const defaultDrafts = createStorageDraftStore();
const defaultLedger = createStorageLedger();

/**
 * The binding behind both `useInputRequest` and the card: the task's session, subscribed with
 * `useSyncExternalStore`, and — for followed sources — the TanStack feed attached once the live
 * binding and the host's `QueryClient` are there. It imports nothing from TanStack Query itself.
 */
export function useRoundSession(
  source: InputRequestSource,
  options: UseInputRequestOptions = {},
): RoundBinding {
  // A developer's mistake is named before anything reads the wrong value (a round or a raw wire
  // as the source would otherwise ask for a QueryClient).
  const sourceWrong = sourceProblem(source);
  if (sourceWrong)
    throw misuseError('useInputRequest (and <InputRequestCard source>)', 'a source', sourceWrong);
  const storeWrong = storeOptionProblem(options);
  if (storeWrong) throw misuseError(`\`${storeWrong[0]}\``, 'a store or false', storeWrong[1]);
  const followed = source.follow !== false;
  const { live, contextClient } = useLiveBinding();
  const queryClient = options.queryClient ?? contextClient;
  if (followed && live && !queryClient) {
    throw new Error(
      'input-request-cards: useInputRequest (and <InputRequestCard source>) needs a TanStack QueryClient to follow a task. ' +
        'Wrap the card in <QueryClientProvider client={queryClient}> or pass the `queryClient` option.',
    );
  }
  const drafts =
    options.drafts === false ? undefined : (options.drafts ?? (followed ? defaultDrafts : undefined));
  const { poll, replaceDelayMs, isSecret, answerers, resumeTimeoutMs, deadline } = options;
  const ledger = options.ledger === false ? undefined : (options.ledger ?? defaultLedger);

  // A reading the host's query cache already holds (a chat restoring its history, a prefetch, a
  // server render's dehydrated cache) is where a new session starts: the card shows it in its
  // first render (and on the server), with no loading state and no second commit. An existing
  // session ignores it: it reads the same cache entry through its feed.
  const cached =
    followed && queryClient ? queryClient.getQueryData<InputRequestState>(source.queryKey) : undefined;
  // The registry hands every card of the task the same session; making one has no side effects.
  // On a server, one process renders many people's pages, and a task's URL (its key) is often the
  // same for all of them: a session never outlives its request there. The request's QueryClient
  // scopes a followed card's session; a static card's session is its own.
  const serverScope = typeof window === 'undefined' ? (queryClient ?? source) : undefined;
  // The session reads an option left undefined as not given.
  const session = sessionFor(
    {
      source,
      initialState: cached,
      drafts,
      replaceDelayMs,
      isSecret,
      answerers,
      ledger,
      resumeTimeoutMs,
      deadline,
    },
    serverScope,
  );
  // Hydration renders what the server did; the tab's own memory (sent rounds) follows at once.
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getServerSnapshot);

  // Following a task needs TanStack Query: load it the first time a followed source shows up.
  useEffect(() => {
    if (followed && !live) void loadLiveBinding();
  }, [followed, live]);

  // One feed per session, however many cards attach (the session runs the earliest still
  // attached); it runs while any is attached and the session is active. Made once per QueryClient
  // and poll policy, so StrictMode's second run of the effect attaches the very same feed and the
  // session keeps it running, while a new policy or client replaces it.
  const pollKey = poll ? JSON.stringify(poll) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the poll policy is compared by value (pollKey).
  const taskFeed = useMemo(
    () => (followed && live && queryClient ? live.followTask(queryClient, session.source, poll) : undefined),
    [session, followed, live, queryClient, pollKey],
  );
  useEffect(() => (taskFeed ? session.attachFeed(taskFeed) : undefined), [session, taskFeed]);

  const canStop = snapshot.canStop;
  return useMemo(
    () => ({
      state: snapshot.state,
      suspension: snapshot.round,
      snapshot,
      session,
      decline: session.declineRound,
      cancel: session.cancelRound,
      retry: session.retry,
      stop: canStop ? session.stopTask : undefined,
    }),
    [snapshot, session, canStop],
  );
}
