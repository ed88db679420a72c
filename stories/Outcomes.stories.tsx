import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import { type InputRequestSource, type InputRequestState, StaleRoundError } from '../src/core/source.ts';
import { InputRequestCard, parseSuspension } from '../src/index.ts';
import { arabicMessages } from './arabic.ts';

/** An order with titled options, a multi-select, a checkbox, free text and a secret. */
const order = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      order: {
        method: 'elicitation/create',
        params: {
          message: 'Confirm the order for the team lunch.',
          requestedSchema: {
            type: 'object',
            properties: {
              size: {
                type: 'string',
                title: 'Size',
                oneOf: [
                  { const: 'sm', title: 'Small (serves 4)' },
                  { const: 'lg', title: 'Large (serves 10)' },
                ],
              },
              extras: {
                type: 'array',
                title: 'Extras',
                items: {
                  anyOf: [
                    { const: 'drinks', title: 'Drinks' },
                    { const: 'dessert', title: 'Dessert' },
                  ],
                },
              },
              invoice: { type: 'boolean', title: 'Send an invoice' },
              note: { type: 'string', title: 'Note for the kitchen' },
              pin: { type: 'string', title: 'Card PIN' },
            },
            required: ['size', 'pin'],
          },
        },
      },
    },
  },
  { serverName: 'Lunch orders', toolName: 'place_order', toolTitle: 'Place an order' },
);

/** A source whose task is already in `state` (a fresh key per story, so stories never share). */
function stateSource(
  key: string,
  state: InputRequestState,
  asker?: ReturnType<NonNullable<InputRequestSource['asker']>>,
): InputRequestSource {
  return {
    ...(asker ? { asker: () => asker } : {}),
    queryKey: ['outcomes', key],
    fetchState: async () => state,
    resume: async () => undefined,
    cancel: async () => {},
  };
}

const withClient = (Story: () => ReactElement) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <Story />
  </QueryClientProvider>
);

const dark = { args: { className: 'irc-dark' }, globals: { backgrounds: { value: 'dark' } } } as const;
const rtl = (Story: () => ReactElement) => (
  <div dir="rtl">
    <Story />
  </div>
);

/**
 * How a closed card reads: the outcome first, what was answered behind "What you answered"
 * (option titles, secrets hidden), and the task's result, failure or progress.
 */
const meta = preview.meta({
  title: 'Card/Outcomes',
  component: InputRequestCard,
  args: { suspension: order, resume: fn(async () => undefined) },
});

export default meta;

async function answerOrder(canvas: Parameters<NonNullable<(typeof Accepted)['input']['play']>>[0]['canvas']) {
  await userEvent.click(canvas.getByRole('radio', { name: 'Large (serves 10)' }));
  await userEvent.click(canvas.getByRole('checkbox', { name: 'Dessert' }));
  await userEvent.type(canvas.getByLabelText(/Card PIN/, { selector: 'input' }), '4711');
  await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
}

/** Accepted: "You answered.", and each answer behind the disclosure. */
export const Accepted = meta.story({
  play: async ({ canvas }) => {
    await answerOrder(canvas);
    await expect(await canvas.findByText('You answered.')).toHaveFocus();
    await userEvent.click(canvas.getByText('What you answered'));
    await expect(canvas.getByText('Large (serves 10)')).toBeVisible();
    await expect(canvas.getByText('Hidden')).toBeVisible();
  },
});

/** The same receipt in the dark theme. */
export const AcceptedDark = meta.story({
  ...dark,
  play: Accepted.input.play,
});

/**
 * The same receipt right to left: the host's Arabic words (`stories/arabic.ts`), the server's
 * English question and option titles each in their own direction.
 */
export const AcceptedRightToLeft = meta.story({
  args: { messages: arabicMessages },
  decorators: [rtl],
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Large (serves 10)' }));
    await userEvent.type(canvas.getByLabelText(/Card PIN/, { selector: 'input' }), '4711');
    await userEvent.click(canvas.getByRole('button', { name: 'قبول' }));
    await expect(await canvas.findByText('لقد أجبت.')).toBeVisible();
    await userEvent.click(canvas.getByText('إجاباتك'));
  },
});

/**
 * A pasted 12,000-character note: the whole note is sent, and the receipt shows its first 500
 * characters and how many more there are, so a transcript of answered cards stays short.
 */
export const AcceptedLongNote = meta.story({
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Small (serves 4)' }));
    await userEvent.click(canvas.getByRole('textbox', { name: 'Note for the kitchen' }));
    await userEvent.paste('No nuts, please. '.repeat(706).slice(0, 12_000));
    await userEvent.type(canvas.getByLabelText(/Card PIN/, { selector: 'input' }), '4711');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(await canvas.findByText('You answered.')).toHaveFocus();
    await userEvent.click(canvas.getByText('What you answered'));
    await expect(canvas.getByText('(11,500 more characters not shown)')).toBeVisible();
  },
});

