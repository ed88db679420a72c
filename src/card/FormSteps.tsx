'use client';
import {
  type BaseSyntheticEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { fieldKey } from '../core/answer.js';
import { formAnswers } from '../core/form-answers.js';
import type { FormRequest } from '../core/model.js';
import { shownName } from '../core/shown-text.js';
import { formEngine, type RequestFormControl } from '../hooks/useRequestForm.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { fieldLabel, serverText, shownAnswer, useServerText } from './serverText.js';

/** How a form request lays out its fields: all at once, or one at a time. */
export type FormLayout = 'form' | 'steps';

/** Options of {@link useFormSteps}. */
export interface FormStepsOptions {
  form: RequestFormControl;
  request: FormRequest;
  /** Off: every call is inert and the form shows whole (the default layout, an expired round). */
  enabled: boolean;
  /** The step to open on when none is remembered: the first field asked again (a re-ask), else 0. */
  first: number;
  /**
   * The step this round's form was left on (a copy mounted again, a reload), as the round's
   * session remembers it; read until the person moves, and only as the page shows it (see below).
   */
  remembered: () => number | undefined;
  /** Called with each step the person moves to: the round's session keeps it for the next mount. */
  onMove?: (step: number) => void;
  /** Validates and accepts the whole form: the same path as the default layout's submit. */
  accept: (event?: BaseSyntheticEvent) => void;
  /** Called after Next found the field on screen invalid, with what had focus before the check. */
  onCheckFailed?: (focusedBefore: Element | null) => void;
}

/** What {@link useFormSteps} gives the form section. */
export interface FormSteps {
  /** The step on screen: a field's position, or the field count for the review. */
  step: number;
  /** True on the review step, where Accept sends. */
  review: boolean;
  /** The `<form>`'s submit (Next, Enter, or Accept on the review). */
  onSubmit: (event: BaseSyntheticEvent) => void;
  back: () => void;
  /**
   * Opens one field's step from the review (Change): its Next goes back to the review, not on
   * through every later step again.
   */
  edit: (step: number) => void;
  /** Enter in a choice advances as it does in a text field. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** On the `<form>`: focus moves to the new step inside it. */
  containerRef: RefObject<HTMLFormElement | null>;
}

/**
 * One field at a time: Next checks the field on screen (its error shows, focus stays) before
 * moving on; after the last field a review lists every answer, and Accept there sends through the
 * same validation and payload as the whole form. Focus follows each move the person makes, never
 * on mount.
 */
export function useFormSteps({
  form,
  request,
  enabled,
  first,
  remembered,
  onMove,
  accept,
  onCheckFailed,
}: FormStepsOptions): FormSteps {
  const count = request.fields.length;
  // The step the person moved to; until then, where the form was left, else `first`. A server
  // render knows nothing of what this tab remembers: hydration renders `first`, as the server did,
  // and the remembered step right after (no mismatch that throws the server's HTML away).
  const [chosen, setChosen] = useState<number>();
  const left = useSyncExternalStore(
    nothingToWatch,
    () => (enabled && chosen === undefined ? remembered() : undefined),
    () => undefined,
  );
  const step = Math.min(Math.max(0, chosen ?? left ?? first), count);
  const containerRef = useRef<HTMLFormElement>(null);
  // Set by a move the person made; the effect below moves focus once, then clears it.
  const moved = useRef(false);
  // A field opened from the review (to change it, or as the one that failed there): Next goes
  // back to the review. Back walks the steps again, one by one.
  const fromReview = useRef(false);

  const goTo = useCallback(
    (next: number) => {
      moved.current = true;
      const step = Math.min(Math.max(0, next), count);
      if (step === count) fromReview.current = false;
      setChosen(step);
      onMove?.(step);
    },
    [count, onMove],
  );

  useEffect(() => {
    if (!enabled || !moved.current) return;
    moved.current = false;
    const container = containerRef.current;
    const shown = container?.querySelector<HTMLElement>(`[data-step="${step}"]`);
    if (!shown) return;
    const target =
      shown.querySelector<HTMLElement>('[data-part="review-heading"]') ??
      shown.querySelector<HTMLElement>('input[type="radio"]:checked') ??
      shown.querySelector<HTMLElement>('input, select, textarea, button');
    target?.focus();
  }, [step, enabled]);

  const next = useCallback(async () => {
    const field = request.fields[step];
    if (!field) return;
    const focusedBefore = document.activeElement;
    const valid = await formEngine(form).form.trigger(fieldKey(field), { shouldFocus: true });
    if (valid) goTo(fromReview.current ? count : step + 1);
    else onCheckFailed?.(focusedBefore);
  }, [form, request, step, count, goTo, onCheckFailed]);

  const review = step >= count;
  const onSubmit = useCallback(
    (event: BaseSyntheticEvent) => {
      event.preventDefault();
      if (!review) {
        void next();
        return;
      }
      void (async () => {
        // Every field was checked on its way here; the whole form is checked once more, and a
        // field that fails opens its step (its error shows there) instead of failing unseen.
        const engine = formEngine(form).form;
        if (!(await engine.trigger())) {
          const failing = request.fields.findIndex((field) => engine.getFieldState(fieldKey(field)).invalid);
          fromReview.current = failing !== -1;
          goTo(failing === -1 ? 0 : failing);
          return;
        }
        accept();
      })();
    },
    [review, next, form, request, goTo, accept],
  );

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    const target = event.target;
    if (
      event.key === 'Enter' &&
      !event.nativeEvent.isComposing &&
      target instanceof HTMLInputElement &&
      (target.type === 'checkbox' || target.type === 'radio')
    ) {
      event.preventDefault();
      target.form?.requestSubmit();
    }
  }, []);

  return {
    step,
    review,
    onSubmit,
    back: () => {
      fromReview.current = false;
      goTo(step - 1);
    },
    edit: (position: number) => {
      fromReview.current = true;
      goTo(position);
    },
    onKeyDown,
    containerRef,
  };
}

