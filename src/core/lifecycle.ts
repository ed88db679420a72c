import { SEND_INTERRUPTED } from './failure.js';
import { setOwn } from './json.js';
import {
  type InputResponse,
  type InputResponses,
  isElicitResult,
  roundTooLarge,
  type Suspension,
} from './model.js';
import type { InputRequestState, TaskProgress } from './source.js';

export type { PollPolicy } from './poll.js';

/**
 * Where a card stands, from the person's point of view. Rendered as `data-state` on the card.
 *
 * - `loading`: the task's state has not arrived yet.
 * - `working`: the task runs and asks nothing.
 * - `input-required`: a round waits for this person's answers.
 * - `submitting`: the answers are on their way.
 * - `answered`: the backend took the answers.
 * - `answered-elsewhere`: the round closed without these answers (another tab, person or client).
 * - `superseded`: briefly, while a newer round replaces the one shown.
 * - `expired`: the round's deadline passed or the backend refused the answers as stale.
 * - `completed`, `failed`, `cancelled`: the task ended.
 */
export type CardState =
  | 'loading'
  | 'working'
  | 'input-required'
  | 'submitting'
  | 'answered'
  | 'answered-elsewhere'
  | 'superseded'
  | 'expired'
  | 'completed'
  | 'failed'
  | 'cancelled';

/** What every part of the library needs to know about a {@link CardState}. */
export interface StateTraits {
  /** The task ended: nothing will change any more, so polling stops. */
  settled: boolean;
  /** The person can type and answer. */
  acceptsAnswers: boolean;
  /** The round's questions are on screen (possibly locked). */
  showsRound: boolean;
  /** Entering this state forgets the round's drafts: it was answered, replaced or closed. */
  dropsDrafts: boolean;
  /** The part of the card that held focus closes or locks. */
  closesRound: boolean;
  /** Something is on its way; the card is busy. */
  busy: boolean;
}

/**
 * The one list of state traits: every consumer (session, hooks, card, styles) reads these
 * instead of keeping its own list of states.
 */
export const STATE_TRAITS = {
  loading: {
    settled: false,
    acceptsAnswers: false,
    showsRound: false,
    dropsDrafts: false,
    closesRound: false,
    busy: true,
  },
  working: {
    settled: false,
    acceptsAnswers: false,
    showsRound: false,
    dropsDrafts: false,
    closesRound: false,
    busy: false,
  },
  'input-required': {
    settled: false,
    acceptsAnswers: true,
    showsRound: true,
    dropsDrafts: false,
    closesRound: false,
    busy: false,
  },
  submitting: {
    settled: false,
    acceptsAnswers: false,
    showsRound: true,
    dropsDrafts: false,
    closesRound: false,
    busy: true,
  },
  answered: {
    settled: false,
    acceptsAnswers: false,
    showsRound: false,
    dropsDrafts: true,
    closesRound: false,
    busy: false,
  },
  'answered-elsewhere': {
    settled: false,
    acceptsAnswers: false,
    showsRound: false,
    dropsDrafts: true,
    closesRound: true,
    busy: false,
  },
  superseded: {
    settled: false,
    acceptsAnswers: false,
    showsRound: true,
    dropsDrafts: true,
    closesRound: true,
    busy: false,
  },
  expired: {
    settled: false,
    acceptsAnswers: false,
    showsRound: true,
    dropsDrafts: true,
    closesRound: true,
    busy: false,
  },
  completed: {
    settled: true,
    acceptsAnswers: false,
    showsRound: false,
    dropsDrafts: true,
    closesRound: true,
    busy: false,
  },
  failed: {
    settled: true,
    acceptsAnswers: false,
    showsRound: false,
    dropsDrafts: true,
    closesRound: true,
    busy: false,
  },
  cancelled: {
    settled: true,
    acceptsAnswers: false,
    showsRound: false,
    dropsDrafts: true,
    closesRound: true,
    busy: false,
  },
} as const satisfies Record<CardState, StateTraits>;

