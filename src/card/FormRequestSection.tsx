'use client';
import { memo, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CarriedRequest } from '../core/carry-over.js';
import type { ElicitResult, FormRequest } from '../core/model.js';
import { shownName } from '../core/shown-text.js';
import { formEngine, useRequestForm } from '../hooks/useRequestForm.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { Actions } from './Actions.js';
import { useInputRequestCard } from './context.js';
import { CopyAnswers } from './Deadline.js';
import { Field } from './Field.js';
import { FormReview, FormStep, useFormSteps } from './FormSteps.js';
import { idList, QuestionPosition, questionPositionId } from './QuestionPosition.js';
import { RefusalButton } from './RefusalButton.js';
import { RefusalQuestion } from './RefusalQuestion.js';
import { SectionQuestionId } from './SectionStatus.js';
import { additionalInputText, fieldLabel, shownProse, useServerText } from './serverText.js';

/** Props of {@link FormRequestSection}. */
export interface FormRequestSectionProps {
  request: FormRequest;
  /** This request's answer, once given. */
  answer: ElicitResult | undefined;
  /** True while nothing may change: the round is being sent, was sent or closed. */
  locked: boolean;
  /**
   * The server asked to wait before the next send (HTTP `Retry-After`): the buttons that answer
   * are disabled until then, while the fields stay editable. The send failure says why.
   */
  held?: boolean;
  /** Gives this request its answer (the card's session sends the round once all are in). */
  onAnswer: (result: ElicitResult) => void;
  messages: InputRequestMessages;
  /** Rendered after the message; used for the section's answered notice. */
  status?: ReactNode;
  /**
   * The round expired: every value stays readable and copyable (read-only, never disabled), and
   * "Copy answers" replaces Accept / Decline / Cancel.
   */
  readOnly?: boolean;
  /**
   * Set when the server asks this request again (after this person's answer): its message is
   * shown as the reason, and the fields asked again are marked. The earlier values come through
   * the session's drafts.
   */
  carried?: CarriedRequest;
  /**
   * This request's place in its round, counting from 1. With a `total` over 1 the section shows
   * "Question 2 of 3" above the message, and its accessible name starts with it.
   */
  position?: number;
  /** How many requests the round holds. A round of one (or none given) shows no position. */
  total?: number;
  /**
   * This request's answer sends the round: no other request waits for one. Only then do Decline
   * and Cancel ask before they drop what was entered; before that, in a round of several, a
   * refusal keeps the values and can be changed ("Change answer"). @default true
   */
  answerSends?: boolean;
}

/**
 * One form request: the server's message, one control per field, and Accept / Decline / Cancel.
 * Values live in the form for as long as the section is mounted (and in the session's drafts),
 * so a failed send loses nothing.
 *
 * @selector [data-part="request"][data-kind="form"]
 * @selector [data-answered] present once this request has its answer
 * @selector [data-read-only] present while the form is shown to read and copy only (expired, or closed with what was typed)
 * @selector [data-part="question-position"] "Question 2 of 3", in a round of several requests
 */
