import { stableStringify } from './json.js';
import {
  createInputRequestSession,
  type InputRequestSession,
  type InputRequestSessionOptions,
} from './session.js';

/** Sessions by task (the hash of the source's `queryKey`), per scope. */
const sessionsByScope = new WeakMap<object, Map<string, InputRequestSession>>();
const defaultScope = {};

/** How long a session nobody subscribed to is kept before it is dropped. */
const UNUSED_SESSION_MS = 5000;

/**
 * The sessions some card or hook is subscribed to, in the order they were first watched: what
 * `pendingInputRequests` lists. A session leaves a microtask after its last subscriber (StrictMode's
 * unsubscribe/subscribe never reaches it).
 */
const watched = new Set<InputRequestSession>();
const watchListeners = new Set<() => void>();
const draftListeners = new Set<(session: InputRequestSession, requestKey: string) => void>();

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

/** Calls `listener` after a card writes a draft (the live copy typing), e.g. to share it with other tabs. */
export function subscribeDraftWrites(
  listener: (session: InputRequestSession, requestKey: string) => void,
): () => void {
  draftListeners.add(listener);
  return () => {
    draftListeners.delete(listener);
  };
}

/** The key a session is registered under: its task, the same in every tab. */
export function taskKeyOf(session: InputRequestSession): string {
  return stableStringify(session.source.queryKey);
}

/**
 * The one session of a task within a scope (a TanStack `QueryClient`, or the page), created on
 * first use: every card that shows the task shares its in-flight send, answers and drafts.
 * Creating it has no side effects, so it is safe during render; the session starts working when
 * its first subscriber arrives and leaves the registry once it has wound down (no subscriber,
 * no send in flight).
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
  const key = stableStringify(options.source.queryKey);
  const existing = registry.get(key);
  if (existing) return existing;

  let subscribers = 0;
  // Drops a session made during a render that never committed. Cleared by the first subscriber:
  // a pending timer holds the session (and its round) in memory, so a card mounted and unmounted
  // at once would otherwise keep its round for seconds after it is gone.
  let unusedTimer: ReturnType<typeof setTimeout> | undefined;
  let stopWatching: (() => void) | undefined;
  const drop = () => {
    if (registry.get(key) === wrapped) registry.delete(key);
  };
  const session = createInputRequestSession({ ...options, onIdle: drop });
  const wrapped: InputRequestSession = {
    ...session,
    subscribe(listener) {
      clearTimeout(unusedTimer);
      unusedTimer = undefined;
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
      for (const listener of [...draftListeners]) listener(wrapped, requestKey);
    },
  };
  registry.set(key, wrapped);
  unusedTimer = setTimeout(drop, UNUSED_SESSION_MS);
  return wrapped;
}