/** Everything known about one task's round: server facts, the person's answers, the send. */
export interface Lifecycle {
  state: CardState;
  /** The round on screen (the last one, once closed). */
  round?: Suspension;
  /** While `superseded`: the newer round about to replace `round`. */
  next?: Suspension;
  /**
   * The answers given so far to `round`, by request key. A round is sent once, with all of them
   * (an MCP retry needs every answer at once); they are kept after the send, for the receipt and
   * for a retry after a failed send.
   */
  answers: InputResponses;
  /** The id of the round whose answers were sent. */
  sentRoundId?: string;
  /**
   * The idempotency key of this round's answer: made at its first send, kept for every retry
   * (and across a reload), so a backend can drop a duplicate. A round is answered once.
   */
  idempotencyKey?: string;
  /**
   * True when the last send may have reached the server although it did not confirm it (no
   * answer in time, connection lost, a reload mid-send): retrying reuses the idempotency key.
   */
  sendUncertain?: boolean;
  /**
   * True while the latest try of this round is the one that could not be confirmed (it may have
   * arrived): the answers stay as sent ({@link answersLocked}). A later try the server refused
   * outright, or a reload that cut a send off (the form asks again), leaves it unset.
   */
  lastTryUncertain?: boolean;
  /** True when a send that could not be confirmed turned out to have reached the server. */
  confirmedLate?: boolean;
  /**
   * True while the send on its way has taken longer than a moment ({@link SLOW_SEND_MS}): the
   * card says it is still on its way, and that what was typed is kept, instead of a bare spinner
   * until the send times out.
   */
  sendSlow?: boolean;
  /**
   * How the round on screen closed without this person's answer, kept once the task moves on
   * (completes, fails): the receipt still says "Answered elsewhere" or "Expired", not "Done".
   */
  closedAs?: RoundClosedAs;
  /**
   * The round closed elsewhere while this person had typed into it (and accepted nothing): it
   * stays on screen to read and copy, as an expired round does. A draft brought back after a
   * reload, or values a re-ask filled in, count as typed (not an empty one).
   */
  keepsTyped?: boolean;
  /** When the round on screen stops accepting answers (epoch ms). */
  deadline?: number;
  /** The task's final result (`completed`). Untrusted: show as text. */
  result?: unknown;
  /** The task's failure reason (`failed`), as the server wrote it. Untrusted: show as text. */
  error?: string;
  /** The server's status line. Untrusted: show as text. */
  message?: string;
  /** Where the task itself stands, as the last reading said. */
  taskStatus?: InputRequestState['status'];
  /**
   * True once a reading reported the answer that closed a round (`answeredKey`), also of a round
   * this card never showed (answered in another tab, or before a reload that lost the ledger):
   * the task has asked, so the card is not headed as one that asked nothing.
   */
  askedBefore?: boolean;
  /**
   * True once this page stopped the task (Stop task), or stopped waiting for a round that holds
   * none: the `cancelled` it reads is this person's doing, also once the server confirms it.
   */
  stoppedHere?: boolean;
  /** How far the task has come, when the last reading said. */
  progress?: TaskProgress;
  /** Since when (epoch ms) the task has been working without asking, for an elapsed time. */
  workingSince?: number;
  /** Why the last send failed (network, server error); cleared by the next send. */
  sendError?: unknown;
  /**
   * True once the backend refused this round's answers as stale (HTTP 409/410, an expired MCP
   * `requestState`): the round had closed before they arrived. A later reading that shows the
   * task moved on tells that someone else's answer closed it.
   */
  refusedAsStale?: boolean;
  /** Why the last fetch failed; cleared by the next successful fetch. */
  fetchError?: unknown;
  /** A server reading that arrived while sending; it is applied once the send settles. */
  pending?: InputRequestState;
}

/** How a round closed without this person's answer: someone else's answer, or its end. */
export type RoundClosedAs = 'answered-elsewhere' | 'expired';

