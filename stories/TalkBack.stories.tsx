import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MswApi } from 'msw-storybook-addon';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import {
  InputRequestCard,
  type InputRequestSource,
  type InputRequestState,
  parseSuspension,
  StaleRoundError,
} from '../src/index.ts';
import { approveRound, createTaskApi, type TaskApi } from '../src/testing/index.ts';

/**
 * Rounds that talk back: a server that asks again with its reason, a round that asks nothing while
 * the person finishes a step elsewhere ("still waiting"), and a state the server refuses, answered
 * by "Start again". Each card runs the real session; the servers are scripted in the story.
 */
const meta = preview.meta({
  title: 'Card/Rounds that talk back',
});

export default meta;

function Live({ source }: { source: InputRequestSource }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <InputRequestCard source={source} drafts={false} poll={{ baseMs: 300, maxMs: 1500 }} />
    </QueryClientProvider>
  );
}

const card = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('article', { name: / (is asking|asked)$|^Task from a tool$|^Task from / });

/** A round as MCP 2026 sends it (`input_required` with a `requestState`), read by the card's parser. */
function round(requestState: string, inputRequests: Record<string, unknown>): InputRequestState {
  return {
    status: 'input-required',
    suspension: parseSuspension(
      { resultType: 'input_required', inputRequests, requestState },
      { serverName: 'Calendar', toolName: 'connect_account' },
    ),
  };
}

/** An in-memory source: `script` decides what each answer (or restart) leads to. */
function scriptedSource(
  name: string,
  first: InputRequestState,
  script: {
    answer: (sent: number) => InputRequestState | Error;
    restart?: () => InputRequestState;
  },
): InputRequestSource {
  let current = first;
  let sent = 0;
  return {
    queryKey: ['talk-back', name, Math.random()],
    fetchState: async () => current,
    resume: async () => {
      sent += 1;
      const next = script.answer(sent);
      if (next instanceof Error) throw next;
      current = next;
      return next;
    },
    ...(script.restart
      ? {
          restart: async () => {
            current = script.restart?.() ?? current;
            return current;
          },
        }
      : {}),
  };
}

let api: TaskApi;

const signIn = {
  method: 'elicitation/create',
  params: {
    mode: 'url',
    message: 'Sign in to connect your calendar.',
    url: 'https://calendar.example.com/connect?session=8f2c',
  },
};

/** Opens the sign-in link (no window really opens) and presses Done, as the person would. */
async function openSignInAndFinish(canvas: ReturnType<typeof within>): Promise<void> {
  const open = window.open;
  window.open = () => null;
  try {
    await userEvent.click(await canvas.findByRole('button', { name: /Open/ }));
  } finally {
    window.open = open;
  }
  await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
}