/** The remembered step changes only by this form's own moves: nothing to subscribe to. */
const nothingToWatch = () => () => {};

/** Props of {@link FormStep}. */
export interface FormStepProps {
  /** The field's position (0-based) and the number of fields. */
  position: number;
  total: number;
  /** Only the step on screen is shown; the others stay mounted, so their values stay in the form. */
  shown: boolean;
  idPrefix: string;
  messages: InputRequestMessages;
  children: ReactNode;
}

/**
 * One field of the step-by-step layout: a group named "Step k of N", so a screen reader says
 * where the person is when focus enters it.
 *
 * @selector [data-part="step"] one step; [data-part="step-count"] its "k of N"
 */
export function FormStep({ position, total, shown, idPrefix, messages, children }: FormStepProps) {
  const countId = `${idPrefix}-step${position}`;
  return (
    <fieldset data-part="step" data-step={position} hidden={!shown}>
      <legend id={countId} data-part="step-count">
        {messages.step(position + 1, total)}
      </legend>
      {children}
    </fieldset>
  );
}

/** Props of {@link FormReview}. */
export interface FormReviewProps {
  form: RequestFormControl;
  request: FormRequest;
  shown: boolean;
  idPrefix: string;
  messages: InputRequestMessages;
  /** Opens a field's step to change its answer. */
  onEdit: (position: number) => void;
  /** True while nothing may change (the round is being sent). */
  locked: boolean;
}

/**
 * The last step: every answer as it would be sent (option titles, secrets hidden, left-out fields
 * said so, long text read back as in the receipt), each with Change. Rendered only while shown,
 * so it always reads the latest values.
 *
 * @selector [data-part="review"]
 */
export function FormReview({ form, request, shown, idPrefix, messages, onEdit, locked }: FormReviewProps) {
  const text = useServerText();
  const headingId = `${idPrefix}-review`;
  const total = request.fields.length;
  if (!shown) return null;
  const answers = formAnswers(request.fields, formEngine(form).form.getValues());
  return (
    <fieldset data-part="review" data-step={total}>
      <legend id={headingId} data-part="review-heading" tabIndex={-1}>
        {messages.reviewHeading}
      </legend>
      <dl data-part="review-answers">
        {answers.map(({ field, value }, position) => {
          const label = shownName(fieldLabel(field, messages));
          return (
            <div key={field.index} data-part="review-answer">
              <dt {...text}>{label}</dt>
              <dd>
                {/* As in the receipt: option titles are the server's words, in its language; typed
                    text takes its direction from itself; yes/no, numbers and dates are the reader's. */}
                <span {...(value?.kind === 'options' ? text : value?.kind === 'text' ? serverText : {})}>
                  {value === undefined
                    ? messages.notAnswered
                    : shownAnswer(value, messages.receiptValue(value), messages)}
                </span>{' '}
                <button
                  type="button"
                  data-action="edit-answer"
                  aria-label={messages.editAnswer(label)}
                  disabled={locked}
                  onClick={() => onEdit(position)}
                >
                  {messages.edit}
                </button>
              </dd>
            </div>
          );
        })}
      </dl>
    </fieldset>
  );
}
