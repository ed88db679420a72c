import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import { InputRequestCard, parseSuspension } from '../src/index.ts';
import { approveSchema, everyKindSchema, formRound, mixedRound } from '../test/fixtures/suspensions.ts';

const meta = preview.meta({
  title: 'Card/States',
  component: InputRequestCard,
  args: {
    suspension: formRound(approveSchema, 'Send the weekly report to the team?', {
      serverName: 'Mailer',
      toolName: 'send_report',
    }),
    resume: fn(async () => undefined),
  },
});

export default meta;

/** Waiting for the person: defaults pre-filled, nothing sent yet. */
export const InputRequired = meta.story({
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Mailer is asking' })).toBeVisible();
    await expect(canvas.getByLabelText(/Recipient/)).toHaveValue('team@example.com');
    await expect(args.resume).not.toHaveBeenCalled();
  },
});

/** Submitting with required fields empty: every error shows and focus moves to the first invalid field. */
export const WithErrors = meta.story({
  args: { suspension: formRound(everyKindSchema, 'Book a table: tell us about your party.') },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    const name = canvas.getByLabelText(/Full name/);
    await waitFor(() => expect(name).toHaveFocus());
    await expect(name).toHaveAccessibleDescription(/As on your ID\. This field is required\./);
    // A group's error is said by each option, where focus lands: not by the group too.
    for (const option of within(canvas.getByRole('group', { name: /Toppings/ })).getAllByRole('checkbox')) {
      await expect(option).toHaveAccessibleDescription(/Choose at least 1/);
    }
    await expect(args.resume).not.toHaveBeenCalled();
  },
});

/** The resume function is still running: buttons disabled, the card says so. */
export const Submitting = meta.story({
  args: { resume: fn(() => new Promise<never>(() => {})) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Sending your answer…');
    await expect(canvas.getByRole('button', { name: 'Accept' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Decline' })).toBeDisabled();
  },
});

/**
 * The resume function has run for more than 5 seconds: the card says the answer is still on its
 * way and that what was typed is kept, rather than a bare spinner until the send times out.
 */
export const SendingSlowly = meta.story({
  args: { resume: fn(() => new Promise<never>(() => {})) },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Note/), 'Numbers look good');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(
      await canvas.findByText(
        'Still sending your answer: the server is taking a while. Everything you typed is kept.',
        { selector: '[data-part="sending"]' },
        { timeout: 8000 },
      ),
    ).toBeVisible();
    await expect(canvas.getByLabelText(/Note/)).toHaveValue('Numbers look good');
  },
});

/** The answer went through. */
export const Answered = meta.story({
  play: async ({ canvasElement, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    // Focus lands on the receipt's first line, which says it.
    await waitFor(() => expect(canvas.getByText('You answered.')).toHaveFocus());
    await expect(canvasElement.querySelector('[data-part="card"]')).toHaveAttribute('data-state', 'answered');
  },
});

/** Sending failed: the error shows, typed values stay, and a retry sends them again. */
export const SendFailed = meta.story({
  args: { resume: fn(async () => Promise.reject(new Error('The server is unavailable'))) },
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Note/), 'Numbers look good');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your answer could not be sent');
    // The resume function's own error is the detail, folded away in the notice.
    await expect(alert.closest('[data-failure]')).toHaveTextContent('The server is unavailable');
    await expect(canvas.getByLabelText(/Note/)).toHaveValue('Numbers look good');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(args.resume).toHaveBeenCalledTimes(2));
  },
});

/**
 * Sending failed, then the person changed what they typed: Try again would resend the old answer,
 * so it gives way to Accept, which sends what is on screen. The failure notice stays.
 */
export const EditedAfterFailedSend = meta.story({
  args: {
    resume: fn(async () => Promise.reject(Object.assign(new Error('HTTP 503'), { status: 503 }))),
  },
  play: async ({ canvas }) => {
    const note = canvas.getByLabelText(/Note/);
    await userEvent.type(note, 'Numbers look good');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeVisible();
    const accept = canvas.getByRole('button', { name: 'Accept' });
    // One primary action at a time: Try again while it is offered, then Accept again.
    const filled = () => getComputedStyle(accept).backgroundColor !== 'rgba(0, 0, 0, 0)';
    await expect(filled()).toBe(false);
    await userEvent.type(note, ', ship on Monday');
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
    await expect(canvas.getByRole('alert')).toHaveTextContent('error 503');
    await expect(accept).toBeEnabled();
    await expect(filled()).toBe(true);
  },
});

