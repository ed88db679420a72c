'use client';
import type { ReactNode } from 'react';
import { earlierBurstGuard } from './clickBurst.js';

/** Props of {@link Actions}. */
export interface ActionsProps {
  /** The buttons, primary first. */
  children: ReactNode;
}

/**
 * The row of buttons of one request. It comes back in place of a refusal's question (Keep
 * editing), and Done takes Open's place: the rest of the double click that showed a button there
 * does not press it.
 *
 * @selector [data-part="actions"]
 */
export function Actions({ children }: ActionsProps) {
  return (
    <div data-part="actions" {...earlierBurstGuard}>
      {children}
    </div>
  );
}
