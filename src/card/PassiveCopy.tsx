'use client';
import type { LiveCopyState } from '../core/presence.js';
import type { InputRequestMessages } from '../i18n/messages.js';

/** Props of {@link PassiveCopy}. */
export interface PassiveCopyProps {
  /** Where the live copy is: elsewhere on this page, or in another tab. */
  elsewhere: LiveCopyState['elsewhere'];
  /** The name of the live copy's place, when the host gave one (`placeName`). */
  placeName: string | undefined;
  /** Moves the live copy here. */
  onAnswerHere: () => void;
  messages: InputRequestMessages;
}

/**
 * What a copy of a round shows while another copy is the one being answered: where, and
 * "Answer here", which moves the live copy (and what was typed) to this one.
 *
 * @selector [data-part="passive-copy"][data-elsewhere="page" | "tab"]
 */
export function PassiveCopy({ elsewhere, placeName, onAnswerHere, messages }: PassiveCopyProps) {
  return (
    <div data-part="passive-copy" data-elsewhere={elsewhere}>
      <p>{elsewhere === 'tab' ? messages.answeringInAnotherTab : messages.answeringElsewhere(placeName)}</p>
      <button type="button" data-action="answer-here" onClick={onAnswerHere}>
        {messages.answerHere}
      </button>
    </div>
  );
}
