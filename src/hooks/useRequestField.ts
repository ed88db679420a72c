'use client';
import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type SyntheticEvent,
  useCallback,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { RefCallBack, UseFormRegisterReturn } from 'react-hook-form';
import { fieldKey } from '../core/answer.js';
import { describeValue } from '../core/json.js';
import type { FieldOption, FieldSpec } from '../core/model.js';
import { mergeProps } from './mergeProps.js';
import { type FormEngine, formEngine, type RequestFormControl } from './useRequestForm.js';

/** How many options a single-select may have and still be shown as radio buttons. */
export const RADIO_GROUP_MAX_OPTIONS = 4;

/** The control a field is shown with. */
export type FieldControl = 'input' | 'checkbox' | 'select' | 'radio-group' | 'checkbox-group';

/** Picks the control for a field: few options become radio buttons, many a drop-down. */
export function fieldControl(field: FieldSpec): FieldControl {
  switch (field.kind) {
    case 'boolean':
      return 'checkbox';
    case 'multi-select':
      return 'checkbox-group';
    case 'single-select':
      return field.options.length <= RADIO_GROUP_MAX_OPTIONS ? 'radio-group' : 'select';
    default:
      return 'input';
  }
}

type RegisteredInputProps = UseFormRegisterReturn &
  Omit<InputHTMLAttributes<HTMLInputElement>, keyof UseFormRegisterReturn>;

/** The prop bags of one field: spread them on your own elements to skip our markup entirely. */
export interface RequestFieldProps {
  field: FieldSpec;
  control: FieldControl;
  /** Whether the field shows an error (after blur or submit). */
  invalid: boolean;
  /**
   * Whether the person must fill the field in (show a required mark): `required` in the schema,
   * except on a checkbox — JSON Schema's `required` on a boolean is met by `false`, so leaving the
   * box unticked is a valid answer ("no"), never a missing one — and except when read-only.
   */
  mustFill: boolean;
  /** The message to show, when invalid. */
  errorMessage?: string;
  /** For a `<label>` (single controls) or a `<legend>` (groups). */
  labelProps: { id: string; htmlFor?: string };
  /** For the help text element; render it only when `field.description` is set. */
  descriptionProps: { id: string };
  /** For the error text element; render it only when `invalid`. */
  errorProps: { id: string };
  /**
   * Whether the field is masked: `field.secret` on a one-line text or number field. Its input is
   * `type="password"` until the person shows it, and never autocompleted or spell-checked.
   */
  secret: boolean;
  /** Whether a secret field currently shows its value as plain text. */
  secretShown: boolean;
  /** For the warning next to a secret field; render it only when `secret`. It is part of the input's description. */
  secretWarningProps: { id: string };
  /**
   * For the show/hide `<button>` of a secret field: `aria-controls` pointing at the input. Give it
   * a name that says what a press does and which field it reveals ("Show PIN", then "Hide PIN",
   * from `secretShown`); no `aria-pressed`, which beside such a name would contradict it.
   */
  secretToggleProps: Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'aria-controls'>;
  /**
   * For the `<fieldset>` of a radio or checkbox group: its name, its help text, and, on a radio
   * group, required, invalid and read-only. The error describes each option (see
   * `getOptionProps`), where focus lands, not the group too: it would be said twice.
   */
  groupProps: {
    role?: 'radiogroup';
    'aria-labelledby': string;
    'aria-describedby'?: string;
    'aria-invalid'?: true;
    'aria-required'?: true;
    'aria-readonly'?: true;
  };
  /** For the one `<input>` of text, email, url, date, date-time, number, integer and boolean fields. */
  inputProps: RegisteredInputProps;
  /**
   * The same as `inputProps`, merged with your own props: your handlers run after ours (a
   * consumer's `onBlur` never replaces the one that shows errors), `aria-describedby` ids and
   * refs are joined.
   */
  getInputProps: <P extends Record<string, unknown>>(props?: P) => RegisteredInputProps & P;
  /** For the `<select>` of a long single-select. */
  selectProps: RegisteredSelectProps;
  /** The same as `selectProps`, merged with your own props (see `getInputProps`). */
  getSelectProps: <P extends Record<string, unknown>>(props?: P) => RegisteredSelectProps & P;
  /**
   * For each `<input type="radio|checkbox">` of a group, with its label's `htmlFor`; merged with
   * your own props. `aria-describedby` names the option's own description first (when the option
   * has one: render it with `getOptionDescriptionProps`), then the field's error while it shows one.
   */
  getOptionProps: <P extends Record<string, unknown>>(
    option: FieldOption,
    position: number,
    props?: P,
  ) => RegisteredInputProps & { id: string } & P;
  /**
   * For the element holding an option's `description` (render it only when `option.description`
   * is set): the id its option's control is described by, so the description belongs to that
   * option only, never to the whole group.
   *
   * @example
   * ```tsx
   * <input {...getOptionProps(option, i)} />
   * <label htmlFor={getOptionProps(option, i).id}>{option.label}</label>
   * {option.description && <small {...getOptionDescriptionProps(option, i)}>{option.description}</small>}
   * ```
   */
  getOptionDescriptionProps: (option: FieldOption, position: number) => { id: string };
}