/**
 * The server answered "busy, try again in a minute" (HTTP 503 with `Retry-After`): nothing can be
 * sent until then. The buttons that answer wait, the notice says how long and until when, and
 * takes focus; the fields stay editable.
 */
export const ServerAskedToWait = meta.story({
  args: {
    resume: fn(async () =>
      Promise.reject(Object.assign(new Error('HTTP 503'), { status: 503, retryAfterMs: 60_000 })),
    ),
  },
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Note/), 'Numbers look good');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    const notice = await canvas.findByRole('alert');
    // A minute or more: until when, on this machine's clock.
    await expect(notice).toHaveTextContent(
      /The server asked to wait 1 minute, until \d{1,2}:\d{2} [AP]M, before trying again\./,
    );
    await waitFor(() => expect(notice.closest('[data-failure]')).toHaveFocus());
    for (const name of ['Try again', 'Accept', 'Decline', 'Cancel']) {
      await expect(canvas.getByRole('button', { name })).toBeDisabled();
    }
    await expect(canvas.getByLabelText(/Note/)).toBeEnabled();
    await expect(args.resume).toHaveBeenCalledTimes(1);
  },
});

/** Decline sends `{ action: "decline" }` and nothing else. */
export const Declined = meta.story({
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(args.resume).toHaveBeenCalledWith({ details: { action: 'decline' } }, expect.anything()),
    );
  },
});

/**
 * Decline on a form that holds what the person entered asks first: "Say no to this question?
 * Nothing you entered here is sent.", with Decline to confirm and Keep editing (focused; Escape too).
 */
export const DeclineAfterTyping = meta.story({
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Note/), 'Numbers look good');
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    const asked = canvas.getByRole('group', { name: /Say no to this question\?/ });
    await expect(within(asked).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await expect(canvas.getByLabelText(/Note/)).toHaveValue('Numbers look good');
    await expect(args.resume).not.toHaveBeenCalled();
  },
});

/** Cancel sends `{ action: "cancel" }`. */
export const Cancelled = meta.story({
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(args.resume).toHaveBeenCalledWith({ details: { action: 'cancel' } }, expect.anything()),
    );
  },
});

/** A schema outside the flat subset is never half-rendered: the reason shows, Decline and Cancel work. */
export const UnsupportedSchema = meta.story({
  args: {
    suspension: formRound(
      {
        type: 'object',
        properties: {
          code: { type: 'string', pattern: '^[0-9]{6}$' },
          address: { type: 'object', properties: { street: { type: 'string' } } },
        },
      },
      'Enter the code we sent you.',
    ),
  },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByText('This question cannot be answered here')).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await userEvent.click(canvas.getByText(/Details: \d problems/));
    await expect(canvas.getByText(/"pattern" is not allowed/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(args.resume).toHaveBeenCalledWith({ details: { action: 'decline' } }, expect.anything()),
    );
  },
});

/** Several requests in one round: one send, after the last answer. */
export const MixedRound = meta.story({
  args: { suspension: mixedRound() },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByText('0 of 3 answered')).toBeVisible();
    // Each section says which question it is, first in its name.
    await expect(canvas.getByRole('form', { name: 'Question 1 of 3 Who should we notify?' })).toBeVisible();
    await expect(canvas.getByText('Question 3 of 3')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'email' }), 'ops@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(await canvas.findByText('1 of 3 answered')).toBeVisible();
    await userEvent.click(canvas.getAllByRole('button', { name: 'Decline' })[2]!);
    await expect(args.resume).not.toHaveBeenCalled();
    // The declined section's Decline is disabled; focus moves to its Change button.
    await waitFor(() =>
      expect(canvas.getAllByRole('button', { name: 'Change answer' }).at(-1)).toHaveFocus(),
    );
  },
});