/** What can happen to a round. */
export type LifecycleEvent =
  | { type: 'state-received'; state: InputRequestState; now: number }
  | { type: 'fetch-failed'; error: unknown }
  /** A read succeeded after a failed one, with the same state as before. */
  | { type: 'fetch-recovered' }
  | { type: 'answer-given'; key: string; response: InputResponse }
  /** Every request not yet answered gets the same refusal: one event, however large the round. */
  | { type: 'round-refused'; action: 'decline' | 'cancel' }
  | { type: 'answer-withdrawn'; key: string }
  | { type: 'send-started'; roundId: string; idempotencyKey: string }
  | { type: 'send-slow'; roundId: string }
  | { type: 'send-succeeded'; roundId: string; next?: InputRequestState; now: number }
  | {
      type: 'send-refused-stale';
      roundId: string;
      error: unknown;
      /** Set when the backend said another answer closed the round first. */
      closedAs?: 'answered-elsewhere';
      now: number;
    }
  | { type: 'send-failed'; roundId: string; error: unknown; uncertain: boolean; now: number }
  | {
      type: 'send-recalled';
      roundId: string;
      idempotencyKey: string;
      status: 'sending' | 'sent' | 'refused';
      answers: InputResponses;
      /** How a `refused` round closed, as its refusal said. */
      closedAs?: RoundClosedAs;
      /** A `refused` round whose earlier try could not be confirmed (it may have arrived). */
      uncertain?: true;
    }
  /** After a reload: the round this person last sent for a task whose state no longer holds it. */
  | {
      type: 'past-round-recalled';
      round: Suspension;
      answers: InputResponses;
      idempotencyKey: string;
      /** Set for a round the backend refused as stale: how it closed, as its refusal said. */
      closedAs?: RoundClosedAs;
      /** A refused round whose earlier try could not be confirmed (it may have arrived). */
      uncertain?: true;
    }
  | { type: 'deadline-passed'; roundId: string }
  | { type: 'replacement-shown' }
  | { type: 'task-stopped' }
  | { type: 'typed-kept'; roundId: string };

/** What a new round starts without: the last round's answers, send and its key. */
const NEW_ROUND = {
  next: undefined,
  answers: {},
  sendError: undefined,
  sendUncertain: undefined,
  lastTryUncertain: undefined,
  refusedAsStale: undefined,
  confirmedLate: undefined,
  sendSlow: undefined,
  closedAs: undefined,
  keepsTyped: undefined,
  idempotencyKey: undefined,
  sentRoundId: undefined,
} as const satisfies Partial<Lifecycle>;

/** True when the round on screen was answered from this page and its send is over (taken). */
export function answeredHere({ state, round, sentRoundId }: Lifecycle): boolean {
  return round !== undefined && sentRoundId === round.id && state !== 'submitting';
}

/** A card that has heard nothing yet. */
export const initialLifecycle: Lifecycle = { state: 'loading', answers: {} };

/** How long a send may take before it counts as slow ({@link Lifecycle.sendSlow}). */
export const SLOW_SEND_MS = 5_000;

/** True once the task ended: nothing will change any more, so polling stops. */
export function isSettled(state: CardState): boolean {
  return STATE_TRAITS[state].settled;
}

/**
 * True while the task still runs, so stopping it means something: neither the card's state nor
 * the server's last word says it ended (a round answered elsewhere whose task then completed is
 * `answered-elsewhere` to the card, but the task is over).
 */
export function taskRuns(lifecycle: Lifecycle): boolean {
  const { taskStatus } = lifecycle;
  return (
    !STATE_TRAITS[lifecycle.state].settled &&
    taskStatus !== 'completed' &&
    taskStatus !== 'failed' &&
    taskStatus !== 'cancelled'
  );
}

/** True while the person can type and answer. */
export function acceptsAnswers(state: CardState): boolean {
  return STATE_TRAITS[state].acceptsAnswers;
}

/**
 * How a card shows the round on screen:
 *
 * - `open`: to answer, or while its answers are on their way (or a newer round replaces it);
 * - `read-only`: to read and copy, never to send. The round expired (and stays so whatever the
 *   task does next); or it closed without this person's answers (someone else answered, the task
 *   moved on or ended) after they had typed into it (`keepsTyped`), or had accepted answers that
 *   were refused or never sent. What they typed stays on screen.
 * - `undefined`: not at all: no round, its answers were taken, or it closed before this person
 *   answered anything.
 * @example
 * roundView({ state: 'expired', round, answers: {} }); // 'read-only'
 */
export function roundView(lifecycle: Lifecycle): 'open' | 'read-only' | undefined {
  const { state, round } = lifecycle;
  if (!round) return undefined;
  if (STATE_TRAITS[state].showsRound) return state === 'expired' ? 'read-only' : 'open';
  // Expired, the round stayed on screen to read and copy: the task ending after that (failed at
  // its TTL, cancelled, moved on) does not take it away.
  const stays =
    lifecycle.closedAs === 'expired' ||
    keepsUnsentAnswers(lifecycle) ||
    (lifecycle.closedAs !== undefined && lifecycle.keepsTyped === true);
  return stays ? 'read-only' : undefined;
}

