'use client';
import { createContext, useContext, useId } from 'react';
import type { SectionPhase } from '../core/lifecycle.js';
import type { ElicitResult } from '../core/model.js';
import type { InputRequestMessages } from '../i18n/messages.js';

/** Props of {@link SectionStatus}. */
export interface SectionStatusProps {
  answer: ElicitResult | undefined;
  /** Where the round stands: waiting for other answers, sending them, or closed without them. */
  phase: SectionPhase;
  /** Whether the answer can still be taken back (the round is not being sent). */
  canChange: boolean;
  onChange: () => void;
  messages: InputRequestMessages;
}

/**
 * The ids (space-separated) of what says a section's place ("Question 2 of 3") and its question,
 * given by the section around its status: Change answer is described by them, so each of a
 * round's Change answer buttons says which answer it changes.
 */
export const SectionQuestionId = createContext<string | undefined>(undefined);

/**
 * What a section of a round of several requests shows once it has its answer: what was chosen,
 * and, while the round is open, Change answer. In a round that closed without taking the answers
 * (shown read-only) it says they were not used.
 *
 * @selector [data-part="section-status"] (with `data-action` and `data-phase`)
 */
export function SectionStatus({ answer, phase, canChange, onChange, messages }: SectionStatusProps) {
  const questionId = useContext(SectionQuestionId);
  const statusId = useId();
  if (!answer) return null;
  return (
    <div data-part="section-status" data-action={answer.action} data-phase={phase}>
      <p id={statusId}>{messages.sectionAnswered(answer.action, phase)}</p>
      {canChange ? (
        // Focus moves here once the answer is given: the question and what became of it
        // ("Accepted — waiting for the other questions.") are what it says, so the answer is heard.
        <button
          type="button"
          data-part="change"
          aria-describedby={questionId === undefined ? statusId : `${questionId} ${statusId}`}
          onClick={onChange}
        >
          {messages.changeAnswer}
        </button>
      ) : null}
    </div>
  );
}
