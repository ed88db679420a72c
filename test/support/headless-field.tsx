import type { FieldSpec, RequestFormControl } from '../../src/index.ts';
import { useRequestField } from '../../src/index.ts';

/**
 * A host's own field over the headless hooks: a label and an input, with the library's prop bags
 * (and a class of the host's own, merged into them).
 */
export function HeadlessField({ form, field }: { form: RequestFormControl; field: FieldSpec }) {
  const bag = useRequestField({ form, field, idPrefix: 'mine' });
  return (
    <p>
      <label {...bag.labelProps} htmlFor={bag.labelProps.htmlFor}>
        {field.title}
      </label>
      <input {...bag.getInputProps({ className: 'my-input' })} />
    </p>
  );
}
