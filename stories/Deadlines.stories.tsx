import { expect, fn, userEvent } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import type { RequestedSchema } from '../src/core/model.ts';
import { InputRequestCard } from '../src/index.ts';
import { formRound } from '../test/fixtures/suspensions.ts';

/** A lunch order: a note, a secret, options with descriptions. */
const lunchSchema: RequestedSchema = {
  type: 'object',
  properties: {
    note: { type: 'string', title: 'Note for the kitchen' },
    pin: { type: 'string', title: 'Card PIN' },
    size: {
      type: 'string',
      title: 'Size',
      oneOf: [
        { const: 'sm', title: 'Small', description: 'Serves four.' },
        { const: 'lg', title: 'Large', description: 'Serves ten, with drinks and dessert.' },
      ],
    },
  },
  required: ['size'],
};
const round = formRound(lunchSchema, 'Confirm the lunch order.', { serverName: 'Lunch' });

/**
 * Visible deadlines: the time left (polite, at most once a minute; assertive in the last minute),
 * and an expired form that stays readable and copyable, saying nothing was sent.
 */
const meta = preview.meta({
  title: 'Card/Deadlines',
  component: InputRequestCard,
  args: { suspension: round, resume: fn(async () => undefined), ledger: false },
});

export default meta;

/** The card of these stories, its deadline computed when it renders. */
function Lunch({ deadline, className }: { deadline: number; className?: string }) {
  return (
    <InputRequestCard
      suspension={round}
      resume={async () => undefined}
      ledger={false}
      deadline={deadline}
      {...(className ? { className } : {})}
    />
  );
}

/** Twelve and a half minutes left, said as "10 minutes" (steps of 5 from 10 minutes up): the host's own deadline, e.g. its request timeout. */
export const Countdown = meta.story({
  render: () => <Lunch deadline={Date.now() + 12 * 60_000 + 30_000} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('10 minutes left to answer.')).toBeVisible();
  },
});

/** The last minute: said once, assertively. */
export const LastMinute = meta.story({
  render: () => <Lunch deadline={Date.now() + 50_000} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Less than a minute left to answer.')).toHaveAttribute(
      'aria-live',
      'assertive',
    );
  },
});

/** Expired while typing: the values stay, read-only; Copy answers copies them (never the PIN). */
export const ExpiredCopyAnswers = meta.story({
  render: () => <Lunch deadline={Date.now() + 1500} />,
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Note for the kitchen' }), 'No nuts, please');
    await userEvent.click(canvas.getByRole('radio', { name: 'Large' }));
    await expect(await canvas.findByText('Expired — nothing was sent.', {}, { timeout: 5000 })).toBeVisible();
    const note = canvas.getByRole('textbox', { name: 'Note for the kitchen' });
    await expect(note).toHaveValue('No nuts, please');
    await expect(note).toHaveAttribute('readonly');
    await userEvent.click(canvas.getByRole('button', { name: 'Copy answers' }));
    await expect(await canvas.findByText(/Answers copied\.|Copying did not work here/)).toBeInTheDocument();
  },
});

/** Expired, dark. */
export const ExpiredDark = meta.story({
  globals: { backgrounds: { value: 'dark' } },
  render: () => <Lunch deadline={Date.now() - 1000} className="irc-dark" />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Expired — nothing was sent.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy answers' })).toBeVisible();
  },
});
