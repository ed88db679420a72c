'use client';

import { type ReactNode, useId } from 'react';
import type { ElicitResult, UnsupportedRequest } from '../core/model.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { Actions } from './Actions.js';
import { RefusalButton } from './RefusalButton.js';

/** Props of {@link UnsupportedRequestSection}. */
export interface UnsupportedRequestSectionProps {
  request: UnsupportedRequest;
  answer: ElicitResult | undefined;
  locked: boolean;
  onAnswer: (result: ElicitResult) => void;
  messages: InputRequestMessages;
  status?: ReactNode;
}

/**
 * A request this card cannot answer: the server's message as text, why it cannot be
 * answered, the problems behind a disclosure, and Decline / Cancel so the server is never
 * left waiting.
 *
 * @selector [data-part="request"][data-kind="unsupported"]
 */
export function UnsupportedRequestSection({
  request,
  answer,
  locked,
  onAnswer,
  messages,
  status,
}: UnsupportedRequestSectionProps) {
  const id = useId();
  const inert = locked || answer !== undefined;
  return (
    <fieldset
      data-part="request"
      data-kind="unsupported"
      data-method={request.method}
      {...(answer ? { 'data-answered': answer.action } : {})}
      aria-labelledby={`${id}-reason`}
    >
      {request.message === undefined ? null : <p data-part="message">{request.message}</p>}
      {status}
      <div data-part="reason" id={`${id}-reason`}>
        <strong>{messages.cannotAnswer}</strong>
        <p>{messages.unsupportedReason(request)}</p>
      </div>
      {request.problems.length > 0 ? (
        <details data-part="problems">
          <summary>{messages.problemDetails(request.problems.length)}</summary>
          <ul>
            {request.problems.map((problem) => (
              <li key={`${problem.path}:${problem.message}`}>
                {problem.path === '' ? null : <code>{problem.path}</code>} {problem.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <Actions>
        <RefusalButton action="decline" disabled={inert} onAnswer={onAnswer} messages={messages} />
        <RefusalButton action="cancel" disabled={inert} onAnswer={onAnswer} messages={messages} />
      </Actions>
    </fieldset>
  );
}
