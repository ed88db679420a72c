import { initialRawValues, rawValuesByName } from './answer.js';
import { type AnswererContext, isHostMethod, type RequestAnswerers } from './answerers.js';
import {
  type AskedRound,
  type CarriedRequest,
  type CarryOverReason,
  carryOver,
  leftBehindDraft,
  type RoundCarryOver,
  readLeftBehindDraft,
  withOwnValues,
} from './carry-over.js';
import { contentRefusal } from './checked.js';
import { pageArrivedAt, type TimeLeft, timeLeftUntil } from './deadline.js';
import { type DraftStore, type DraftValues, draftKey, draftValues, leftBehindKey } from './draft.js';
import { asError, describeFailure } from './failure.js';
import { boundedName, isPlainObject, setOwn, stableStringify } from './json.js';
import {
  newIdempotencyKey,
  type RoundLedger,
  recordedAnswers,
  type SentRound,
  withoutSecrets,
} from './ledger.js';
import {
  answeredHere,
  answersLocked,
  deadlineOf,
  initialLifecycle,
  keepsUnsentAnswers,
  type Lifecycle,
  type LifecycleEvent,
  lifecycleReducer,
  roundView,
  SLOW_SEND_MS,
  STATE_TRAITS,
  unansweredKeys,
} from './lifecycle.js';
import { misuseError, STATE_NEEDS, sourceProblem, stateProblem, storeOptionProblem } from './misuse.js';
import {
  asSentIn,
  type FieldSpec,
  type FormRequest,
  type InputRequest,
  type InputResponse,
  type InputResponses,
  isElicitResult,
  roundTooLarge,
  type Suspension,
  type UrlRequest,
} from './model.js';
import { type InputRequestSource, type InputRequestState, isStaleRoundError } from './source.js';
import { type AnswerChecker, validateAnswer } from './validate.js';

/** Where a host answerer of the round stands. */
export interface HostAnswerStatus {
  status: 'running' | 'answered' | 'failed';
  /** Why it failed (`status: 'failed'`); the person can still decline or cancel. */
  error?: unknown;
}

/** What a session shows: the lifecycle plus what only the session knows. */
export interface SessionSnapshot extends Lifecycle {
  /** The host answerers of the round on screen, by request key. */
  hostAnswers: Readonly<Record<string, HostAnswerStatus>>;
  /** Whether the source can stop the whole task (it has `cancel`). */
  canStop: boolean;
  /** True while a stop request is on its way. */
  stopping: boolean;
  /** Why the last stop request failed. */
  stopError?: unknown;
  /**
   * While set (epoch ms), the server asked to wait before the next try (HTTP `Retry-After`): the
   * card keeps Try again disabled until then.
   */
  retryAt?: number;
  /**
   * While `retryAt` holds and this session did not hear the failure itself (a card mounted again
   * within the server's wait): the failure that asked to wait, for the card's notice to explain
   * why nothing can be sent yet.
   */
  retryHeldBy?: unknown;
  /**
   * While the round accepts answers and has a deadline: how much time is left, in the coarse
   * steps the card shows and announces. The session renews it each time its value changes.
   */
  timeLeft?: TimeLeft;
  /**
   * What the round on screen carries over from the round before: the person's earlier values
   * (never secrets) to pre-fill, by request key, and the fields the server asks again. Set when
   * the server asks again for a request key or field names answered in the round before
   * (`reason: 'reask'`), or after "Start again" (`reason: 'restart'`).
   */
  carried?: RoundCarryOver;
  /**
   * Set while the round on screen asks nothing (only a `requestState`: MCP load shedding, or a
   * link step the server is still waiting for). The first such round in a row is retried at once;
   * each further one waits {@link stillWaitingDelay} (1 s, doubling, at most 30 s).
   */
  waiting?: StillWaiting;
  /** True after the person stopped waiting for a round that asks nothing (Cancel); nothing more is sent. */
  stoppedWaiting: boolean;
  /** Whether "Start again" can issue the request anew: the source has `restart` and the round expired. */
  canRestart: boolean;
  /** True while a restart is on its way. */
  restarting: boolean;
  /** Why the last restart failed. */
  restartError?: unknown;
}

/** A round that asks nothing, waited on with backoff (see {@link SessionSnapshot.waiting}). */
export interface StillWaiting {
  /** How many rounds in a row asked nothing, this one included. */
  attempt: number;
  /** When (epoch ms) the next try goes out; absent while a try is on its way or due now. */
  retryAt?: number;
  /**
   * The last link request this person opened and finished (accepted) before the waiting began:
   * what the server is most likely waiting for. Untrusted server text.
   */
  link?: UrlRequest;
}

/**
 * The feed of a source that is not followed but pushes (`subscribe`): a round you hold can still
 * be closed by whoever asked (a server that withdraws its question). Heard directly: no polling,
 * no TanStack Query.
 */
function pushedFeed(source: InputRequestSource): ((sink: TaskFeedSink) => TaskFeed) | undefined {
  const subscribe = source.subscribe;
  if (subscribe === undefined) return undefined;
  return (sink) => {
    const stop = subscribe((state) => {
      if (state !== undefined) sink.receive(state);
    });
    return { refresh: () => {}, deliver: () => {}, stop };
  };
}

/**
 * The `Retry-After` holds of this page, by task, kept past the session that heard them: a card
 * unmounted and mounted again within the server's wait gets a new session, which must wait too.
 */
const retryHolds = new Map<string, { until: number; failure: unknown }>();

/**
 * The drafts of this page waiting for a pause in typing, across its sessions. A page that goes
 * (a reload, a closed tab, a phone putting the browser away) writes them first: a reload
 * within the pause would otherwise lose the last keystrokes.
 */
const draftsWaitingForPause = new Set<() => void>();
let pageLeaveHeard = false;

/** Runs `flush` if the page goes before it ran; returns what forgets it. */
function flushIfThePageGoes(flush: () => void): () => void {
  if (!pageLeaveHeard && typeof globalThis.addEventListener === 'function') {
    pageLeaveHeard = true;
    const flushAll = () => {
      for (const waiting of [...draftsWaitingForPause]) waiting();
    };
    globalThis.addEventListener('pagehide', flushAll);
    globalThis.document?.addEventListener('visibilitychange', () => {
      if (globalThis.document?.visibilityState === 'hidden') flushAll();
    });
  }
  draftsWaitingForPause.add(flush);
  return () => draftsWaitingForPause.delete(flush);
}

/** The longest wait between two tries of rounds that ask nothing. */
const STILL_WAITING_MAX_MS = 30_000;

/**
 * How long to wait before answering the `attempt`-th round in a row that asks nothing: the first
 * at once (MCP allows an immediate retry of a state-only round), then 1 s, doubling each time,
 * capped at 30 s — never a hot loop, however long the server keeps saying "still waiting".
 *
 * @example
 * ```ts
 * [1, 2, 3, 4, 5, 6, 7, 8].map(stillWaitingDelay); // [0, 1000, 2000, 4000, 8000, 16000, 30000, 30000]
 * ```
 */
export function stillWaitingDelay(attempt: number): number {
  if (attempt <= 1) return 0;
  return Math.min(1000 * 2 ** Math.min(attempt - 2, 30), STILL_WAITING_MAX_MS);
}

/** Where a session gets server readings from after the first: a poll, a push, or nothing. */
export interface TaskFeed {
  /** Read the state again now (after a send that returned nothing, or on retry). */
  refresh(): void;
  /** A state the session learned first-hand (a send returned it): share it with the other readers. */
  deliver(state: InputRequestState): void;
  stop(): void;
}

/** Where a feed sends what it reads. */
export interface TaskFeedSink {
  receive(state: InputRequestState): void;
  fail(error: unknown): void;
  /**
   * A read succeeded after one failed, and found nothing new (the same state as before): the
   * failure is over, though `receive` has nothing to say.
   */
  recovered(): void;
}

