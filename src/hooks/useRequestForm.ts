'use client';
import { type BaseSyntheticEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { type FieldErrors, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import {
  buildAcceptContent,
  fieldKey,
  initialRawValues,
  localDateTimeErrors,
  type RawFormValues,
  rawValuesByKey,
  rawValuesByName,
} from '../core/answer.js';
import { restoreDraft } from '../core/draft.js';
import type { ElicitContent, FieldSpec, FormRequest } from '../core/model.js';
import type { InputRequestSession } from '../core/session.js';
import { type AnswerChecker, type FieldError, validateAnswer } from '../core/validate.js';
import { englishMessages } from '../i18n/messages.js';

declare const formControlBrand: unique symbol;

/**
 * The form a field belongs to: pass it to {@link useRequestField}. Opaque on purpose: the form
 * engine behind it (react-hook-form today) is not part of the contract.
 */
export interface RequestFormControl {
  readonly [formControlBrand]: true;
}

/** What the library keeps behind a {@link RequestFormControl}. */
export interface FormEngine {
  form: UseFormReturn<RawFormValues, unknown, ElicitContent>;
  request: FormRequest;
}

/** Opens the opaque control; for the library's own field hook. */
export function formEngine(control: RequestFormControl): FormEngine {
  return control as unknown as FormEngine;
}

/** Options of {@link useRequestForm}. */
export interface UseRequestFormOptions {
  request: FormRequest;
  /**
   * The session of the round (from `useInputRequest(source).session`, or the card's): accepting
   * answers the request there, and half-typed values are kept in its draft store (never secrets).
   */
  session?: InputRequestSession;
  /** Called with typed, valid content on accept, instead of answering through `session`. */
  onAccept?: (content: ElicitContent) => void;
  /** Checks answers before they leave. @default validateAnswer (eval-free, CSP-safe) */
  checker?: AnswerChecker;
  /** Turns a validation error into the text shown under its field. @default englishMessages.fieldError */
  formatError?: (error: FieldError, field: FieldSpec) => string;
}

/** What {@link useRequestForm} returns. */
export interface RequestForm {
  /** The form the fields belong to; pass it to `useRequestField`. */
  form: RequestFormControl;
  /** Spread on your `<form>`: submitting validates, focuses the first invalid field, or accepts. */
  formProps: { onSubmit: (event?: BaseSyntheticEvent) => void; noValidate: true };
  /** Validates and accepts, as a submit does. */
  accept: () => Promise<void>;
}

/**
 * Drives one form request. Inputs are uncontrolled, so typing re-renders nothing; defaults are
 * pre-filled, a stored draft is restored (secrets never are), errors appear after a field is
 * left or the form is submitted, and a failed submit moves focus to the first invalid field.
 *
 * @example
 * ```tsx
 * const { session, suspension } = useInputRequest(source);
 * const request = suspension.requests[0]; // a form request
 * const { form, formProps } = useRequestForm({ request, session });
 * return <form {...formProps}>{request.fields.map((field) => <MyField key={field.index} form={form} field={field} />)}</form>;
 * ```
 */
export function useRequestForm({
  request,
  session,
  onAccept,
  checker = validateAnswer,
  formatError = englishMessages.fieldError,
}: UseRequestFormOptions): RequestForm {
  if (!session && !onAccept) {
    throw new Error(
      'input-request-cards: useRequestForm needs somewhere to send the answer: pass `session` (from useInputRequest) or `onAccept`.',
    );
  }
  const { fields, requestedSchema, key } = request;
  // Read once per form: the draft seeds the values, later writes must not reset them.
  const [defaultValues] = useState(() => {
    const initial = rawValuesByName(fields, initialRawValues(fields));
    return rawValuesByKey(fields, restoreDraft(fields, initial, session?.readDraft(key)));
  });
  const fieldsByName = useMemo(() => new Map(fields.map((field) => [field.name, field])), [fields]);

  const resolver = useCallback<Resolver<RawFormValues, unknown, ElicitContent>>(
    async (values) => {
      const content = buildAcceptContent(fields, values);
      const check = checker(requestedSchema, content);
      // A date-time the clocks skipped is refused with its own reason, before the checker's.
      const problems = [...localDateTimeErrors(fields, values), ...check.errors];
      if (problems.length === 0) return { values: content, errors: {} };
      const errors: FieldErrors<RawFormValues> = {};
      for (const error of problems) {
        const field = fieldsByName.get(error.field);
        if (!field || errors[fieldKey(field)]) continue;
        errors[fieldKey(field)] = { type: error.keyword, message: formatError(error, field) };
      }
      return { values: {}, errors };
    },
    [fields, fieldsByName, requestedSchema, checker, formatError],
  );

  const form = useForm<RawFormValues, unknown, ElicitContent>({
    defaultValues,
    resolver,
    mode: 'onTouched',
    shouldFocusError: true,
  });

  // Mirrors what is typed into the session's draft store (it waits for a pause and leaves out
  // secrets); subscribing to the form's own change stream renders nothing.
  useEffect(() => {
    if (!session) return;
    const subscription = form.watch(() => session.writeDraft(key, rawValuesByName(fields, form.getValues())));
    return () => subscription.unsubscribe();
  }, [form, session, key, fields]);

  // A checker that compiles (ajv, from `input-request-cards/ajv`) does so in idle time after
  // mount, never on the mount path; the default checker has nothing to prepare.
  useEffect(() => {
    const prepare = checker.prepare;
    if (!prepare) return;
    return whenIdle(() => prepare(requestedSchema));
  }, [checker, requestedSchema]);

  const { handleSubmit, getValues } = form;
  // The content is rebuilt from the raw values rather than taken from handleSubmit: the form
  // library copies objects with plain assignment, which would turn a property named
  // `__proto__` into a prototype instead of a key.
  const accept = useMemo(
    () =>
      handleSubmit(() => {
        const content = buildAcceptContent(fields, getValues());
        if (onAccept) onAccept(content);
        else void session?.answer(key, { action: 'accept', content })?.catch(() => {});
      }),
    [handleSubmit, getValues, fields, onAccept, session, key],
  );

  return useMemo(() => {
    const control = { form, request } satisfies FormEngine as unknown as RequestFormControl;
    return {
      form: control,
      formProps: { onSubmit: (event?: BaseSyntheticEvent) => void accept(event), noValidate: true },
      accept: () => accept(),
    };
  }, [form, request, accept]);
}

function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 50);
  return () => clearTimeout(handle);
}
