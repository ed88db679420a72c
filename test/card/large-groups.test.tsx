import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { RequestedSchema } from '../../src/core/model.ts';
import { InputRequestCard, type InputResponses } from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';

// A radio or checkbox group is one control to the form engine: mounting one costs work in
// proportion to its options, not to their square, and it behaves as a group of options does.

const OPTIONS = Array.from({ length: 1000 }, (_, index) => `option-${index}`);

function mount(schema: RequestedSchema) {
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  render(<InputRequestCard suspension={formRound(schema)} resume={resume} />);
  return resume;
}

/** Counts how often the page reads or writes an input's `checked` or reads its `value`. */
function countOptionAccess(): { count: () => number; restore: () => void } {
  const prototype = HTMLInputElement.prototype;
  const originals = (['checked', 'value'] as const).map(
    (name) => [name, Object.getOwnPropertyDescriptor(prototype, name)] as const,
  );
  let count = 0;
  for (const [name, descriptor] of originals) {
    if (!descriptor?.get || !descriptor.set) throw new Error(`no ${name} accessor`);
    const { get, set } = descriptor;
    Object.defineProperty(prototype, name, {
      ...descriptor,
      get() {
        count += 1;
        return get.call(this);
      },
      set(value: unknown) {
        if (name === 'checked') count += 1;
        set.call(this, value);
      },
    });
  }
  return {
    count: () => count,
    restore: () => {
      for (const [name, descriptor] of originals)
        if (descriptor) Object.defineProperty(prototype, name, descriptor);
    },
  };
}

let restoreOptionAccessors: (() => void) | undefined;
afterEach(() => {
  restoreOptionAccessors?.();
  restoreOptionAccessors = undefined;
});

it('mounts a 1,000-option multi-select touching each option a bounded number of times', () => {
  const counter = countOptionAccess();
  restoreOptionAccessors = counter.restore;
  mount({
    type: 'object',
    properties: {
      tags: {
        type: 'array',
        title: 'Tags',
        items: { type: 'string', enum: OPTIONS },
        default: ['option-3', 'option-998'],
      },
    },
  });
  const accesses = counter.count();
  counter.restore();
  // By value, not by role: naming 1,000 checkboxes by their labels is slow in jsdom itself.
  const boxes = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
  expect(boxes).toHaveLength(1000);
  expect(boxes.filter((box) => box.checked).map((box) => box.value)).toEqual(['option-3', 'option-998']);
  // React itself touches each option about five times. Each option registered on its own walked
  // every option before it: about 1.5 million accesses.
  expect(accesses).toBeLessThan(10 * OPTIONS.length);
});

it('sends the chosen options in their order on screen, and a missing choice puts focus on the group', async () => {
  const user = userEvent.setup();
  const resume = mount({
    type: 'object',
    properties: {
      tags: {
        type: 'array',
        title: 'Tags',
        items: { type: 'string', enum: ['red', 'green', 'blue', 'amber'] },
        minItems: 1,
      },
    },
    required: ['tags'],
  });
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'red' })).toHaveFocus());
  expect(resume).not.toHaveBeenCalled();

  await user.click(screen.getByRole('checkbox', { name: 'amber' }));
  await user.click(screen.getByRole('checkbox', { name: 'green' }));
  await user.click(screen.getByRole('checkbox', { name: 'red' }));
  await user.click(screen.getByRole('checkbox', { name: 'red' }));
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await waitFor(() => expect(resume).toHaveBeenCalledTimes(1));
  expect(Object.values(resume.mock.calls[0]?.[0] ?? {})[0]).toEqual({
    action: 'accept',
    content: { tags: ['green', 'amber'] },
  });
});

it('an optional checkbox group that needs one entry can be emptied: it is then left out', async () => {
  const user = userEvent.setup();
  const resume = mount({
    type: 'object',
    properties: {
      tags: {
        type: 'array',
        title: 'Tags',
        items: { type: 'string', enum: ['red', 'green'] },
        minItems: 1,
        default: ['red'],
      },
    },
  });
  await user.click(screen.getByRole('checkbox', { name: 'red' }));
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await waitFor(() => expect(resume).toHaveBeenCalledTimes(1));
  expect(screen.queryByText(/Choose at least/)).not.toBeInTheDocument();
  expect(Object.values(resume.mock.calls[0]?.[0] ?? {})[0]).toEqual({ action: 'accept', content: {} });
});

it('a radio group starts on its default, and sends the option chosen instead', async () => {
  const user = userEvent.setup();
  const resume = mount({
    type: 'object',
    properties: {
      size: { type: 'string', title: 'Size', enum: ['small', 'medium', 'large'], default: 'medium' },
    },
  });
  expect(screen.getByRole('radio', { name: 'medium' })).toBeChecked();
  await user.click(screen.getByRole('radio', { name: 'large' }));
  expect(screen.getByRole('radio', { name: 'medium' })).not.toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await waitFor(() => expect(resume).toHaveBeenCalledTimes(1));
  expect(Object.values(resume.mock.calls[0]?.[0] ?? {})[0]).toEqual({
    action: 'accept',
    content: { size: 'large' },
  });
});
