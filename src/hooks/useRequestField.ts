'use client';

import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  useState,
} from 'react';
import { type UseFormRegisterReturn, type UseFormReturn, useFormState } from 'react-hook-form';
import { fieldKey, type RawFormValues } from '../core/answer.js';
import type { ElicitContent, FieldOption, FieldSpec } from '../core/model.js';

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
   * For the show/hide `<button>` of a secret field: `aria-pressed` while the value shows and
   * `aria-controls` pointing at the input. Give it a name that says which field it reveals.
   */
  secretToggleProps: Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'aria-controls'> & {
    'aria-pressed': boolean;
  };
  /** For the `<fieldset>` of a radio or checkbox group. */
  groupProps: {
    role?: 'radiogroup';
    'aria-labelledby': string;
    'aria-describedby'?: string;
    'aria-required'?: true;
  };
  /** For the one `<input>` of text, email, url, date, date-time, number, integer and boolean fields. */
  inputProps: RegisteredInputProps;
  /** For the `<select>` of a long single-select. */
  selectProps: UseFormRegisterReturn &
    Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof UseFormRegisterReturn>;
  /** For each `<input type="radio|checkbox">` of a group, with its label's `htmlFor`. */
  getOptionProps: (option: FieldOption, position: number) => RegisteredInputProps & { id: string };
}

/** Options of {@link useRequestField}. */
export interface UseRequestFieldOptions {
  form: UseFormReturn<RawFormValues, unknown, ElicitContent>;
  field: FieldSpec;
  /** A prefix unique on the page (e.g. from `useId`), so ids never collide between cards. */
  idPrefix: string;
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
 * the error), `aria-invalid` and `aria-required`. It subscribes to this field's error only, so
 * an error appearing elsewhere does not re-render it.
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
export function useRequestField({ form, field, idPrefix }: UseRequestFieldOptions): RequestFieldProps {
  const name = fieldKey(field);
  const { errors } = useFormState({ control: form.control, name, exact: true });
  const error = errors[name];
  const invalid = error !== undefined;
  const errorMessage = typeof error?.message === 'string' ? error.message : undefined;

  const baseId = `${idPrefix}-${name}`;
  const inputId = `${baseId}-input`;
  const labelId = `${baseId}-label`;
  const descriptionId = `${baseId}-description`;
  const errorId = `${baseId}-error`;
  const secretWarningId = `${baseId}-secret-warning`;
  const control = fieldControl(field);
  const secret = isSecret(field);
  const [secretShown, setSecretShown] = useState(false);
  const describedBy =
    [
      field.description ? descriptionId : undefined,
      secret ? secretWarningId : undefined,
      invalid ? errorId : undefined,
    ]
      .filter(Boolean)
      .join(' ') || undefined;
  const registration = form.register(name);

  const aria = {
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': true as const } : {}),
  };

  const inputProps: RegisteredInputProps = {
    ...registration,
    id: inputId,
    ...aria,
    ...(field.required && control === 'input' ? { 'aria-required': true } : {}),
    ...inputAttributes(field),
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

  return {
    field,
    control,
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
    secretToggleProps: {
      type: 'button',
      'aria-pressed': secret && secretShown,
      'aria-controls': inputId,
      onClick: () => setSecretShown((shown) => !shown),
    },
    groupProps: {
      // A radiogroup can say it is required; a plain group of checkboxes cannot (the legend does).
      ...(control === 'radio-group' ? { role: 'radiogroup' as const } : {}),
      'aria-labelledby': labelId,
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(field.required && control === 'radio-group' ? { 'aria-required': true as const } : {}),
    },
    inputProps,
    selectProps: {
      ...registration,
      id: inputId,
      ...aria,
      ...(field.required ? { 'aria-required': true } : {}),
    },
    getOptionProps: (option, position) => ({
      ...registration,
      id: `${baseId}-option${position}`,
      type: control === 'radio-group' ? 'radio' : 'checkbox',
      value: option.value,
      ...(invalid ? { 'aria-invalid': true as const } : {}),
    }),
  };
}

/** Secret applies to the one-line fields a password, key or card number could be typed into. */
function isSecret(field: FieldSpec): boolean {
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