/**
 * True when the round closed (expired, answered elsewhere) without taking answers this person
 * accepted: they stay on screen to read, and a reload shows them again.
 * @example
 * keepsUnsentAnswers({ state: 'answered-elsewhere', closedAs: 'answered-elsewhere', round, answers: { a: { action: 'accept', content } } }); // true
 */
export function keepsUnsentAnswers(lifecycle: Lifecycle): boolean {
  return lifecycle.closedAs !== undefined && holdsUnsentAnswers(lifecycle);
}

/**
 * Where a round of several requests stands, for what each answered section says of its answer:
 *
 * - `waiting`: the round is open and waits for the answers to its other requests;
 * - `sending`: every request has its answer and they are on their way (or were sent, and it is
 *   not yet known whether they arrived: see {@link answersLocked});
 * - `not-used`: the round closed without taking them (it expired, a newer round replaced it, or it
 *   closed elsewhere after they were refused or never sent). The card shows it to read only;
 * - `unconfirmed`: the round closed while a send of them could not be confirmed: they may have
 *   arrived (the receipt says `expired-unconfirmed` or `closed-unconfirmed`), so "not used" would
 *   be false. Read only too.
 */
export type SectionPhase = 'waiting' | 'sending' | 'not-used' | 'unconfirmed';

/**
 * The {@link SectionPhase} of the round a card shows.
 * @example
 * sectionPhaseOf({ state: 'expired', round, answers }); // 'not-used'
 */
export function sectionPhaseOf(lifecycle: Lifecycle): SectionPhase {
  // Answers kept as sent (a send that may have arrived) wait for no other question.
  if (lifecycle.state === 'input-required') return answersLocked(lifecycle) ? 'sending' : 'waiting';
  if (lifecycle.state === 'submitting') return 'sending';
  return lifecycle.sendUncertain === true ? 'unconfirmed' : 'not-used';
}

/**
 * True while the latest try of the round could not be confirmed (no answer in time, the connection
 * lost, a gateway's 502 or 504): the answers may have arrived, so they stay as they were sent. A
 * retry then goes under the same idempotency key with the same answers; an edited answer under
 * that key would be dropped as a repeat by an idempotent backend (whose first outcome the receipt
 * would then misreport) or refused by one that compares bodies. The person can only try again,
 * until a reading settles it, a retry is taken, or a retry is refused outright (then the answers
 * are free again). After a reload mid-send the round's answers are not all known (secrets are
 * never kept), so the form asks for them again, unlocked until that send fails unconfirmed too.
 *
 * @example
 * answersLocked({ state: 'input-required', round, answers: { a: { action: 'accept' } }, lastTryUncertain: true }); // true
 */
export function answersLocked(lifecycle: Lifecycle): boolean {
  const { round } = lifecycle;
  return (
    lifecycle.state === 'input-required' &&
    lifecycle.lastTryUncertain === true &&
    round !== undefined &&
    round.requests.length > 0 &&
    unansweredKeys(round, lifecycle.answers).length === 0
  );
}

/**
 * True when a send of the round on screen failed and `retry()` has every answer to send again:
 * show Try again. False after a reload cut a send off (the answers are not all known: the form
 * sends them again with Accept), once an edit withdrew an answer that failed, and once the round
 * is no longer open. While the server asks to wait (`retryAt`), `retry()` is refused: show it
 * disabled. `retryHeldBy` counts as the failure for a copy mounted during that wait.
 *
 * @example
 * ```tsx
 * {canRetry(snapshot) ? <button disabled={snapshot.retryAt !== undefined} onClick={() => retry()}>Try again</button> : null}
 * ```
 */
export function canRetry(lifecycle: Lifecycle & { retryHeldBy?: unknown }): boolean {
  const { round } = lifecycle;
  return (
    lifecycle.state === 'input-required' &&
    (lifecycle.sendError ?? lifecycle.retryHeldBy) !== undefined &&
    round !== undefined &&
    unansweredKeys(round, lifecycle.answers).length === 0
  );
}

/** True when this person accepted answers to the round on screen that the backend never took. */
function holdsUnsentAnswers(lifecycle: Lifecycle): boolean {
  if (lifecycle.sentRoundId !== undefined && lifecycle.sentRoundId === lifecycle.round?.id) return false;
  return Object.values(lifecycle.answers).some(
    (response) => isElicitResult(response) && response.action === 'accept',
  );
}

