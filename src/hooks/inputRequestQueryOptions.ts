'use client';

import { queryOptions } from '@tanstack/react-query';
import type { InputRequestSource, InputRequestState } from '../core/source.js';

/**
 * The TanStack Query options for a source's task state, so a host can prefetch it, read it
 * or share it with its own `QueryClient`. Every card with the same `source.queryKey` reads
 * this one cache entry.
 *
 * @example
 * ```ts
 * await queryClient.prefetchQuery(inputRequestQueryOptions(source));
 * const state = queryClient.getQueryData(inputRequestQueryOptions(source).queryKey);
 * ```
 */
export function inputRequestQueryOptions(source: InputRequestSource) {
  return queryOptions<InputRequestState>({
    queryKey: source.queryKey,
    queryFn: ({ signal }) => source.fetchState(signal),
    // Polling is driven by one shared watcher per task (see useInputRequest), not by each
    // observer, so a second card on the same task never doubles the traffic.
    staleTime: 2000,
    refetchOnWindowFocus: true,
    retry: 2,
  });
}
