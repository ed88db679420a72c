import type { DataTag, UseQueryOptions } from '@tanstack/react-query';
import type { InputRequestSource, InputRequestState } from '../core/source.js';

/**
 * What {@link inputRequestQueryOptions} returns: query options for `useQuery`,
 * `prefetchQuery` or `fetchQuery`, whose `queryKey` is tagged with the state's type, so
 * `queryClient.getQueryData(options.queryKey)` reads an `InputRequestState`.
 *
 * Spelled with types that TanStack Query has exported since 5.0, so the declaration means the
 * same with every 5.x a host installs.
 */
export type InputRequestQueryOptions = UseQueryOptions<
  InputRequestState,
  Error,
  InputRequestState,
  readonly unknown[]
> & { queryKey: DataTag<readonly unknown[], InputRequestState> };

/**
 * The TanStack Query options for a source's task state, so a host can prefetch it, read it
 * or share it with its own `QueryClient`. Every card with the same `source.queryKey` reads
 * this one cache entry. A plain object (TanStack's `queryOptions` is the identity at run time),
 * so a Server Component may call it too.
 *
 * @example
 * ```ts
 * await queryClient.prefetchQuery(inputRequestQueryOptions(source));
 * const state = queryClient.getQueryData(inputRequestQueryOptions(source).queryKey);
 * ```
 */
export function inputRequestQueryOptions(source: InputRequestSource): InputRequestQueryOptions {
  return {
    queryKey: source.queryKey as DataTag<readonly unknown[], InputRequestState>,
    queryFn: ({ signal }) => source.fetchState(signal),
    // Polling is driven by one shared watcher per task (see useInputRequest), not by each
    // observer, so a second card on the same task never doubles the traffic.
    staleTime: 2000,
    refetchOnWindowFocus: true,
    retry: 2,
  };
}
