import type { QueryClient } from '@tanstack/react-query';
import { fingerprint } from '../core/identity.js';
import { type PollPolicy, pollDelay } from '../core/lifecycle.js';
import type { InputRequestSource, InputRequestState } from '../core/source.js';

/** While a push subscription is live, polls only as a safety net this often. */
const PUSH_SAFETY_NET_MS = 30_000;

interface Watcher {
  users: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  unchanged: number;
  lastFingerprint: string | undefined;
  stop: () => void;
}

const watchersByClient = new WeakMap<QueryClient, Map<string, Watcher>>();

/**
 * Starts (or joins) the one watcher of a task: a polling loop that backs off while nothing
 * changes, pauses while the tab is hidden, stops once the task settles, and at most one push
 * subscription. Returns the function that leaves it; the last one out stops it.
 */
export function watchTask(
  queryClient: QueryClient,
  source: InputRequestSource,
  policy: PollPolicy = {},
): () => void {
  const queryHash = JSON.stringify(source.queryKey);
  let watchers = watchersByClient.get(queryClient);
  if (!watchers) {
    watchers = new Map();
    watchersByClient.set(queryClient, watchers);
  }
  const existing = watchers.get(queryHash);
  if (existing) {
    existing.users += 1;
    return () => leave(watchers, queryHash);
  }

  const watcher: Watcher = {
    users: 1,
    timer: undefined,
    unchanged: 0,
    lastFingerprint: undefined,
    stop: () => {},
  };
  watchers.set(queryHash, watcher);
  const queryKey = source.queryKey;
  let pushActive = false;
  let stopped = false;

  const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

  const schedule = () => {
    if (stopped) return;
    clearTimeout(watcher.timer);
    watcher.timer = undefined;
    const state = queryClient.getQueryData<InputRequestState>(queryKey);
    const delay = pollDelay(state, watcher.unchanged, policy);
    if (delay === false || hidden()) return;
    watcher.timer = setTimeout(poll, pushActive ? Math.max(delay, PUSH_SAFETY_NET_MS) : delay);
  };

  const poll = () => {
    watcher.timer = undefined;
    if (stopped || hidden()) return;
    queryClient.refetchQueries({ queryKey, exact: true, type: 'active' }).then(schedule, schedule);
  };

  // Every new reading, whoever fetched it (poll, push, a resume that returned the next state),
  // resets or grows the back-off.
  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== queryClient.getQueryCache().find({ queryKey, exact: true })?.queryHash)
      return;
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const next = fingerprint(event.query.state.data);
    watcher.unchanged = next === watcher.lastFingerprint ? watcher.unchanged + 1 : 0;
    watcher.lastFingerprint = next;
    schedule();
  });

  const onVisibility = () => {
    if (hidden()) {
      clearTimeout(watcher.timer);
      watcher.timer = undefined;
    } else {
      watcher.unchanged = 0;
      poll();
    }
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);

  const unsubscribePush = source.subscribe?.((state) => {
    if (state) queryClient.setQueryData(queryKey, state);
    else void queryClient.invalidateQueries({ queryKey, exact: true });
  });
  pushActive = unsubscribePush !== undefined;

  watcher.stop = () => {
    stopped = true;
    clearTimeout(watcher.timer);
    unsubscribeCache();
    unsubscribePush?.();
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
  };
  schedule();
  return () => leave(watchers, queryHash);
}

function leave(watchers: Map<string, Watcher>, queryHash: string): void {
  const watcher = watchers.get(queryHash);
  if (!watcher) return;
  watcher.users -= 1;
  if (watcher.users > 0) return;
  watcher.stop();
  watchers.delete(queryHash);
}
