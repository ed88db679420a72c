'use client';

import type { ReactNode } from 'react';

/** Props of {@link Actions}. */
export interface ActionsProps {
  /** The buttons, primary first. */
  children: ReactNode;
}

/**
 * The row of buttons of one request.
 *
 * @selector [data-part="actions"]
 */
export function Actions({ children }: ActionsProps) {
  return <div data-part="actions">{children}</div>;
}
