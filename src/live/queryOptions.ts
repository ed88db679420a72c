import type { InputRequestSource, InputRequestState } from '../core/source.js';

/** The TanStack Query options of a task's state; see {@link inputRequestQueryOptions}. */
export interface InputRequestQueryOptions {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<InputRequestState>;
  /** Readings younger than this are not fetched again on mount or focus. */
  staleTime: number;
}

/**
 * The TanStack Query options for a source's task state, so a host can prefetch it, read it or
 * share it with its own `QueryClient`. Every card with the same `source.queryKey` reads this one
 * cache entry. Retries, focus refetching and the rest follow the host `QueryClient`'s defaults.
 *
 * @example
 * ```ts
 * await queryClient.prefetchQuery(inputRequestQueryOptions(source));
 * const state = queryClient.getQueryData(inputRequestQueryOptions(source).queryKey);
 * ```
 */
export function inputRequestQueryOptions(source: InputRequestSource): InputRequestQueryOptions {
  return {
    queryKey: source.queryKey,
    queryFn: ({ signal }) => source.fetchState(signal),
    // Polls are spaced by the poll policy; a mount or focus right after a reading adds nothing.
    staleTime: 2000,
  };
}
