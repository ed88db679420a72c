'use client';
import { type Query, type QueryClient, QueryObserver } from '@tanstack/react-query';
import { type PollPolicy, pollDelay } from '../core/poll.js';
import type { TaskFeed, TaskFeedSink } from '../core/session.js';
import type { InputRequestSource, InputRequestState } from '../core/source.js';
import { inputRequestQueryOptions } from './queryOptions.js';

/** While a push subscription is live, polls only as a safety net this often. */
const PUSH_SAFETY_NET_MS = 30_000;

/**
 * Follows a task's state with TanStack Query's own observer: one observer per task and
 * `QueryClient` (the session that owns it is shared by every card of the task), polling with
 * `refetchInterval` from the poll policy — the server's hint, growing while nothing changes,
 * paused while the tab is hidden, stopped once the task settles — and at most one push
 * subscription, which turns the poll into a slow safety net. Retries and focus refetching follow
 * the host `QueryClient`'s defaults.
 */
export function followTask(
  queryClient: QueryClient,
  source: InputRequestSource,
  policy: PollPolicy = {},
): (sink: TaskFeedSink) => TaskFeed {
  return (sink) => {
    const queryKey = source.queryKey;
    // A task that has ended never changes again: its cached state is all there is to tell, so
    // no observer, poll or push subscription is made (a chat history of hundreds of answered
    // cards then costs one cache read each).
    const cached = queryClient.getQueryData<InputRequestState>(queryKey);
    if (cached !== undefined && pollDelay(cached, 0) === false) {
      sink.receive(cached);
      return {
        refresh: () => {},
        deliver: (state) => {
          queryClient.setQueryData(queryKey, state);
        },
        stop: () => {},
      };
    }
    let pushActive = false;
    let seenUpdates = -1;
    let seenData: unknown;
    let unchanged = 0;

    const observer = new QueryObserver<
      InputRequestState,
      Error,
      InputRequestState,
      InputRequestState,
      readonly unknown[]
    >(queryClient, {
      ...inputRequestQueryOptions(source),
      ...unlessEnded(queryClient),
      notifyOnChangeProps: ['data', 'error', 'failureReason'],
      refetchInterval: (query) => {
        const { dataUpdateCount, data } = query.state;
        // Each new reading either changed something (start over) or did not (back off further).
        if (dataUpdateCount !== seenUpdates) {
          unchanged = seenUpdates >= 0 && data === seenData ? unchanged + 1 : 0;
          seenUpdates = dataUpdateCount;
          seenData = data;
        }
        const delay = pollDelay(data, unchanged, policy);
        if (delay === false) return false;
        return pushActive ? Math.max(delay, PUSH_SAFETY_NET_MS) : delay;
      },
    });

    let lastData: InputRequestState | undefined;
    let lastError: unknown;
    const report = (data: InputRequestState | undefined, error: unknown) => {
      if (data !== undefined && data !== lastData) {
        lastData = data;
        sink.receive(data);
      }
      if (error && error !== lastError) {
        lastError = error;
        sink.fail(error);
      } else if (!error && lastError !== undefined) {
        lastError = undefined;
        // TanStack keeps the very same data object when a read finds nothing new: without this,
        // the card would go on saying the server cannot be reached.
        if (data !== undefined && data === lastData) sink.recovered();
      }
    };
    // A failed try is said at once, while the QueryClient's retries still run (TanStack's default
    // is three, over about seven seconds): a wrong URL is no "Loading the question…" that long.
    const unsubscribe = observer.subscribe((result) =>
      report(result.data, result.error ?? result.failureReason),
    );
    const current = observer.getCurrentResult();
    report(current.data, current.error ?? current.failureReason);

    const unsubscribePush = source.subscribe?.((state) => {
      if (state) queryClient.setQueryData(queryKey, state);
      else void queryClient.invalidateQueries({ queryKey, exact: true });
    });
    pushActive = unsubscribePush !== undefined;

    return {
      refresh: () => void observer.refetch(),
      deliver: (state) => {
        queryClient.setQueryData(queryKey, state);
      },
      stop: () => {
        unsubscribe();
        unsubscribePush?.();
      },
    };
  };
}

type StateQuery = Query<InputRequestState, Error, InputRequestState, readonly unknown[]>;
type RefetchOption = boolean | 'always' | ((query: StateQuery) => boolean | 'always');

/**
 * A task that has ended (completed, failed, cancelled) never changes again, so its state is not
 * read anew when a card mounts, the window gets focus or the network comes back: a chat that
 * restores 200 answered cards from its history makes no request for them, however old the
 * cached state is. A task still running follows the host `QueryClient`'s defaults.
 */
function unlessEnded(queryClient: QueryClient) {
  const defaults = queryClient.getDefaultOptions().queries ?? {};
  const guard =
    (option: RefetchOption | undefined) =>
    (query: StateQuery): boolean | 'always' => {
      if (pollDelay(query.state.data, 0) === false) return false;
      const host = option ?? true;
      return typeof host === 'function' ? host(query) : host;
    };
  return {
    refetchOnMount: guard(defaults.refetchOnMount as RefetchOption | undefined),
    refetchOnWindowFocus: guard(defaults.refetchOnWindowFocus as RefetchOption | undefined),
    refetchOnReconnect: guard(defaults.refetchOnReconnect as RefetchOption | undefined),
  };
}
