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
}

/**
 * A failure said in plain words, with the raw detail behind a disclosure for whoever needs it:
 * a person never reads "Failed to fetch" as the explanation.
 *
 * @selector [data-part="send-error" | "stop-error"] the notice; [data-part="failure-details"] the disclosure
 */
export function FailureNotice({ failure, text, action, part }: FailureNoticeProps) {
  const { messages } = useInputRequestCard();
  const id = useId();
  return (
    // Focusable from script only: it takes focus when its action cannot (a Retry-After wait), as a
    // group named by its sentence, so focus never lands on a box that says nothing.
    // The alert is the sentence alone: its disclosure and buttons are not part of what is said.
    // biome-ignore lint/a11y/useSemanticElements: a notice with its Try again, not a set of form controls a fieldset groups (nor one a form would disable with its fields).
    <div
      data-part={part}
      data-failure={failure.code}
      tabIndex={-1}
      role="group"
      aria-labelledby={`${id}-text`}
    >
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
