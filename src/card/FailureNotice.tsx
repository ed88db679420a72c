'use client';
import { type ReactNode, useId } from 'react';
import type { Failure } from '../core/failure.js';
import { shownWithEllipsis } from '../core/shown-text.js';
import { useInputRequestCard } from './context.js';

/** Props of {@link FailureNotice}. */
export interface FailureNoticeProps {
  failure: Failure;
  /** The words for a person, from the failure's code (e.g. `messages.sendFailed`). */
  text: (failure: Failure) => string;
  /** What the person can do about it (e.g. Try again). */
  action?: ReactNode;
  /** The `data-part` name of the notice. */
  part: string;
  /**
   * Focus goes to the notice itself, as its action cannot take it (Try again while the server
   * asks to wait): it is then a group named by its sentence, so focus never lands on a box that
   * says nothing. Otherwise it has no name: focus on its Try again would hear the sentence twice,
   * from the alert and again as the name of the group it enters.
   */
  takesFocus?: boolean;
}

/**
 * A failure said in plain words, with the raw detail behind a disclosure for whoever needs it:
 * a person never reads "Failed to fetch" as the explanation.
 *
 * @selector [data-part="send-error" | "stop-error"] the notice; [data-part="failure-details"] the disclosure
 */
export function FailureNotice({ failure, text, action, part, takesFocus = false }: FailureNoticeProps) {
  const { messages } = useInputRequestCard();
  const id = useId();
  // A notice with its Try again, not a set of form controls a fieldset groups (nor one a form
  // would disable with its fields).
  const group = takesFocus ? { role: 'group', 'aria-labelledby': `${id}-text` } : {};
  return (
    // Focusable from script only (see takesFocus). The alert is the sentence alone: its
    // disclosure and buttons are not part of what is said.
    <div data-part={part} data-failure={failure.code} tabIndex={-1} {...group}>
      <p id={`${id}-text`} role="alert">
        {text(failure)}
      </p>
      {failure.detail ? (
        <details data-part="failure-details">
          <summary>{messages.failureDetails}</summary>
          <p>{shownWithEllipsis(failure.detail, 'prose')}</p>
        </details>
      ) : null}
      {action}
    </div>
  );
}
