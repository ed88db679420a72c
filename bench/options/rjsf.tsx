// (a) @rjsf/core with @rjsf/validator-ajv8, default theme, uncontrolled (rjsf keeps the data).
// noHtml5Validate: rjsf then validates with ajv on submit instead of leaving it to the
// browser's native `required` check, so a submit measures its validation like the others.
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { JsonSchema } from '../page/schema.ts';
import { type BenchOption, clickSubmitButton, type OnValidSubmit } from './types.ts';

export const rjsf: BenchOption = {
  id: 'rjsf',
  label: '@rjsf/core + validator-ajv8',
  prepare: (schema, onValidSubmit) => ({ schema, onValidSubmit }),
  render(prepared) {
    const { schema, onValidSubmit } = prepared as { schema: JsonSchema; onValidSubmit: OnValidSubmit };
    return (
      <Form
        schema={schema as never}
        validator={validator}
        noHtml5Validate
        onSubmit={({ formData }) => onValidSubmit(formData)}
      />
    );
  },
  submit: clickSubmitButton,
};