export const FormRequestSection = memo(function FormRequestSection({
  request,
  answer,
  locked,
  held = false,
  onAnswer,
  messages,
  status,
  readOnly = false,
  carried,
  position,
  total,
  answerSends = true,
}: FormRequestSectionProps) {
  const text = useServerText();
  const { session, checker, formatError, components, layout, confirmRefusal } = useInputRequestCard();
  const FieldComponent = components.Field ?? Field;
  const idPrefix = useId();
  const messageId = `${idPrefix}-message`;
  const positionId = questionPositionId(idPrefix, position, total);
  // In a round of several requests (which shows each one's status) its buttons are described by
  // its place ("Question 2 of 3") and its question: "Accept" three times over says nothing of
  // which question it answers, and a screen reader landing on one hears which.
  const said = request.messageCode !== undefined || request.message.trim() !== '';
  const question = idList(positionId, status && said ? messageId : undefined);
  const { form, formProps, accept, restoredDraft, failedCheck, hasEnteredValues } = useRequestForm({
    request,
    session,
    onAccept: (content) => onAnswer({ action: 'accept', content }),
    ...(checker ? { checker } : {}),
    formatError,
  });
  const inert = !readOnly && (locked || answer !== undefined);
  // What was typed comes back (a re-ask, a reload), but never a secret.
  const hasSecret = request.fields.some((field) => field.secret === true);
  // Held (Retry-After): nothing can answer, though the fields stay editable and steps still move.
  const answering = inert || held;
  // Decline or Cancel on a form that holds what the person entered asks first: none of it is sent,
  // and a slip would throw the typing away. The question stands where the buttons were.
  // (A round that closes meanwhile shows its receipt, or this form to read and copy, instead.)
  const [refusing, setRefusing] = useState<'decline' | 'cancel'>();
  // Where focus goes back to after Keep editing: the refusal that was pressed.
  const refusalToRefocus = useRef<'decline' | 'cancel' | undefined>(undefined);
  const refuse = (result: { action: 'decline' | 'cancel' }) => {
    if (confirmRefusal && answerSends && hasEnteredValues()) setRefusing(result.action);
    else onAnswer(result);
  };
  const refusal = { disabled: answering, onAnswer: refuse, messages, describedBy: question };
  const refusals = (
    <>
      <RefusalButton action="decline" {...refusal} />
      <RefusalButton action="cancel" {...refusal} />
    </>
  );
  const askedAgain = carried?.askedAgain === true;
  const isAskedAgain = (field: FormRequest['fields'][number]) =>
    carried?.askedAgain === true && carried.fieldsAskedAgain.includes(field.name);
  // A field's mark tells it apart from the new ones. When every field is asked again the reason
  // above the form already says so, and a mark on each would only be read out once per field.
  const marksFields =
    askedAgain && request.fields.some((field) => !carried.fieldsAskedAgain.includes(field.name));
  // One field at a time, unless the round expired: then every value shows, to read and copy.
  const stepped = layout === 'steps' && !readOnly && request.fields.length > 0;
  // Where the person is goes to the round's session: a card mounted again (a virtualised list,
  // "Answer here", a reload) opens on that step, not the first.
  const noteStep = useCallback(
    (step: number) => session.noteFormStep(request.key, step),
    [session, request.key],
  );
  const steps = useFormSteps({
    form,
    request,
    enabled: stepped,
    first: Math.max(0, request.fields.findIndex(isAskedAgain)),
    remembered: () => session.formStep(request.key),
    onMove: noteStep,
    accept: formProps.onSubmit,
    // Next that fails where focus is: the same notice as a submit's (useRequestForm's failedCheck).
    onCheckFailed: formEngine(form).noteFailedCheck,
  });

  useEffect(() => {
    const pressed = refusalToRefocus.current;
    if (refusing !== undefined || pressed === undefined) return;
    refusalToRefocus.current = undefined;
    steps.containerRef.current
      ?.querySelector<HTMLElement>(`[data-part="actions"] > [data-action="${pressed}"]`)
      ?.focus();
  }, [refusing, steps.containerRef]);

  return (
    <form
      data-part="request"
      data-kind="form"
      {...(answer ? { 'data-answered': answer.action } : {})}
      {...(askedAgain ? { 'data-asked-again': '' } : {})}
      {...(readOnly ? { 'data-read-only': '' } : {})}
      aria-labelledby={idList(positionId, askedAgain ? `${idPrefix}-reask` : undefined, messageId)}
      noValidate
      ref={steps.containerRef}
      {...(stepped ? { onKeyDown: steps.onKeyDown, 'data-layout': 'steps' } : {})}
      onSubmit={(event) => {
        // Enter in a field while the refusal asks: the person went on with the form instead.
        setRefusing(undefined);
        if (inert || readOnly || (held && (!stepped || steps.review))) {
          event.preventDefault();
          return;
        }
        if (stepped) {
          steps.onSubmit(event);
          return;
        }
        event.preventDefault();
        void accept();
      }}
    >
      {/*
        A check that failed where focus already was (Enter in the first field that needs fixing,
        Next on a step) moves nothing, so a screen reader would hear nothing at all: its field's
        label and error are said here, politely, while that field shows the error. When focus
        moves to the field instead, the field's description says it (useRequestForm's failedCheck).
      */}
      <p data-part="visually-hidden" aria-live="polite">
        {/* A new node each time: the same words, said again, are announced again. */}
        {failedCheck ? (
          <span key={failedCheck.count}>
            {messages.checkFailedHere(shownName(fieldLabel(failedCheck.field, messages)), failedCheck.error)}
          </span>
        ) : null}
      </p>
      <QuestionPosition id={positionId} position={position} total={total} messages={messages} />
      {askedAgain ? (
        <p id={`${idPrefix}-reask`} data-part="reask-reason">
          {messages.askedAgainReason}
        </p>
      ) : null}
      <p id={messageId} data-part="message" {...(request.messageCode === undefined ? text : {})}>
        {request.messageCode === 'additional-input'
          ? additionalInputText(request, messages)
          : shownProse(request.message, messages)}
      </p>
      {carried?.askedAgain && Object.keys(carried.values).length > 0 ? (
        // Secrets are never filled in again: asking to enter them again means something only
        // where the form has one.
        <p data-part="reask-kept">{hasSecret ? messages.askedAgainKept : messages.askedAgainKeptNoSecrets}</p>
      ) : restoredDraft && !readOnly && hasSecret ? (
        // What was typed came back (a reload, a remount), but never a secret: say it, or the
        // empty field reads as a value that was lost.
        <p data-part="draft-kept">{messages.draftKept}</p>
      ) : null}
      {/* Change answer is described by its place and the question, when it says anything. */}
      <SectionQuestionId.Provider value={idList(positionId, said ? messageId : undefined)}>
        {status}
      </SectionQuestionId.Provider>
      {/* A fieldset to disable every control at once, not a group: the form is the question's. */}
      <fieldset data-part="fields" disabled={inert} role="none">
        {request.fields.map((field, position) => {
          const control = (
            <FieldComponent
              key={field.index}
              form={form}
              field={field}
              idPrefix={idPrefix}
              messages={messages}
              readOnly={readOnly}
              {...(field.secret && answering ? { locked: true } : {})}
              {...(marksFields && isAskedAgain(field) ? { askedAgain: true } : {})}
            />
          );
          return stepped ? (
            <FormStep
              key={field.index}
              position={position}
              total={request.fields.length}
              shown={steps.step === position}
              idPrefix={idPrefix}
              messages={messages}
            >
              {control}
            </FormStep>
          ) : (
            control
          );
        })}
        {stepped ? (
          <FormReview
            form={form}
            request={request}
            shown={steps.review}
            idPrefix={idPrefix}
            messages={messages}
            onEdit={steps.edit}
            locked={inert}
          />
        ) : null}
      </fieldset>
      {readOnly ? (
        <CopyAnswers form={form} request={request} messages={messages} describedBy={question} />
      ) : refusing !== undefined ? (
        <RefusalQuestion
          action={refusing}
          disabled={answering}
          onConfirm={() => {
            const action = refusing;
            setRefusing(undefined);
            onAnswer({ action });
          }}
          onKeepEditing={() => {
            refusalToRefocus.current = refusing;
            setRefusing(undefined);
          }}
          messages={messages}
          describedBy={question}
        />
      ) : stepped ? (
        <Actions>
          <button
            // A new button for each step and for the review: the rest of a double click on Next
            // (or Back) lands on a button it did not begin on, and moves or sends nothing.
            key={steps.review ? 'accept' : `next-${steps.step}`}
            type="submit"
            data-action={steps.review ? 'accept' : 'next'}
            disabled={steps.review ? answering : inert}
            aria-describedby={question}
          >
            {steps.review ? messages.accept : messages.next}
          </button>
          {steps.step > 0 ? (
            <button
              key={`back-${steps.step}`}
              type="button"
              data-action="back"
              disabled={inert}
              aria-describedby={question}
              onClick={steps.back}
            >
              {messages.back}
            </button>
          ) : null}
          {refusals}
        </Actions>
      ) : (
        <Actions>
          <button type="submit" data-action="accept" disabled={answering} aria-describedby={question}>
            {messages.accept}
          </button>
          {refusals}
        </Actions>
      )}
    </form>
  );
});
