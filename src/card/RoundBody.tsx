'use client';

import { type ComponentType, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { type DraftStore, draftKey } from '../core/draft.js';
import {
  type ElicitResult,
  type FieldSpec,
  type FormRequest,
  type InputRequest,
  type InputResponse,
  isElicitResult,
  type Suspension,
} from '../core/model.js';
import { looksSecret } from '../core/secret.js';
import type { AnswerChecker, FieldError } from '../core/validate.js';
import type { RoundResponses } from '../hooks/useRoundResponses.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { AnsweredByHostSection } from './AnsweredByHostSection.js';
import type { RequestAnswerers } from './answerers.js';
import type { InputRequestComponents } from './components.js';
import { describeError } from './describeError.js';
import { FormRequestSection, type FormRequestSectionProps } from './FormRequestSection.js';
import { LinkRequestSection } from './LinkRequestSection.js';
import { SectionStatus } from './SectionStatus.js';
import { UnsupportedRequestSection } from './UnsupportedRequestSection.js';

/** Props of {@link RoundBody}. */
export interface RoundBodyProps {
  suspension: Suspension;
  /** The round's answers, from `useRoundResponses`. */
  round: RoundResponses;
  /** Locks every section from outside (e.g. the lifecycle expired the round). */
  locked?: boolean;
  messages: InputRequestMessages;
  checker?: AnswerChecker;
  formatError: (error: FieldError, field: FieldSpec) => string;
  /** Keeps half-typed values across reloads, per request. */
  drafts?: DraftStore;
  /** Which fields to treat as secrets besides those the server flagged. @default looksSecret */
  isSecret?: (field: FieldSpec, request: FormRequest) => boolean;
  /** Parts to replace with your own components. */
  components?: InputRequestComponents;
  /** Host answers for requests no form can answer (sampling, roots). */
  answerers?: RequestAnswerers;
}

/**
 * The questions of one round: progress (in a round of several), one section per request,
 * and the error of a failed send with Try again.
 */
export function RoundBody({
  suspension,
  round,
  locked = false,
  messages,
  checker,
  formatError,
  drafts,
  isSecret = looksSecret,
  components = {},
  answerers,
}: RoundBodyProps) {
  const Status = components.SectionStatus ?? SectionStatus;
  const failed = round.error !== undefined && !locked;
  const total = suspension.requests.length;
  const answeredCount = total - round.pending.length;
  const sectionsLocked = locked || round.status !== 'input-required';
  const retryRef = useRef<HTMLButtonElement>(null);

  // A send disables the button that started it; when the send fails, give focus a sensible
  // home instead of leaving it on <body>.
  useEffect(() => {
    if (!failed) return;
    const active = document.activeElement;
    if (!active || active === document.body) retryRef.current?.focus();
  }, [failed]);

  return (
    <>
      {total > 1 ? (
        <p data-part="progress">
          <progress value={answeredCount} max={total} aria-label={messages.progress(answeredCount, total)} />{' '}
          {messages.progress(answeredCount, total)}
        </p>
      ) : null}
      {suspension.requests.map((request) => {
        // After a failed send every section is editable again; the kept responses still back "Try again".
        const response =
          round.error === undefined && Object.hasOwn(round.responses, request.key)
            ? round.responses[request.key]
            : undefined;
        // A host answerer's result (sampling, roots) reads as accepted in the round's progress.
        const answer: ElicitResult | undefined = isElicitResult(response)
          ? response
          : response
            ? { action: 'accept' }
            : undefined;
        const common: SectionCommon = {
          answer,
          locked: sectionsLocked,
          onAnswer: (result) => round.answer(request.key, result),
          messages,
          status:
            total > 1 ? (
              <Status
                answer={answer}
                canChange={!sectionsLocked}
                onChange={() => round.reopen(request.key)}
                messages={messages}
              />
            ) : null,
        };
        return (
          <RequestSection
            key={request.key}
            request={request}
            common={common}
            checker={checker}
            formatError={formatError}
            drafts={drafts}
            draftId={draftKey(suspension.id, request.key)}
            isSecret={isSecret}
            components={components}
            answerers={answerers}
            suspension={suspension}
            onResponse={(result) => round.answer(request.key, result)}
          />
        );
      })}
      {failed ? (
        <div data-part="send-error" role="alert">
          <p>{messages.sendFailed(describeError(round.error))}</p>
          <button type="button" ref={retryRef} data-action="retry" onClick={round.retry}>
            {messages.retry}
          </button>
        </div>
      ) : null}
    </>
  );
}

interface SectionCommon {
  answer: ElicitResult | undefined;
  locked: boolean;
  onAnswer: (result: ElicitResult) => void;
  messages: InputRequestMessages;
  status: ReactNode;
}

interface RequestSectionProps {
  request: InputRequest;
  common: SectionCommon;
  checker: AnswerChecker | undefined;
  formatError: (error: FieldError, field: FieldSpec) => string;
  drafts: DraftStore | undefined;
  draftId: string;
  isSecret: (field: FieldSpec, request: FormRequest) => boolean;
  components: InputRequestComponents;
  answerers: RequestAnswerers | undefined;
  suspension: Suspension;
  onResponse: (result: InputResponse) => void;
}

function RequestSection({
  request,
  common,
  checker,
  formatError,
  drafts,
  draftId,
  isSecret,
  components,
  answerers,
  suspension,
  onResponse,
}: RequestSectionProps) {
  const Link = components.LinkRequest ?? LinkRequestSection;
  const Unsupported = components.UnsupportedRequest ?? UnsupportedRequestSection;
  switch (request.kind) {
    case 'form':
      return (
        <SecretAwareFormSection
          request={request}
          isSecret={isSecret}
          Form={components.FormRequest ?? FormRequestSection}
          {...(components.Field ? { FieldComponent: components.Field } : {})}
          {...common}
          formatError={formatError}
          {...(checker ? { checker } : {})}
          {...(drafts ? { draft: { store: drafts, key: draftId } } : {})}
        />
      );
    case 'url':
      return <Link request={request} {...common} />;
    case 'unsupported': {
      const answerer = answerers?.[request.method as keyof RequestAnswerers];
      if (answerer) {
        return (
          <AnsweredByHostSection
            request={request}
            suspension={suspension}
            answerer={answerer}
            {...common}
            onAnswer={onResponse}
          />
        );
      }
      return <Unsupported request={request} {...common} />;
    }
  }
}

function SecretAwareFormSection({
  request,
  isSecret,
  Form,
  ...rest
}: Omit<FormRequestSectionProps, 'request'> & {
  request: FormRequest;
  isSecret: (field: FieldSpec, request: FormRequest) => boolean;
  Form: ComponentType<FormRequestSectionProps>;
}) {
  // Secrets are decided once per request, so the form's fields keep their identity.
  const withSecrets = useMemo(() => {
    const fields = request.fields.map((field) =>
      !field.secret && isSecret(field, request) ? { ...field, secret: true } : field,
    );
    return fields.every((field, index) => field === request.fields[index]) ? request : { ...request, fields };
  }, [request, isSecret]);
  return <Form request={withSecrets} {...rest} />;
}
