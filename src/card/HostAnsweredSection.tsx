'use client';
import type { ReactNode } from 'react';
import { describeFailure } from '../core/failure.js';
import type { ElicitResult, HostRequest } from '../core/model.js';
import type { HostAnswerStatus } from '../core/session.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { QuestionPosition } from './QuestionPosition.js';
import { shownProse, useServerText } from './serverText.js';
import { UnsupportedRequestSection } from './UnsupportedRequestSection.js';

/** Props of {@link HostAnsweredSection}. */
export interface HostAnsweredSectionProps {
  request: HostRequest;
  /** Where the host's answerer stands (the session runs it once per request). */
  hostAnswer: HostAnswerStatus | undefined;
  answer: ElicitResult | undefined;
  locked: boolean;
  /**
   * The server asked to wait before the next send (HTTP `Retry-After`): Decline and Cancel are
   * disabled until then. The send failure says why.
   */
  held?: boolean;
  /** Lets the person decline or cancel when the host's own answer failed. */
  onAnswer: (result: ElicitResult) => void;
  messages: InputRequestMessages;
  status?: ReactNode;
  /** The round closed without taking its answers: a failed host answer shows no Decline or Cancel. */
  readOnly?: boolean;
  /**
   * This request's place in its round, counting from 1. With a `total` over 1 the section shows
   * "Question 2 of 3" above the message (and, when the host's answer failed, names the section).
   */
  position?: number;
  /** How many requests the round holds. A round of one (or none given) shows no position. */
  total?: number;
}

/**
 * A request the host app answers by itself (sampling, roots): it says so while the host's
 * answerer runs and once it answered. If the answerer fails, the request falls back to
 * Decline / Cancel with the reason.
 *
 * @selector [data-part="request"][data-kind="host"]
 * @selector [data-part="question-position"] "Question 2 of 3", in a round of several requests
 */
export function HostAnsweredSection({ request, hostAnswer, messages, ...rest }: HostAnsweredSectionProps) {
  const text = useServerText();
  if (hostAnswer?.status === 'failed') {
    const failure = describeFailure(hostAnswer.error);
    return (
      <UnsupportedRequestSection
        request={{
          kind: 'unsupported',
          key: request.key,
          method: request.method,
          reasonCode: 'answerer-failed',
          problems: [],
          ...(request.message === undefined ? {} : { message: request.message }),
        }}
        reasonText={messages.automaticAnswerFailed(failure)}
        reasonDetail={failure.detail}
        messages={messages}
        {...rest}
      />
    );
  }
  return (
    <fieldset data-part="request" data-kind="host" data-method={request.method} aria-live="polite">
      <QuestionPosition position={rest.position} total={rest.total} messages={messages} />
      {request.message === undefined ? null : (
        <p data-part="message" {...text}>
          {shownProse(request.message, messages)}
        </p>
      )}
      <p data-part="host-answer">
        {hostAnswer?.status === 'answered' || rest.answer !== undefined
          ? messages.answeredAutomatically
          : messages.answeringAutomatically}
      </p>
    </fieldset>
  );
}
