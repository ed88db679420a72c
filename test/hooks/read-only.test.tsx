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

function Control({
  form,
  field,
  groupTag,
}: {
  form: RequestFormControl;
  field: FieldSpec;
  groupTag: 'fieldset' | 'div';
}) {
  const bag = useRequestField({ form, field, idPrefix: 'ro', readOnly: true });
  if (bag.control === 'radio-group' && field.kind === 'single-select') {
    const Group = groupTag;
    return (
      <Group {...bag.groupProps}>
        <span {...bag.labelProps}>{field.title}</span>
        {field.options.map((option, position) => (
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
