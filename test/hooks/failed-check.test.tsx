import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo, useId } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RequestedSchema } from '../../src/core/index.ts';
import {
  englishMessages,
  type FailedCheck,
  type FieldSpec,
  type FormRequest,
  type RequestFormControl,
  useRequestField,
  useRequestForm,
} from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';

// A check that fails where focus already is (Enter in the field that needs fixing) moves nothing,
// so nothing would be heard: useRequestForm says which field failed, and a headless form says it
// in its own polite live region, as the card does.

const schema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', minLength: 2 },
    city: { type: 'string', title: 'City' },
  },
  required: ['name'],
};

const request = () => formRound(schema).requests[0] as FormRequest;
const shown = request();

const renders: string[] = [];

const MyField = memo(function MyField({ form, field }: { form: RequestFormControl; field: FieldSpec }) {
  renders.push(field.name);
  const bag = useRequestField({ form, field, idPrefix: useId() });
  return (
    <p>
      <label {...bag.labelProps} htmlFor={bag.labelProps.htmlFor}>
        {field.title}
      </label>
      <input {...bag.inputProps} />
      {bag.invalid ? <span {...bag.errorProps}>{bag.errorMessage}</span> : null}
    </p>
  );
});

const seen: (FailedCheck | undefined)[] = [];

function MyForm({ onAccept }: { onAccept: () => void }) {
  const { form, formProps, failedCheck } = useRequestForm({ request: shown, onAccept });
  seen.push(failedCheck);
  return (
    <form {...formProps}>
      <p data-testid="said" aria-live="polite">
        {failedCheck ? (
          <span key={failedCheck.count}>
            {englishMessages.checkFailedHere(
              failedCheck.field.title ?? failedCheck.field.name,
              failedCheck.error,
            )}
          </span>
        ) : null}
      </p>
      {shown.fields.map((field) => (
        <MyField key={field.index} form={form} field={field} />
      ))}
      <button type="submit">Send</button>
    </form>
  );
}

describe('useRequestForm: failedCheck', () => {
  it('says the error of the field that keeps focus when Enter there fails the check, until it is fixed', async () => {
    const user = userEvent.setup();
    const onAccept = vi.fn();
    render(<MyForm onAccept={onAccept} />);
    const said = screen.getByTestId('said');
    const name = screen.getByRole('textbox', { name: 'Full name' });
    await user.click(name);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(said).toHaveTextContent('Full name: This field is required.'));
    expect(name).toHaveFocus();
    const first = seen.at(-1);
    expect(first).toMatchObject({ field: { name: 'name' }, error: 'This field is required.' });
    // Said again on the next try: a new count, so a new node.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(seen.at(-1)?.count).toBeGreaterThan(first?.count ?? 0));
    expect(said).toHaveTextContent('Full name: This field is required.');
    // Worded as the check failed: typing (still invalid) does not change it.
    await user.type(name, 'A');
    expect(said).toHaveTextContent('Full name: This field is required.');
    // Fixed, it goes, and stays gone: a later error of the field is the field's own to say.
    await user.type(name, 'da');
    await user.tab();
    await waitFor(() => expect(said).toHaveTextContent(''));
    expect(seen.at(-1)).toBeUndefined();
    await user.clear(name);
    await user.tab();
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(said).toHaveTextContent('');
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('re-renders the form, not its other fields: the form handle keeps its identity', async () => {
    const user = userEvent.setup();
    render(<MyForm onAccept={() => {}} />);
    await user.click(screen.getByRole('textbox', { name: 'Full name' }));
    const before = renders.filter((name) => name === 'city').length;
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('said')).toHaveTextContent('Full name: This field is required.'),
    );
    expect(renders.filter((name) => name === 'city').length).toBe(before);
  });

  it('stays unset when the failed check moves focus to the field (its description says it)', async () => {
    const user = userEvent.setup();
    render(<MyForm onAccept={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveFocus());
    expect(screen.getByTestId('said')).toHaveTextContent('');
    expect(seen.at(-1)).toBeUndefined();
  });

  it('stays unset when Enter fails the check in a field that is valid: focus moves to the one to fix', async () => {
    const user = userEvent.setup();
    render(<MyForm onAccept={() => {}} />);
    await user.click(screen.getByRole('textbox', { name: 'City' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveFocus());
    expect(screen.getByTestId('said')).toHaveTextContent('');
  });

  it('is unset on a new form, and after a check that passes', async () => {
    const onAccept = vi.fn();
    const { result } = renderHook(() => useRequestForm({ request: shown, onAccept }));
    expect(result.current.failedCheck).toBeUndefined();
    // Nothing on the page has focus: a failed accept() moves nothing a field could say.
    await act(() => result.current.accept());
    expect(result.current.failedCheck).toBeUndefined();
    expect(onAccept).not.toHaveBeenCalled();
  });
});