/** Keys of the requests of `round` that still need an answer, in the round's order. */
export function unansweredKeys(round: Suspension | undefined, answers: InputResponses): string[] {
  if (!round) return [];
  return round.requests.map((request) => request.key).filter((key) => !Object.hasOwn(answers, key));
}

/**
 * True when an answer to request `key` leaves nothing of `round` for the person to answer, so the
 * round is sent with it. Requests the host answers by itself wait for nobody, unless their
 * answerer failed (`hostFailed`): then they wait for the person's Decline or Cancel like any other.
 */
export function answerCompletesRound(
  round: Suspension | undefined,
  answers: InputResponses,
  key: string,
  hostFailed: (key: string) => boolean,
): boolean {
  if (!round) return false;
  return round.requests.every(
    (request) =>
      request.key === key ||
      Object.hasOwn(answers, request.key) ||
      (request.kind === 'host' && !hostFailed(request.key)),
  );
}

/**
 * How many of `round`'s requests are questions for the person: all but those the host answers by
 * itself (sampling, roots), which wait for nobody unless their answerer failed (`hostAnswers`, the
 * session's snapshot's), and all of a round too large to show (it is refused as a whole, by the
 * person). A round that asks nothing, or only what the app answers, is no question: nobody is
 * told it opened, and it is not listed as waiting for the person.
 */
export function questionsForPerson(
  round: Suspension,
  hostAnswers: Readonly<Record<string, { status: string } | undefined>>,
): number {
  if (roundTooLarge(round) !== undefined) return round.requests.length;
  let count = 0;
  for (const request of round.requests) {
    if (request.kind !== 'host' || hostAnswers[request.key]?.status === 'failed') count += 1;
  }
  return count;
}

/** The latest (and, negated, the earliest) time a `Date` can hold: 100,000,000 days from 1970. */
const MAX_TIME_MS = 8.64e15;

/**
 * Reads a deadline given as epoch milliseconds or an ISO 8601 string; anything else is no deadline,
 * and so is a number no `Date` can hold (past it, the countdown's arithmetic loses its precision).
 */
export function deadlineOf(value: string | number | undefined): number | undefined {
  if (typeof value === 'number')
    return Number.isFinite(value) && Math.abs(value) <= MAX_TIME_MS ? value : undefined;
  if (typeof value === 'string') {
    const time = Date.parse(value);
    return Number.isNaN(time) ? undefined : time;
  }
  return undefined;
}

/**
 * Moves a round on. Pure: the same lifecycle and event always give the same result, so every
 * race (an answer against a newer round, against someone else's answer, a reload mid-send, a
 * second click) is decided here and unit-tested without React. Events that make no sense in the
 * current state return the lifecycle unchanged (the same object), which is what makes a double
 * submit impossible however fast the clicks come.
 */
export function lifecycleReducer(lifecycle: Lifecycle, event: LifecycleEvent): Lifecycle {
  const stepped = step(lifecycle, event);
  if (stepped === lifecycle) return stepped;
  // Slow only while the send is on its way, however the state moved on from submitting.
  const next =
    stepped.sendSlow && stepped.state !== 'submitting' ? { ...stepped, sendSlow: undefined } : stepped;
  if (next.state === 'answered-elsewhere' || next.state === 'expired') {
    return next.closedAs === next.state ? next : { ...next, closedAs: next.state };
  }
  // The round came back (a poll that was behind): it is open again, not closed.
  if (next.state === 'input-required' && next.closedAs !== undefined) {
    return { ...next, closedAs: undefined, keepsTyped: undefined };
  }
  return next;
}

