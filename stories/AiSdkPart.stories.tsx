import { http } from 'msw';
import type { MswApi } from 'msw-storybook-addon';
import { useSyncExternalStore } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import { germanAnsweredMessages, type InputRequestDataPart, InputRequestPart } from '../src/ai-sdk/index.ts';
import { createInputRequestBridge, type InputRequestChunk } from '../src/ai-sdk/server.ts';
import { meetingParams } from '../test/fixtures/suspensions.ts';

/**
 * The AI SDK part (`input-request-cards/ai-sdk`): a `data-input-request` part of a chat message
 * renders as the card while the question waits, and as a closed summary once it ended. The
 * "ask, then answered" story runs the real bridge in the page: its answer route sits behind MSW at
 * `/api/input-requests`, and each part it writes replaces the one on screen, as `useChat` would.
 */
const meta = preview.meta({
  title: 'AI SDK/Input request part',
  component: InputRequestPart,
});

export default meta;

const TRIP = {
  mode: 'form',
  message: 'Where and when do you want to travel?',
  requestedSchema: {
    type: 'object',
    properties: {
      city: { type: 'string', title: 'City' },
      budget: { type: 'number', title: 'Budget (EUR)' },
      start: { type: 'string', format: 'date', title: 'First day' },
      seats: {
        type: 'array',
        title: 'Seats',
        items: {
          anyOf: [
            { const: 'window', title: 'Window' },
            { const: 'aisle', title: 'Aisle' },
          ],
        },
      },
      loyalty_password: { type: 'string', title: 'Loyalty account password' },
    },
    required: ['city'],
  },
};

/** A part as it is kept in a chat's history, ended: it renders the summary and makes no request. */
function endedPart(data: Partial<InputRequestDataPart['data']>): InputRequestDataPart {
  return {
    type: 'data-input-request',
    id: 'trip-1',
    data: {
      requestId: 'trip-1',
      chatId: 'chat-1',
      serverName: 'Travel desk',
      toolName: 'book_trip',
      request: { method: 'elicitation/create', params: TRIP },
      status: 'answered',
      createdAt: '2026-12-01T10:00:00.000Z',
      expiresAt: '2026-12-01T10:10:00.000Z',
      answer: {
        action: 'accept',
        content: { city: 'Lisbon', budget: 1250.5, start: '2027-03-14', seats: ['window', 'aisle'] },
        hidden: ['loyalty_password'],
      },
      ...data,
    },
  };
}

const dark = { args: { className: 'irc-dark' }, globals: { backgrounds: { value: 'dark' } } } as const;

/** The answered summary: who asked, how it ended, and each answer in the reader's words. */
export const Answered = meta.story({
  args: { part: endedPart({}) },
  play: async ({ canvas }) => {
    const summary = canvas.getByRole('article', { name: 'Travel desk asked' });
    await expect(within(summary).getByText('You answered.')).toBeVisible();
    const answers = within(summary).getByLabelText('Your answers');
    await expect(within(answers).getByText('1,250.5')).toBeVisible();
    await expect(within(answers).getByText('March 14, 2027')).toBeVisible();
    await expect(within(answers).getByText('Window and Aisle')).toBeVisible();
    await expect(within(answers).getByText('Hidden')).toBeVisible();
  },
});

/** The same summary in the dark theme (the card's `className` reaches the summary too). */
export const AnsweredDark = meta.story({
  ...dark,
  args: { ...dark.args, part: endedPart({}) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article', { name: 'Travel desk asked' })).toHaveClass('irc-dark');
  },
});

/** In German: numbers, dates and the list of options follow the summary's locale. */
export const AnsweredGerman = meta.story({
  args: { part: endedPart({}), answeredMessages: germanAnsweredMessages },
  play: async ({ canvas }) => {
    const summary = canvas.getByRole('article', { name: 'Anfrage von Travel desk' });
    const answers = within(summary).getByLabelText('Ihre Antworten');
    await expect(within(answers).getByText('1.250,5')).toBeVisible();
    await expect(within(answers).getByText('14. März 2027')).toBeVisible();
    await expect(within(answers).getByText('Window und Aisle')).toBeVisible();
  },
});

