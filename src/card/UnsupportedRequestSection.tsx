'use client';
import { type ReactNode, useId } from 'react';
import type { ElicitResult, UnsupportedRequest } from '../core/model.js';
import { shownName, shownWithEllipsis } from '../core/shown-text.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { Actions } from './Actions.js';
import { idList, QuestionPosition, questionPositionId } from './QuestionPosition.js';
import { RefusalButton } from './RefusalButton.js';
import { SectionQuestionId } from './SectionStatus.js';
import { shownProse, useServerText } from './serverText.js';

/** Props of {@link UnsupportedRequestSection}. */
export interface UnsupportedRequestSectionProps {
  request: UnsupportedRequest;
  answer: ElicitResult | undefined;
  locked: boolean;
  /**
   * The server asked to wait before the next send (HTTP `Retry-After`): Decline and Cancel are
   * disabled until then. The send failure says why.
   */
  held?: boolean;
  onAnswer: (result: ElicitResult) => void;
  messages: InputRequestMessages;
  status?: ReactNode;
  /** The round closed without taking its answers: the reason stays to read, with no Decline or Cancel. */
  readOnly?: boolean;
  /** Words that replace the request's own reason (e.g. why the host's answer failed). */
  reasonText?: string;
  /** A developer detail behind the reason (e.g. the error the host's answerer threw), in a disclosure. */
  reasonDetail?: string;
  /**
   * This request's place in its round, counting from 1. With a `total` over 1 the section shows
   * "Question 2 of 3" above the message, and its accessible name starts with it.
   */
  position?: number;
  /** How many requests the round holds. A round of one (or none given) shows no position. */
  total?: number;
}

/**
 * A request this card cannot answer: the server's message as text, why it cannot be
 * answered, the problems behind a disclosure, and Decline / Cancel so the server is never
 * left waiting.
 *
 * @selector [data-part="request"][data-kind="unsupported"]
 * @selector [data-part="question-position"] "Question 2 of 3", in a round of several requests
 */
export function UnsupportedRequestSection({
  request,
  answer,
  locked,
  held = false,
  onAnswer,
  messages,
  status,
  readOnly = false,
  reasonText,
  reasonDetail,
  position,
  total,
}: UnsupportedRequestSectionProps) {
  const text = useServerText();
  const id = useId();
  const questionId = request.message?.trim() ? `${id}-message` : `${id}-reason`;
  const positionId = questionPositionId(id, position, total);
  // In a round of several requests (which shows each one's status) Decline and Cancel are
  // described by the place ("Question 2 of 3") and the question they answer: three of each say
  // nothing of which.
  const question = idList(positionId, status ? questionId : undefined);
  const inert = locked || held || answer !== undefined;
  const refusal = { disabled: inert, onAnswer, messages, describedBy: question };
  return (
    <fieldset
      data-part="request"
      data-kind="unsupported"
      data-method={request.method}
      {...(answer ? { 'data-answered': answer.action } : {})}
      // Named by the short heading, described by why: the whole reason as its name would be
      // read before every control inside it.
      aria-labelledby={idList(positionId, `${id}-reason-title`)}
      aria-describedby={`${id}-reason-text`}
    >
      <QuestionPosition id={positionId} position={position} total={total} messages={messages} />
      {request.message === undefined ? null : (
        <p id={`${id}-message`} data-part="message" {...text}>
          {shownProse(request.message, messages)}
        </p>
      )}
      <SectionQuestionId.Provider value={idList(positionId, questionId)}>{status}</SectionQuestionId.Provider>
      <div data-part="reason" id={`${id}-reason`}>
        <strong id={`${id}-reason-title`}>
          {request.reasonCode === 'too-many-requests' ? messages.cannotAnswerAll : messages.cannotAnswer}
        </strong>
        <p id={`${id}-reason-text`}>{reasonText ?? messages.unsupportedReason(request)}</p>
        {reasonDetail ? (
          <details data-part="failure-details">
            <summary>{messages.failureDetails}</summary>
            <p>{shownWithEllipsis(reasonDetail, 'prose')}</p>
          </details>
        ) : null}
      </div>
      {request.problems.length > 0 ? (
        <details data-part="problems">
          <summary>{messages.problemDetails(request.problems.length)}</summary>
          {/* The schema check's own words, for whoever fixes the server: English in any card. */}
          <ul lang="en" dir="ltr">
            {request.problems.map((problem) => (
              <li key={`${problem.path}:${problem.message}`}>
                {problem.path === '' ? null : (
                  <code>
                    <bdi>{shownName(problem.path)}</bdi>
                  </code>
                )}{' '}
                {problem.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {readOnly ? null : (
        <Actions>
          <RefusalButton action="decline" {...refusal} />
          <RefusalButton action="cancel" {...refusal} />
        </Actions>
      )}
    </fieldset>
  );
}