function step(lifecycle: Lifecycle, event: LifecycleEvent): Lifecycle {
  switch (event.type) {
    case 'state-received': {
      const fetched =
        lifecycle.fetchError === undefined ? lifecycle : { ...lifecycle, fetchError: undefined };
      // While our answer is in flight, the server's view may be older or newer than it:
      // decide once the send settles, with both facts known.
      if (lifecycle.state === 'submitting') {
        // The server already shows this answer took effect: no need to wait for a hung send.
        if (closedByOurAnswer(lifecycle, event.state)) {
          return reconcile({ ...fetched, state: 'answered', pending: undefined }, event.state, event.now);
        }
        return { ...fetched, pending: event.state };
      }
      return reconcile(fetched, event.state, event.now);
    }
    case 'fetch-failed':
      return { ...lifecycle, fetchError: event.error };
    case 'fetch-recovered':
      return lifecycle.fetchError === undefined ? lifecycle : { ...lifecycle, fetchError: undefined };
    case 'answer-given': {
      const { round } = lifecycle;
      if (
        lifecycle.state !== 'input-required' ||
        !round?.requests.some((r) => r.key === event.key) ||
        answersLocked(lifecycle)
      ) {
        return lifecycle;
      }
      const answers = { ...lifecycle.answers };
      setOwn(answers, event.key, event.response);
      return { ...lifecycle, answers };
    }
    case 'round-refused': {
      const { round } = lifecycle;
      if (lifecycle.state !== 'input-required' || !round || answersLocked(lifecycle)) return lifecycle;
      const answers = { ...lifecycle.answers };
      for (const request of round.requests) {
        if (!Object.hasOwn(answers, request.key)) setOwn(answers, request.key, { action: event.action });
      }
      return { ...lifecycle, answers };
    }
    case 'answer-withdrawn': {
      if (
        lifecycle.state !== 'input-required' ||
        !Object.hasOwn(lifecycle.answers, event.key) ||
        answersLocked(lifecycle)
      ) {
        return lifecycle;
      }
      const answers = { ...lifecycle.answers };
      delete answers[event.key];
      return { ...lifecycle, answers };
    }
    case 'send-started':
      if (
        lifecycle.state !== 'input-required' ||
        lifecycle.round?.id !== event.roundId ||
        unansweredKeys(lifecycle.round, lifecycle.answers).length > 0
      ) {
        return lifecycle;
      }
      return {
        ...lifecycle,
        state: 'submitting',
        sentRoundId: event.roundId,
        idempotencyKey: lifecycle.idempotencyKey ?? event.idempotencyKey,
        sendError: undefined,
        pending: undefined,
      };
    case 'send-slow':
      if (lifecycle.state !== 'submitting' || lifecycle.sentRoundId !== event.roundId) return lifecycle;
      return lifecycle.sendSlow ? lifecycle : { ...lifecycle, sendSlow: true };
    case 'send-recalled': {
      // The session remembers rounds it sent, across a reload: never a second Accept for a round
      // that was sent, and a send cut off mid-way is retried under its own key.
      if (lifecycle.round?.id !== event.roundId || STATE_TRAITS[lifecycle.state].settled) return lifecycle;
      if (event.status === 'refused') {
        // Refused before the reload: closed as it was then, with what this person accepted, never
        // taken, to read and copy.
        return {
          ...lifecycle,
          state: lifecycle.state === 'input-required' ? (event.closedAs ?? 'expired') : lifecycle.state,
          answers: event.answers,
          idempotencyKey: event.idempotencyKey,
          refusedAsStale: true,
          ...(event.uncertain ? { sendUncertain: true } : {}),
        };
      }
      if (event.status === 'sent') {
        return {
          ...lifecycle,
          state: 'answered',
          answers: event.answers,
          sentRoundId: event.roundId,
          idempotencyKey: event.idempotencyKey,
        };
      }
      if (lifecycle.state === 'expired' || lifecycle.state === 'answered-elsewhere') {
        // Closed since, but the answer may have arrived before: never "not sent" for certain.
        return { ...lifecycle, idempotencyKey: event.idempotencyKey, sendUncertain: true };
      }
      if (lifecycle.state !== 'input-required') return lifecycle;
      return {
        ...lifecycle,
        idempotencyKey: event.idempotencyKey,
        sendUncertain: true,
        sendError: Object.assign(
          new Error('input-request-cards: the page was left while this answer was being sent.'),
          { name: SEND_INTERRUPTED },
        ),
      };
    }
    case 'past-round-recalled': {
      // A reload after the task moved on (works on, or finished): its state no longer carries the
      // round this person answered, so the round and its answers come back from the record of
      // sent rounds, for the receipt. The task's own state (progress, result) stays as the server
      // said.
      if (lifecycle.round !== undefined) return lifecycle;
      const refusedAs = event.closedAs;
      if (refusedAs === undefined) {
        // While the task works on, the round stays answered, as it was before the reload.
        const working = lifecycle.state === 'working';
        if (!STATE_TRAITS[lifecycle.state].settled && !working) return lifecycle;
        return {
          ...lifecycle,
          state: working ? 'answered' : lifecycle.state,
          round: event.round,
          answers: event.answers,
          sentRoundId: event.round.id,
          idempotencyKey: event.idempotencyKey,
        };
      }
      // Answers the backend refused as stale were never taken: the round comes back read-only,
      // closed as it was before the reload (a task that moved on or completed: someone else's
      // answer closed it, as a reading after the refusal would have said).
      if (!STATE_TRAITS[lifecycle.state].settled && lifecycle.state !== 'working') return lifecycle;
      const movedOn = lifecycle.state === 'working' || lifecycle.state === 'completed';
      return {
        ...lifecycle,
        state: movedOn ? 'answered-elsewhere' : lifecycle.state,
        round: event.round,
        answers: event.answers,
        idempotencyKey: event.idempotencyKey,
        refusedAsStale: true,
        ...(event.uncertain ? { sendUncertain: true } : {}),
        // An answered-elsewhere state closes as such (lifecycleReducer): this is for failed or cancelled.
        closedAs: refusedAs,
      };
    }
    case 'send-succeeded': {
      if (lifecycle.state !== 'submitting' || lifecycle.sentRoundId !== event.roundId) return lifecycle;
      const answered: Lifecycle = {
        ...lifecycle,
        state: 'answered',
        pending: undefined,
        confirmedLate: lifecycle.sendUncertain === true || undefined,
        sendUncertain: undefined,
      };
      const next = event.next ?? lifecycle.pending;
      return next ? reconcile(answered, next, event.now) : answered;
    }
    case 'send-refused-stale': {
      if (lifecycle.state !== 'submitting' || lifecycle.sentRoundId !== event.roundId) return lifecycle;
      // The round was open when we sent; now it is not. What replaced it decides the notice.
      const refused: Lifecycle = {
        ...lifecycle,
        state: 'input-required',
        sentRoundId: undefined,
        sendError: event.error,
        pending: undefined,
      };
      const pending = lifecycle.pending;
      if (pending) {
        const reconciled = reconcile(refused, pending, event.now);
        if (reconciled.state !== 'input-required' || reconciled.round?.id !== lifecycle.round?.id)
          return reconciled;
      }
      return { ...refused, state: event.closedAs ?? 'expired', refusedAsStale: true };
    }
    case 'send-failed': {
      if (lifecycle.state !== 'submitting' || lifecycle.sentRoundId !== event.roundId) return lifecycle;
      const reopened: Lifecycle = {
        ...lifecycle,
        state: 'input-required',
        sentRoundId: undefined,
        sendError: event.error,
        // An earlier try that may have arrived still may have, whatever this one met.
        sendUncertain: event.uncertain || lifecycle.sendUncertain || undefined,
        // The answers stay as sent only while the latest try is the unconfirmed one: a clear
        // refusal after it (400, 422, 500) must let the person fix or refuse them.
        lastTryUncertain: event.uncertain || undefined,
        pending: undefined,
      };
      return lifecycle.pending ? reconcile(reopened, lifecycle.pending, event.now) : reopened;
    }
    case 'deadline-passed':
      if (lifecycle.state !== 'input-required' || lifecycle.round?.id !== event.roundId) return lifecycle;
      return { ...lifecycle, state: 'expired' };
    case 'replacement-shown':
      if (lifecycle.state !== 'superseded' || !lifecycle.next) return lifecycle;
      return { ...lifecycle, ...NEW_ROUND, state: 'input-required', round: lifecycle.next };
    case 'task-stopped':
      if (STATE_TRAITS[lifecycle.state].settled) return lifecycle;
      return { ...lifecycle, state: 'cancelled', next: undefined, pending: undefined, stoppedHere: true };
    case 'typed-kept':
      if (lifecycle.round?.id !== event.roundId || lifecycle.closedAs !== 'answered-elsewhere')
        return lifecycle;
      return lifecycle.keepsTyped ? lifecycle : { ...lifecycle, keepsTyped: true };
  }
}