/** Options of {@link createInputRequestSession}. */
export interface InputRequestSessionOptions {
  /** The task to follow and answer. */
  source: InputRequestSource;
  /**
   * A reading known when the session is made, newer than `source.initialState` (which it
   * replaces): e.g. the task's state in the host's query cache, from a chat history restored or a
   * server render's dehydrated cache. The session starts from it, so the first render shows it.
   */
  initialState?: InputRequestState;
  /** Where half-typed values survive a reload (none without it, or `false`). Secret fields are never written. */
  drafts?: DraftStore | false;
  /**
   * Which fields to treat as secrets besides those core already flagged (the server's `secret`,
   * `looksSecret`): masked, never stored, never logged.
   */
  isSecret?: (field: FieldSpec, request: FormRequest) => boolean;
  /** Host answers for requests no form can answer (sampling, roots). */
  answerers?: RequestAnswerers;
  /** How long a replaced round stays on screen, marked `superseded`, before the newer one shows. @default 900 */
  replaceDelayMs?: number;
  /** How long typing must pause before a draft is written. @default 250 */
  draftDelayMs?: number;
  /**
   * Starts the feed of later server readings when the session becomes active. Without it the
   * session knows only `source.initialState` and what `resume` returns.
   */
  follow?: (sink: TaskFeedSink) => TaskFeed;
  /**
   * Where the session remembers the rounds it sent (no secrets): a reload then shows a sent
   * round as answered, and retries a send it cut off under the same idempotency key. None without
   * it, or `false`.
   */
  ledger?: RoundLedger | false;
  /**
   * How long a `resume` may take before the send counts as unconfirmed (`source.resumeTimeoutMs`
   * wins). The person can then retry under the same idempotency key, with the answers as sent
   * (`answersLocked`), until the outcome is known or a retry is refused outright.
   * @default 30000
   */
  resumeTimeoutMs?: number;
  /**
   * Checks accepted form content that no form checked (a headless `respond`, `submit` or
   * `answer`) before it leaves: content that does not fit its `requestedSchema` is refused with
   * an error naming the fields. The card's forms check as the person types, with the card's own
   * `checker`; `useInputRequest`'s `submit` and `respond` check with the hook's own.
   * @default validateAnswer
   */
  checker?: AnswerChecker;
  /**
   * Called each time the session winds down: no subscriber left and no send in flight.
   * `holdsInput` says the round on screen holds what this person put in and the server never took
   * (typed values, a draft brought back or carried in by a re-ask, answers, a send that failed):
   * a registry keeps such a session for the round's next card (a chat list that unmounts the
   * cards scrolled away mounts it again).
   */
  onIdle?: (idle: { holdsInput: boolean }) => void;
  /**
   * The host's own time limit for answers (epoch ms or ISO 8601), e.g. its request timeout: the
   * earlier of it and the source's `deadline` applies to every round.
   */
  deadline?: string | number;
}

/**
 * What was typed into a form request, by property name, or a function that reads it when it is
 * needed (see {@link InputRequestSession.writeDraft}).
 */
export type TypedValues = DraftValues | (() => DraftValues);

/**
 * The owner of one task's round: its lifecycle and the answers folded into it, the single-flight
 * send, the deadline and replacement timers, drafts, the secret policy and host answerers.
 * Framework-free and subscribable (`subscribe` / `getSnapshot`), in the shape of TanStack Query's
 * `QueryObserver`; every side effect is a consequence of a transition, never of a render.
 *
 * It stays idle until its first subscriber, and winds down (timers, feed, answerers) once the last
 * one has left and no send is in flight; a send in flight always completes.
 */
export interface InputRequestSession {
  readonly source: InputRequestSource;
  getSnapshot(): SessionSnapshot;
  /**
   * What a server render shows: the session's first reading alone, without what only this tab
   * remembers (its ledger of sent rounds) and without the time left (the server's clock is not
   * the page's). A deadline that passed after the page's HTML arrived (the navigation's
   * `responseStart`) is still ahead here, as it was for the server. A hydrating card renders it
   * first, as the server did, and then the tab's own {@link getSnapshot} (e.g. a round already
   * sent shows as answered, a deadline its count, a round that expired meanwhile as expired).
   * The same object on every call.
   *
   * @example
   * ```ts
   * const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getServerSnapshot);
   * ```
   */
  getServerSnapshot(): SessionSnapshot;
  /** Calls `listener` after every change. The first subscriber activates the session. */
  subscribe(listener: () => void): () => void;
  /** A server reading (a poll, a push, a returned state). */
  receive(state: InputRequestState): void;
  /** A failed read of the server's state. */
  fail(error: unknown): void;
  /**
   * Records one request's answer. When it is the last one the round needs, the round is sent,
   * once. Returns the send in progress, if this answer started (or joined) one. Rejects, recording
   * nothing, an answer to a request the round does not ask, one with no accept, decline or cancel,
   * an accept of a request the card cannot answer, and accepted content that does not fit its
   * `requestedSchema` (unless a form built and checked it).
   */
  answer(key: string, response: InputResponse): Promise<void> | undefined;
  /** Takes an answer back so the person can change it before the round is sent. */
  withdraw(key: string): void;
  /**
   * Answers every request of the round at once (e.g. a headless host) and sends. Rejects when the
   * state does not accept answers, or when the send fails (the answers stay for a retry). Each
   * answer is checked first, as {@link answer} checks it: one that does not fit sends nothing.
   */
  respond(responses: InputResponses): Promise<void>;
  /** Declines every request of the round not answered yet, and sends. */
  declineRound(): Promise<void>;
  /** Cancels every request of the round not answered yet (`{ action: 'cancel' }`), and sends. */
  cancelRound(): Promise<void>;
  /** Sends the kept answers again after a failed send, or reads the state again after a failed read. */
  retry(): Promise<void>;
  /** Stops the whole task through `source.cancel` (MCP `tasks/cancel`); the card then reads `cancelled`. */
  stopTask(): Promise<void>;
  /**
   * "Start again": issues the request anew through `source.restart` (a new call, no state) after
   * the round expired or the server refused its state. The new round gets the person's answers
   * back, by request key and field name (never secrets). Rejects when the source has no
   * `restart`, when the round has not expired, or when the restart fails (`restartError`).
   */
  restart(): Promise<void>;
  /**
   * The draft of one form request of the round on screen, by property name: the last values typed
   * in any copy on this page (kept in memory, without secrets), else the draft store's, else what
   * an earlier round carried over. It only reads, so a form may call it while it renders.
   */
  readDraft(requestKey: string): DraftValues | undefined;
  /**
   * Stores half-typed values of one form request (after a pause; secrets are left out). Pass a
   * function that reads them to have them read only when they are needed (the pause ended, a
   * reader asked, the round was replaced): a keystroke then costs no copy of the whole form.
   * Call it only for the person's edits: an edit of a request whose answer is kept but not sent
   * (a send that failed, one request of several answered) withdraws that answer, so what goes
   * out is what is on screen; Accept gives it again. Edits are taken only while the round can be
   * answered (`STATE_TRAITS[state].acceptsAnswers`): lock your inputs while it cannot (sending,
   * closed), as the card does, or what is typed then is neither drafted nor remembered.
   * @example
   * ```ts
   * input.addEventListener('input', () => session.writeDraft('details', () => ({ name: input.value })));
   * ```
   */
  writeDraft(requestKey: string, values: TypedValues): void;
  /**
   * True once the person opened the link of this URL request of the round on screen, in any copy
   * or before a reload (kept with the drafts): the card then offers Done, not Open.
   */
  linkOpened(requestKey: string): boolean;
  /** Remembers that the person opened the link of this URL request (see {@link linkOpened}). */
  noteLinkOpened(requestKey: string): void;
  /**
   * The step a step-by-step form of this request of the round on screen was last on, in any copy
   * or before a reload (kept with the drafts): a form mounted again opens there, not on its first
   * field. A field's position, or the field count for the review; `undefined` when none was noted.
   * @example
   * ```ts
   * const [step, setStep] = useState(() => session.formStep('details') ?? 0);
   * ```
   */
  formStep(requestKey: string): number | undefined;
  /** Remembers the step a step-by-step form of this request is on (see {@link formStep}). */
  noteFormStep(requestKey: string, step: number): void;
  /**
   * Connects a feed of later server readings (a poll, a push) to a session made without one:
   * every card of the task may attach; one feed runs while any is attached and the session is
   * active, made by the earliest attachment still attached. When that one detaches (its card
   * unmounted, or attached again with another poll policy or QueryClient), the feed moves to the
   * next. Returns the function that detaches.
   */
  attachFeed(follow: (sink: TaskFeedSink) => TaskFeed): () => void;
  /** Ends everything at once: aborts a send in flight, stops timers and the feed. */
  destroy(): void;
}

const EMPTY_HOST_ANSWERS: Readonly<Record<string, HostAnswerStatus>> = Object.freeze({});

/** The draft entry of a URL request: its link was opened. */
const LINK_OPENED = 'opened';

/** The draft entry of a step-by-step form's step (see {@link InputRequestSession.formStep}). */
const FORM_STEP = 'step';

function withoutTimeLeft({ timeLeft: _left, ...snapshot }: SessionSnapshot): SessionSnapshot {
  return snapshot;
}

/**
 * Creates the owner of one task's round. The card and `useInputRequest` create sessions for you
 * (one per task, shared by every card that shows it); create one yourself to drive a round
 * without React.
 *
 * @example
 * ```ts
 * const session = createInputRequestSession({ source: staticSource(suspension, resume) });
 * const stop = session.subscribe(() => console.log(session.getSnapshot().state));
 * await session.answer('confirm', { action: 'accept', content: { ok: true } }); // sends the round once
 * stop();
 * ```
 */
export function createInputRequestSession(options: InputRequestSessionOptions): InputRequestSession {
  const sourceWrong = sourceProblem((options as Partial<InputRequestSessionOptions> | undefined)?.source);
  if (sourceWrong) throw misuseError('createInputRequestSession', '{ source }', `its source: ${sourceWrong}`);
  const storeWrong = storeOptionProblem(options);
  if (storeWrong) {
    throw misuseError(`createInputRequestSession's \`${storeWrong[0]}\``, 'a store or false', storeWrong[1]);
  }
  return openSession({ checker: validateAnswer, ...options });
}

/**
 * {@link createInputRequestSession} without a default `checker`: the registry's sessions, shared
 * by every card and hook of a task. Each checks its own: the card's forms as the person types,
 * `useInputRequest`'s `submit` and `respond` with the hook's checker (so a static card does not
 * load one up front, and whoever mounts first does not decide for the others).
 */
