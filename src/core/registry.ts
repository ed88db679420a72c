import type { DraftValues } from './draft.js';
import { boundedName, stableStringify } from './json.js';
import { type InputRequestSession, type InputRequestSessionOptions, openSession } from './session.js';

/** Sessions by task (the hash of the source's `queryKey`), per scope. */
const sessionsByScope = new WeakMap<object, Map<string, InputRequestSession>>();
const defaultScope = {};

/** How long a session nobody subscribed to is kept before it is dropped. */
const UNUSED_SESSION_MS = 5000;

/**
 * Sessions made during a render that has not committed yet, with when they were made: one sweep
 * timer for all of them (a transcript of hundreds of cards sets one timer, not hundreds). The
 * first subscriber takes a session off the list, so nothing here holds a mounted or unmounted
 * card's round.
 */
const neverSubscribed = new Map<InputRequestSession, { since: number; drop: () => void }>();
let sweepTimer: ReturnType<typeof setTimeout> | undefined;

function sweepNeverSubscribed(): void {
  sweepTimer = undefined;
  const now = Date.now();
  for (const [session, { since, drop }] of neverSubscribed) {
    if (now - since < UNUSED_SESSION_MS) continue;
    neverSubscribed.delete(session);
    drop();
  }
  scheduleSweep();
}

function scheduleSweep(): void {
  if (sweepTimer !== undefined || neverSubscribed.size === 0) return;
  // The oldest entry comes first (a Map keeps insertion order): wake when it is due.
  const [first] = neverSubscribed.values();
  const wait = Math.max(0, (first?.since ?? 0) + UNUSED_SESSION_MS - Date.now());
  sweepTimer = setTimeout(sweepNeverSubscribed, wait);
}

function subscribedOnce(session: InputRequestSession): void {
  if (!neverSubscribed.delete(session) || neverSubscribed.size > 0 || sweepTimer === undefined) return;
  clearTimeout(sweepTimer);
  sweepTimer = undefined;
}

/**
 * The sessions some card or hook is subscribed to, in the order they were first watched: what
 * `pendingInputRequests` lists. A session leaves a microtask after its last subscriber (StrictMode's
 * unsubscribe/subscribe never reaches it).
 */
const watched = new Set<InputRequestSession>();
const watchListeners = new Set<() => void>();
const draftListeners = new Set<DraftWriteListener>();

/** Told of each draft a card writes; `mirrored` when it came from the live copy in another tab. */
export type DraftWriteListener = (
  session: InputRequestSession,
  requestKey: string,
  mirrored: boolean,
) => void;

/** True while a draft from another tab is applied (see {@link writeMirroredDraft}). */
let mirroring = false;

function watchedChanged(): void {
  for (const listener of [...watchListeners]) listener();
}

/** The sessions cards and hooks show right now (across every scope). */
export function watchedSessions(): ReadonlySet<InputRequestSession> {
  return watched;
}

/** Calls `listener` when a watched session changes, or one is watched or left. */
export function subscribeWatched(listener: () => void): () => void {
  watchListeners.add(listener);
  return () => {
    watchListeners.delete(listener);
  };
}

/**
 * Calls `listener` after a card writes a draft (the live copy typing, or what another tab's live
 * copy typed, `mirrored`), e.g. to share it with other tabs.
 */
export function subscribeDraftWrites(listener: DraftWriteListener): () => void {
  draftListeners.add(listener);
  return () => {
    draftListeners.delete(listener);
  };
}

/**
 * Writes what the live copy in another tab typed as this tab's draft: the session's own policy
 * filters it like a local one, and listeners hear it as `mirrored` (nobody typed here).
 */
export function writeMirroredDraft(
  session: InputRequestSession,
  requestKey: string,
  values: DraftValues,
): void {
  mirroring = true;
  try {
    session.writeDraft(requestKey, values);
  } finally {
    mirroring = false;
  }
}

/** The key a session is registered under: its task, the same in every tab. */
export function taskKeyOf(session: InputRequestSession): string {
  return keyOfSource(session.source);
}

/**
 * A source's task key, made once per source object: every render of every card looks its
 * session up by it, and live copies and tabs ask for it often. Sources are not changed once
 * made (their `queryKey` names the task for good).
 */