type RegisteredSelectProps = UseFormRegisterReturn &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof UseFormRegisterReturn>;

/** Options of {@link useRequestField}. */
export interface UseRequestFieldOptions {
  /**
   * The form the field belongs to: the `form` that `useRequestForm` returns (not the whole object
   * it returns). Anything else throws an error that says so.
   */
  form: RequestFormControl;
  field: FieldSpec;
  /** A prefix unique on the page (e.g. from `useId`), so ids never collide between cards. */
  idPrefix: string;
  /**
   * The field cannot change (its round closed and is shown to read only): it shows no error,
   * since there is nothing left to fix, also when leaving it runs the form's check; and its
   * props keep the value readable, selectable and copyable but unchanged (never `disabled`,
   * which would hide it from the tab order and from copying): text inputs get `readOnly`; a
   * checkbox, the checkboxes of a group and a radio group get `aria-readonly` and do not toggle
   * when clicked; a drop-down gets `aria-readonly` and puts back any choice made.
   */
  readOnly?: boolean;
}

const INPUT_TYPES: Record<string, string> = {
  text: 'text',
  email: 'email',
  url: 'url',
  date: 'date',
  'date-time': 'datetime-local',
  number: 'number',
  integer: 'number',
};

/**
 * Wires one field to its form: registration, ids, `aria-describedby` (help text first, then
 * the error, then a secret's warning), `aria-invalid` and `aria-required`. It subscribes to this field's error only, so
 * an error appearing elsewhere (or a submit that leaves this field's error as it was) does not
 * re-render it, and its props keep their identity between renders that change nothing for them.
 *
 * @example
 * ```tsx
 * const { labelProps, inputProps, descriptionProps, errorProps, invalid, errorMessage } =
 *   useRequestField({ form, field, idPrefix });
 * return (
 *   <div>
 *     <MyLabel {...labelProps}>{field.title ?? field.name}</MyLabel>
 *     <MyInput {...inputProps} />
 *     {field.description && <MyHint {...descriptionProps}>{field.description}</MyHint>}
 *     {invalid && <MyError {...errorProps}>{errorMessage}</MyError>}
 *   </div>
 * );
 * ```
 */
export function useRequestField({
  form: formControl,
  field,
  idPrefix,
  readOnly = false,
}: UseRequestFieldOptions): RequestFieldProps {
  const { form, errors, changed, inputs } = checkedEngine(formControl);
  const name = fieldKey(field);
  const listen = useCallback((listener: () => void) => errors.listen(name, listener), [errors, name]);
  const read = () => errors.get(name);
  const stored = useSyncExternalStore(listen, read, read);
  const error = readOnly ? undefined : stored;
  const [secretShown, setSecretShown] = useState(false);
  // Registered once per field: the same handlers and the same ref callback on every render, so
  // React never detaches and re-attaches the input.
  // Its change handler mirrors what is typed into the session's draft store (after a pause,
  // without secrets) and into its memory of what was typed (a re-ask or Start again carries it).
  const control = fieldControl(field);
  const readsText = READS_TEXT.has(field.kind);
  const registration = useMemo(() => {
    const registered = withFreshElement(
      form.register(name, { onChange: changed }),
      form,
      () => form.getValues(name),
      readsText ? inputs : undefined,
    );
    const group = control === 'radio-group' || control === 'checkbox-group';
    return group
      ? {
          ...registered,
          optionRef: groupRegistration(registered, control === 'checkbox-group', () => form.getValues(name)),
        }
      : registered;
  }, [form, name, changed, control, readsText, inputs]);
  return useMemo(
    () =>
      fieldProps(field, idPrefix, name, registration, error, secretShown, setSecretShown, {
        readOnly,
        current: () => form.getValues(name),
      }),
    [field, idPrefix, name, registration, error, secretShown, readOnly, form],
  );
}