export function openSession(options: InputRequestSessionOptions): InputRequestSession {
  const { source, answerers } = options;
  // `false` says "none", as for the card.
  const drafts = options.drafts || undefined;
  const ledger = options.ledger || undefined;
  const resumeTimeoutMs = source.resumeTimeoutMs ?? options.resumeTimeoutMs ?? 30_000;
  const replaceDelayMs = options.replaceDelayMs ?? 900;
  const draftDelayMs = options.draftDelayMs ?? 250;
  const listeners = new Set<() => void>();
  const prepared = new WeakMap<Suspension, Suspension>();

  let lifecycle: Lifecycle = initialLifecycle;
  let hostAnswers: Record<string, HostAnswerStatus> = EMPTY_HOST_ANSWERS;
  let stopping = false;
  let stopError: unknown;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // The source's queryKey as text (null for a cyclic key), made once: the ledger's and the holds' name.
  let taskKey: string | null | undefined;
  // A hold this page heard for the task before this session (a card mounted again) still counts,
  // and the failure that asked for it still explains it.
  const inheritedHold = (() => {
    const key = taskKeyText();
    const hold = key === undefined ? undefined : retryHolds.get(key);
    return hold !== undefined && hold.until > Date.now() ? hold : undefined;
  })();
  let retryAt: number | undefined = inheritedHold?.until;
  let retryHeldBy: unknown = inheritedHold?.failure;
  // Carry-over: the last round that asked something, the values typed into the round on screen
  // (in memory, with or without a draft store), and what the round on screen carries.
  let lastAsked: AskedRound | undefined;
  let typed = new Map<string, TypedValues>();
  let typedRoundId: string | undefined;
  let carried: RoundCarryOver | undefined;
  // What the round replaced last held (what it would carry into itself: never secrets), for when
  // a reading that was behind shows it again: its drafts went when it was replaced, and the newer
  // round may have no place for all of it. One round only: bounded by that round's fields.
  let replaced: { roundId: string; memory?: Readonly<Record<string, CarriedRequest>> } | undefined;
  /** Draft keys a carry-over wrote (not the person): a later carry-over may write over them. */
  const carriedDraftKeys = new Set<string>();
  let restartPending = false;
  let restartFlight: Promise<void> | undefined;
  let restarting = false;
  let restartError: unknown;
  // Rounds that ask nothing: how many in a row, when the next try is due, and its timer.
  let stateOnlyStreak = 0;
  let waitUntil: number | undefined;
  let waitTimer: ReturnType<typeof setTimeout> | undefined;
  let waitArmedFor: string | undefined;
  let stoppedWaiting = false;
  let snapshot: SessionSnapshot = makeSnapshot();

  let active = false;
  let destroyed = false;
  let feed: TaskFeed | undefined;
  let follow = source.follow === false ? pushedFeed(source) : options.follow;
  // The feeds cards attached, earliest first; the one running is `follow` (unless the session
  // was made with its own).
  const attachedFeeds: ((sink: TaskFeedSink) => TaskFeed)[] = [];
  let inFlight: { roundId: string; controller: AbortController; promise: Promise<void> } | undefined;
  let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  let deadlineArmedFor: string | undefined;
  let replaceTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setTimeout> | undefined;
  let tickAt: number | undefined;
  const hostDeadline = deadlineOf(options.deadline);
  // A draft waiting for a pause in typing: one timer per request, re-armed only when it fires
  // early (a keystroke costs a field write, not a clearTimeout and a setTimeout).
  const draftTimers = new Map<
    string,
    {
      timer: ReturnType<typeof setTimeout>;
      values: TypedValues;
      writtenAt: number;
      flush: () => void;
    }
  >();
  // The last draft of each request in memory (no secrets), store or not: a second copy of the
  // round on this page ("Answer here") starts from what the person typed in the first.
  const keptDrafts = new Map<string, DraftValues>();
  const hostRuns = new Map<string, AbortController>();
  let hostRoundId: string | undefined;

  // The last reading the session took in. A feed hands its latest reading to every session it
  // starts for (a card's first one, and again after a remount): the one the session already
  // holds, the very same object, tells it nothing new and changes nothing.
  let lastReading = options.initialState ?? source.initialState;
  // The first reading and when it was taken, kept for the server snapshot (later readings replace
  // `lastReading`).
  const firstReading = lastReading;
  const readAt = Date.now();
  if (firstReading) lifecycle = lifecycleReducer(lifecycle, received(firstReading, readAt));
  // What a server renders from the same reading: it has no ledger of this tab's sends.
  const readLifecycle = lifecycle;
  let serverSnapshot: SessionSnapshot | undefined;
  lifecycle = recallPastRound(recall(lifecycle));
  if (lifecycle.round) enterRound(initialLifecycle, lifecycle.round);
  snapshot = makeSnapshot();

  /** What the ledger remembers of the round on screen, applied: a sent round is answered. */
  function recall(current: Lifecycle): Lifecycle {
    const round = current.round;
    const entry = round && ledger ? ledger.get(round.id) : undefined;
    if (!round || !entry) return current;
    return lifecycleReducer(current, {
      type: 'send-recalled',
      roundId: round.id,
      idempotencyKey: entry.idempotencyKey,
      status: entry.status,
      answers: recordedAnswers(round, entry.answers),
      closedAs: entry.status === 'refused' ? (entry.closedAs ?? 'expired') : undefined,
      ...(entry.uncertain ? { uncertain: true } : {}),
    });
  }

  /**
   * A task that moved on with no round on screen (the page came back after it did): the round
   * this person sent last for it, from the ledger, so the card still says what was answered, or
   * shows what the backend refused to read and copy: while the task works on, or once it ended.
   */
  function recallPastRound(current: Lifecycle): Lifecycle {
    if (current.round || !ledger?.lastSentOf) return current;
    if (!STATE_TRAITS[current.state].settled && current.state !== 'working') return current;
    const task = taskOfSource();
    const entry = task === undefined ? undefined : ledger.lastSentOf(task);
    if (!entry?.round) return current;
    return lifecycleReducer(current, {
      type: 'past-round-recalled',
      round: entry.round,
      answers: recordedAnswers(entry.round, entry.answers),
      idempotencyKey: entry.idempotencyKey,
      closedAs: entry.status === 'refused' ? (entry.closedAs ?? 'expired') : undefined,
      ...(entry.uncertain ? { uncertain: true } : {}),
    });
  }

  /**
   * The source's task as the ledger names it (its `queryKey` as text), made once. None for a round
   * you hold (it is always on screen, so never needs finding again) or a cyclic key.
   */
  function taskOfSource(): string | undefined {
    return source.follow === false ? undefined : taskKeyText();
  }

  function makeSnapshot(from: Lifecycle = lifecycle): SessionSnapshot {
    const next: SessionSnapshot = {
      ...from,
      hostAnswers,
      canStop: typeof source.cancel === 'function',
      stopping,
      stoppedWaiting: stoppedWaiting && from.state === 'cancelled',
      canRestart: typeof source.restart === 'function' && from.state === 'expired',
      restarting,
    };
    if (stopError !== undefined) next.stopError = stopError;
    if (retryAt !== undefined) next.retryAt = retryAt;
    if (retryAt !== undefined && retryHeldBy !== undefined && from.sendError === undefined) {
      next.retryHeldBy = retryHeldBy;
    }
    if (carried !== undefined && carried.roundId === from.round?.id) next.carried = carried;
    const waiting = stillWaiting();
    if (waiting) next.waiting = waiting;
    if (restartError !== undefined) next.restartError = restartError;
    const timeLeft = currentTimeLeft();
    if (timeLeft) next.timeLeft = timeLeft;
    return next;
  }

  function currentTimeLeft(): TimeLeft | undefined {
    const { state, deadline } = lifecycle;
    return state === 'input-required' && deadline !== undefined
      ? timeLeftUntil(deadline, Date.now())
      : undefined;
  }

  /** The round on screen asks nothing: how long it has been so, and what it most likely waits for. */
  function stillWaiting(): StillWaiting | undefined {
    const round = lifecycle.round;
    if (!round || round.requests.length > 0 || stateOnlyStreak === 0) return undefined;
    if (lifecycle.state !== 'input-required' && lifecycle.state !== 'submitting') return undefined;
    const waiting: StillWaiting = { attempt: stateOnlyStreak };
    if (waitTimer !== undefined && waitUntil !== undefined) waiting.retryAt = waitUntil;
    const link = lastAsked?.sent
      ? lastAsked.round.requests.findLast(
          (request): request is UrlRequest =>
            request.kind === 'url' &&
            Object.hasOwn(lastAsked?.answers ?? {}, request.key) &&
            (lastAsked?.answers[request.key] as { action?: unknown } | undefined)?.action === 'accept',
        )
      : undefined;
    if (link) waiting.link = link;
    return waiting;
  }

  /** The round `state` shows, as a round that asked (its answers and what was typed), if it asked anything. */
  function askedOf(state: Lifecycle): AskedRound | undefined {
    const earlier = state.round;
    if (!earlier || earlier.requests.length === 0) return undefined;
    return {
      round: earlier,
      answers: state.answers,
      sent: state.sentRoundId === earlier.id,
      typed: readAll(typedInto(earlier)),
      // What it kept from the round before it goes on to the next one, until a round is sent.
      ...(carried?.roundId === earlier.id ? { leftBehind: carried.leftBehind } : {}),
    };
  }

  /**
   * Keeps what a round carries over with its drafts (never secrets: carried values hold none), so
   * a reload mid-re-ask, or before a replacing round shows, finds it: the values the new fields
   * took, and what has no place in them. It writes over no draft the person typed into the round
   * before (a reload, then a poll that was behind and showed the older round a moment): that wins,
   * as it does when the form reads its draft; an earlier carry-over's it replaces.
   */
  function saveCarried(round: Suspension, carriedOver: RoundCarryOver): void {
    if (!drafts) return;
    if (carriedOver.leftBehind.length > 0) {
      drafts.save(leftBehindKey(round.id), leftBehindDraft(carriedOver.leftBehind));
    }
    for (const request of round.requests) {
      const values = carriedOver.requests[request.key]?.values;
      const key = draftKey(round.id, request.key);
      if (request.kind !== 'form' || !values || Object.keys(values).length === 0) continue;
      if (!carriedDraftKeys.has(key) && drafts.load(key) !== undefined) continue;
      drafts.save(key, keptDraft(request, values));
      carriedDraftKeys.add(key);
    }
  }

  /**
   * A newer round replaces the one on screen, which stays a moment (`superseded`) and loses its
   * drafts now: what it carries into the newer round is kept with the newer round's drafts at
   * once, or a reload within that moment would find neither.
   */
  function saveCarriedAhead(state: Lifecycle): void {
    const next = state.next;
    // Read once: nothing can be typed while the round is replaced, and the newer round's entry
    // reads the same values again.
    if (state.round && typedRoundId === state.round.id) typed = readAll(typedInto(state.round));
    const asked = askedOf(state);
    if (!next || !asked || next.requests.length === 0) return;
    const ahead = carryInto(asked, next, restartPending ? 'restart' : 'reask');
    if (ahead) saveCarried(next, ahead);
  }

  /**
   * What `round` carries from `before`, and, when `round` is the round replaced last, coming back
   * (a reading that was behind), what it held itself before it was replaced.
   */
  function carryInto(
    before: AskedRound | undefined,
    round: Suspension,
    reason: CarryOverReason,
  ): RoundCarryOver | undefined {
    const fromBefore = before ? carryOver(before, round, reason) : undefined;
    return replaced?.memory && replaced.roundId === round.id
      ? withOwnValues(fromBefore, round, replaced.memory, reason, before)
      : fromBefore;
  }

  /**
   * A new round is on screen: remember the last one that asked something (its answers and what
   * was typed), work out what the new one carries over, and count rounds that ask nothing.
   */
  function enterRound(previous: Lifecycle, round: Suspension): void {
    const leaving = askedOf(previous);
    const reason = restartPending ? 'restart' : 'reask';
    restartPending = false;
    // Carried before the leaving round's memory takes the place of the one this round may find.
    carried = round.requests.length > 0 ? carryInto(leaving ?? lastAsked, round, reason) : undefined;
    if (leaving?.sent) replaced = undefined;
    else if (leaving) {
      replaced = {
        roundId: leaving.round.id,
        memory: carryOver(leaving, leaving.round, 'restart')?.requests,
      };
    }
    lastAsked = leaving ?? lastAsked;
    typed = new Map();
    typedRoundId = round.id;
    if (!carried && round.requests.length > 0 && drafts) {
      // Back after a reload: what the round it replaced left behind, kept with its drafts.
      const leftBehind = readLeftBehindDraft(drafts.load(leftBehindKey(round.id)));
      if (leftBehind.length > 0) carried = { roundId: round.id, reason, requests: {}, leftBehind };
    }
    if (carried && lastAsked) saveCarried(round, carried);
    if (round.requests.length === 0) {
      const earlier = previous.round;
      stateOnlyStreak = earlier && earlier.requests.length === 0 ? stateOnlyStreak + 1 : 1;
      const delay = stillWaitingDelay(stateOnlyStreak);
      waitUntil = delay > 0 ? Date.now() + delay : undefined;
    } else {
      stateOnlyStreak = 0;
      waitUntil = undefined;
    }
  }

  function emit(): void {
    snapshot = makeSnapshot();
    for (const listener of [...listeners]) listener();
  }

  /**
   * A server reading with its round prepared: host secret rule and host answerers applied, and
   * the host's deadline when it comes before the source's.
   */
  function received(state: InputRequestState, now = Date.now()): LifecycleEvent {
    // A source's own mistake (MCP's `input_required`, a wire as the round) fails the read with
    // its fix: the session could do nothing with it, and the card would say "Loading" for ever.
    const wrong = stateProblem(state);
    if (wrong) {
      const error = misuseError(
        'a task state from the source (its fetchState, subscribe or resume)',
        STATE_NEEDS,
        wrong,
      );
      return { type: 'fetch-failed', error };
    }
    const suspension = state.suspension ? prepareRound(state.suspension) : undefined;
    let reading = suspension ? { ...state, suspension } : state;
    if (hostDeadline !== undefined) {
      const own = deadlineOf(state.deadline);
      if (own === undefined || hostDeadline < own) reading = { ...reading, deadline: hostDeadline };
    }
    return { type: 'state-received', state: reading, now };
  }

  function prepareRound(round: Suspension): Suspension {
    const known = prepared.get(round);
    if (known) return known;
    let changed = false;
    const requests = round.requests.map((request): InputRequest => {
      if (request.kind === 'unsupported' && answerers && isHostMethod(request.method)) {
        if (answerers[request.method] === undefined) return request;
        changed = true;
        const host: InputRequest = {
          kind: 'host',
          key: request.key,
          method: request.method,
          params: request.params ?? {},
        };
        if (request.message !== undefined) host.message = request.message;
        return host;
      }
      if (request.kind === 'form' && options.isSecret) {
        // Core already flagged the fields `looksSecret` picks; the host's rule adds to them.
        const isSecret = options.isSecret;
        const fields = request.fields.map((field) =>
          !field.secret && isSecret(field, request) ? { ...field, secret: true } : field,
        );
        if (fields.some((field, index) => field !== request.fields[index])) {
          changed = true;
          return { ...request, fields };
        }
      }
      return request;
    });
    const result = changed ? { ...round, requests } : round;
    prepared.set(round, result);
    return result;
  }

  function dispatch(event: LifecycleEvent): boolean {
    const previous = lifecycle;
    const next = lifecycleReducer(previous, event);
    if (next === previous) return false;
    lifecycle = next;
    afterTransition(previous, next);
    emit();
    return true;
  }

  /**
   * Whether the round on screen keeps its drafts: while it can be answered, and while a reload
   * would show it read-only again (expired, or closed with answers that were never taken). Once it
   * is answered, replaced or gone from the screen, they go; so they do once the task ends after
   * the round expired: it stays on screen to read, but the task has no round for a reload to show.
   */
  function keepsDrafts(state: Lifecycle): boolean {
    return !STATE_TRAITS[state.state].dropsDrafts || state.state === 'expired' || keepsUnsentAnswers(state);
  }

  /** The side effects of a transition: timers, drafts, host answerers, rounds that ask nothing. */
  function afterTransition(previous: Lifecycle, next: Lifecycle): void {
    if (next.round && next.round.id !== previous.round?.id) enterRound(previous, next.round);
    const traits = STATE_TRAITS[next.state];
    const sameRound = next.round !== undefined && next.round.id === previous.round?.id;
    if (next.state === 'superseded' && next.next !== previous.next) saveCarriedAhead(next);
    if (next.round && (!sameRound || keepsDrafts(previous)) && !keepsDrafts(next)) forgetDrafts(next.round);
    // The round came back (a reading that was behind): its drafts went as it closed or was
    // replaced; what was typed into it goes back with them, or a reload would lose it.
    if (sameRound && next.round && !keepsDrafts(previous) && keepsDrafts(next)) keepTyped(next.round);
    // A round leaves the screen: its drafts went when it closed, unless it stayed read-only.
    if (next.round?.id !== previous.round?.id && previous.round) {
      forgetDrafts(previous.round, roundView(previous) === 'read-only');
    }
    if (next.round && next.round.id !== previous.round?.id) {
      const recalled = recall(lifecycle);
      if (recalled !== lifecycle) lifecycle = recalled;
      // Sent before (the ledger says so): what a carry-over wrote to its drafts goes.
      if (lifecycle.round && !keepsDrafts(lifecycle)) forgetDrafts(lifecycle.round);
    }
    // Once per change of state or when the round leaves the screen, not per reading: a working
    // task is read again every few seconds.
    const movedOn = next.state !== previous.state || previous.round !== undefined;
    if (!next.round && movedOn && (traits.settled || next.state === 'working'))
      lifecycle = recallPastRound(lifecycle);
    // The server showed this answer took effect while its send still hung: stop waiting for it.
    if (inFlight && lifecycle.state !== 'submitting') {
      inFlight.controller.abort();
      inFlight = undefined;
    }
    // Taken: remembered as sent for a reload's receipt, also when the answer's own response (an
    // MCP retry, an HTTP POST) or the reading that confirmed it already ended the task.
    if (answeredHere(lifecycle) && !(answeredHere(previous) && previous.round?.id === lifecycle.round?.id)) {
      remember('sent');
    }
    // Closed elsewhere while this person typed into it: what they typed stays to read and copy
    // (its drafts went above: a reload has no round to show).
    if (
      lifecycle.closedAs === 'answered-elsewhere' &&
      previous.closedAs !== 'answered-elsewhere' &&
      lifecycle.round !== undefined &&
      lifecycle.round.id === previous.round?.id &&
      typedInto(lifecycle.round).size > 0
    ) {
      dispatch({ type: 'typed-kept', roundId: lifecycle.round.id });
    }
    if (!active) return;
    armTimers();
    startRoundWork();
  }

  function armTimers(): void {
    const { state, deadline, round } = lifecycle;
    const deadlineKey =
      state === 'input-required' && deadline !== undefined && round ? `${round.id}@${deadline}` : undefined;
    if (deadlineKey !== deadlineArmedFor) {
      clearTimeout(deadlineTimer);
      deadlineTimer = undefined;
      deadlineArmedFor = deadlineKey;
      if (deadlineKey !== undefined && round && deadline !== undefined) {
        const roundId = round.id;
        // A timer waits at most 2^31 - 1 ms (about 24.8 days): one that fires before the
        // deadline arms the next, so a tab kept open that long expires the round on time.
        const check = () => {
          const wait = deadline - Date.now();
          if (wait > 0) {
            deadlineTimer = setTimeout(check, Math.min(wait, 2_147_483_647));
            return;
          }
          deadlineTimer = undefined;
          dispatch({ type: 'deadline-passed', roundId });
        };
        if (deadline <= Date.now()) queueMicrotask(check);
        else check();
      }
    }
    // The countdown moves in coarse steps: one timer, to the next moment its value changes.
    const nextTick = currentTimeLeft()?.changesAt;
    if (nextTick !== tickAt) {
      clearTimeout(tickTimer);
      tickTimer = undefined;
      tickAt = nextTick;
      if (nextTick !== undefined) {
        tickTimer = setTimeout(
          () => {
            tickTimer = undefined;
            tickAt = undefined;
            emit();
            armTimers();
          },
          Math.min(Math.max(0, nextTick - Date.now()), 2_147_483_647),
        );
      }
    }
    // A round that asks nothing, after one that asked nothing: its retry waits (backoff).
    const waitKey =
      state === 'input-required' &&
      round &&
      round.requests.length === 0 &&
      waitUntil !== undefined &&
      !inFlight &&
      lifecycle.sendError === undefined
        ? round.id
        : undefined;
    if (waitKey !== waitArmedFor) {
      clearTimeout(waitTimer);
      waitTimer = undefined;
      waitArmedFor = waitKey;
      if (waitKey !== undefined && waitUntil !== undefined) {
        waitTimer = setTimeout(
          () => {
            waitTimer = undefined;
            waitUntil = undefined;
            if (lifecycle.round?.id === waitKey && lifecycle.state === 'input-required') {
              void send().catch(() => {});
            }
          },
          Math.max(0, waitUntil - Date.now()),
        );
      }
    }
    if (state === 'superseded' && replaceTimer === undefined) {
      replaceTimer = setTimeout(() => {
        replaceTimer = undefined;
        dispatch({ type: 'replacement-shown' });
      }, replaceDelayMs);
    } else if (state !== 'superseded' && replaceTimer !== undefined) {
      clearTimeout(replaceTimer);
      replaceTimer = undefined;
    }
  }

  /** Work a round on screen needs without a person: host answers, and sending a round that asks nothing. */
  function startRoundWork(): void {
    const { state, round } = lifecycle;
    if (round?.id !== hostRoundId) {
      for (const controller of hostRuns.values()) controller.abort();
      hostRuns.clear();
      hostRoundId = round?.id;
      if (hostAnswers !== EMPTY_HOST_ANSWERS) hostAnswers = EMPTY_HOST_ANSWERS;
    }
    if (state !== 'input-required' || !round) return;
    // A round that asks nothing (MCP load shedding: only a requestState) is answered at once.
    // Further ones in a row wait their turn (armTimers), never a hot loop.
    if (round.requests.length === 0) {
      if (!inFlight && lifecycle.sendError === undefined && waitUntil === undefined) {
        void send().catch(() => {});
      }
      return;
    }
    // A round too large to show is declined or cancelled as a whole: nothing answers its parts.
    if (roundTooLarge(round)) return;
    for (const request of round.requests) {
      if (request.kind !== 'host' || hostRuns.has(request.key)) continue;
      if (Object.hasOwn(lifecycle.answers, request.key)) continue;
      const answerer = answerers?.[request.method] as
        | ((params: Record<string, unknown>, context: AnswererContext) => Promise<InputResponse>)
        | undefined;
      if (!answerer) continue;
      const controller = new AbortController();
      hostRuns.set(request.key, controller);
      setHostAnswer(request.key, { status: 'running' });
      const key = request.key;
      Promise.resolve()
        .then(() => answerer(request.params, { suspension: round, signal: controller.signal }))
        .then(
          (result) => {
            if (controller.signal.aborted) return;
            setHostAnswer(key, { status: 'answered' });
            void answer(key, result)?.catch(() => {});
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setHostAnswer(key, { status: 'failed', error: asError(error) });
            emit();
          },
        );
    }
  }

  function setHostAnswer(key: string, status: HostAnswerStatus): void {
    const next = { ...hostAnswers };
    setOwn(next, key, status);
    hostAnswers = next;
  }

  /** Writes what was typed into `round` (the round on screen) to its drafts, without secrets. */
  function keepTyped(round: Suspension): void {
    const typedNow = typedInto(round);
    for (const request of round.requests) {
      const values = typedNow.get(request.key);
      if (request.kind !== 'form' || !values) continue;
      const key = draftKey(round.id, request.key);
      const kept = keptDraft(request, read(values));
      keptDrafts.set(key, kept);
      drafts?.save(key, kept);
    }
  }

  function forgetDrafts(round: Suspension, remove = true): void {
    const roundId = round.id;
    // What a form of the round opens from counts as typed after its drafts go: a round that
    // closed and comes back, or a re-ask, still gets it (typedAgain, askedOf).
    if (typedRoundId === roundId) typed = typedInto(round);
    // draftKey, not encodeURIComponent: a round id with a lone surrogate must not throw.
    const prefix = draftKey(roundId, '');
    for (const [key, pending] of draftTimers) {
      if (key.startsWith(prefix)) {
        clearTimeout(pending.timer);
        draftTimers.delete(key);
        // Dropped, not written: the page going must not bring it back.
        draftsWaitingForPause.delete(pending.flush);
      }
    }
    for (const key of keptDrafts.keys()) if (key.startsWith(prefix)) keptDrafts.delete(key);
    if (remove) drafts?.removeRound(roundId);
  }

  function send(): Promise<void> {
    if (inFlight) return inFlight.promise;
    if (destroyed) return Promise.reject(destroyedError());
    const round = lifecycle.round;
    if (!round || lifecycle.state !== 'input-required') {
      return Promise.reject(
        new Error(
          `input-request-cards: answers can only be sent while the state is "input-required"; it is "${lifecycle.state}".`,
        ),
      );
    }
    // The server asked to wait (Retry-After): no send of any kind leaves before then, whether
    // Try again, Accept with an edited answer, or a Decline. The answers stay as they are.
    const held = retryHeld();
    if (held) return Promise.reject(held);
    const roundId = round.id;
    // A deadline passed while its timer had not run yet (a throttled background tab, a sleeping
    // laptop): the round is expired now, and nothing leaves.
    if (lifecycle.deadline !== undefined && lifecycle.deadline <= Date.now()) {
      dispatch({ type: 'deadline-passed', roundId });
      return Promise.reject(
        new Error(
          `input-request-cards: round "${roundId}" expired at ${new Date(lifecycle.deadline).toISOString()}; nothing was sent. Copy the answers and ask again.`,
        ),
      );
    }
    const responses = lifecycle.answers;
    // Retries of this round's answers go under the key of its first send: a backend that took an
    // earlier try (its response lost) drops the repeat.
    const idempotencyKey = lifecycle.idempotencyKey ?? newIdempotencyKey();
    // Marked in flight before anything can await: a second send of this round joins this one.
    if (!dispatch({ type: 'send-started', roundId, idempotencyKey })) {
      return Promise.reject(
        new Error(
          `input-request-cards: round "${roundId}" still needs answers for ${JSON.stringify(unansweredKeys(round, responses))}; answer every request before sending.`,
        ),
      );
    }
    const controller = new AbortController();
    const flight = { roundId, controller, promise: Promise.resolve() };
    inFlight = flight;
    remember('sending');
    flight.promise = (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      // Past a moment, the card says the answer is still on its way (not when it times out first).
      const slowTimer =
        SLOW_SEND_MS < resumeTimeoutMs
          ? setTimeout(() => {
              if (!destroyed && inFlight === flight) dispatch({ type: 'send-slow', roundId });
            }, SLOW_SEND_MS)
          : undefined;
      try {
        const resumed = source.resume(responses, {
          suspension: round,
          signal: controller.signal,
          idempotencyKey,
        });
        // A send that never settles must not lock the person out: past the timeout it counts as
        // unconfirmed, and the person may retry (same key, same answers).
        const timedOut = new Promise<never>((_, reject) => {
          // Aborted (the session was destroyed): the race ends now, its timer with it, even if
          // `resume` ignores the signal.
          controller.signal.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              reject(controller.signal.reason);
            },
            { once: true },
          );
          timer = setTimeout(() => {
            const error = new Error(
              `input-request-cards: the answer was not confirmed within ${resumeTimeoutMs} ms. It may still have arrived; retrying sends it under the same idempotency key.`,
            );
            error.name = 'TimeoutError';
            controller.abort(error);
            reject(error);
          }, resumeTimeoutMs);
        });
        const next = await Promise.race([resumed, timedOut]);
        if (destroyed || inFlight !== flight) return;
        inFlight = undefined;
        const reading = next ? received(next) : undefined;
        dispatch({
          type: 'send-succeeded',
          roundId,
          next: reading?.type === 'state-received' ? reading.state : undefined,
          now: Date.now(),
        });
        if (next) feed?.deliver(next);
        else feed?.refresh();
      } catch (caught) {
        const error = asError(caught);
        if (destroyed) throw error;
        // Settled another way meanwhile (the server showed this answer took effect): not a failure.
        if (inFlight !== flight) return;
        inFlight = undefined;
        if (isStaleRoundError(error)) {
          // Compared, not copied: an error from another copy of this library may hold anything.
          const closedAs = error.closedAs === 'answered-elsewhere' ? error.closedAs : undefined;
          dispatch({
            type: 'send-refused-stale',
            roundId,
            error,
            closedAs,
            now: Date.now(),
          });
          // Kept as refused, not forgotten: after a reload the round shows read-only again, with
          // what this person accepted (never secrets), instead of vanishing.
          if (lifecycle.refusedAsStale && lifecycle.round?.id === roundId) remember('refused');
          else ledger?.delete(roundId);
          feed?.refresh();
        } else {
          const failure = describeFailure(error);
          const code = failure.code;
          // No answer, or a gateway's (502, 504): the server behind it may have processed it.
          const uncertain =
            code === 'network' ||
            code === 'timeout' ||
            (code === 'http' && (failure.status === 502 || failure.status === 504));
          if (failure.retryAfterMs !== undefined) holdRetries(failure.retryAfterMs, error);
          // A refusal the server stated (an HTTP error) was not processed; anything else may have been.
          if (!uncertain && !lifecycle.sendUncertain) ledger?.delete(roundId);
          dispatch({ type: 'send-failed', roundId, error, uncertain, now: Date.now() });
          if (uncertain) feed?.refresh();
        }
        throw error;
      } finally {
        clearTimeout(timer);
        clearTimeout(slowTimer);
        if (inFlight === flight) inFlight = undefined;
        if (listeners.size === 0) queueMicrotask(windDownIfIdle);
      }
    })();
    return flight.promise;
  }

  /** What changing the answers of a send that may have arrived is refused with (see `answersLocked`). */
  function lockedError(): Error {
    return new Error(
      `input-request-cards: the answers to round "${lifecycle.round?.id}" may already have arrived (their send was not confirmed), so they stay as they were sent. Call retry() to send the same answers again under the same idempotency key.`,
    );
  }

  /** While the server's `Retry-After` lasts: the error a send or retry is refused with. */
  function retryHeld(): Error | undefined {
    if (retryAt === undefined || Date.now() >= retryAt) return undefined;
    return new Error(
      `input-request-cards: the server asked to wait until ${new Date(retryAt).toISOString()} before trying again (Retry-After); nothing was sent. Try again then.`,
    );
  }

  /** Honours a server's `Retry-After`: no retry until then, and a change when it is allowed. */
  function holdRetries(ms: number, failure: unknown): void {
    retryAt = Date.now() + ms;
    // Heard here: this session's own send error explains it.
    retryHeldBy = undefined;
    const key = taskKeyText();
    // Holds whose card never came back end here, so the page keeps only the ones still running.
    const now = Date.now();
    for (const [task, hold] of retryHolds) if (hold.until <= now) retryHolds.delete(task);
    if (key !== undefined) retryHolds.set(key, { until: retryAt, failure });
    armRetryHold();
  }

  /** Ends the hold when its time comes (again, for a session that wound down and came back). */
  function armRetryHold(): void {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (retryAt === undefined) return;
    const until = retryAt;
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        retryAt = undefined;
        retryHeldBy = undefined;
        const key = taskKeyText();
        if (key !== undefined && retryHolds.get(key)?.until === until) retryHolds.delete(key);
        emit();
      },
      Math.min(Math.max(0, until - Date.now()), 2_147_483_647),
    );
  }

  /** The task by its `queryKey` as text, as the page's holds (and the ledger) name it; none for a cyclic key. */
  function taskKeyText(): string | undefined {
    if (taskKey === undefined) {
      try {
        taskKey = boundedName(stableStringify(source.queryKey));
      } catch {
        taskKey = null;
      }
    }
    return taskKey ?? undefined;
  }

  /**
   * Records the round on screen in the ledger: `sending` before it leaves, `sent` once taken,
   * `refused` once the backend refused it as stale.
   */
  function remember(status: SentRound['status']): void {
    const round = lifecycle.round;
    const key = lifecycle.idempotencyKey;
    if (!ledger || !round || key === undefined) return;
    const task = taskOfSource();
    ledger.set({
      roundId: round.id,
      idempotencyKey: key,
      status,
      answers: withoutSecrets(round, lifecycle.answers),
      at: Date.now(),
      // Its receipt after a reload, once the task has moved past it; a round in flight is not
      // yet known to be answered.
      ...(task === undefined ? {} : status === 'sending' ? { task } : { task, round }),
      ...(status === 'refused' && lifecycle.closedAs ? { closedAs: lifecycle.closedAs } : {}),
      ...(status === 'refused' && lifecycle.sendUncertain ? { uncertain: true } : {}),
    });
  }

  function answer(key: string, response: InputResponse): Promise<void> | undefined {
    if (destroyed) return Promise.reject(destroyedError());
    if (answersLocked(lifecycle)) return Promise.reject(lockedError());
    const refused = refusalOf(key, response);
    if (refused) return Promise.reject(refused);
    // The last keystrokes before Accept are saved now, not dropped: if the send fails, or a reload
    // cuts it off, the form comes back with what was accepted, not with an older pause's draft
    // (which Accept would then send under the first send's key). They go when the round is taken.
    draftTimers.get(draftKeyOf(key))?.flush();
    if (!dispatch({ type: 'answer-given', key, response: asSentIn(lifecycle.round, key, response) }))
      return inFlight?.promise;
    if (unansweredKeys(lifecycle.round, lifecycle.answers).length > 0) return undefined;
    return send();
  }

  /**
   * Why `response` cannot answer request `key` of the open round, or `undefined`: the round has no
   * such request; the answer is no accept, decline or cancel; it accepts a request the card cannot
   * answer; or its content, which no form checked, does not fit the form's `requestedSchema`.
   * Nothing is recorded then, and nothing sent.
   */
  function refusalOf(key: string, response: InputResponse): Error | undefined {
    const round = lifecycle.round;
    if (!round || !STATE_TRAITS[lifecycle.state].acceptsAnswers) return undefined;
    const request = round.requests.find((candidate) => candidate.key === key);
    const refused = (why: string) =>
      new Error(`input-request-cards: the answer to ${JSON.stringify(key)} ${why}.`);
    if (!request) {
      const keys = round.requests.map((candidate) => candidate.key);
      return refused(`answers no request of the open round; answer one of ${JSON.stringify(keys)}`);
    }
    // A host's own answer (sampling, roots) has its method's shape.
    if (request.kind === 'host') return undefined;
    if (!isElicitResult(response)) return refused('needs `action` "accept", "decline" or "cancel"');
    if (response.action !== 'accept' || request.kind === 'url') return undefined;
    if (request.kind === 'unsupported') {
      return refused(
        `cannot accept what the card cannot answer (${request.reasonCode}): decline or cancel it`,
      );
    }
    const { content } = response;
    // MCP lets an accept leave its content out: none is an empty form's answer.
    if (content !== undefined && !isPlainObject(content)) {
      return refused("needs `content` an object of its form's values, or none");
    }
    return options.checker ? contentRefusal(key, request, content ?? {}, options.checker) : undefined;
  }

  function refuseRound(action: 'decline' | 'cancel'): Promise<void> {
    if (answersLocked(lifecycle)) return Promise.reject(lockedError());
    const round = lifecycle.round;
    if (round && round.requests.length === 0 && STATE_TRAITS[lifecycle.state].showsRound) {
      return stopWaiting();
    }
    if (!round || lifecycle.state !== 'input-required') return send();
    dispatch({ type: 'round-refused', action });
    return send();
  }

  /**
   * The person stops waiting for a round that asks nothing: no further try goes out. A source
   * that can stop its task is told (`cancel`); otherwise nothing is left to tell the server (an
   * MCP retry holds nothing open between tries), and the card says so.
   */
  async function stopWaiting(): Promise<void> {
    clearTimeout(waitTimer);
    waitTimer = undefined;
    waitUntil = undefined;
    if (typeof source.cancel === 'function') return session.stopTask();
    stoppedWaiting = true;
    if (!dispatch({ type: 'task-stopped' })) emit();
  }

  /**
   * The draft a form of `request` in `round` (the round on screen, or leaving it) opens from: the last
   * keystrokes, read without being written (the pause writes them as it would have); else a draft
   * of this round (typed in any copy on this page, or kept across a reload), which wins over what
   * an earlier round carried; else what a send that may have arrived, or was refused as stale,
   * carried. Reads only: a form calls this as it renders.
   */
  function draftOf(round: Suspension, request: FormRequest): DraftValues | undefined {
    const key = draftKey(round.id, request.key);
    const pending = draftTimers.get(key);
    return (
      (pending ? keptDraft(request, read(pending.values)) : undefined) ??
      keptDrafts.get(key) ??
      drafts?.load(key) ??
      (carried?.roundId === round.id ? carried.requests[request.key]?.values : undefined) ??
      recalledDraft(round, request.key)
    );
  }

  /**
   * What was typed into `round`, by request key: the values typed on this page, and for a form
   * request not typed into here, the draft its form opens from (typed before a reload, or carried
   * from the round before). A form that opened from a draft and was never typed into holds what
   * the person typed, so a re-ask carries it, a round that closes and comes back shows it, and it
   * counts as input; so does a draft no form read yet (a host that shows no form): none of it
   * depends on a render having read it. Only for the round whose typing is kept (`typedRoundId`).
   */
  function typedInto(round: Suspension): Map<string, TypedValues> {
    if (typedRoundId !== round.id) return new Map();
    const all = new Map(typed);
    for (const request of round.requests) {
      if (request.kind !== 'form' || all.has(request.key)) continue;
      const draft = draftOf(round, request);
      if (draft && Object.keys(draft).length > 0) all.set(request.key, draft);
    }
    return all;
  }

  /**
   * What was typed into a round that closed and then came back (a reading that was behind said
   * the task moved on, the next showed the round again): its drafts went when it closed, but this
   * page still knows what was typed. Without secrets, as a draft.
   */
  function typedAgain(request: FormRequest, roundId: string): DraftValues | undefined {
    const values = typedRoundId === roundId ? typed.get(request.key) : undefined;
    return values === undefined ? undefined : keptDraft(request, read(values));
  }

  /**
   * After a reload mid-send: the values that send carried, from the ledger (never secrets), so
   * the form Accept sends again under the same key is not empty when no draft store kept them
   * (Accept saves the draft as it was accepted; without a draft store there is none). Refused as
   * stale: what was accepted, shown read-only.
   */
  function recalledDraft(round: Suspension, requestKey: string): DraftValues | undefined {
    let answers: InputResponses | undefined;
    if (lifecycle.refusedAsStale === true && roundView(lifecycle) === 'read-only') {
      // Refused as stale: the form shows, read-only, what was accepted (after a reload, from the
      // ledger), also when it mounts again.
      answers = lifecycle.answers;
    } else if (lifecycle.sendUncertain === true && ledger) {
      const entry = ledger.get(round.id);
      if (entry?.status === 'sending') answers = recordedAnswers(round, entry.answers);
    }
    if (!answers) return undefined;
    const recalled = carryOver({ round, answers, sent: false, typed: new Map() }, round, 'restart');
    return recalled?.requests[requestKey]?.values;
  }

  // The draft key of the request being typed into, kept: each keystroke needs it.
  let lastTypingKey: { roundId: string; requestKey: string; key: string } | undefined;
  function typingKey(roundId: string, requestKey: string): string {
    if (lastTypingKey?.roundId !== roundId || lastTypingKey.requestKey !== requestKey) {
      lastTypingKey = { roundId, requestKey, key: draftKey(roundId, requestKey) };
    }
    return lastTypingKey.key;
  }

  function draftKeyOf(requestKey: string): string {
    return draftKey(lifecycle.round?.id ?? '', requestKey);
  }

  /** Where the drafts keep that the link of URL request `requestKey` was opened. */
  function linkKey(requestKey: string): string | undefined {
    const round = lifecycle.round;
    return round && requestOnScreen(requestKey)?.kind === 'url' ? draftKey(round.id, requestKey) : undefined;
  }

  /**
   * Where the drafts keep the step a step-by-step form of request `requestKey` is on: beside its
   * draft (`<round id>/<request key>/step`; a request key's `/` is encoded), so it goes with the
   * round's drafts.
   */
  function stepKey(requestKey: string): string | undefined {
    const round = lifecycle.round;
    return round && formRequest(requestKey) ? `${draftKey(round.id, requestKey)}/step` : undefined;
  }

  function formRequest(requestKey: string): FormRequest | undefined {
    const request = requestOnScreen(requestKey);
    return request?.kind === 'form' ? request : undefined;
  }

  /** The request `requestKey` of the round on screen. */
  function requestOnScreen(requestKey: string): InputRequest | undefined {
    return lifecycle.round?.requests.find((candidate) => candidate.key === requestKey);
  }

  function startFeed(): void {
    if (feed || !follow || !active || destroyed) return;
    feed = follow({
      receive: (state) => {
        if (destroyed) return;
        // The same reading again says nothing new, except that reading works again (a no-op
        // when no read had failed). Not one the session cannot read: that read failed again.
        if (state === lastReading && !stateProblem(state)) {
          dispatch({ type: 'fetch-recovered' });
          return;
        }
        lastReading = state;
        dispatch(received(state));
      },
      fail: (error) => {
        if (!destroyed) dispatch({ type: 'fetch-failed', error: asError(error) });
      },
      recovered: () => {
        if (!destroyed) dispatch({ type: 'fetch-recovered' });
      },
    });
  }

  function activate(): void {
    if (active || destroyed) return;
    active = true;
    // Back after winding down (a card mounted again): another card of the round may have sent it
    // meanwhile, even under this session's own key (a send of its own that may have arrived,
    // retried there). A send still on record as on its way stays as it is (its Try again).
    const round = lifecycle.round;
    const entry = round && lifecycle.state === 'input-required' ? ledger?.get(round.id) : undefined;
    if (entry && entry.status !== 'sending') {
      lifecycle = recall(lifecycle);
      snapshot = makeSnapshot();
    }
    startFeed();
    armRetryHold();
    armTimers();
    startRoundWork();
    if (hostAnswers !== snapshot.hostAnswers) emit();
  }

  function windDownIfIdle(): void {
    if (listeners.size > 0 || inFlight || !active) return;
    windDown();
  }

  function windDown(): void {
    active = false;
    feed?.stop();
    feed = undefined;
    clearTimeout(deadlineTimer);
    deadlineTimer = undefined;
    deadlineArmedFor = undefined;
    clearTimeout(replaceTimer);
    replaceTimer = undefined;
    clearTimeout(tickTimer);
    tickTimer = undefined;
    tickAt = undefined;
    // The hold itself stays (this page keeps it for the task); only its timer stops.
    clearTimeout(retryTimer);
    retryTimer = undefined;
    clearTimeout(waitTimer);
    waitTimer = undefined;
    waitArmedFor = undefined;
    for (const controller of hostRuns.values()) controller.abort();
    hostRuns.clear();
    hostRoundId = undefined;
    hostAnswers = EMPTY_HOST_ANSWERS;
    withdrawHiddenAnswers();
    // Whatever was typed last still reaches the draft store.
    for (const pending of [...draftTimers.values()]) pending.flush();
    snapshot = makeSnapshot();
    options.onIdle?.({ holdsInput: holdsInput() });
  }

  /**
   * After a failed send, the forms are editable again and their kept answers back Try again. A
   * card mounted again builds its forms from drafts, which never hold a secret: an answer that
   * holds one would go out with Try again while its field shows empty. Such an answer is
   * withdrawn as the last card goes, so the form asks for the secret again and Accept sends what
   * is on screen. (Answers that may have arrived stay locked, as sent.)
   */
  function withdrawHiddenAnswers(): void {
    const { round } = lifecycle;
    if (!round || lifecycle.sendError === undefined || answersLocked(lifecycle)) return;
    for (const request of round.requests) {
      if (request.kind !== 'form' || !Object.hasOwn(lifecycle.answers, request.key)) continue;
      const response = lifecycle.answers[request.key];
      const content = isElicitResult(response) && response.action === 'accept' ? response.content : undefined;
      if (content && request.fields.some((field) => field.secret && Object.hasOwn(content, field.name))) {
        lifecycle = lifecycleReducer(lifecycle, { type: 'answer-withdrawn', key: request.key });
      }
    }
  }

  function holdsInput(): boolean {
    const { round } = lifecycle;
    if (round === undefined || roundView(lifecycle) === undefined) return false;
    return (
      typedInto(round).size > 0 ||
      Object.keys(lifecycle.answers).length > 0 ||
      lifecycle.sendError !== undefined
    );
  }

  const session: InputRequestSession = {
    source,
    getSnapshot: () => snapshot,
    getServerSnapshot: () => {
      if (!serverSnapshot) {
        // A deadline as the server saw it: one that passed after the page's HTML left the server
        // (while the page loaded) was still ahead when the server rendered the open round.
        const arrivedAt = pageArrivedAt();
        const asRendered =
          firstReading && readLifecycle.state === 'expired' && arrivedAt !== undefined && arrivedAt < readAt
            ? lifecycleReducer(initialLifecycle, received(firstReading, arrivedAt))
            : readLifecycle;
        const read = asRendered === lifecycle ? snapshot : makeSnapshot(asRendered);
        // Without the time left, too: the server's clock and the page's disagree by the time
        // between render and hydration, and the count shows one commit later.
        serverSnapshot = read.timeLeft === undefined ? read : withoutTimeLeft(read);
      }
      return serverSnapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      activate();
      return () => {
        listeners.delete(listener);
        // Not at once: StrictMode and remounts subscribe again in the same task.
        if (listeners.size === 0) queueMicrotask(windDownIfIdle);
      };
    },
    receive(state) {
      if (!destroyed) dispatch(received(state));
    },
    fail(error) {
      if (!destroyed) dispatch({ type: 'fetch-failed', error: asError(error) });
    },
    answer,
    withdraw(key) {
      dispatch({ type: 'answer-withdrawn', key });
    },
    respond(responses) {
      if (answersLocked(lifecycle)) return Promise.reject(lockedError());
      const round = lifecycle.round;
      if (!round || lifecycle.state !== 'input-required') return send();
      // Every answer is checked before any is recorded: one that does not fit sends nothing.
      for (const key of Object.keys(responses)) {
        const response = responses[key];
        const refused = response === undefined ? undefined : refusalOf(key, response);
        if (refused) return Promise.reject(refused);
      }
      for (const key of Object.keys(responses)) {
        const response = responses[key];
        if (response !== undefined)
          dispatch({ type: 'answer-given', key, response: asSentIn(round, key, response) });
      }
      return send();
    },
    declineRound: () => refuseRound('decline'),
    cancelRound: () => refuseRound('cancel'),
    retry() {
      const held = retryHeld();
      if (held) return Promise.reject(held);
      if (lifecycle.state === 'input-required' && lifecycle.sendError !== undefined) return send();
      // "Check now" on a round that asks nothing: try at once instead of waiting out the backoff.
      if (lifecycle.state === 'input-required' && lifecycle.round?.requests.length === 0 && !inFlight) {
        clearTimeout(waitTimer);
        waitTimer = undefined;
        waitUntil = undefined;
        return send();
      }
      feed?.refresh();
      return Promise.resolve();
    },
    async stopTask() {
      if (typeof source.cancel !== 'function') {
        throw new Error(
          'input-request-cards: this source cannot stop its task (it has no `cancel`). Cancel the round instead.',
        );
      }
      if (stopping || STATE_TRAITS[lifecycle.state].settled) return;
      stopping = true;
      stopError = undefined;
      emit();
      const controller = new AbortController();
      try {
        await source.cancel(controller.signal);
        stopping = false;
        if (!dispatch({ type: 'task-stopped' })) emit();
        feed?.refresh();
      } catch (error) {
        stopping = false;
        stopError = asError(error);
        emit();
        throw stopError;
      }
    },
    restart() {
      restartFlight ??= restartRound().finally(() => {
        restartFlight = undefined;
      });
      return restartFlight;
    },
    readDraft(requestKey) {
      const request = formRequest(requestKey);
      const round = lifecycle.round;
      // A form reads its draft as it renders: this changes nothing (what the form opens from
      // counts as typed where `typed` is read, see typedInto).
      if (!request || !round) return undefined;
      return draftOf(round, request) ?? typedAgain(request, round.id);
    },
    linkOpened(requestKey) {
      const key = linkKey(requestKey);
      if (key === undefined) return false;
      return (keptDrafts.get(key) ?? drafts?.load(key))?.[LINK_OPENED] === true;
    },
    noteLinkOpened(requestKey) {
      const key = linkKey(requestKey);
      if (key === undefined || !STATE_TRAITS[lifecycle.state].acceptsAnswers) return;
      const opened = { [LINK_OPENED]: true };
      keptDrafts.set(key, opened);
      drafts?.save(key, opened);
    },
    formStep(requestKey) {
      const request = formRequest(requestKey);
      const key = stepKey(requestKey);
      if (!request || key === undefined) return undefined;
      const step = Number((keptDrafts.get(key) ?? drafts?.load(key))?.[FORM_STEP]);
      // A stored entry is the page's own but read back from storage: only a step the form has.
      return Number.isInteger(step) && step >= 0 && step <= request.fields.length ? step : undefined;
    },
    noteFormStep(requestKey, step) {
      const key = stepKey(requestKey);
      // A step noted after the round closed would outlive its drafts in storage.
      if (key === undefined || !STATE_TRAITS[lifecycle.state].acceptsAnswers) return;
      if (!Number.isInteger(step) || step < 0) return;
      const noted = { [FORM_STEP]: String(step) };
      keptDrafts.set(key, noted);
      drafts?.save(key, noted);
    },
    writeDraft(requestKey, values) {
      const request = formRequest(requestKey);
      const round = lifecycle.round;
      if (!request || !round || !STATE_TRAITS[lifecycle.state].acceptsAnswers) return;
      // An edit of a form whose answer is kept but not sent (after a send that failed, or one of
      // several requests answered): that answer no longer says what is on screen, and a retry
      // would send it. It is withdrawn; Accept gives the form's answer again. (While the answers
      // are locked as sent, the withdrawal is ignored.)
      if (Object.hasOwn(lifecycle.answers, requestKey))
        dispatch({ type: 'answer-withdrawn', key: requestKey });
      // Kept in memory as typed (secrets are filtered when carried), so a re-ask gets it back.
      if (typedRoundId === round.id) typed.set(requestKey, values);
      const key = typingKey(round.id, requestKey);
      const now = Date.now();
      const pending = draftTimers.get(key);
      if (pending) {
        pending.values = values;
        pending.writtenAt = now;
        return;
      }
      // Writing per keystroke is wasteful; a short pause is enough to survive a reload (and a
      // reader gets the values still waiting for it).
      const entry = {
        timer: setTimeout(() => whenPaused(), draftDelayMs),
        values,
        writtenAt: now,
        flush: () => {
          clearTimeout(entry.timer);
          draftTimers.delete(key);
          forget();
          const kept = keptDraft(request, read(entry.values));
          keptDrafts.set(key, kept);
          drafts?.save(key, kept);
          carriedDraftKeys.delete(key);
        },
      };
      const whenPaused = (): void => {
        const wait = entry.writtenAt + draftDelayMs - Date.now();
        if (wait > 0) entry.timer = setTimeout(whenPaused, wait);
        else entry.flush();
      };
      const forget = flushIfThePageGoes(entry.flush);
      draftTimers.set(key, entry);
    },
    attachFeed(factory) {
      if (source.follow === false) return () => {};
      attachedFeeds.push(factory);
      follow ??= factory;
      startFeed();
      let attached = true;
      return () => {
        if (!attached) return;
        attached = false;
        attachedFeeds.splice(attachedFeeds.indexOf(factory), 1);
        // Not at once: StrictMode and remounts attach the same feed again in the same task, and
        // a feed stopped and started again would cancel and repeat its read.
        queueMicrotask(() => {
          if (follow === options.follow || (follow && attachedFeeds.includes(follow))) return;
          feed?.stop();
          feed = undefined;
          follow = attachedFeeds[0] ?? options.follow;
          startFeed();
        });
      };
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      inFlight?.controller.abort();
      restartController?.abort();
      listeners.clear();
      windDown();
    },
  };

  let restartController: AbortController | undefined;

  function destroyedError(): Error {
    return new Error(
      'input-request-cards: this session was destroyed, so nothing is sent. Answer through a live session (the card makes one for its round).',
    );
  }

  async function restartRound(): Promise<void> {
    const restartSource = source.restart;
    if (typeof restartSource !== 'function') {
      throw new Error(
        'input-request-cards: this source cannot start its request again (it has no `restart`). Give the source a `restart`, or start a new call yourself.',
      );
    }
    if (lifecycle.state !== 'expired') {
      throw new Error(
        `input-request-cards: "Start again" is for a round that expired; this one is "${lifecycle.state}".`,
      );
    }
    const controller = new AbortController();
    restartController = controller;
    restartError = undefined;
    restarting = true;
    emit();
    try {
      const state = await restartSource.call(source, controller.signal);
      restarting = false;
      if (destroyed) return;
      // The new round gets the expired round's answers back, by key, without "asked again" marks.
      restartPending = true;
      if (!dispatch(received(state))) emit();
      restartPending = false;
      feed?.deliver(state);
    } catch (error) {
      restartPending = false;
      restarting = false;
      if (destroyed) throw asError(error);
      restartError = asError(error);
      emit();
      throw restartError;
    } finally {
      if (restartController === controller) restartController = undefined;
    }
  }

  return session;
}

/** The part of a form's values a draft may keep: no secrets, nothing still at its start. */
function keptDraft(request: FormRequest, values: DraftValues): DraftValues {
  return draftValues(
    request.fields,
    values,
    rawValuesByName(request.fields, initialRawValues(request.fields)),
  );
}

/** Values given as they are, or read through the function that was given instead. */
function read(values: TypedValues): DraftValues {
  return typeof values === 'function' ? values() : values;
}

function readAll(typed: ReadonlyMap<string, TypedValues>): Map<string, DraftValues> {
  return new Map([...typed].map(([requestKey, values]) => [requestKey, read(values)]));
}
