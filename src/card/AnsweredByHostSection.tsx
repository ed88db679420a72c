'use client';

import { useEffect, useState } from 'react';
import type { InputResponse, Suspension, UnsupportedRequest } from '../core/model.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import type { AnswererContext } from './answerers.js';
import { describeError } from './describeError.js';
import {
  UnsupportedRequestSection,
  type UnsupportedRequestSectionProps,
} from './UnsupportedRequestSection.js';

/** Props of {@link AnsweredByHostSection}. */
export interface AnsweredByHostSectionProps extends Omit<UnsupportedRequestSectionProps, 'onAnswer'> {
  request: UnsupportedRequest;
  suspension: Suspension;
  answerer: (params: Record<string, unknown>, context: AnswererContext) => Promise<InputResponse>;
  onAnswer: (result: InputResponse) => void;
  messages: InputRequestMessages;
}

/**
 * A request the host app answers by itself (sampling, roots): it runs the host's answerer once
 * and says so. If the answerer fails, the request falls back to Decline / Cancel with the reason.
 *
 * @selector [data-part="request"][data-kind="host"]
 */
export function AnsweredByHostSection({
  request,
  suspension,
  answerer,
  onAnswer,
  ...rest
}: AnsweredByHostSectionProps) {
  const { messages, answer } = rest;
  const [failure, setFailure] = useState<unknown>(undefined);
  const [running, setRunning] = useState(true);

  // Runs once per request: the answer is recorded in the round, which outlives re-renders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-running on a new callback identity would answer twice.
  useEffect(() => {
    const controller = new AbortController();
    answerer(request.params ?? {}, { suspension, signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        setRunning(false);
        onAnswer(result);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setRunning(false);
        setFailure(error);
      },
    );
    return () => controller.abort();
  }, [request.key, suspension.id]);

  if (failure !== undefined) {
    return (
      <UnsupportedRequestSection
        request={{
          ...request,
          reason: messages.automaticAnswerFailed(describeError(failure)),
          reasonCode: undefined,
        }}
        onAnswer={onAnswer}
        {...rest}
      />
    );
  }
  return (
    <fieldset data-part="request" data-kind="host" data-method={request.method} aria-live="polite">
      {request.message === undefined ? null : <p data-part="message">{request.message}</p>}
      <p data-part="host-answer">
        {running || answer === undefined ? messages.answeringAutomatically : messages.answeredAutomatically}
      </p>
    </fieldset>
  );
}