/** The engine behind `form`, or an error that says what to pass instead. */
function checkedEngine(form: RequestFormControl): FormEngine {
  const engine = formEngine(form) as FormEngine | undefined;
  if (typeof engine?.errors?.get !== 'function') {
    throw new TypeError(
      `input-request-cards: useRequestField needs the \`form\` useRequestForm returns (const { form } = useRequestForm(…)), but it is ${describeValue(form)}.`,
    );
  }
  return engine;
}

/**
 * The form engine a control was last registered with (see {@link withFreshElement}), kept on the
 * control itself, so it lives exactly as long as the control. A module-level WeakMap keyed by the
 * controls held a table V8 sizes for every control not yet collected and never shrinks: it grew
 * in steps to 256 KiB, empty, over 3,000 mounts of a 100-field card (the bench's heap measure).
 */
const REGISTERED_WITH = Symbol('input-request-cards.registeredWith');
type RegisteredControl = Element & { [REGISTERED_WITH]?: object };

/**
 * A registration whose ref first sets a control that another form had (a component kept mounted
 * into a newer round) to this form's value. The form engine takes a control's value as typed by
 * the person when it differs from its default (so text typed before hydration survives), which
 * would carry the old round's text, a secret among it, into the new questions. A control seen
 * for the first time is left as it is. With `inputs`, the input is kept there while it is on
 * screen, for the check to ask whether it holds text it cannot read.
 */
function withFreshElement(
  registered: UseFormRegisterReturn,
  form: object,
  current: () => unknown,
  inputs: Map<string, HTMLInputElement> | undefined,
): UseFormRegisterReturn {
  const ref: RefCallBack = (element: unknown) => {
    if (inputs) {
      if (element instanceof HTMLInputElement) inputs.set(registered.name, element);
      else if (element === null) inputs.delete(registered.name);
    }
    if (element instanceof Element) {
      const control = element as RegisteredControl;
      const before = control[REGISTERED_WITH];
      control[REGISTERED_WITH] = form;
      if (before !== undefined && before !== form) showValue(element, current());
    }
    registered.ref(element);
  };
  return { ...registered, ref };
}

/** Puts `value` into a control, as its form holds it. */
function showValue(element: Element, value: unknown): void {
  if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
    element.checked = element.type === 'checkbox' ? value === true : element.value === value;
  } else if (element instanceof HTMLSelectElement && element.multiple) {
    for (const option of element.options)
      option.selected = Array.isArray(value) && value.includes(option.value);
  } else if (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  ) {
    element.value = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
}

/** A field's registration; a group's options each get their own ref callback from `optionRef`. */
type FieldRegistration = UseFormRegisterReturn & { optionRef?: (position: number) => RefCallBack };

/**
 * A radio or checkbox group, registered with the form engine as one control. Registering every
 * option instead (react-hook-form's way) costs each option a walk over all the options before
 * it, to find itself, to read the group's value and to check the boxes: quadratic, about 420 ms
 * to mount a 1,000-option multi-select. Here the engine holds one stand-in element for the group:
 * its `value` is read from the options' `checked` state and written to it in one pass, and
 * `focus` goes to the chosen option (or the first). An option that mounts (again, as on a return
 * to its step) is checked as the form's value says. The options keep the engine's handlers.
 *
 * Returns the ref callback of the option at each position, the same function on every call.
 */
function groupRegistration(
  registered: UseFormRegisterReturn,
  multiple: boolean,
  current: () => unknown,
): (position: number) => RefCallBack {
  // By position, so they are read in their order on screen (a multi-select's values are sent so).
  const inputs: (HTMLInputElement | undefined)[] = [];
  const refs: RefCallBack[] = [];
  let mounted = 0;
  const options = () => inputs.filter((input) => input !== undefined);
  const chosen = (input: HTMLInputElement, value: unknown) =>
    multiple ? Array.isArray(value) && value.includes(input.value) : input.value === value;
  const group = {
    name: registered.name,
    // Neither `radio` nor `checkbox`: the engine must not take it for one option of a group.
    type: multiple ? 'checkbox-group' : 'radio-group',
    get value() {
      const checked = options()
        .filter((input) => input.checked)
        .map((input) => input.value);
      return multiple ? checked : (checked[0] ?? null);
    },
    set value(next: unknown) {
      for (const input of options()) input.checked = chosen(input, next);
    },
    focus() {
      const all = options();
      (all.find((input) => input.checked) ?? all[0])?.focus();
    },
  };
  return (position) =>
    (refs[position] ??= (input: HTMLInputElement | null) => {
      inputs[position] = input ?? undefined;
      if (input) {
        input.checked = chosen(input, current());
        if (++mounted === 1) registered.ref(group);
      } else if (--mounted === 0) registered.ref(null);
    });
}

