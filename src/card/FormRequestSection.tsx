'use client';

import { type ComponentType, type ReactNode, useId } from 'react';
import type { DraftStore } from '../core/draft.js';
import type { ElicitResult, FieldSpec, FormRequest } from '../core/model.js';
import type { AnswerChecker, FieldError } from '../core/validate.js';
import { useRequestForm } from '../hooks/useRequestForm.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { Actions } from './Actions.js';
import { Field, type FieldProps } from './Field.js';
import { RefusalButton } from './RefusalButton.js';

/** Props of {@link FormRequestSection}. */
export interface FormRequestSectionProps {
  request: FormRequest;
  /** This request's answer, once given. */
  answer: ElicitResult | undefined;
  /** True while nothing may change: the round is being sent or was sent. */
  locked: boolean;
  onAnswer: (result: ElicitResult) => void;
  messages: InputRequestMessages;
  checker?: AnswerChecker;
  formatError?: (error: FieldError, field: FieldSpec) => string;
  /** Rendered after the message; used for the section's answered notice. */
  status?: ReactNode;
  /** Keeps half-typed values across reloads (secrets excluded). */
  draft?: { store: DraftStore; key: string };
  /** Replaces the built-in field. */
  FieldComponent?: ComponentType<FieldProps>;
}

/**
 * One form request: the server's message, one control per field, and Accept / Decline / Cancel.
 * Values live in the form for as long as the section is mounted, so a failed send loses nothing.
 *
 * @selector [data-part="request"][data-kind="form"]
 * @selector [data-answered] present once this request has its answer
 */
export function FormRequestSection({
  request,
  answer,
  locked,
  onAnswer,
  messages,
  checker,
  formatError,
  status,
  draft,
  FieldComponent = Field,
}: FormRequestSectionProps) {
  const idPrefix = useId();
  const messageId = `${idPrefix}-message`;
  const { form, accept, discardPendingDraft } = useRequestForm({
    request,
    onAccept: (content) => onAnswer({ action: 'accept', content }),
    ...(checker ? { checker } : {}),
    ...(formatError ? { formatError } : {}),
    ...(draft ? { draft } : {}),
  });
  const inert = locked || answer !== undefined;

  return (
    <form
      data-part="request"
      data-kind="form"
      {...(answer ? { 'data-answered': answer.action } : {})}
      aria-labelledby={messageId}
      noValidate
      onSubmit={(event) => {
        if (inert) {
          event.preventDefault();
          return;
        }
        void accept(event);
      }}
    >
      <p id={messageId} data-part="message">
        {request.message}
      </p>
      {status}
      <fieldset data-part="fields" disabled={inert}>
        {request.fields.map((field) => (
          <FieldComponent
            key={field.index}
            form={form}
            field={field}
            idPrefix={idPrefix}
            messages={messages}
          />
        ))}
      </fieldset>
      <Actions>
        <button type="submit" data-action="accept" disabled={inert}>
          {messages.accept}
        </button>
        {(['decline', 'cancel'] as const).map((action) => (
          <RefusalButton
            key={action}
            action={action}
            disabled={inert}
            onAnswer={onAnswer}
            messages={messages}
            onBeforeAnswer={discardPendingDraft}
          />
        ))}
      </Actions>
    </form>
  );
}
