'use client';
import { type BaseSyntheticEvent, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createFormControl, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import {
  buildAcceptContent,
  conversionErrors,
  fieldKey,
  hasEnteredValues,
  initialRawValues,
  type RawFormValues,
  rawValuesByKey,
  rawValuesByName,
} from '../core/answer.js';
import { markChecked } from '../core/checked.js';
import { restoreDraft } from '../core/draft.js';
import { whenIdle } from '../core/idle.js';
import { describeValue } from '../core/json.js';
import { misuseError, requestOfKindProblem } from '../core/misuse.js';
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

/** A form made by react-hook-form's `createFormControl`: `useForm` without its React state. */
export type FormEngineForm = Omit<UseFormReturn<RawFormValues, unknown, ElicitContent>, 'formState'>;

/** What the library keeps behind a {@link RequestFormControl}. */
export interface FormEngine {
  form: FormEngineForm;
  request: FormRequest;
  /** The error each field shows, by field key; a field subscribes to its own entry only. */
  errors: FieldErrorStore;
  /**
   * Called by a field's own change handler after its value changed: keeps the draft. Hooked into
   * each field's registration rather than watching the form, which would copy every value of the
   * form on every keystroke.
   */
  changed: () => void;
  /** The form opened with a draft (see {@link RequestForm.restoredDraft}). */
  restoredDraft: boolean;
  /** The check that last failed where focus stayed (see {@link RequestForm.failedCheck}). */
  failedCheck: {
    get(): FailedCheck | undefined;
    listen(listener: () => void): () => void;
  };
  /**
   * Called after a check failed (a submit, or a step's Next), with what had focus before it: when
   * focus is still there, on a field that now shows an error, that field is the failed check's.
   */
  noteFailedCheck: (focusedBefore: Element | null) => void;
  /**
   * The number, date and date-time inputs on screen, by field key. A browser keeps text it cannot
   * read as a value ("12e", half a date) in such an input while its value is empty: the check
   * reads their `validity.badInput`, or the field would be left out of the answer as if nothing
   * had been typed.
   */
  inputs: Map<string, HTMLInputElement>;
}

/** Opens the opaque control; for the library's own field hook. */
export function formEngine(control: RequestFormControl): FormEngine {
  return control as unknown as FormEngine;
}

/**
 * The errors the fields show, kept apart per field: one subscription to the form engine for the
 * whole form, and a field is told only when its own error appears, changes or goes. An entry is
 * the error's message (`''` for an error without one); no entry means no error.
 */
export interface FieldErrorStore {
  get(key: string): string | undefined;
  /** Calls `listener` whenever the error of field `key` changes. Returns the function that stops it. */
  listen(key: string, listener: () => void): () => void;
}

/** A {@link FieldErrorStore} fed with the engine's error object after each change of it. */
function createFieldErrorStore(): FieldErrorStore & { update(errors: FieldErrors<RawFormValues>): void } {
  const shown = new Map<string, string>();
  const listeners = new Map<string, Set<() => void>>();
  return {
    get: (key) => shown.get(key),
    listen(key, listener) {
      const set = listeners.get(key) ?? new Set();
      listeners.set(key, set);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    update(errors) {
      const changed: string[] = [];
      for (const key of new Set([...shown.keys(), ...Object.keys(errors)])) {
        const error = Object.hasOwn(errors, key) ? errors[key] : undefined;
        const next = error ? (typeof error.message === 'string' ? error.message : '') : undefined;
        if (next === shown.get(key)) continue;
        if (next === undefined) shown.delete(key);
        else shown.set(key, next);
        changed.push(key);
      }
      for (const key of changed) for (const listener of listeners.get(key) ?? []) listener();
    },
  };
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
  /**
   * Validates and accepts, as a submit does. It never rejects: a send's failure shows in the
   * session's snapshot (`sendError`, `canRetry`). While `answersLocked`, or once the round is
   * closed, the session refuses the answer and nothing changes; while `retryAt` holds, it keeps
   * the answer (what Try again sends once the wait is over) but sends nothing. Check those to show
   * the button unavailable.
   *
   * Mind focus when you do: a `disabled` button that has focus drops it to `<body>`, where it
   * stays after the send fails and after a retry. Mark the button `aria-disabled="true"` instead
   * (it stays focused; a press changes nothing, as above), or move focus yourself, as the card
   * does: to its heading (`tabIndex={-1}`) while the send is on its way, to Try again when it
   * fails (to the error notice while `retryAt` holds, then back to Try again), and to the receipt
   * when the round closes.
   */
  accept: () => Promise<void>;
  /**
   * True when the form opened with what the person had typed before (a draft kept across a
   * reload or a remount). Secret fields are never kept: say so beside a form that has one, as
   * the card does ("What you typed before is back. … enter them again.").
   */
  restoredDraft: boolean;
  /**
   * A check that failed where focus already was: Enter in the field that needs fixing (or
   * `accept()` called while focus is on it). Nothing moves then, so a screen reader hears nothing:
   * say it in a polite live region, as the card does (`messages.checkFailedHere(label, error)`,
   * "Full name: This field is required."). A failed check that moves focus to the first invalid
   * field needs no more (the field's description says its error), and leaves this unset. It goes
   * once that field shows no error (fixed, or left valid), so nobody reading the form later meets
   * a stale error: render the words only while it is set.
   *
   * @example
   * ```tsx
   * const { form, formProps, failedCheck } = useRequestForm({ request, session });
   * <p className="visually-hidden" aria-live="polite">
   *   {failedCheck && (
   *     // A new node for each failed check: the same words, said again, are announced again.
   *     <span key={failedCheck.count}>
   *       {messages.checkFailedHere(failedCheck.field.title ?? failedCheck.field.name, failedCheck.error)}
   *     </span>
   *   )}
   * </p>
   * ```
   */
  failedCheck: FailedCheck | undefined;
  /**
   * True when some field holds what the person entered: a value other than its default (a draft
   * brought back and a re-ask's earlier answers included), or text a number or date input cannot
   * read; text of only spaces aside. Read when it matters (it subscribes to nothing): a Decline or
   * Cancel sends none of it, so the card asks first (`messages.refusalQuestion`, with Keep
   * editing), where that answer would send the round.
   *
   * @example
   * ```tsx
   * const { hasEnteredValues } = useRequestForm({ request, session });
   * const decline = () => {
   *   if (hasEnteredValues() && !window.confirm(englishMessages.refusalQuestion('decline'))) return;
   *   // A failed send shows in the session's snapshot (`sendError`): nothing to catch here.
   *   session.answer(request.key, { action: 'decline' })?.catch(() => {});
   * };
   * ```
   */
  hasEnteredValues: () => boolean;
}

/** A check that failed on the field that has focus: see {@link RequestForm.failedCheck}. */
export interface FailedCheck {
  /** The field that failed the check and has focus. */
  field: FieldSpec;
  /** Its error as it was when the check failed (worded by `formatError`); typing does not change it. */
  error: string;
  /** Counts the failed checks of the form: key the words by it, so a second failure is heard again. */
  count: number;
}

/**
 * Drives one form request. Inputs are uncontrolled, so typing re-renders nothing; defaults are
 * pre-filled, a stored draft is restored (secrets never are), errors appear after a field is
 * left or the form is submitted, and a failed submit moves focus to the first invalid field.
 * When focus is already there (Enter in that field), nothing moves and nothing is heard: say
 * {@link RequestForm.failedCheck} in a polite live region, as the card does.
 *
 * @example
 * ```tsx
 * function MyForm({ request, session }: { request: FormRequest; session: InputRequestSession }) {
 *   const { form, formProps } = useRequestForm({ request, session });
 *   return <form {...formProps}>{request.fields.map((field) => <MyField key={field.index} form={form} field={field} />)}</form>;
 * }
 * // Each form request of the round, keyed by round and request:
 * const { session, suspension } = useInputRequest(source);
 * suspension?.requests.map((request) =>
 *   request.kind === 'form' ? <MyForm key={`${suspension.id}/${request.key}`} request={request} session={session} /> : null,
 * );
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
  const requestWrong = requestOfKindProblem(request, 'form');
  if (requestWrong) {
    throw misuseError('useRequestForm', 'a form request', requestWrong);
  }
  if (typeof checker !== 'function') {
    throw misuseError(
      'useRequestForm',
      'a `checker` function (such as validateAnswer)',
      `it is ${describeValue(checker)}`,
    );
  }
  const { fields, requestedSchema, key } = request;
  // What the engine's callbacks read when they run: the latest props, without making the engine,
  // the form control or the fields' props anew on every render.
  const latest = useRef({ request, session, onAccept, checker, formatError });
  latest.current = { request, session, onAccept, checker, formatError };

  // One engine per form, made outside react-hook-form's useForm: useForm re-renders its
  // component once more right after mounting (its "ready" state), which a form whose fields
  // subscribe to their own errors has no use for. Values and errors live in the engine; typing
  // re-renders nothing.
  // A form is one request of one round. When a component stays mounted while the request it is
  // given changes (a newer round, another request, other fields), the engine is made anew: the
  // old one's values, a secret among them, must never fill in or answer the new questions.
  const identity = formIdentity(request, session);
  const [made, setMade] = useState(() => ({ identity, engine: makeEngine() }));
  let engine = made.engine;
  if (made.identity !== identity) {
    engine = makeEngine();
    // Set while rendering (React's way to follow a prop): the render starts again with it at once.
    setMade({ identity, engine });
  }
  const { form, errors, accept, restoredDraft, failedCheck, inputs } = engine;
  const failed = useSyncExternalStore(failedCheck.listen, failedCheck.get, failedCheck.get);

  function makeEngine() {
    // Read once per form: the draft seeds the values, later writes must not reset them.
    const initial = rawValuesByName(fields, initialRawValues(fields));
    const draft = session?.readDraft(key);
    const restoredDraft = draft !== undefined && Object.keys(draft).length > 0;
    const defaultValues = rawValuesByKey(fields, restoreDraft(fields, initial, draft));
    const errors = createFieldErrorStore();
    const inputs = new Map<string, HTMLInputElement>();
    // The content the last check passed: handleSubmit calls `accept` right after that check, in
    // the same run of microtasks, so it sends exactly what was checked without building it again.
    let checkedContent: ElicitContent | undefined;
    const form = createFormControl<RawFormValues, unknown, ElicitContent>({
      defaultValues,
      mode: 'onTouched',
      shouldFocusError: true,
      resolver: async (values) => {
        const { request, checker, formatError } = latest.current;
        const content = buildAcceptContent(request.fields, values);
        const check = checker(request.requestedSchema, content);
        // Text the browser could not read, a date-time the clocks skipped, or a whole number JSON
        // would change, is refused with its own reason, before the checker's (which would call
        // the field unanswered, or say nothing of an optional one).
        const problems = [
          ...unreadableErrors(request.fields, inputs),
          ...conversionErrors(request.fields, values),
          ...check.errors,
        ];
        checkedContent = problems.length === 0 ? content : undefined;
        if (problems.length === 0) return { values: content, errors: {} };
        const byName = new Map(request.fields.map((field) => [field.name, field]));
        const found: FieldErrors<RawFormValues> = {};
        for (const error of problems) {
          const field = byName.get(error.field);
          if (!field || found[fieldKey(field)]) continue;
          found[fieldKey(field)] = { type: error.keyword, message: formatError(error, field) };
        }
        return { values: {}, errors: found };
      },
    });
    // The content is rebuilt from the raw values rather than taken from handleSubmit: the form
    // library copies objects with plain assignment, which would turn a property named
    // `__proto__` into a prototype instead of a key.
    const accept = form.handleSubmit(() => {
      const { request, session, onAccept } = latest.current;
      const content = checkedContent ?? buildAcceptContent(request.fields, form.getValues());
      // Checked by the resolver just now: the session need not check it again.
      if (content === checkedContent) markChecked(content);
      checkedContent = undefined;
      if (onAccept) onAccept(content);
      else void session?.answer(request.key, { action: 'accept', content })?.catch(() => {});
    });
    // What was typed, read when the session needs it (after a pause, or when the round is
    // replaced), not on every keystroke.
    const typed = () => rawValuesByName(latest.current.request.fields, form.getValues());
    const changed = () => {
      const { session, request } = latest.current;
      session?.writeDraft(request.key, typed);
    };
    // The failed check of the field that kept focus, and its end: once that field shows no error,
    // the words go for good (a later error of the field is its own to say, when it is left).
    let failed: FailedCheck | undefined;
    let count = 0;
    let stopWatching: (() => void) | undefined;
    const failedListeners = new Set<() => void>();
    const setFailed = (next: FailedCheck | undefined) => {
      failed = next;
      for (const listener of failedListeners) listener();
    };
    const failedCheck = {
      get: () => failed,
      listen(listener: () => void) {
        failedListeners.add(listener);
        return () => {
          failedListeners.delete(listener);
        };
      },
    };
    const noteFailedCheck = (focusedBefore: Element | null) => {
      if (
        !(focusedBefore instanceof HTMLElement) ||
        focusedBefore.ownerDocument.activeElement !== focusedBefore
      )
        return;
      const key = focusedBefore.getAttribute('name') ?? '';
      const field = latest.current.request.fields.find((each) => fieldKey(each) === key);
      const error = field && form.getFieldState(key).error;
      if (!field || !error) return;
      stopWatching?.();
      const stop = errors.listen(key, () => {
        if (errors.get(key) !== undefined) return;
        stop();
        if (stopWatching === stop) stopWatching = undefined;
        setFailed(undefined);
      });
      stopWatching = stop;
      // Worded once, as the check failed: what is said does not follow the person's typing.
      setFailed({ field, error: typeof error.message === 'string' ? error.message : '', count: ++count });
    };
    // A submit (or accept()) that fails where focus is says so; the focus it moved says it otherwise.
    const submit = (event?: BaseSyntheticEvent) => {
      const focusedBefore = globalThis.document?.activeElement ?? null;
      return accept(event).then(() => noteFailedCheck(focusedBefore));
    };
    return { form, errors, accept: submit, changed, restoredDraft, failedCheck, noteFailedCheck, inputs };
  }

  // The fields' errors, from one subscription for the whole form (subscribing also tells the
  // engine it is mounted). An error that appears while a pointer is pressed (a field left by
  // pressing Accept or a checkbox below it) waits for the click: shown at once, its line would
  // push the pressed control away before the button is let go, and the click would be lost.
  useEffect(() => {
    const press = afterPress((next: FieldErrors<RawFormValues>) => errors.update(next));
    const stop = unsubscriber(
      form.subscribe({
        formState: { errors: true },
        callback: (state) => press.show(state.errors ?? {}),
      }),
    );
    return () => {
      stop();
      press.stop();
    };
  }, [form, errors]);

  // A checker that compiles (ajv, from `input-request-cards/ajv`) does so in idle time after
  // mount, never on the mount path; the default checker has nothing to prepare.
  useEffect(() => {
    const prepare = checker.prepare;
    if (!prepare) return;
    return whenIdle(() => prepare(requestedSchema), { timeout: 2000, otherwiseAfter: 50 });
  }, [checker, requestedSchema]);

  // The handle keeps its identity through a failed check: the fields it is passed to stay as they are.
  const control = useMemo(
    () => ({ ...engine, request }) satisfies FormEngine as unknown as RequestFormControl,
    [engine, request],
  );
  return useMemo(
    () => ({
      form: control,
      formProps: { onSubmit: (event?: BaseSyntheticEvent) => void accept(event), noValidate: true },
      accept: () => accept(),
      restoredDraft,
      failedCheck: failed,
      // Text a number or date input cannot read ("12e") leaves its value empty, yet was typed.
      hasEnteredValues: () =>
        hasEnteredValues(request.fields, form.getValues()) ||
        unreadableErrors(request.fields, inputs).length > 0,
    }),
    [control, accept, restoredDraft, failed, request, form, inputs],
  );
}

/**
 * `badInput` for each field whose input holds text the browser cannot read as its kind (the
 * input's value is then empty): the person sees what they typed, so it is refused, not dropped.
 */
function unreadableErrors(fields: readonly FieldSpec[], inputs: Map<string, HTMLInputElement>): FieldError[] {
  const errors: FieldError[] = [];
  if (inputs.size === 0) return errors;
  for (const field of fields) {
    if (inputs.get(fieldKey(field))?.validity?.badInput) {
      errors.push({ field: field.name, keyword: 'badInput', params: {} });
    }
  }
  return errors;
}

/**
 * Shows each value through `show` at once, or, while a pointer is pressed on the page, once the
 * click that ends the press has been dispatched (its target is fixed by then), or shortly after a
 * press that ends without one. A later value replaces one still waiting.
 */
function afterPress<T>(show: (value: T) => void): { show(value: T): void; stop(): void } {
  let pressed = false;
  let waiting: { value: T } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    const held = waiting;
    waiting = undefined;
    if (held) show(held.value);
  };
  const down = () => {
    pressed = true;
  };
  const up = () => {
    pressed = false;
    if (waiting) timer = setTimeout(flush, 50);
  };
  // A key pressed means the pointer no longer drives (a press let go outside the page may never
  // report its end): what waits shows now.
  const key = () => {
    pressed = false;
    flush();
  };
  const listeners = [
    ['pointerdown', down],
    ['pointerup', up],
    ['pointercancel', up],
    ['keydown', key],
    // A click's target is fixed before it is dispatched: the error may show from then on.
    ['click', flush],
  ] as const;
  const page = typeof document === 'undefined' ? undefined : document;
  for (const [type, listener] of listeners) page?.addEventListener(type, listener, true);
  return {
    show(value) {
      if (pressed) {
        waiting = { value };
        return;
      }
      waiting = undefined;
      clearTimeout(timer);
      show(value);
    },
    stop() {
      clearTimeout(timer);
      for (const [type, listener] of listeners) page?.removeEventListener(type, listener, true);
    },
  };
}

/**
 * What makes a form the same form: its round (when a session is given), its request key, and its
 * fields' names and kinds. Content, not object identity, so a host that parses the same round
 * again on every render keeps what was typed.
 */
function formIdentity(request: FormRequest, session: InputRequestSession | undefined): string {
  const round = session?.getSnapshot().round?.id ?? '';
  const fields = request.fields.map((field) => `${field.name}\u0001${field.kind}`).join('\u0002');
  return `${round}\u0000${request.key}\u0000${fields}`;
}

/**
 * The stop function of a subscription: react-hook-form returns a function from `subscribe` (and
 * `{ unsubscribe }` from `watch` and from `subscribe` in 7.55 and 7.56).
 */
function unsubscriber(subscription: (() => void) | { unsubscribe: () => void }): () => void {
  return typeof subscription === 'function' ? subscription : () => subscription.unsubscribe();
}
