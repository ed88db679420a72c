import { expect, fn, userEvent } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import type { RequestedSchema } from '../src/core/model.ts';
import { InputRequestCard, parseSuspension } from '../src/index.ts';
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
    // Seen on the line; said by a polite region beside it (a milestone).
    await expect(
      canvas.getByText('10 minutes left to answer.', { selector: 'p:not([aria-live])' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('10 minutes left to answer.', { selector: '[aria-live="polite"]' }),
    ).toBeInTheDocument();
  },
});

/** The last minute: said once, assertively. */
export const LastMinute = meta.story({
  render: () => <Lunch deadline={Date.now() + 50_000} />,
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Less than a minute left to answer.', { selector: 'p:not([aria-live])' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('Less than a minute left to answer.', { selector: '[aria-live="assertive"]' }),
    ).toBeInTheDocument();
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

/** Its own question: a round's session is shared by its id, and this one's send fails. */
const lateRound = formRound(lunchSchema, 'Confirm the lunch order before noon.', { serverName: 'Lunch' });

/**
 * The send could not be confirmed (the connection dropped), and then the time ran out: the answer
 * may have arrived in time, so the card never says "nothing was sent".
 */
export const ExpiredAfterUnconfirmedSend = meta.story({
  render: () => (
    <InputRequestCard
      suspension={lateRound}
      resume={() => Promise.reject(new TypeError('Failed to fetch'))}
      ledger={false}
      deadline={Date.now() + 2500}
    />
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Note for the kitchen' }), 'No nuts, please');
    await userEvent.click(canvas.getByRole('radio', { name: 'Large' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your answer may or may not have arrived',
    );
    await expect(
      await canvas.findByText(
        'Expired — it is not known whether your answer arrived in time.',
        { selector: '[data-part="outcome"]' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    await expect(canvas.queryByText('Expired — nothing was sent.')).toBeNull();
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

/** A meeting booking that asks three things in one round: two forms and a link. */
const bookingRound = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      meeting: {
        method: 'elicitation/create',
        params: {
          message: 'Which meeting should I book?',
          requestedSchema: {
            type: 'object',
            properties: {
              title: { type: 'string', title: 'Title' },
              length: { type: 'integer', title: 'Length (minutes)', minimum: 15, maximum: 120 },
            },
            required: ['title'],
          },
        },
      },
      calendar: {
        method: 'elicitation/create',
        params: {
          mode: 'url',
          message: 'Connect your calendar account.',
          url: 'https://accounts.example.com/connect?client=booking',
        },
      },
      notify: {
        method: 'elicitation/create',
        params: {
          message: 'Who should get the invitation?',
          requestedSchema: {
            type: 'object',
            properties: { email: { type: 'string', format: 'email', title: 'Email' } },
            required: ['email'],
          },
        },
      },
    },
    requestState: 'v1.booking',
  },
  { serverName: 'Calendar', toolName: 'book_meeting' },
);

/**
 * A round of several requests that expired half answered: the sections answered say what was
 * chosen and that it was not used (no "N of 3 answered": nothing was taken); every value stays.
 */
export const ExpiredSeveralRequests = meta.story({
  render: () => (
    <InputRequestCard
      suspension={bookingRound}
      resume={async () => undefined}
      ledger={false}
      deadline={Date.now() + 4000}
    />
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: /Title/ }), 'Quarterly review');
    await userEvent.click(canvas.getAllByRole('button', { name: 'Accept' })[0] as HTMLElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'ada@example');
    await expect(await canvas.findByText('Expired — nothing was sent.', {}, { timeout: 8000 })).toBeVisible();
    await expect(canvas.getByText('Accepted, but the question closed first.')).toBeVisible();
    await expect(canvas.queryByText(/of 3 answered/)).toBeNull();
    await expect(canvas.getByRole('textbox', { name: /Title/ })).toHaveValue('Quarterly review');
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveValue('ada@example');
  },
});

/** Two questions of one round, each a short form. */
const ask = (message: string, title: string) => ({
  method: 'elicitation/create',
  params: {
    message,
    requestedSchema: { type: 'object', properties: { [title]: { type: 'string', title } } },
  },
});
const pairRound = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: { who: ask('Who is coming?', 'Name'), when: ask('Which day?', 'Day') },
    requestState: 'pair-1',
  },
  { serverName: 'Calendar', toolName: 'book_meeting' },
);

/**
 * A round of several whose send could not be confirmed (the connection dropped), then its
 * deadline: each answer says its arrival is not known, never "the question closed first".
 */
export const ExpiredSeveralAfterUnconfirmedSend = meta.story({
  render: () => (
    <InputRequestCard
      suspension={pairRound}
      resume={() => Promise.reject(new TypeError('Failed to fetch'))}
      ledger={false}
      deadline={Date.now() + 4000}
    />
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Ada');
    await userEvent.click(canvas.getAllByRole('button', { name: 'Accept' })[0] as HTMLElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Day' }), 'Monday');
    await userEvent.click(canvas.getAllByRole('button', { name: 'Accept' })[1] as HTMLElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your answer may or may not have arrived',
    );
    await expect(
      await canvas.findByText(
        'Expired — it is not known whether your answer arrived in time.',
        { selector: '[data-part="outcome"]' },
        { timeout: 8000 },
      ),
    ).toBeVisible();
    await expect(canvas.getAllByText('Accepted — it is not known whether it arrived.')).toHaveLength(2);
    await expect(canvas.queryByText(/closed first/)).toBeNull();
  },
});
