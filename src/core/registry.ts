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

  let everSubscribed = false;
  const drop = () => {
    if (registry.get(key) === wrapped) registry.delete(key);
  };
  const session = createInputRequestSession({ ...options, onIdle: drop });
  const wrapped: InputRequestSession = {
    ...session,
    subscribe(listener) {
      everSubscribed = true;
      // A session that wound down and is used again takes its place back, unless a newer one has.
      if (!registry.has(key)) registry.set(key, wrapped);
      return session.subscribe(listener);
    },
  };
  registry.set(key, wrapped);
  // A session made during a render that never committed must not linger.
  setTimeout(() => {
    if (!everSubscribed) drop();
  }, UNUSED_SESSION_MS);
  return wrapped;
}
