import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useId } from 'react';
import { describe, expect, it } from 'vitest';
import {
  type FieldSpec,
  type FormRequest,
  type RequestFormControl,
  useRequestField,
  useRequestForm,
} from '../../src/index.ts';
import { formRound, planSchema } from '../fixtures/suspensions.ts';

// An option's own description, headless: getOptionProps describes the option by it (help text
// first, then the field's error), and getOptionDescriptionProps gives its element the id.

const schema = planSchema;

const request = () => formRound(schema).requests[0] as FormRequest;

function MyChoice({ form, field }: { form: RequestFormControl; field: FieldSpec }) {
  const bag = useRequestField({ form, field, idPrefix: useId() });
  const options = field.kind === 'single-select' || field.kind === 'multi-select' ? field.options : [];
  return (
    <fieldset {...bag.groupProps}>
      <legend {...bag.labelProps}>{field.title}</legend>
      {options.map((option, position) => {
        const props = bag.getOptionProps(option, position);
        return (
          <div key={option.value}>
            <input {...props} />
            <label htmlFor={props.id}>{option.label}</label>
            {option.description ? (
              <small {...bag.getOptionDescriptionProps(option, position)}>{option.description}</small>
            ) : null}
          </div>
        );
      })}
      {bag.invalid ? <span {...bag.errorProps}>{bag.errorMessage}</span> : null}
    </fieldset>
  );
}

function MyForm() {
  const shown = request();
  const { form, formProps } = useRequestForm({ request: shown, onAccept: () => {} });
  return (
    <form {...formProps}>
      {shown.fields.map((field) => (
        <MyChoice key={field.index} form={form} field={field} />
      ))}
      <button type="submit">Send</button>
    </form>
  );
}

describe('useRequestField: option descriptions', () => {
  it("gives an option's description an id, and describes that option (and only it) by it", () => {
    const shown = request();
    const plan = shown.fields[0] as FieldSpec & { kind: 'single-select' };
    const { result } = renderHook(() => {
      const { form } = useRequestForm({ request: shown, onAccept: () => {} });
      return useRequestField({ form, field: plan, idPrefix: 'p' });
    });
    const [free, team] = plan.options;
    if (!free || !team) throw new Error('fixture: two options');
    const { id } = result.current.getOptionDescriptionProps(free, 0);
    expect(result.current.getOptionProps(free, 0)['aria-describedby']).toBe(id);
    expect(result.current.getOptionProps(team, 1)).not.toHaveProperty('aria-describedby');
    // The host's own ids come after ours.
    expect(result.current.getOptionProps(free, 0, { 'aria-describedby': 'mine' })['aria-describedby']).toBe(
      `${id} mine`,
    );
    // Unique per option and apart from the option's own id and the field's ids.
    expect(new Set([id, result.current.getOptionDescriptionProps(team, 1).id]).size).toBe(2);
    expect(id).not.toBe(result.current.getOptionProps(free, 0).id);
    expect(id).not.toBe(result.current.descriptionProps.id);
  });

  it('headless radios and checkboxes read their own description, then the error once the check fails', async () => {
    const user = userEvent.setup();
    render(<MyForm />);
    expect(screen.getByRole('radio', { name: 'Free' })).toHaveAccessibleDescription('For one person.');
    expect(screen.getByRole('radio', { name: 'Team' })).toHaveAccessibleDescription('');
    expect(screen.getByRole('checkbox', { name: 'Backups' })).toHaveAccessibleDescription('Nightly.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // Help text first, then what to fix.
    expect(await screen.findByRole('radio', { name: 'Free' })).toHaveAccessibleDescription(
      'For one person. This field is required.',
    );
    expect(screen.getByRole('radio', { name: 'Team' })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByRole('checkbox', { name: 'Backups' })).toHaveAccessibleDescription(
      'Nightly. Choose at least 1 option.',
    );
  });
});