/** Server text that looks like HTML stays text. */
export const UntrustedText = meta.story({
  args: {
    suspension: formRound(
      {
        type: 'object',
        properties: { x: { type: 'string', title: '<b>bold</b> <img src=x onerror=alert(1)>' } },
      },
      '<script>alert("hi")</script> Please <a href="https://evil.example">click</a>',
      { serverName: '<i>Server</i>' },
    ),
  },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvas.getByRole('heading', { name: '<i>Server</i> is asking' })).toBeVisible();
    await expect(canvasElement.querySelector('script, img, a, b, i')).toBeNull();
  },
});

/** The theme's dark variant, forced with a class. */
export const Dark = meta.story({
  args: { className: 'irc-dark' },
  globals: { backgrounds: { value: 'dark' } },
});

/** A long message and a long unbroken word keep the card readable. */
export const LongMessage = meta.story({
  args: {
    suspension: formRound(
      approveSchema,
      `${'This report covers every team and every project in detail. '.repeat(12)}\nhttps://example.com/${'a'.repeat(120)}`,
    ),
  },
});

/** A megabyte of unbroken server text: the card shows 5,000 characters and says how much it left out. */
export const HugeMessage = meta.story({
  args: {
    suspension: formRound(approveSchema, 'x'.repeat(1024 * 1024), {
      serverName: `Mailer${'!'.repeat(2000)}`,
      toolName: 'send_report',
    }),
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('(1,043,576 more characters not shown)')).toBeVisible();
    // The name is cut too: 300 characters and "…".
    await expect(canvas.getByRole('heading')).toHaveTextContent(/^Mailer!+… is asking$/);
    await expect(
      canvasElement.querySelector('[data-part="card"]')!.getBoundingClientRect().height,
    ).toBeLessThan(3000);
  },
});

/** A round of 10,000 questions: one refusal, whose Decline answers all of them in one send. */
export const TooManyQuestions = meta.story({
  args: {
    suspension: parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: Object.fromEntries(
          Array.from({ length: 10_000 }, (_, index) => [
            `q${index}`,
            {
              method: 'elicitation/create',
              params: { message: `Question ${index}?`, requestedSchema: approveSchema },
            },
          ]),
        ),
      },
      { serverName: 'Survey bot' },
    ),
  },
  play: async ({ args, canvas }) => {
    await expect(
      canvas.getByText(
        'The server asked 10,000 questions at once; this app shows at most 20 together. You can decline or cancel them all.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByText('Question 0?')).toBeNull();
    await expect(args.resume).not.toHaveBeenCalled();
  },
});

/** The same round declined: one send carries a decline for each of the 10,000 questions. */
export const TooManyQuestionsDeclined = meta.story({
  args: { suspension: TooManyQuestions.input.args?.suspension },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await expect(
      await canvas.findByText('You declined.', { selector: '[data-part="outcome"]' }),
    ).toBeVisible();
    await expect(Object.keys((args.resume as ReturnType<typeof fn>).mock.calls[0]?.[0] ?? {})).toHaveLength(
      10_000,
    );
  },
});

/** The host answers sampling and roots itself (`answerers`); the person answers the form, and one send carries all three. */
export const AnsweredByHost = meta.story({
  args: {
    suspension: parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          confirm: {
            method: 'elicitation/create',
            params: {
              message: 'Deploy the summary to the team wiki?',
              requestedSchema: { type: 'object', properties: {} },
            },
          },
          summary: {
            method: 'sampling/createMessage',
            params: {
              messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the release' } }],
              maxTokens: 80,
            },
          },
          roots: { method: 'roots/list' },
        },
      },
      { serverName: 'Deployer', toolName: 'publish_summary' },
    ),
    answerers: {
      'sampling/createMessage': async () => ({
        role: 'assistant',
        content: { type: 'text', text: 'Release 4.2: faster search, two fixes.' },
        model: 'local-model',
      }),
      'roots/list': async () => ({ roots: [{ uri: 'file:///srv/wiki', name: 'wiki' }] }),
    },
  },
  play: async ({ args, canvas }) => {
    await expect(await canvas.findAllByText('Answered by this app.')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(args.resume).toHaveBeenCalledOnce());
    await expect(Object.keys((args.resume as ReturnType<typeof fn>).mock.calls[0]?.[0] ?? {}).sort()).toEqual(
      ['confirm', 'roots', 'summary'],
    );
  },
});
