import { type CardState, questionsForPerson } from './lifecycle.js';
import type { Suspension } from './model.js';
import { subscribeWatched, watchedSessions } from './registry.js';
import type { InputRequestSession } from './session.js';

/**
 * One round that waits for the person, in a card (or hook) on this page: it asks them something
 * (not only what the app's answerers answer, and not nothing at all).
 */
export interface PendingInputRequest {
  /** The round's id. */
  roundId: string;
  /** Who asks: the server's name, when known. Untrusted text. */
  serverName?: string;
  /** The tool's human title, when known. Untrusted text. */
  toolTitle?: string;
  /** The tool's name, when known. */
  toolName?: string;
  /** How many requests the round has (a round is answered as a whole). */
  requestCount: number;
  /** Since when (epoch ms) this page has shown the round open. */
  since: number;
  /** When the round stops accepting answers (epoch ms), if the server said. */
  deadline?: number;
  /** `submitting` while the answers are on their way; the round is still open until they arrive. */
  state: 'input-required' | 'submitting';
  /** The round itself. */
  suspension: Suspension;
  /** The session that owns the round: answer, decline or cancel it from anywhere. */
  session: InputRequestSession;
}

/**
 * How a pending round left the list: the state it closed in (`answered`, `answered-elsewhere`,
 * `expired`, `superseded`, `completed`, `failed`, `cancelled`), or `unmounted` when no card shows
 * it any more while it is still open.
 */
export type PendingSettlement = Exclude<CardState, 'input-required' | 'submitting'> | 'unmounted';

/** Rounds first seen open, by session: their `since` stays while they stay open. */
const openedAt = new WeakMap<InputRequestSession, { roundId: string; since: number }>();
const EMPTY: readonly PendingInputRequest[] = Object.freeze([]);
let current: readonly PendingInputRequest[] = EMPTY;
let stale = true;
const listeners = new Set<() => void>();
let stopWatching: (() => void) | undefined;

function isOpen(state: CardState): state is PendingInputRequest['state'] {
  return state === 'input-required' || state === 'submitting';
}

function pendingOf(session: InputRequestSession, now: number): PendingInputRequest | undefined {
  const { state, round, deadline, hostAnswers, sendError } = session.getSnapshot();
  if (!round || !isOpen(state)) return undefined;
  // Nothing in it waits for the person (the app answers it, or the server only waits): no badge,
  // no notification. A request whose host answerer failed waits for their Decline or Cancel, and
  // a send that failed (the app's own answers too) for their Try again.
  const failedSend = state === 'input-required' && sendError !== undefined;
  if (!failedSend && questionsForPerson(round, hostAnswers) === 0) {
    return undefined;
  }
  let opened = openedAt.get(session);
  if (opened?.roundId !== round.id) {
    opened = { roundId: round.id, since: now };
    openedAt.set(session, opened);
  }
  const entry: PendingInputRequest = {
    roundId: round.id,
    requestCount: round.requests.length,
    since: opened.since,
    state,
    suspension: round,
    session,
  };
  if (round.serverName !== undefined) entry.serverName = round.serverName;
  if (round.toolTitle !== undefined) entry.toolTitle = round.toolTitle;
  if (round.toolName !== undefined) entry.toolName = round.toolName;
  if (deadline !== undefined) entry.deadline = deadline;
  return entry;
}

function same(a: PendingInputRequest, b: PendingInputRequest): boolean {
  return (
    a.session === b.session &&
    a.roundId === b.roundId &&
    a.state === b.state &&
    a.deadline === b.deadline &&
    a.suspension === b.suspension
  );
}

function read(): readonly PendingInputRequest[] {
  // Unwatched, nothing marks the list stale: read it afresh (it is still replaced only on change).
  if (!stale && listeners.size > 0) return current;
  stale = false;
  const now = Date.now();
  const next: PendingInputRequest[] = [];
  for (const session of watchedSessions()) {
    const entry = pendingOf(session, now);
    if (entry) next.push(entry);
  }
  next.sort((a, b) => a.since - b.since);
  const unchanged = next.length === current.length && next.every((entry, i) => same(entry, current[i]!));
  if (!unchanged) current = next.length === 0 ? EMPTY : Object.freeze(next);
  return current;
}

function changed(): void {
  const before = current;
  stale = true;
  if (read() === before) return;
  for (const listener of [...listeners]) listener();
}

/**
 * Every round that waits for the person across the cards (and `useInputRequest` hooks) mounted
 * on this page, oldest first: who asks, since when, how many requests. Framework-free and
 * subscribable; the array is replaced only when the list changes (fit for
 * `useSyncExternalStore`). React hosts use `usePendingInputRequests`.
 *
 * @example
 * ```ts
 * const stop = pendingInputRequests.subscribe(() => {
 *   const count = pendingInputRequests.getSnapshot().length;
 *   document.title = count > 0 ? `(${count}) Chat` : 'Chat';
 * });
 * ```
 */
export const pendingInputRequests = {
  getSnapshot: read,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    stopWatching ??= subscribeWatched(changed);
    stale = true;
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        stopWatching?.();
        stopWatching = undefined;
      }
    };
  },
};

/** What {@link watchPendingInputRequests} calls. */
export interface PendingInputRequestCallbacks {
  /** A round started waiting for the person (also called for rounds already open when watching starts). */
  onOpen?: (request: PendingInputRequest) => void;
  /** A round stopped waiting: answered, closed elsewhere, expired, replaced, or no longer shown. */
  onSettle?: (request: PendingInputRequest, settlement: PendingSettlement) => void;
}

/**
 * Calls `onOpen` / `onSettle` for the list of {@link PendingInputRequest} between two readings of
 * it: what opened, what settled and how. `previous` is the list last seen; returns the list now.
 */
export function notifyPendingChanges(
  previous: readonly PendingInputRequest[],
  callbacks: PendingInputRequestCallbacks,
): readonly PendingInputRequest[] {
  const next = read();
  if (next === previous) return next;
  const within = (list: readonly PendingInputRequest[], entry: PendingInputRequest) =>
    list.some((other) => other.session === entry.session && other.roundId === entry.roundId);
  for (const entry of previous) {
    if (!within(next, entry)) callbacks.onSettle?.(entry, settlementOf(entry));
  }
  for (const entry of next) if (!within(previous, entry)) callbacks.onOpen?.(entry);
  return next;
}

function settlementOf(entry: PendingInputRequest): PendingSettlement {
  const { state, round } = entry.session.getSnapshot();
  if (!watchedSessions().has(entry.session) && isOpen(state) && round?.id === entry.roundId) {
    return 'unmounted';
  }
  if (round?.id !== entry.roundId || isOpen(state)) return 'superseded';
  return state;
}

/**
 * Watches the rounds that wait for the person on this page: `onOpen` once for each round that
 * opens (and each already open now), `onSettle` once when it settles. Returns the function that
 * stops watching.
 *
 * @example
 * ```ts
 * const stop = watchPendingInputRequests({
 *   onOpen: (request) => console.log(`${request.serverName ?? 'A tool'} is asking`),
 *   onSettle: (request, settlement) => console.log(request.roundId, settlement),
 * });
 * ```
 */
export function watchPendingInputRequests(callbacks: PendingInputRequestCallbacks): () => void {
  let seen: readonly PendingInputRequest[] = EMPTY;
  const update = () => {
    seen = notifyPendingChanges(seen, callbacks);
  };
  const stop = pendingInputRequests.subscribe(update);
  update();
  return stop;
}
