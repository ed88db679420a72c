import { expect, fn, userEvent, waitFor } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import type { RequestedSchema } from '../src/core/model.ts';
import { germanMessages } from '../src/i18n/de.ts';
import { InputRequestCard } from '../src/index.ts';
import { formRound } from '../test/fixtures/suspensions.ts';

/** A booking: text, options with descriptions, a secret, an optional note and a checkbox. */
const bookingSchema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', minLength: 2 },
    size: {
      type: 'string',
      title: 'Table size',
      oneOf: [
        { const: 'two', title: 'Two people', description: 'A small table by the bar.' },
        {
          const: 'four',
          title: 'Four people',
          description:
            'A booth by the window, with room for a high chair and a pram; ask for it again on arrival if it is taken by a walk-in group.',
        },
      ],
    },
    pin: { type: 'string', title: 'Card PIN' },
    notes: { type: 'string', title: 'Notes for the kitchen' },
    reminder: { type: 'boolean', title: 'Send a reminder' },
  },
  required: ['name', 'size'],
};

/**
 * `layout="steps"`: one field at a time with "Step k of N", Next / Back (Enter goes on), a
 * review of every answer before Accept, Decline and Cancel on every step.
 */
const meta = preview.meta({
  title: 'Card/Step by step',
  component: InputRequestCard,
  args: {
    suspension: formRound(bookingSchema, 'Book a table for Friday.'),
    resume: fn(async () => undefined),
    layout: 'steps' as const,
    ledger: false as const,
  },
});

export default meta;

/** The first step. */
export const FirstStep = meta.story({
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Step 1 of 5' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Decline' })).toBeEnabled();
  },
});

/** Next checks the field on screen first. */
export const StepError = meta.story({
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByRole('textbox', { name: /Full name/ })).toHaveAttribute('aria-invalid', 'true');
  },
});

/** A choice whose options have descriptions (wrapped, never cut). */
export const OptionsStep = meta.story({
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: /Full name/ }), 'Ada Lovelace{Enter}');
    await expect(await canvas.findByRole('group', { name: 'Step 2 of 5' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: 'Two people' })).toHaveFocus();
  },
});

/** The review, then Accept: the same answer the form layout sends. */
export const Review = meta.story({
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: /Full name/ }), 'Ada Lovelace{Enter}');
    await userEvent.click(await canvas.findByRole('radio', { name: 'Four people' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await userEvent.type(await canvas.findByLabelText(/^Card PIN/, { selector: 'input' }), '4711{Enter}');
    await userEvent.type(await canvas.findByRole('textbox', { name: /Notes/ }), 'No nuts{Enter}');
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Send a reminder' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    const review = await canvas.findByRole('group', { name: 'Check your answers' });
    await expect(review).toHaveTextContent('Four people');
    await expect(review).not.toHaveTextContent('4711');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(args.resume).toHaveBeenCalledWith(
        {
          details: {
            action: 'accept',
            content: { name: 'Ada Lovelace', size: 'four', pin: '4711', notes: 'No nuts', reminder: true },
          },
        },
        expect.anything(),
      ),
    );
  },
});

/** German chrome, dark. */
export const GermanDark = meta.story({
  args: { messages: germanMessages, className: 'irc-dark' },
  globals: { backgrounds: { value: 'dark' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Schritt 1 von 5' })).toBeVisible();
  },
});
