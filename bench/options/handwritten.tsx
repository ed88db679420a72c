// (c) A hand-written react-hook-form form generated from the schema: register() on every input
// (uncontrolled), an ajv resolver whose schema is compiled lazily on the first submit and cached.
// It stands in for the lower bound of a react-hook-form + ajv library.
import { useMemo, useState } from 'react';
import { type FieldErrors, type Resolver, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import type { JsonSchema } from '../page/schema.ts';
import {
  errorsByField,
  fieldsOf,
  type HandField,
  inputType,
  toContent,
  validatorFor,
} from './handwritten-shared.ts';
import { type BenchOption, clickSubmitButton, type OnValidSubmit } from './types.ts';

type Values = Record<string, unknown>;

function HandForm({ schema, onValid }: { schema: JsonSchema; onValid: OnValidSubmit }) {
  const fields = useMemo(() => fieldsOf(schema), [schema]);
  const [resolver] = useState<Resolver<Values>>(() => async (raw: Values) => {
    const content = toContent(fields, raw);
    const validate = validatorFor(schema);
    if (validate(content)) return { values: content, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const [name, message] of errorsByField(validate)) errors[name] = { type: 'schema', message };
    return { values: {}, errors };
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      {/* Plain markup from a function, not a component per field: the form is one component. */}
      {fields.map((field) =>
        fieldMarkup(field, errors[field.name]?.message as string | undefined, register(field.name)),
      )}
      <button type="submit">Submit</button>
    </form>
  );
}

function fieldMarkup(field: HandField, error: string | undefined, registered: UseFormRegisterReturn) {
  const id = `c-${field.name}`;
  const described = [field.description ? `${id}-help` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    'aria-required': field.required || undefined,
  };
  return (
    <div key={field.name}>
      <label htmlFor={id}>
        {field.title}
        {field.required ? ' *' : ''}
      </label>
      {field.description ? <p id={`${id}-help`}>{field.description}</p> : null}
      {field.control === 'select' || field.control === 'multi' ? (
        <select {...registered} {...common} multiple={field.control === 'multi'}>
          {field.control === 'select' ? <option value="">Choose…</option> : null}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input {...registered} {...common} type={inputType(field.control)} />
      )}
      {error ? (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const handwritten: BenchOption = {
  id: 'handwritten',
  label: 'hand-written react-hook-form + ajv',
  prepare: (schema, onValidSubmit) => ({ schema, onValidSubmit }),
  render(prepared) {
    const { schema, onValidSubmit } = prepared as { schema: JsonSchema; onValidSubmit: OnValidSubmit };
    return <HandForm schema={schema} onValid={onValidSubmit} />;
  },
  submit: clickSubmitButton,
};
