import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo, Profiler } from 'react';
import { expect, it, vi } from 'vitest';
import type { RequestedSchema } from '../../src/core/model.ts';
import { type FieldProps, InputRequestCard, useRequestField } from '../../src/index.ts';
import { everyKindSchema, formRound } from '../fixtures/suspensions.ts';

it('typing into a field commits no React render anywhere in the card', async () => {
  const user = userEvent.setup();
  let commits = 0;
  render(
    <Profiler id="card" onRender={() => commits++}>
      <InputRequestCard suspension={formRound(everyKindSchema)} resume={async () => undefined} />
    </Profiler>,
  );
  const website = screen.getByRole('textbox', { name: 'Website' });
  await user.click(website);
  commits = 0;

  await user.keyboard('https://example.com/a-long-path');

  expect(website).toHaveValue('https://example.com/a-long-path');
  expect(commits).toBe(0);
});

it('mounts a 100-field form in one commit', () => {
  const commits: string[] = [];
  const properties = Object.fromEntries(
    Array.from({ length: 100 }, (_, i) => [`q${i}`, { type: 'string', title: `Question ${i}` }]),
  );
  render(
    <Profiler id="card" onRender={(_id, phase) => commits.push(phase)}>
      <InputRequestCard
        suspension={formRound({ type: 'object', properties })}
        resume={async () => undefined}
      />
    </Profiler>,
  );
  expect(screen.getAllByRole('textbox')).toHaveLength(100);
  expect(commits).toEqual(['mount']);
});

/** Every field of the card, drawn with the public field hook; counts its own renders. */
const renders = new Map<string, number>();
const CountingField = memo(function CountingField({ form, field, idPrefix }: FieldProps) {
  renders.set(field.name, (renders.get(field.name) ?? 0) + 1);
  const { labelProps, inputProps, errorProps, invalid, errorMessage } = useRequestField({
    form,
    field,
    idPrefix,
  });
  return (
    <div>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: labelProps carry htmlFor */}
      <label {...labelProps}>{field.title}</label>
      <input {...inputProps} />
      {invalid ? <p {...errorProps}>{errorMessage}</p> : null}
    </div>
  );
});

const threeFields: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name' },
    email: { type: 'string', title: 'Email', format: 'email' },
    note: { type: 'string', title: 'Note', maxLength: 3 },
  },
  required: ['name'],
};

it('re-renders on submit only the fields whose error changed', async () => {
  const user = userEvent.setup();
  const resume = vi.fn(async () => undefined);
  render(
    <InputRequestCard
      suspension={formRound(threeFields)}
      resume={resume}
      components={{ Field: CountingField }}
    />,
  );
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Note' }), 'too long');
  await user.tab(); // leaving Note shows its error
  expect(await screen.findByText('Enter at most 3 characters.')).toBeInTheDocument();

  renders.clear();
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  expect(await screen.findByText('This field is required.')).toBeInTheDocument();
  // Name gained its error; Email (still valid) and Note (same error) did not render again.
  expect([...renders.keys()]).toEqual(['name']);
  expect(resume).not.toHaveBeenCalled();

  renders.clear();
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
  await user.clear(screen.getByRole('textbox', { name: 'Note' }));
  renders.clear();
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  expect(resume).toHaveBeenCalledTimes(1);
  // A valid submit (and the card locking while it sends) renders no field at all.
  expect(renders.size).toBe(0);
});
