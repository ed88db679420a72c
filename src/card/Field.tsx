'use client';
import { memo } from 'react';
import type { FieldSpec } from '../core/model.js';
import { useRequestField } from '../hooks/useRequestField.js';
import type { RequestFormControl } from '../hooks/useRequestForm.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { useServerLanguage, useServerText } from './serverText.js';

/** Props of {@link Field}. */
export interface FieldProps {
  /** The form the field belongs to; pass it on to `useRequestField`. */
  form: RequestFormControl;
  field: FieldSpec;
  /** A prefix unique on the page, for the field's ids. */
  idPrefix: string;
  messages: InputRequestMessages;
  /** The server asks this field again (a re-ask): it is marked, and the mark describes its control. */
  askedAgain?: boolean;
}

/**
 * One labelled control for one schema property, with its help text and error.
 *
 * @selector [data-part="field"] the field wrapper
 * @selector [data-kind] the field kind (`text`, `email`, `number`, `single-select`, …)
 * @selector [data-invalid] present while the field shows an error
 * @selector [data-required] present when the field is required
 * @selector [data-secret] present when the field is a secret (masked, with a show/hide toggle and a warning)
 * @selector [data-asked-again] present when the server asks this field again; [data-part="asked-again"] its mark
 */
export const Field = memo(function Field({ form, field, idPrefix, messages, askedAgain }: FieldProps) {
  const props = useRequestField({ form, field, idPrefix });
  const againId = askedAgain ? `${idPrefix}-field${field.index}-again` : undefined;
  const again = againId ? { 'aria-describedby': againId } : undefined;
  const inputProps = again ? props.getInputProps(again) : props.inputProps;
  const { control, invalid, errorMessage, labelProps, descriptionProps, errorProps, secret, secretShown } =
    props;
  const text = useServerText();
  const language = useServerLanguage();
  // The server's label sits in its own <bdi>: a right-to-left or overriding title cannot reorder
  // the host's required mark after it.
  const labelText = field.title ?? (field.name === '' ? messages.unnamedField : field.name);
  const label =
    field.name === '' && field.title === undefined ? labelText : <bdi {...language}>{labelText}</bdi>;
  const labelContent = (
    <>
      {label}
      {props.mustFill ? (
        <>
          {' '}
          <span data-part="required-mark" aria-hidden="true">
            *
          </span>
          <span data-part="visually-hidden">({messages.required})</span>
        </>
      ) : null}
    </>
  );
  const againMark = againId ? (
    <span id={againId} data-part="asked-again">
      {messages.askedAgain}
    </span>
  ) : null;
  const description = field.description ? (
    <p {...descriptionProps} {...text} data-part="description">
      {field.description}
    </p>
  ) : null;
  const error = invalid ? (
    <p {...errorProps} data-part="error">
      {errorMessage}
    </p>
  ) : null;
  const state = {
    'data-part': 'field',
    'data-kind': field.kind,
    'data-control': control,
    ...(invalid ? { 'data-invalid': '' } : {}),
    ...(props.mustFill ? { 'data-required': '' } : {}),
    ...(field.secret === true ? { 'data-secret': '' } : {}),
    ...(againId ? { 'data-asked-again': '' } : {}),
  };

  if (control === 'radio-group' || control === 'checkbox-group') {
    const options = field.kind === 'single-select' || field.kind === 'multi-select' ? field.options : [];
    return (
      <fieldset
        {...state}
        {...props.groupProps}
        {...(againId
          ? {
              'aria-describedby': [props.groupProps['aria-describedby'], againId].filter(Boolean).join(' '),
            }
          : {})}
      >
        <legend {...labelProps} data-part="label">
          {labelContent}
        </legend>
        {againMark}
        {description}
        <div data-part="options">
          {options.map((option, position) => {
            const optionProps = props.getOptionProps(option, position);
            return (
              <div data-part="option" key={option.value}>
                <input {...optionProps} />
                <label htmlFor={optionProps.id} {...text}>
                  {option.label}
                </label>
              </div>
            );
          })}
        </div>
        {error}
      </fieldset>
    );
  }

  if (control === 'checkbox') {
    return (
      <div {...state}>
        <div data-part="option">
          <input {...inputProps} />
          <label {...labelProps} htmlFor={labelProps.htmlFor} data-part="label">
            {labelContent}
          </label>
        </div>
        {againMark}
        {description}
        {error}
      </div>
    );
  }

  return (
    <div {...state}>
      <label {...labelProps} htmlFor={labelProps.htmlFor} data-part="label">
        {labelContent}
      </label>
      {againMark}
      {description}
      {control === 'select' && field.kind === 'single-select' ? (
        <select {...(again ? props.getSelectProps(again) : props.selectProps)}>
          <option value="">{messages.choose}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value} {...text}>
              {option.label}
            </option>
          ))}
        </select>
      ) : secret ? (
        <>
          <div data-part="secret-control">
            <input {...inputProps} />
            <button
              {...props.secretToggleProps}
              data-part="secret-toggle"
              aria-label={secretShown ? messages.hideSecret(labelText) : messages.showSecret(labelText)}
            >
              {secretShown ? messages.hide : messages.show}
            </button>
          </div>
          <p {...props.secretWarningProps} data-part="secret-warning">
            {messages.secretWarning(messages.decline)}
          </p>
        </>
      ) : (
        <input {...inputProps} />
      )}
      {error}
    </div>
  );
});
