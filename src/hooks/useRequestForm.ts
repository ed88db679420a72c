'use client';

import { type BaseSyntheticEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import {
  buildAcceptContent,
  fieldKey,
  initialRawValues,
  localDateTimeErrors,
  type RawFormValues,
} from '../core/answer.js';
import { type DraftStore, draftValues, restoreDraft } from '../core/draft.js';
import type { ElicitContent, FieldSpec, FormRequest } from '../core/model.js';
import {
  type AnswerChecker,
  type FieldError,
  prepareAnswerValidator,
  validateAnswer,
} from '../core/validate.js';

/** Options of {@link useRequestForm}. */
export interface UseRequestFormOptions {
  request: FormRequest;
  /** Called with typed, validated content when the person accepts. */
  onAccept: (content: ElicitContent) => void;
  /**
   * Checks answers before they leave. Defaults to {@link validateAnswer} (ajv); pass a direct
   * checker on pages whose Content-Security-Policy forbids `new Function`.
   */
  checker?: AnswerChecker;
  /** Turns a validation error into the text shown under the field. Defaults to the checker's English message. */
  formatError?: (error: FieldError, field: FieldSpec) => string;
  /**
   * Keeps half-typed values in `store` under `key` (see `draftKey`) and restores them on mount.
   * Secret fields are never stored.
   */
  draft?: { store: DraftStore; key: string };
}

/** What {@link useRequestForm} returns. */
export interface RequestForm {
  /** The react-hook-form instance; values are keyed by `fieldKey(field)`, never by property name. */
  form: UseFormReturn<RawFormValues, unknown, ElicitContent>;
  /** Validates, focuses the first invalid field, or calls `onAccept` with typed content. */
  accept: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Drops a draft save still waiting to happen; call it when the request is answered another way. */
  discardPendingDraft: () => void;
}

/**
 * Drives one form request with react-hook-form and the answer checker.
 *
 * Inputs are uncontrolled, so typing re-renders no other field. Defaults are pre-filled,
 * errors appear after a field is left or the form is submitted, and a failed submit moves
 * focus to the first invalid field. The validator compiles in idle time after mount,
 * never on the mount path.
 *
 * @example
 * ```tsx
 * const { form, accept } = useRequestForm({ request, onAccept: (content) => send({ action: 'accept', content }) });
 * return <form onSubmit={accept}>{request.fields.map((field) => <MyField key={field.index} form={form} field={field} />)}</form>;
 * ```
 */
export function useRequestForm({
  request,
  onAccept,
  checker = validateAnswer,
  formatError,
  draft,
}: UseRequestFormOptions): RequestForm {
  const { fields, requestedSchema } = request;
  const initialValues = useMemo(() => initialRawValues(fields), [fields]);
  const draftStore = draft?.store;
  const draftId = draft?.key;
  // Read once per form: the draft seeds the values, later saves must not reset them.
  const [defaultValues] = useState(() =>
    restoreDraft(fields, initialValues, draftStore && draftId ? draftStore.load(draftId) : undefined),
  );
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
        errors[fieldKey(field)] = {
          type: error.keyword,
          message: formatError ? formatError(error, field) : error.message,
        };
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

  const pendingSave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!draftStore || draftId === undefined) return;
    const save = () => draftStore.save(draftId, draftValues(fields, form.getValues(), initialValues));
    // Saving on every keystroke would write storage per character; a short pause is enough
    // to survive a reload, and a pending save is flushed when the form goes away.
    const subscription = form.watch(() => {
      clearTimeout(pendingSave.current);
      pendingSave.current = setTimeout(() => {
        pendingSave.current = undefined;
        save();
      }, 250);
    });
    return () => {
      subscription.unsubscribe();
      if (pendingSave.current !== undefined) {
        clearTimeout(pendingSave.current);
        pendingSave.current = undefined;
        save();
      }
    };
  }, [form, draftStore, draftId, fields, initialValues]);

  useEffect(() => {
    if (checker !== validateAnswer) return;
    return whenIdle(() => prepareAnswerValidator(requestedSchema));
  }, [checker, requestedSchema]);

  const onAcceptRef = useRef(onAccept);
  onAcceptRef.current = onAccept;
  const { handleSubmit, getValues } = form;
  // The content is rebuilt from the raw values rather than taken from handleSubmit: the form
  // library copies objects with plain assignment, which would turn a property named
  // `__proto__` into a prototype instead of a key.
  // An answer is on its way; a draft written after it would outlive the round.
  const discardPendingDraft = useCallback(() => {
    clearTimeout(pendingSave.current);
    pendingSave.current = undefined;
  }, []);
  const accept = useMemo(
    () =>
      handleSubmit(() => {
        discardPendingDraft();
        onAcceptRef.current(buildAcceptContent(fields, getValues()));
      }),
    [handleSubmit, getValues, fields, discardPendingDraft],
  );

  return { form, accept, discardPendingDraft };
}

function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 50);
  return () => clearTimeout(handle);
}
