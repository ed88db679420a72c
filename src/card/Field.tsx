'use client';
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { fieldKey } from '../core/answer.js';
import type { FieldSpec, SingleSelectFieldSpec } from '../core/model.js';
import { shownName } from '../core/shown-text.js';
import { useRequestField } from '../hooks/useRequestField.js';
import { formEngine, type RequestFormControl } from '../hooks/useRequestForm.js';
import { textDirection } from '../i18n/format.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { fieldLabel, shownProse, useServerLanguage, useServerText } from './serverText.js';

/** Props of {@link Field}. */
export interface FieldProps {
  /** The form the field belongs to; pass it on to `useRequestField`. */
  form: RequestFormControl;
  field: FieldSpec;
  /** A prefix unique on the page, for the field's ids. */
  idPrefix: string;
  messages: InputRequestMessages;
  /**
   * The round expired: the value stays readable, selectable and copyable, but cannot change
   * (`readonly` on text inputs; `aria-readonly` and no toggling on choices). Never `disabled`,
   * which would hide the value from the tab order and from copying.
   */
  readOnly?: boolean;
  /**
   * The request cannot be declined now (its answer is given or on its way, or the server asked
   * to wait): a secret field's warning then asks for no Decline, which cannot be pressed. Given to
   * secret fields only, so a send re-renders no other field.
   */
  locked?: boolean;
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
export const Field = memo(function Field({
  form,
  field,
  idPrefix,
  messages,
  readOnly,
  locked,
  askedAgain,
}: FieldProps) {
  const props = useRequestField({ form, field, idPrefix, readOnly: readOnly === true });
  const againId = askedAgain ? `${idPrefix}-field${field.index}-again` : undefined;
  const again = againId ? { 'aria-describedby': againId } : undefined;
  // In a left-to-right card, typed text (and a default the server wrote) is laid out in its own
  // direction, as the review and the receipt show it: an Arabic answer put its full stop on the
  // wrong side. Not in a right-to-left one: an empty field with `dir="auto"` starts left to
  // right there (no letter to go by), its caret on the wrong side until the first letter.
  const ownDirection =
    (field.kind === 'text' || field.kind === 'email' || field.kind === 'url') &&
    textDirection(messages.locale) === 'ltr'
      ? { dir: 'auto' }
      : undefined;
  const inputProps =
    again || ownDirection ? props.getInputProps({ ...again, ...ownDirection }) : props.inputProps;
  const { control, invalid, errorMessage, labelProps, descriptionProps, errorProps, secret, secretShown } =
    props;
  const text = useServerText();
  const language = useServerLanguage();
  // The server's label sits in its own <bdi>: a right-to-left or overriding title cannot reorder
  // the host's required mark after it.
  const labelText = shownName(fieldLabel(field, messages));
  const label =
    field.name === '' && field.title === undefined ? labelText : <bdi {...language}>{labelText}</bdi>;
  const chosen = () => formEngine(form).form.getValues(fieldKey(field));
  // A drop-down cannot show a description per option: it describes the chosen one instead.
  const describedOptions =
    control === 'select' &&
    field.kind === 'single-select' &&
    field.options.some((option) => option.description)
      ? `${idPrefix}-field${field.index}-chosen-description`
      : undefined;
  const selectDescribedBy = [againId, describedOptions].filter(Boolean).join(' ') || undefined;
  const labelContent = (
    <>
      {label}
      {props.mustFill ? (
        <>
          {' '}
          <span data-part="required-mark" aria-hidden="true">
            *
          </span>
          {/* Said by the control itself where it can be (`aria-required` on a text box, a
              drop-down, a radio group): in its name too, it would be said twice. A group of
              checkboxes has no such attribute: its name says it. */}
          {control === 'checkbox-group' ? (
            <span data-part="visually-hidden">({messages.required})</span>
          ) : null}
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
      {shownProse(field.description, messages)}
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
            // Read-only options keep their choice (the hook's props): see useRequestField.
            const optionProps = props.getOptionProps(option, position);
            if (!option.description) {
              return (
                <div data-part="option" key={option.value}>
                  <input {...optionProps} />
                  <label htmlFor={optionProps.id} {...text}>
                    {shownName(option.label)}
                  </label>
                </div>
              );
            }
            // The description belongs to its option only: the option's control refers to it.
            return (
              <div data-part="option" data-described="" key={option.value}>
                <input {...optionProps} />
                <div data-part="option-text">
                  <label htmlFor={optionProps.id} {...text}>
                    {shownName(option.label)}
                  </label>
                  <p
                    {...props.getOptionDescriptionProps(option, position)}
                    data-part="option-description"
                    {...text}
                  >
                    {shownProse(option.description, messages)}
                  </p>
                </div>
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
        <>
          <select
            {...(selectDescribedBy
              ? props.getSelectProps({ 'aria-describedby': selectDescribedBy })
              : props.selectProps)}
          >
            {/* Read-only, nothing is to be chosen any more: it was not answered. */}
            <option value="">{readOnly ? messages.notAnswered : messages.choose}</option>
            {field.options.map((option) => (
              <option key={option.value} value={option.value} {...text}>
                {shownName(option.label)}
              </option>
            ))}
          </select>
          {describedOptions ? (
            <ChosenOptionDescription id={describedOptions} form={form} field={field} messages={messages} />
          ) : null}
        </>
      ) : secret ? (
        <>
          <div data-part="secret-control">
            <input {...inputProps} />
            {/* Read-only and empty, there is nothing to show: a Show button would do nothing. */}
            {readOnly && !chosen() ? null : (
              <button
                {...props.secretToggleProps}
                data-part="secret-toggle"
                {...(secretShown ? { 'data-shown': '' } : {})}
                aria-label={secretShown ? messages.hideSecret(labelText) : messages.showSecret(labelText)}
              >
                {secretShown ? messages.hide : messages.show}
              </button>
            )}
          </div>
          {/* The error under its control, before the warning, as it is read. */}
          {error}
          <p {...props.secretWarningProps} data-part="secret-warning">
            {/* Read-only or locked, there is no Decline to press. */}
            {readOnly || locked ? messages.secretWarningClosed : messages.secretWarning(messages.decline)}
          </p>
        </>
      ) : readOnly && (field.kind === 'date' || field.kind === 'date-time') && !chosen() ? (
        // Empty and read-only, a date input would still show the browser's "mm/dd/yyyy", which
        // reads as something typed: plain text says it was not answered.
        <input {...inputProps} type="text" readOnly placeholder={messages.notAnswered} />
      ) : readOnly && !chosen() ? (
        // Empty, it says so, as an empty date field does: a blank box reads as a value lost.
        <input {...inputProps} placeholder={messages.notAnswered} />
      ) : (
        <input {...inputProps} />
      )}
      {secret ? null : error}
    </div>
  );
});

/**
 * The description of the option chosen in a drop-down, which cannot show one per option. It is
 * part of the drop-down's description, and polite live: choosing an option reads its description.
 */
function ChosenOptionDescription({
  id,
  form,
  field,
  messages,
}: {
  id: string;
  form: RequestFormControl;
  field: SingleSelectFieldSpec;
  messages: InputRequestMessages;
}) {
  const text = useServerText();
  const value = useWatch({ control: formEngine(form).form.control, name: fieldKey(field) });
  const description = field.options.find((option) => option.value === value)?.description;
  return (
    <p id={id} data-part="option-description" aria-live="polite" {...text}>
      {description === undefined ? '' : shownProse(description, messages)}
    </p>
  );
}
