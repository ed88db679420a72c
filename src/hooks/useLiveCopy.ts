'use client';
import { useEffect, useId, useLayoutEffect, useReducer } from 'react';
import { type LiveCopyState, liveCopiesOf } from '../core/presence.js';
import type { InputRequestSession } from '../core/session.js';

// Layout timing where there is a DOM: a second copy turns passive before the page is painted.
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Where this card's copy of the round stands when the same round is shown more than once:
 * `live` (the person answers here) or passive, and `claim` to take the live copy over.
 */
export function useLiveCopy(
  session: InputRequestSession,
  placeName: string | undefined,
): LiveCopyState & { claim: () => void } {
  const copies = liveCopiesOf(session);
  const id = useId();
  const [, changed] = useReducer((count: number) => count + 1, 0);
  useBeforePaint(() => {
    const unsubscribe = copies.subscribe(changed);
    copies.join(id, placeName);
    return () => {
      unsubscribe();
      copies.leave(id);
    };
  }, [copies, id, placeName]);
  return { ...copies.stateOf(id), claim: () => copies.claim(id) };
}