/** Declined. */
export const Declined = meta.story({
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await expect(
      await canvas.findByText('You declined.', { selector: '[data-part="outcome"]' }),
    ).toBeVisible();
    await expect(args.resume).toHaveBeenCalledWith({ order: { action: 'decline' } }, expect.anything());
  },
});

/** Cancelled. */
export const Cancelled = meta.story({
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(
      await canvas.findByText('You cancelled.', { selector: '[data-part="outcome"]' }),
    ).toBeVisible();
  },
});

/** Sending failed: plain words, the detail behind a disclosure, one primary action (Try again). */
export const SendFailed = meta.story({
  args: { resume: fn(async () => Promise.reject(Object.assign(new Error('HTTP 503'), { status: 503 }))) },
  play: async ({ canvas }) => {
    await answerOrder(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your answer could not be sent: the server had a problem (error 503).',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    // Try again is the one primary action now; focus moves there, which scrolls it into view.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Try again' })).toHaveFocus());
  },
});

/** Sending failed, dark. */
export const SendFailedDark = meta.story({
  ...dark,
  args: { ...dark.args, resume: SendFailed.input.args?.resume },
  play: SendFailed.input.play,
});

/**
 * The send was not confirmed (the connection dropped): it may have arrived, so the answer stays as
 * sent, locked; Try again repeats it under the same key and cannot duplicate it.
 */
