'use client';

import type { TimeLeft } from '../core/deadline.js';
import { formAnswers } from '../core/form-answers.js';
import type { FormRequest } from '../core/model.js';
import { formEngine, type RequestFormControl } from '../hooks/useRequestForm.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { type CopiedText, CopyText } from './CopyText.js';
import { fieldLabel } from './serverText.js';

/** Props of {@link TimeLeftNotice}. */
export interface TimeLeftNoticeProps {
  /** From the session's snapshot: it changes only when the words do. */
  timeLeft: TimeLeft;
  messages: InputRequestMessages;
  /**
   * Seen, not heard: another copy of the round on the page is the one answered, and says it
   * (two copies saying "Less than a minute left" at once is one alarm too many).
   */
  quiet?: boolean;
}

/**
 * How long the round still accepts answers. The line is seen as it counts down; screen readers
 * hear it only at milestones (days, hours, every five minutes from ten up, then five and two
 * minutes) from a polite region, and in the last minute once from an assertive one: a count
 * said every minute would talk over a person typing. Both regions are always present, so a
 * change is heard; while one holds the words, the seen line is hidden from screen readers, so
 * reading the card line by line says them once. The session renews `timeLeft`; this only renders.
 *
 * @selector [data-part="time-left"] the notice; [data-urgent] in the last minute
 */
export function TimeLeftNotice({ timeLeft, messages, quiet = false }: TimeLeftNoticeProps) {
  const text = messages.timeLeft(timeLeft);
  const { unit, value } = timeLeft;
  const urgent = timeLeft.urgent && !quiet;
  const milestone =
    !quiet && !timeLeft.urgent && (unit !== 'minute' || value >= 10 || value === 5 || value === 2);
  return (
    <div data-part="time-left" {...(timeLeft.urgent ? { 'data-urgent': '' } : {})}>
      {/* While a live copy holds the same words, the seen line is not read too (once, line by line). */}
      <p {...(milestone || urgent ? { 'aria-hidden': true } : {})}>{text}</p>
      <p data-part="visually-hidden" aria-live="polite">
        {milestone ? text : ''}
      </p>
      <p data-part="visually-hidden" aria-live="assertive">
        {urgent ? text : ''}
      </p>
    </div>
  );
}

/** Props of {@link CopyAnswers}. */
export interface CopyAnswersProps {
  form: RequestFormControl;
  request: FormRequest;
  messages: InputRequestMessages;
  /** The id of the question whose answers it copies, in a round of several (each says which). */
  describedBy?: string | undefined;
}

/**
 * Copies what an expired form holds as plain text ("Label: value" lines after the question),
 * never a secret. Where the clipboard refuses, the text is shown selected, to copy by hand.
 *
 * @selector button[data-action="copy-answers"]
 */
export function CopyAnswers({ form, request, messages, describedBy }: CopyAnswersProps) {
  const collect = (): CopiedText => {
    const answers = formAnswers(request.fields, formEngine(form).form.getValues());
    const lines = answers.flatMap(({ field, value }) =>
      value === undefined || value.kind === 'secret'
        ? []
        : [`${fieldLabel(field, messages)}: ${messages.receiptValue(value)}`],
    );
    // A secret that holds something is never copied; the person is told, not left to find out.
    const secretsLeftOut = answers.some(({ value }) => value?.kind === 'secret');
    // With nothing typed but secrets (or nothing at all), only the question went: the status says so.
    const copied = lines.length === 0 ? messages.questionCopied : messages.answersCopied;
    const question =
      request.messageCode === 'additional-input'
        ? // Plain text for the clipboard: the labels whole, with no direction marks around them.
          messages.additionalInputRequired(request.messageParams?.labels ?? [])
        : request.message;
    return {
      text: [question, ...lines].filter(Boolean).join('\n'),
      words: secretsLeftOut ? `${copied} ${messages.secretsNotCopied}` : copied,
    };
  };
  return (
    <CopyText
      action="copy-answers"
      label={messages.copyAnswers}
      collect={collect}
      messages={messages}
      describedBy={describedBy}
    />
  );
}
