import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { parseSuspension } from '../../src/core/index.ts';
import {
  type FieldSpec,
  type FormRequest,
  type InputRequestSession,
  type RequestFormControl,
  staticSource,
  useInputRequest,
  useRequestField,
  useRequestForm,
} from '../../src/index.ts';

// Read-only controls from useRequestField in a host's own markup, as a host shows an answered
// request of several: a click changes nothing, neither the screen nor the form's value nor the
// kept answer, wherever the host puts the radios.

const round = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      prefs: {
        method: 'elicitation/create',
        params: {
          message: 'Preferences',
          requestedSchema: {
            type: 'object',
            properties: {
              agree: { type: 'boolean', title: 'Agree', default: true },
              size: { type: 'string', title: 'Size', enum: ['S', 'M'], default: 'S' },
            },
          },
        },
      },
      other: {
        method: 'elicitation/create',
        params: {
          message: 'Other',
          requestedSchema: { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
        },
      },
    },
  },
  { id: 'hooks-read-only' },
);

let seen: { session?: InputRequestSession; accept?: () => Promise<void> } = {};

/** A host's own markup for any control, read-only: what the hook's props alone do. */
function Control({
  form,
  field,
  groupTag = 'fieldset',
}: {
  form: RequestFormControl;
  field: FieldSpec;
  groupTag?: 'fieldset' | 'div';
}) {
  const bag = useRequestField({ form, field, idPrefix: 'ro', readOnly: true });
  if (bag.control === 'select' && field.kind === 'single-select') {
    return (
      <label>
        {field.title}
        <select {...bag.selectProps}>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (bag.control === 'radio-group' || bag.control === 'checkbox-group') {
    const options = field.kind === 'single-select' || field.kind === 'multi-select' ? field.options : [];
    const Group = groupTag;
    return (
      <Group {...bag.groupProps}>
        <span {...bag.labelProps}>{field.title}</span>
        {options.map((option, position) => (
          <label key={option.value}>
            <input {...bag.getOptionProps(option, position)} />
            {option.label}
          </label>
        ))}
      </Group>
    );
  }
  return (
    <label>
      {field.title}
      <input {...bag.inputProps} />
    </label>
  );
}

const choices = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      prefs: {
        method: 'elicitation/create',
        params: {
          message: 'Preferences',
          requestedSchema: {
            type: 'object',
            properties: {
              note: { type: 'string', title: 'Note', default: 'kept' },
              agree: { type: 'boolean', title: 'Agree', default: false },
              size: { type: 'string', title: 'Size', enum: ['S', 'M'], default: 'S' },
              team: {
                type: 'string',
                title: 'Team',
                enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'],
                default: 'a',
              },
              tags: {
                type: 'array',
                title: 'Tags',
                items: { type: 'string', enum: ['x', 'y'] },
                default: ['x'],
              },
            },
          },
        },
      },
    },
  },
  { id: 'headless-read-only' },
);

/** Every kind of control of one request, read-only. */
function ReadOnlyChoices() {
  const { session, suspension } = useInputRequest(
    staticSource(choices, async () => undefined),
    { drafts: false },
  );
  const request = suspension?.requests[0] as FormRequest;
  const { form } = useRequestForm({ request, session });
  return request.fields.map((field) => <Control key={field.index} form={form} field={field} />);
}

function Host({
  groupTag = 'fieldset',
  wrapAll = false,
}: {
  groupTag?: 'fieldset' | 'div';
  wrapAll?: boolean;
}) {
  const { session, suspension } = useInputRequest(
    staticSource(round, async () => undefined),
    { drafts: false },
  );
  const request = suspension?.requests[0] as FormRequest;
  const { form, accept } = useRequestForm({ request, session });
  seen = { session, accept };
  const controls = request.fields.map((field) => (
    <Control key={field.index} form={form} field={field} groupTag={groupTag} />
  ));
  return wrapAll ? <fieldset>{controls}</fieldset> : <form>{controls}</form>;
}

/** What accepting the form now would send. */
async function accepted() {
  await seen.accept?.();
  return seen.session?.getSnapshot().answers.prefs;
}

describe('read-only controls from useRequestField', () => {
  it('keeps every read-only control as it was, readable and focusable, with the hook’s props alone', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ReadOnlyChoices />);
    const note = screen.getByRole('textbox', { name: 'Note' });
    expect(note).toHaveAttribute('readonly');
    expect(note).not.toBeDisabled();

    const agree = screen.getByRole('checkbox', { name: 'Agree' });
    expect(agree).toHaveAttribute('aria-readonly', 'true');
    await user.click(agree);
    expect(agree).not.toBeChecked();

    expect(screen.getByRole('radiogroup', { name: 'Size' })).toHaveAttribute('aria-readonly', 'true');
    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(screen.getByRole('radio', { name: 'S' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'M' })).not.toBeChecked();

    const team = screen.getByRole('combobox', { name: 'Team' });
    expect(team).toHaveAttribute('aria-readonly', 'true');
    await user.selectOptions(team, 'c');
    expect(team).toHaveValue('a');

    const y = screen.getByRole('checkbox', { name: 'y' });
    expect(y).toHaveAttribute('aria-readonly', 'true');
    await user.click(y);
    expect(y).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'x' })).toBeChecked();
  });

  it('a click on a checkbox or a radio changes neither the screen nor the form’s value', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host />);
    await user.click(screen.getByRole('checkbox', { name: 'Agree' }));
    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(screen.getByRole('checkbox', { name: 'Agree' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'S' })).toBeChecked();
    expect(await accepted()).toStrictEqual({ action: 'accept', content: { agree: true, size: 'S' } });
  });

  it('a click does not withdraw the kept answer of the request shown read-only', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host />);
    const session = seen.session as InputRequestSession;
    session.answer('prefs', { action: 'accept', content: { agree: true, size: 'S' } });
    await user.click(screen.getByRole('checkbox', { name: 'Agree' }));
    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(Object.keys(session.getSnapshot().answers)).toEqual(['prefs']);
  });

  it('keeps a radio group without a fieldset of its own, and leaves the other fields alone', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host groupTag="div" wrapAll />);
    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(screen.getByRole('radio', { name: 'S' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Agree' })).toBeChecked();
    expect(await accepted()).toStrictEqual({ action: 'accept', content: { agree: true, size: 'S' } });
  });
});