/** Nobody answered in time: the summary says what the bridge told the server. */
export const TimedOut = meta.story({
  args: {
    part: endedPart({
      status: 'timed-out',
      answer: undefined,
      outcome: { action: 'cancel', reason: 'timed-out' },
    }),
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('No answer came in time, so the server was told: cancelled.'),
    ).toBeVisible();
  },
});

/** The latest version of one part, as `useChat` holds it: each chunk the bridge writes replaces it. */
function partFeed() {
  let part: InputRequestDataPart | undefined;
  const listeners = new Set<() => void>();
  return {
    write(chunk: InputRequestChunk) {
      part = chunk;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read: () => part,
  };
}

function LivePart({ feed }: { feed: ReturnType<typeof partFeed> }) {
  const part = useSyncExternalStore(feed.subscribe, feed.read, feed.read);
  return part ? <InputRequestPart part={part} /> : <p>Waiting for the tool…</p>;
}

let feed = partFeed();

/**
 * A tool asks through the real bridge; the person answers in the card; the answer goes to the
 * bridge's route, and the part the bridge writes next replaces the card with the summary.
 */
export const AskThenAnswered = meta.story({
  args: { part: endedPart({}) },
  beforeEach({ msw }: { msw: MswApi }) {
    feed = partFeed();
    const bridge = createInputRequestBridge();
    msw.use(http.post('/api/input-requests', ({ request }) => bridge.handleAnswer(request)));
    const asks = bridge.forChat({
      chatId: 'chat-1',
      serverName: 'Calendar',
      toolName: 'book_meeting',
      writer: feed,
    });
    void asks.onElicitationRequest({ method: 'elicitation/create', params: meetingParams });
  },
  render: () => <LivePart feed={feed} />,
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('article', { name: /^Calendar (is asking|asked)$/ });
    await userEvent.type(within(card).getByRole('textbox', { name: /Title/ }), 'Planning');
    await userEvent.click(within(card).getByRole('radio', { name: 'South room' }));
    await userEvent.type(within(card).getByLabelText(/API key/, { selector: 'input' }), 'sk-live-777');
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    const summary = await canvas.findByRole('article', { name: 'Calendar asked' });
    await expect(within(summary).getByText('You answered.')).toBeVisible();
    await expect(within(summary).getByText('South room')).toBeVisible();
    await expect(within(summary).getByText('Hidden')).toBeVisible();
    await expect(summary).not.toHaveTextContent('sk-live-777');
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
  },
});

/**
 * Someone else's answer reached the server first (another tab of the chat): the route refuses
 * this one with 409 `already-answered`. The card closes as answered elsewhere, with what this
 * person typed still on screen, read-only, to copy, and no Try again that could never succeed.
 */
export const RefusedAlreadyAnswered = meta.story({
  // Pending: the bridge would answer for the person ten minutes from now, and the card counts down.
  args: {
    part: endedPart({
      status: 'pending',
      answer: undefined,
      expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    }),
  },
  beforeEach({ msw }: { msw: MswApi }) {
    msw.use(
      http.post('/api/input-requests', () =>
        Response.json(
          { error: { code: 'already-answered', message: 'input-request-cards: already answered.' } },
          { status: 409 },
        ),
      ),
    );
  },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('article', { name: /^Travel desk (is asking|asked)$/ });
    await userEvent.type(within(card).getByRole('textbox', { name: /City/ }), 'Lisbon');
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(card).toHaveAttribute('data-outcome', 'answered-elsewhere-first'));
    // The receipt's first line (the live region says the same, to screen readers only).
    await expect(
      within(card).getByText('Answered elsewhere first. Your answer was not used.', {
        selector: '[data-part="outcome"]',
      }),
    ).toBeVisible();
    await expect(within(card).getByRole('textbox', { name: /City/ })).toHaveValue('Lisbon');
    await expect(within(card).getByRole('button', { name: 'Copy answers' })).toBeVisible();
    await expect(within(card).queryByRole('button', { name: /Try again|Accept/ })).toBeNull();
  },
});
