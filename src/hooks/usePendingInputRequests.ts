'use client';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  notifyPendingChanges,
  type PendingInputRequest,
  type PendingInputRequestCallbacks,
  pendingInputRequests,
} from '../core/pending.js';

export type {
  PendingInputRequest,
  PendingInputRequestCallbacks,
  PendingSettlement,
} from '../core/pending.js';

const NONE: readonly PendingInputRequest[] = [];

/**
 * Every round that waits for the person across the cards mounted on this page (and every
 * `useInputRequest`), oldest first: who asks (`serverName`, `toolTitle`), since when (`since`),
 * how many requests (`requestCount`), and the `session` to act on it. For a tab badge, a
 * notification, a tray. `onOpen` is called once for each round that opens (rounds already open
 * when the hook mounts included), `onSettle` once when it settles, with how.
 *
 * @example
 * ```tsx
 * function TabTitle() {
 *   const pending = usePendingInputRequests({
 *     onOpen: (request) => {
 *       if (!document.hasFocus()) new Notification(`${request.serverName ?? 'A tool'} is asking`);
 *     },
 *   });
 *   useEffect(() => {
 *     document.title = pending.length > 0 ? `(${pending.length}) Chat` : 'Chat';
 *   }, [pending.length]);
 *   return null;
 * }
 * ```
 */
export function usePendingInputRequests(
  callbacks: PendingInputRequestCallbacks = {},
): readonly PendingInputRequest[] {
  const pending = useSyncExternalStore(
    pendingInputRequests.subscribe,
    pendingInputRequests.getSnapshot,
    () => NONE,
  );
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  // Kept across StrictMode's second effect run, so no round is announced twice.
  const seen = useRef<readonly PendingInputRequest[]>(NONE);
  useEffect(() => {
    const forward: PendingInputRequestCallbacks = {
      onOpen: (request) => latest.current.onOpen?.(request),
      onSettle: (request, settlement) => latest.current.onSettle?.(request, settlement),
    };
    const update = () => {
      seen.current = notifyPendingChanges(seen.current, forward);
    };
    const stop = pendingInputRequests.subscribe(update);
    update();
    return stop;
  }, []);
  return pending;
}