function fieldProps(
  field: FieldSpec,
  idPrefix: string,
  name: string,
  registration: FieldRegistration,
  error: string | undefined,
  secretShown: boolean,
  setSecretShown: (update: (shown: boolean) => boolean) => void,
  { readOnly, current }: { readOnly: boolean; current: () => unknown },
): RequestFieldProps {
  const invalid = error !== undefined;
  const errorMessage = error === '' ? undefined : error;
  const { optionRef, ...registered } = registration;

  const baseId = `${idPrefix}-${name}`;
  const inputId = `${baseId}-input`;
  const labelId = `${baseId}-label`;
  const descriptionId = `${baseId}-description`;
  const errorId = `${baseId}-error`;
  const secretWarningId = `${baseId}-secret-warning`;
  const control = fieldControl(field);
  const secret = isMasked(field);
  const describedBy =
    [
      field.description ? descriptionId : undefined,
      // The error before the secret's long warning: what to fix is heard first.
      invalid ? errorId : undefined,
      secret ? secretWarningId : undefined,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  // A field shown to read only (the round closed) asks for nothing: not said, not marked.
  const required = field.required && !readOnly;
  const aria = {
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': true as const } : {}),
  };

  const inputProps: RegisteredInputProps = {
    ...registered,
    id: inputId,
    ...aria,
    ...(required && control === 'input' ? { 'aria-required': true } : {}),
    ...inputAttributes(field),
    ...(readOnly
      ? field.kind === 'boolean'
        ? { ...keepChoice, 'aria-readonly': true }
        : { readOnly: true }
      : {}),
    ...(secret
      ? {
          type: secretShown ? 'text' : 'password',
          // Number bounds mean nothing on a text input; validation still checks them.
          min: undefined,
          max: undefined,
          step: undefined,
          // Masked or not, a secret is never offered for autofill, corrected, or sent to a spell-checking service.
          autoComplete: 'off',
          autoCapitalize: 'off',
          autoCorrect: 'off',
          spellCheck: false,
        }
      : {}),
  };

  const selectProps: RegisteredSelectProps = {
    ...registered,
    id: inputId,
    ...aria,
    ...(required ? { 'aria-required': true } : {}),
    ...(readOnly
      ? {
          'aria-readonly': true,
          // A <select> has no read-only state: a change is put back and never reaches the form.
          onChange: (event: { target: unknown }) => {
            if (event.target instanceof HTMLSelectElement) event.target.value = String(current() ?? '');
            return Promise.resolve();
          },
        }
      : {}),
  };
  // A cancelled click on a radio must also re-check the one that was chosen (jsdom, unlike
  // browsers, leaves the group with nothing checked): the form's value says which. The group is
  // the radios of this name in the same form, wherever the host put them.
  const keepRadio = {
    ...keepChoice,
    onClick: (event: SyntheticEvent<HTMLInputElement>) => {
      event.preventDefault();
      const clicked = event.currentTarget;
      const scope: ParentNode = clicked.form ?? (clicked.getRootNode() as ParentNode);
      for (const radio of scope.querySelectorAll<HTMLInputElement>('input[type="radio"]')) {
        if (radio.name === clicked.name && radio.form === clicked.form)
          radio.checked = radio.value === current();
      }
    },
  };
  // ARIA has read-only on a radio group and on a checkbox, not on a single radio.
  const readOnlyOption = readOnly
    ? control === 'checkbox-group'
      ? { ...keepChoice, 'aria-readonly': true as const }
      : keepRadio
    : {};
  const optionDescriptionId = (position: number) => `${baseId}-option${position}-description`;
  const describedOption = (own: string | undefined) => {
    const ids = [own, invalid ? errorId : undefined].filter(Boolean).join(' ');
    return ids ? { 'aria-describedby': ids } : {};
  };
  const optionProps = (option: FieldOption, position: number): RegisteredInputProps & { id: string } => ({
    ...registered,
    // Moving from one option to the next is not leaving the group: only a blur out of it counts
    // (the field's error would otherwise show while the person is still choosing).
    onBlur: (event: { target: unknown; type?: unknown; relatedTarget?: unknown }) => {
      const next = event.relatedTarget;
      const left = event.target;
      if (
        next instanceof HTMLInputElement &&
        left instanceof HTMLInputElement &&
        next.name === left.name &&
        next.form === left.form
      )
        return Promise.resolve();
      return registered.onBlur(event);
    },
    ...(optionRef ? { ref: optionRef(position) } : {}),
    id: `${baseId}-option${position}`,
    type: control === 'radio-group' ? 'radio' : 'checkbox',
    value: option.value,
    // Its own description first (help text first), then why it is invalid, not only that it is:
    // focus lands on an option, and a screen reader there may never read the group's description.
    ...describedOption(option.description ? optionDescriptionId(position) : undefined),
    // ARIA has invalid on a checkbox and on a radio group, not on a single radio.
    ...(invalid && control === 'checkbox-group' ? { 'aria-invalid': true as const } : {}),
    ...readOnlyOption,
  });

  return {
    field,
    control,
    mustFill: required && field.kind !== 'boolean',
    invalid,
    ...(errorMessage === undefined ? {} : { errorMessage }),
    labelProps:
      control === 'radio-group' || control === 'checkbox-group'
        ? { id: labelId }
        : { id: labelId, htmlFor: inputId },
    descriptionProps: { id: descriptionId },
    errorProps: { id: errorId },
    secret,
    secretShown: secret && secretShown,
    secretWarningProps: { id: secretWarningId },
    // Its name says what a press does ("Show PIN", "Hide PIN"), so no aria-pressed: a changing
    // name and a pressed state together read as "Hide PIN, pressed", which contradicts itself.
    secretToggleProps: {
      type: 'button',
      'aria-controls': inputId,
      onClick: () => setSecretShown((shown) => !shown),
    },
    groupProps: {
      // A radiogroup can say it is required; a plain group of checkboxes cannot (the legend does).
      ...(control === 'radio-group' ? { role: 'radiogroup' as const } : {}),
      'aria-labelledby': labelId,
      // The help text only: the error is each option's (above), and a screen reader that reads
      // the group's description as focus enters it would say the error twice.
      ...(field.description ? { 'aria-describedby': descriptionId } : {}),
      ...(invalid && control === 'radio-group' ? { 'aria-invalid': true as const } : {}),
      ...(required && control === 'radio-group' ? { 'aria-required': true as const } : {}),
      ...(readOnly && control === 'radio-group' ? { 'aria-readonly': true as const } : {}),
    },
    inputProps,
    getInputProps: (props) => mergeProps(inputProps, props),
    selectProps,
    getSelectProps: (props) => mergeProps(selectProps, props),
    getOptionProps: (option, position, props) => mergeProps(optionProps(option, position), props),
    getOptionDescriptionProps: (_option, position) => ({ id: optionDescriptionId(position) }),
  };
}

/**
 * A choice that cannot change: clicking (or Space, or an arrow key) does not toggle it, and the
 * change React still reports for the cancelled click never reaches the form: its value, its
 * draft and a kept answer stay as shown.
 */
const keepChoice = {
  onClick: (event: SyntheticEvent) => event.preventDefault(),
  onChange: () => Promise.resolve(),
};

/** The kinds whose input may hold text it cannot read as a value (see `FormEngine.inputs`). */
const READS_TEXT = new Set<FieldSpec['kind']>(['number', 'integer', 'date', 'date-time']);

/**
 * Masking applies to the one-line fields a password, key, PIN or card number could be typed
 * into; a secret flag on other kinds still keeps the value out of drafts and logs.
 */
function isMasked(field: FieldSpec): boolean {
  if (field.secret !== true) return false;
  return ['text', 'email', 'url', 'number', 'integer'].includes(field.kind);
}

function inputAttributes(
  field: FieldSpec,
): Omit<InputHTMLAttributes<HTMLInputElement>, keyof UseFormRegisterReturn> {
  switch (field.kind) {
    case 'boolean':
      return { type: 'checkbox' };
    case 'number':
    case 'integer':
      return {
        type: 'number',
        inputMode: field.kind === 'integer' ? 'numeric' : 'decimal',
        step: field.kind === 'integer' ? 1 : 'any',
        ...(field.minimum === undefined ? {} : { min: field.minimum }),
        ...(field.maximum === undefined ? {} : { max: field.maximum }),
      };
    case 'text':
    case 'email':
    case 'url':
    case 'date':
    case 'date-time':
      return {
        type: INPUT_TYPES[field.kind],
        ...(field.kind === 'email' ? { autoComplete: 'email' } : {}),
        ...(field.kind === 'url' ? { autoComplete: 'url' } : {}),
      };
    default:
      return {};
  }
}
