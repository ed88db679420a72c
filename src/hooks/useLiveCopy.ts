'use client';
import { useEffect, useId, useLayoutEffect, useReducer, useRef } from 'react';
import { LIVE, type LiveCopyState, liveCopiesOf } from '../core/presence.js';
import type { InputRequestSession } from '../core/session.js';

// Layout timing where there is a DOM: a second copy turns passive before the page is painted.
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Where this card's copy of the round stands when the same round is shown more than once:
 * `live` (the person answers here) or passive, and `claim` to take the live copy over.
 *
 * A copy joins while `hasRound` holds: once the session has a round it keeps one (a newer round
 * replaces it, none clears it), so a copy that joined stays joined until it unmounts, and a
 * closed round still tells other tabs it closed. A card that never has a round — a finished task
 * restored from a chat's history, a task still working — has nothing to share: it makes no copy
 * group, neither joins nor tells other tabs about itself, so a transcript of hundreds of answered
 * cards costs no presence bookkeeping and no messages.
 */
export function useLiveCopy(
  session: InputRequestSession,
  placeName: string | undefined,
  hasRound: boolean,
): LiveCopyState & { claim: () => void } {
  const copies = hasRound ? liveCopiesOf(session) : undefined;
  const id = useId();
  const [, changed] = useReducer((count: number) => count + 1, 0);
  const state = copies ? copies.stateOf(id) : LIVE;
  // Re-renders only when this copy's state differs from the one on screen (equal states are the
  // same object): joining as the only copy changes nothing, so a card still mounts in one commit.
  const shown = useRef(state);
  useBeforePaint(() => {
    shown.current = state;
  });
  useBeforePaint(() => {
    if (!copies) return;
    const unsubscribe = copies.subscribe(() => {
      if (copies.stateOf(id) !== shown.current) changed();
    });
    copies.join(id, placeName);
    return () => {
      unsubscribe();
      copies.leave(id);
    };
  }, [copies, id, placeName]);
  return { ...state, claim: () => copies?.claim(id) };
}