/**
 * True when a reading shows the round on screen closed by this person's own answer: the backend
 * reports the idempotency key of the answer that closed it (`answeredKey`).
 */
function closedByOurAnswer(lifecycle: Lifecycle, server: InputRequestState): boolean {
  if (lifecycle.idempotencyKey === undefined || server.answeredKey !== lifecycle.idempotencyKey) return false;
  return server.status !== 'input-required' || server.suspension?.id !== lifecycle.round?.id;
}

function reconcile(lifecycle: Lifecycle, server: InputRequestState, now: number): Lifecycle {
  if (
    (lifecycle.state === 'input-required' ||
      lifecycle.state === 'superseded' ||
      // Closed while a send was unconfirmed: a reading naming its key settles what happened.
      ((lifecycle.state === 'expired' || lifecycle.state === 'answered-elsewhere') &&
        lifecycle.sendUncertain === true)) &&
    closedByOurAnswer(lifecycle, server)
  ) {
    // A send that could not be confirmed (a lost response, a reload mid-send) did reach the
    // server: this person's answer closed the round, so say so — never "answered elsewhere".
    return reconcile(
      {
        ...lifecycle,
        state: 'answered',
        sentRoundId: lifecycle.round?.id,
        sendError: undefined,
        sendUncertain: undefined,
        confirmedLate: true,
        // It closed by this answer, whatever an earlier reading or the deadline suggested.
        closedAs: undefined,
        next: undefined,
      },
      server,
      now,
    );
  }
  // A reading that names another answer's key (`answeredKey`) settles nothing of a send in
  // doubt: the key is the one that closed the task's last round, which may be a later round than
  // the one on screen (this tab offline while the task went on). Only this send's own key does.
  const facts: Lifecycle = {
    ...lifecycle,
    message: server.message,
    taskStatus: server.status,
    progress: server.progress,
    workingSince:
      server.status === 'working'
        ? lifecycle.taskStatus === 'working'
          ? lifecycle.workingSince
          : now
        : undefined,
  };
  if (server.result !== undefined) facts.result = server.result;
  if (server.error !== undefined) facts.error = server.error;
  if (server.answeredKey !== undefined) facts.askedBefore = true;
  const openHere = lifecycle.state === 'input-required' || lifecycle.state === 'superseded';
  // The backend refused this person's answers as stale (HTTP 409/410) and the task has moved on
  // without a new round: the round closed by someone else's answer, not by the clock.
  const refusedHere = lifecycle.state === 'expired' && lifecycle.refusedAsStale === true;

  switch (server.status) {
    case 'failed':
      return { ...facts, state: 'failed', next: undefined };
    case 'cancelled':
      return { ...facts, state: 'cancelled', next: undefined };
    case 'completed':
      // The task finished while a round still waited for this person: someone else answered it.
      return {
        ...facts,
        state: openHere || refusedHere ? 'answered-elsewhere' : 'completed',
        next: undefined,
      };
    case 'working':
      if (openHere || refusedHere) return { ...facts, state: 'answered-elsewhere', next: undefined };
      if (lifecycle.state === 'loading') return { ...facts, state: 'working' };
      return facts;
    case 'input-required': {
      const round = server.suspension;
      if (!round) return lifecycle.state === 'loading' ? { ...facts, state: 'working' } : facts;
      const timed: Lifecycle = { ...facts, deadline: deadlineOf(server.deadline) };
      const expiredNow = timed.deadline !== undefined && timed.deadline <= now;

      if (lifecycle.round?.id === round.id) {
        // The same round again: every poll repeats it until the server catches up.
        if (lifecycle.state === 'superseded') return { ...timed, state: 'input-required', next: undefined };
        if (lifecycle.state === 'input-required' && expiredNow) return { ...timed, state: 'expired' };
        if (
          lifecycle.state === 'loading' ||
          lifecycle.state === 'working' ||
          lifecycle.state === 'answered-elsewhere'
        ) {
          return { ...timed, state: expiredNow ? 'expired' : 'input-required', round };
        }
        return timed;
      }
      if (lifecycle.state === 'answered' && lifecycle.sentRoundId === round.id) return facts;
      if (lifecycle.state === 'input-required' || lifecycle.state === 'superseded') {
        // A newer round replaces one this person had not answered yet.
        return { ...timed, state: 'superseded', next: round, sendError: undefined };
      }
      return {
        ...timed,
        ...NEW_ROUND,
        state: expiredNow ? 'expired' : 'input-required',
        round,
      };
    }
  }
}