export const SendUnconfirmed = meta.story({
  args: { resume: fn(async () => Promise.reject(new TypeError('Failed to fetch'))) },
  play: async ({ canvas }) => {
    await answerOrder(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your answer may or may not have arrived',
    );
    await expect(canvas.getByRole('button', { name: 'Accept' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
});

/**
 * A resume whose first send may have arrived (the connection dropped), and whose Try again the
 * backend refuses as stale: one that keeps no idempotency key refuses the answer it already took.
 */
function refusedAfterDoubt() {
  let tries = 0;
  return async () => {
    tries += 1;
    if (tries === 1) throw new TypeError('Failed to fetch');
    throw new StaleRoundError(undefined, 409, { closedAs: 'answered-elsewhere' });
  };
}

function RefusedAfterDoubt() {
  const [resume] = useState(refusedAfterDoubt);
  return <InputRequestCard suspension={order} resume={resume} />;
}

/** Closed while a send was in doubt: the first try may be the answer that closed it. */
export const ClosedUnconfirmed = meta.story({
  render: () => <RefusedAfterDoubt />,
  play: async ({ canvas }) => {
    await answerOrder(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your answer may or may not have arrived',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    const outcome = await canvas.findByText(
      'Closed — your answer may be the one that closed it; its arrival was never confirmed.',
      { selector: '[data-part="outcome"]' },
    );
    await expect(outcome).toBeVisible();
    // Marked as a warning, as the other outcomes that leave the answer in doubt are.
    await expect(getComputedStyle(outcome, '::before').content).toContain('!');
    await expect(canvas.queryByText(/not used|Nothing was sent/)).toBeNull();
  },
});

/** Answered elsewhere (another tab, another person): nothing was sent from here. */
export const AnsweredElsewhere = meta.story({
  decorators: [withClient],
  args: {
    suspension: undefined,
    resume: undefined,
    source: (() => {
      let reads = 0;
      return {
        queryKey: ['outcomes', 'elsewhere'],
        fetchState: async (): Promise<InputRequestState> =>
          reads++ === 0 ? { status: 'input-required', suspension: order } : { status: 'working' },
        resume: async () => undefined,
      } satisfies InputRequestSource;
    })(),
    poll: { baseMs: 50, maxMs: 50 },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Answered elsewhere. Nothing was sent from here.')).toBeVisible();
  },
});

/** A task whose round someone else answers and which has finished by the next reading. */
function answeredElsewhereThenDone(key: string): InputRequestSource {
  let reads = 0;
  return {
    queryKey: ['outcomes', key],
    fetchState: async (): Promise<InputRequestState> =>
      reads++ === 0
        ? { status: 'input-required', suspension: order }
        : { status: 'completed', result: 'Ordered by Sam: 1 × Small. Arrives at 12:30.' },
    resume: async () => undefined,
  };
}

/**
 * Answered elsewhere, and the task had already finished when this card read it again: the
 * receipt says nothing was sent from here, and the task's result shows under it.
 */
export const AnsweredElsewhereWithResult = meta.story({
  decorators: [withClient],
  args: {
    suspension: undefined,
    resume: undefined,
    source: answeredElsewhereThenDone('elsewhere-result'),
    poll: { baseMs: 50, maxMs: 50 },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Answered elsewhere. Nothing was sent from here.')).toBeVisible();
    await expect(await canvas.findByText('Ordered by Sam: 1 × Small. Arrives at 12:30.')).toBeVisible();
  },
});

/** The same, dark. */
export const AnsweredElsewhereWithResultDark = meta.story({
  ...dark,
  decorators: [withClient],
  args: {
    ...AnsweredElsewhereWithResult.input.args,
    ...dark.args,
    source: answeredElsewhereThenDone('elsewhere-result-dark'),
  },
  play: AnsweredElsewhereWithResult.input.play,
});

/** Expired: the form stays readable, and the card says nothing was sent. */
export const Expired = meta.story({
  decorators: [withClient],
  args: {
    suspension: undefined,
    resume: undefined,
    source: stateSource('expired', { status: 'input-required', suspension: order, deadline: 0 }),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Expired — nothing was sent.')).toBeVisible();
  },
});

/** Expired, dark. */
export const ExpiredDark = meta.story({
  ...dark,
  decorators: [withClient],
  args: {
    ...dark.args,
    suspension: undefined,
    resume: undefined,
    source: stateSource('expired-dark', { status: 'input-required', suspension: order, deadline: 0 }),
  },
  play: Expired.input.play,
});

/** A completed task's result: text, its structure behind a disclosure. */
export const Result = meta.story({
  decorators: [withClient],
  args: {
    suspension: undefined,
    resume: undefined,
    source: stateSource('result', {
      status: 'completed',
      result: {
        content: [{ type: 'text', text: 'Ordered: 1 × Large, dessert. Arrives at 12:30.' }],
        structuredContent: { orderId: 'A-1042', eta: '12:30' },
      },
    }),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Ordered: 1 × Large, dessert. Arrives at 12:30.')).toBeVisible();
    await userEvent.click(canvas.getByText('Result data'));
  },
});

/** A tool error (`isError: true`) reads as a failure, not as success. */
export const ResultError = meta.story({
  decorators: [withClient],
  args: {
    suspension: undefined,
    resume: undefined,
    source: stateSource('result-error', {
      status: 'completed',
      result: {
        content: [{ type: 'text', text: 'Not ordered: the kitchen is closed today.' }],
        isError: true,
      },
    }),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The tool reported an error.')).toBeVisible();
  },
});

/** A failed task. */
export const TaskFailed = meta.story({
  ...dark,
  decorators: [withClient],
  args: {
    ...dark.args,
    suspension: undefined,
    resume: undefined,
    source: stateSource('failed', { status: 'failed', error: 'The payment provider did not answer.' }),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The task failed: The payment provider did not answer.',
    );
  },
});

/**
 * Working, with progress and the server's status line; Stop task where the source can stop it.
 * Nothing asked yet: headed "Task from …" by the name the source knows.
 */
export const Progress = meta.story({
  decorators: [withClient],
  args: {
    suspension: undefined,
    resume: undefined,
    source: stateSource(
      'progress',
      {
        status: 'working',
        message: 'Collecting orders from 12 people',
        progress: { progress: 7, total: 12 },
      },
      // Nothing asked yet: the heading names who the source says asks.
      { serverName: 'Lunch orders', toolName: 'collect_orders' },
    ),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Working… 7 of 12' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Task from Lunch orders' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Stop task' })).toBeVisible();
  },
});

/**
 * Stop task pressed: it ends the whole task, so it asks first, in place of the button ("Stop the
 * whole task? The tool stops working on it."), with Keep it running focused.
 */
export const StopTaskAsksFirst = meta.story({
  decorators: [withClient],
  args: {
    suspension: undefined,
    resume: undefined,
    source: stateSource(
      'stop-asks',
      {
        status: 'working',
        message: 'Collecting orders from 12 people',
        progress: { progress: 7, total: 12 },
      },
      { serverName: 'Lunch orders', toolName: 'collect_orders' },
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Stop task' }));
    const asked = canvas.getByRole('group', { name: 'Stop the whole task? The tool stops working on it.' });
    await expect(within(asked).getByRole('button', { name: 'Keep it running' })).toHaveFocus();
    await expect(within(asked).getByRole('button', { name: 'Stop task' })).toBeVisible();
  },
});

/**
 * Stopped by the person (`Stop task`, which asks first: it ends the whole task): "Stopped by you."
 * alone, not "The task was stopped." again under it.
 */
export const Stopped = meta.story({
  decorators: [withClient],
  args: {
    suspension: undefined,
    resume: undefined,
    source: stateSource('stopped', { status: 'working', message: 'Waiting for the kitchen' }),
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Stop task' }));
    const asked = canvas.getByRole('group', { name: /Stop the whole task\?/ });
    await expect(within(asked).getByRole('button', { name: 'Keep it running' })).toHaveFocus();
    await userEvent.click(within(asked).getByRole('button', { name: 'Stop task' }));
    await waitFor(() => expect(canvas.getByText('Stopped by you.')).toBeVisible());
    await expect(canvas.queryByText('The task was stopped.')).toBeNull();
  },
});
