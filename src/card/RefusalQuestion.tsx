'use client';
import { useEffect, useId, useRef } from 'react';
import type { InputRequestMessages } from '../i18n/messages.js';
import { earlierBurstGuard } from './clickBurst.js';

/** Props of {@link RefusalQuestion}. */
export interface RefusalQuestionProps {
  /** The refusal to confirm: a request's Decline or Cancel, or the card's Stop task. */
  action: 'decline' | 'cancel' | 'stop-task';
  /** The refusal cannot be given now (the server asked to wait); Keep editing still can. */
  disabled: boolean;
  /** Gives the refusal: the person confirmed it. */
  onConfirm: () => void;
  /** Back to the form, everything entered still there (for Stop task: the task goes on). */
  onKeepEditing: () => void;
  messages: InputRequestMessages;
  /** The id of the question it answers, in a round of several. */
  describedBy?: string | undefined;
}

/**
 * In place of a form's buttons after Decline or Cancel on a form that holds what the person
 * entered, and of Stop task once pressed: what the refusal does, the refusal to confirm it, and
 * Keep editing (Keep it running, for Stop task; also Escape).
 * Focus lands on Keep editing, so a second press of Enter does not confirm what a slip began. The
 * second click of a double click (or the third of a triple) on Decline answers nothing here,
 * wherever the row put a button under the pointer: a wrapped row on a phone, a sticky row that
 * grows upwards. The question stands first in the row, where the pressed button was.
 *
 * @selector [data-part="actions"][data-confirming] the row while it asks (`decline`, `cancel` or `stop-task`)
 * @selector [data-part="refusal-question"] what the refusal does
 */
export function RefusalQuestion({
  action,
  disabled,
  onConfirm,
  onKeepEditing,
  messages,
  describedBy,
}: RefusalQuestionProps) {
  const questionId = `${useId()}-refusal`;
  const keepRef = useRef<HTMLButtonElement>(null);
  // Shown because the person just pressed Decline or Cancel here: focus follows that press.
  useEffect(() => {
    keepRef.current?.focus();
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the row of buttons it stands in for, named by its question; a fieldset would add its border, padding and form semantics to a row of buttons.
    <div
      data-part="actions"
      data-confirming={action}
      role="group"
      aria-labelledby={questionId}
      // A second click of a double click lands on the question: focus stays in the row, not on <body>.
      tabIndex={-1}
      // Its buttons are new under the pointer: the rest of the burst that showed them answers nothing.
      {...earlierBurstGuard}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
        // Handled here: a dialog or drawer around the card must not close on the same key.
        event.preventDefault();
        event.stopPropagation();
        onKeepEditing();
      }}
    >
      <p id={questionId} data-part="refusal-question">
        {messages.refusalQuestion(action)}
      </p>
      <button
        type="button"
        data-action={action}
        data-confirms=""
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={onConfirm}
      >
        {action === 'decline' ? messages.decline : action === 'cancel' ? messages.cancel : messages.stopTask}
      </button>
      <button
        ref={keepRef}
        type="button"
        data-action="keep-editing"
        aria-describedby={describedBy}
        onClick={onKeepEditing}
      >
        {action === 'stop-task' ? messages.keepTaskRunning : messages.keepEditing}
      </button>
    </div>
  );
}
