'use client';

import type { ElicitResult } from '../core/model.js';
import type { InputRequestMessages } from '../i18n/messages.js';

/** Props of {@link SectionStatus}. */
export interface SectionStatusProps {
  answer: ElicitResult | undefined;
  /** Whether the answer can still be taken back (the round is not being sent). */
  canChange: boolean;
  onChange: () => void;
  messages: InputRequestMessages;
}

/**
 * What a section shows once it has its answer while other requests of the round still wait.
 *
 * @selector [data-part="section-status"]
 */
export function SectionStatus({ answer, canChange, onChange, messages }: SectionStatusProps) {
  if (!answer) return null;
  return (
    <div data-part="section-status" data-action={answer.action}>
      <p>{messages.sectionAnswered(answer.action)}</p>
      {canChange ? (
        <button type="button" data-part="change" onClick={onChange}>
          {messages.changeAnswer}
        </button>
      ) : null}
    </div>
  );
}