/** After the person opened the link and pressed Done, the server asks nothing until the step is done. */
export const StillWaiting = meta.story({
  render: () => (
    <Live
      source={scriptedSource('still-waiting', round('r1', { signin: signIn }), {
        // Done, then readings that ask nothing (the sign-in is not finished; the card tries again
        // at once, then after 1 and 2 s), then the result.
        answer: (sent) =>
          sent < 4
            ? round(`r${sent + 1}`, {})
            : { status: 'completed', result: { content: [{ type: 'text', text: 'Calendar connected.' }] } },
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openSignInAndFinish(canvas);
    // Said in the card and (for screen readers) in its live region.
    await canvas.findAllByText('Waiting for you to finish…', {}, { timeout: 5000 });
    await expect(canvas.getByRole('button', { name: 'Check now' })).toBeEnabled();
    // For a person who closed the sign-in page too soon.
    await expect(canvas.getByRole('button', { name: 'Open again' })).toBeEnabled();
    await waitFor(() => expect(card(canvasElement)).toHaveAttribute('data-state', 'completed'), {
      timeout: 8000,
    });
    await expect(canvas.getByText('Calendar connected.')).toBeVisible();
  },
});

/**
 * The person stops waiting for a sign-in that never finishes: a retry holds no task open, so the
 * card says they stopped waiting and that nothing more is sent (not that a task was cancelled).
 */
export const StoppedWaiting = meta.story({
  render: () => (
    <Live
      source={scriptedSource('stopped-waiting', round('r1', { signin: signIn }), {
        // Done, then readings that keep asking nothing: the sign-in is never finished.
        answer: (sent) => round(`r${sent + 1}`, {}),
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await openSignInAndFinish(canvas);
    await canvas.findAllByText('Waiting for you to finish…', {}, { timeout: 5000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(card(canvasElement)).toHaveAttribute('data-state', 'cancelled'));
    const line = canvasElement.querySelector('[data-part="task-cancelled"]');
    await expect(line).toHaveTextContent('You stopped waiting. Nothing more is sent for this question.');
    await expect(card(canvasElement)).not.toHaveTextContent(/task/i);
  },
});

const booking = {
  method: 'elicitation/create',
  params: {
    message: 'Which room should I book?',
    requestedSchema: {
      type: 'object',
      properties: {
        room: { type: 'string', title: 'Room', enum: ['Ada', 'Grace', 'Linus'] },
        topic: { type: 'string', title: 'Topic' },
      },
      required: ['room'],
    },
  },
};

/** The server refuses the echoed state (expired): the card offers Start again, with the answers kept. */
export const StartAgain = meta.story({
  render: () => (
    <Live
      source={scriptedSource('start-again', round('old', { booking }), {
        answer: (sent) =>
          sent === 1
            ? new StaleRoundError('Invalid or expired requestState')
            : { status: 'completed', result: { content: [{ type: 'text', text: 'Room Grace is booked.' }] } },
        restart: () => round('fresh', { booking }),
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'Grace' }));
    await userEvent.type(canvas.getByRole('textbox', { name: /Topic/ }), 'Planning');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Start again' }, { timeout: 5000 }));
    await expect(await canvas.findByRole('radio', { name: 'Grace' }, { timeout: 5000 })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: /Topic/ })).toHaveValue('Planning');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await canvas.findByText('Room Grace is booked.', {}, { timeout: 5000 });
  },
});

/**
 * The server checks the answer and asks again, saying why, with one new question: the form keeps
 * what was typed, and marks the questions asked again apart from the new one.
 */
export const ReAsk = meta.story({
  beforeEach({ msw }: { msw: MswApi }) {
    const reask = structuredClone(approveRound);
    const params = reask.inputRequests.approval?.params as {
      message: string;
      requestedSchema: { properties: Record<string, unknown> };
    };
    params.message =
      'ops@example.com cannot receive reports. Choose another recipient, or copy a manager in.';
    // One new question beside the three asked again: those carry a mark, the new one does not.
    params.requestedSchema.properties.copyTo = { type: 'string', title: 'Copy to', format: 'email' };
    api = createTaskApi({
      serverName: 'Mailer',
      toolName: 'send_report',
      baseUrl: 'https://tasks.example.test/re-ask',
      rounds: [approveRound, reask],
    });
    msw.use(...api.handlers);
  },
  render: () => <Live source={api.source} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const recipient = await canvas.findByRole('textbox', { name: /Recipient/ });
    await userEvent.clear(recipient);
    await userEvent.type(recipient, 'ops@example.com');
    await userEvent.type(canvas.getByRole('textbox', { name: /Note/ }), 'Weekly numbers');
    await userEvent.type(canvas.getByLabelText(/^One-time code/), '4242');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    const form = await canvas.findByRole(
      'form',
      { name: /The server asked again\. Its reason:/ },
      { timeout: 5000 },
    );
    await expect(within(form).getByRole('textbox', { name: /Recipient/ })).toHaveValue('ops@example.com');
    await expect(within(form).getByRole('textbox', { name: /Note/ })).toHaveValue('Weekly numbers');
    // A secret is never carried over: the person types it again.
    await expect(within(form).getByLabelText(/^One-time code/)).toHaveValue('');
    await expect(within(form).getByRole('textbox', { name: /Recipient/ })).toHaveAccessibleDescription(
      /Asked again/,
    );
    await expect(within(form).getByRole('textbox', { name: /Copy to/ })).not.toHaveAccessibleDescription(
      /Asked again/,
    );
  },
});
