'use client';
import type { QueryClient } from '@tanstack/react-query';
import { type Context, createContext, useContext, useSyncExternalStore } from 'react';
import type { PollPolicy } from '../core/lifecycle.js';
import type { TaskFeed, TaskFeedSink } from '../core/session.js';
import type { InputRequestSource } from '../core/source.js';

/** What following a task needs from TanStack Query (see `src/live/binding.ts`). */
export interface LiveBinding {
  QueryClientContext: Context<QueryClient | undefined>;
  followTask: (
    queryClient: QueryClient,
    source: InputRequestSource,
    policy?: PollPolicy,
  ) => (sink: TaskFeedSink) => TaskFeed;
}

let binding: LiveBinding | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Makes the TanStack side available to every card (idempotent). */
export function registerLiveBinding(live: LiveBinding): void {
  if (binding) return;
  binding = live;
  for (const listener of [...listeners]) listener();
}

/** Loads the TanStack side on first need; a card for a round you hold never calls this. */
export function loadLiveBinding(): Promise<void> {
  loading ??= import('../live/binding.js').then((module) => registerLiveBinding(module.liveBinding));
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const current = () => binding;
const noContext = createContext<QueryClient | undefined>(undefined);

/**
 * The TanStack side once it is loaded, and the host's `QueryClient` from its provider (read
 * through the real context once the binding is there; nothing before).
 */
export function useLiveBinding(): { live: LiveBinding | undefined; contextClient: QueryClient | undefined } {
  const live = useSyncExternalStore(subscribe, current, current);
  // The context read switches from a stand-in to TanStack's own once the module is loaded; a
  // context read holds no hook state, so the switch is safe.
  const contextClient = useContext(live?.QueryClientContext ?? noContext);
  return { live, contextClient };
}