function keyOfSource(source: InputRequestSessionOptions['source']): string {
  let key = sourceKeys.get(source);
  if (key === undefined) {
    key = boundedName(stableStringify(source.queryKey));
    sourceKeys.set(source, key);
  }
  return key;
}

const sourceKeys = new WeakMap<object, string>();

/**
 * Sessions that wound down holding what a person put in (typed values, answers, a send that
 * failed), by what the host holds for their task: the round it parsed, for a card of a round you
 * hold, or else the source. A card mounted again with it (a chat list that unmounts the cards
 * scrolled away) finds the session as it was left: every value, the failure and its Try again.
 * Once the host lets go of the round, the page does too. A new round object (a test's fresh
 * fixture, a wire parsed again) starts afresh: only drafts, when the card keeps any, carry over.
 */
const heldSessions = new WeakMap<object, { scope: object; session: InputRequestSession }>();

function holderOf(source: InputRequestSessionOptions['source']): object {
  return source.initialState?.suspension ?? source;
}

/**
 * The one session of a task within a scope (a TanStack `QueryClient`, or the page), created on
 * first use: every card that shows the task shares its in-flight send, answers and drafts.
 * Creating it has no side effects, so it is safe during render; the session starts working when
 * its first subscriber arrives and leaves the registry once it has wound down (no subscriber,
 * no send in flight).
 *
 * A session of the page that nobody subscribes to (a render that never committed) is dropped
 * after {@link UNUSED_SESSION_MS}. A session of a scope the caller gives (a server request's
 * `QueryClient`, or a server-rendered card's source) lives exactly as long as that scope: on a
 * server nothing ever subscribes, and the process must keep nothing of a request once it is done.
 */
export function sessionFor(
  options: Omit<InputRequestSessionOptions, 'onIdle'>,
  scope: object = defaultScope,
): InputRequestSession {
  let sessions = sessionsByScope.get(scope);
  if (!sessions) {
    sessions = new Map();
    sessionsByScope.set(scope, sessions);
  }
  const registry = sessions;
  const key = keyOfSource(options.source);
  const existing = registry.get(key);
  if (existing) return existing;
  const held = heldSessions.get(holderOf(options.source));
  if (held?.scope === scope && keyOfSource(held.session.source) === key) {
    heldSessions.delete(holderOf(options.source));
    registry.set(key, held.session);
    return held.session;
  }

  let subscribers = 0;
  let stopWatching: (() => void) | undefined;
  const drop = (idle?: { holdsInput: boolean }) => {
    if (registry.get(key) !== wrapped) return;
    registry.delete(key);
    if (idle?.holdsInput) heldSessions.set(holderOf(options.source), { scope, session: wrapped });
  };
  const session = openSession({ ...options, onIdle: drop });
  const wrapped: InputRequestSession = {
    ...session,
    subscribe(listener) {
      subscribedOnce(wrapped);
      // A session that wound down and is used again takes its place back, unless a newer one has.
      if (!registry.has(key)) registry.set(key, wrapped);
      const unsubscribe = session.subscribe(listener);
      subscribers += 1;
      if (!stopWatching) {
        watched.add(wrapped);
        stopWatching = session.subscribe(watchedChanged);
        watchedChanged();
      }
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        subscribers -= 1;
        unsubscribe();
        // Not at once: StrictMode and remounts subscribe again in the same task.
        if (subscribers === 0) {
          queueMicrotask(() => {
            if (subscribers > 0 || !stopWatching) return;
            watched.delete(wrapped);
            stopWatching();
            stopWatching = undefined;
            watchedChanged();
          });
        }
      };
    },
    writeDraft(requestKey, values) {
      session.writeDraft(requestKey, values);
      for (const listener of [...draftListeners]) listener(wrapped, requestKey, mirroring);
    },
  };
  registry.set(key, wrapped);
  // A session made during a render that never committed must not linger in the page.
  if (scope === defaultScope) {
    neverSubscribed.set(wrapped, { since: Date.now(), drop });
    scheduleSweep();
  }
  return wrapped;
}
