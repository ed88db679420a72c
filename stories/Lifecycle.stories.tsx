import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import type { MswApi } from 'msw-storybook-addon';
import { useState } from 'react';
import { expect, userEvent, waitFor, type within } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import { InputRequestCard } from '../src/index.ts';
import { createTaskApi, followUpRound, type TaskApi, type TaskApiOptions } from '../src/testing/index.ts';

/**
 * Cards bound to a live `source`: a scripted background-task API behind MSW (the same
 * `input-request-cards/testing` handlers the tests use), answered through the real `fetch` path.
 */
const meta = preview.meta({
  title: 'Card/Lifecycle',
});

export default meta;

function LiveCard({ api, drafts = false }: { api: TaskApi; drafts?: boolean }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <InputRequestCard
        source={api.source}
        poll={{ baseMs: 300, maxMs: 1500 }}
        {...(drafts ? {} : { drafts: false as const })}
      />
    </QueryClientProvider>
  );
}

interface PlayContext {
  canvas: ReturnType<typeof within>;
}

/** One story on its own scripted task (a fresh one each time the story runs). */
function live(
  name: string,
  options: TaskApiOptions & { drafts?: boolean },
  play?: (context: PlayContext, api: TaskApi) => Promise<void>,
) {
  let api: TaskApi;
  return {
    beforeEach({ msw }: { msw: MswApi }) {
      api = createTaskApi({
        serverName: 'Mailer',
        toolName: 'send_report',
        baseUrl: `https://tasks.example.test/${name}`,
        ...options,
      });
      msw.use(...api.handlers);
    },
    render: () => <LiveCard api={api} drafts={options.drafts ?? false} />,
    ...(play ? { play: (context: PlayContext) => play(context, api) } : {}),
  };
}

const region = (canvas: PlayContext['canvas']) =>
  canvas.getByRole('article', { name: / (is asking|asked)$|^Task from a tool$|^Task from / });

export const Loading = meta.story(
  live('loading', { latencyMs: 60_000 }, async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the question…');
    await expect(region(canvas)).toHaveAttribute('data-state', 'loading');
  }),
);

export const Working = meta.story(
  live('working', { startWorking: true }, async ({ canvas }) => {
    await waitFor(() => expect(region(canvas)).toHaveAttribute('data-state', 'working'));
    await expect(canvas.getByRole('status')).toHaveTextContent('Working…');
  }),
);

/**
 * The task's state cannot be read any more while the question is open (the server answers 503):
 * the question stays as it is, and a line above it says why, while the card keeps trying.
 */
export const StateReadFailed = meta.story(
  (() => {
    let api: TaskApi;
    let failing = false;
    return {
      beforeEach({ msw }: { msw: MswApi }) {
        failing = false;
        api = createTaskApi({
          serverName: 'Mailer',
          toolName: 'send_report',
          baseUrl: 'https://tasks.example.test/state-read-failed',
        });
        msw.use(
          http.get(api.stateUrl, () =>
            failing ? HttpResponse.json({ error: 'down' }, { status: 503 }) : undefined,
          ),
          ...api.handlers,
        );
      },
      render: () => <LiveCard api={api} drafts={false} />,
      play: async ({ canvas }: PlayContext) => {
        await canvas.findByRole('textbox', { name: /Note/ }, { timeout: 5000 });
        failing = true;
        const line = await canvas.findByText(
          /^Could not get the task’s state: the server had a problem \(error 503\)\. Trying again…$/,
          { selector: '[data-part="read-failure"]' },
          { timeout: 5000 },
        );
        await expect(line).toBeVisible();
        await expect(canvas.getByRole('button', { name: 'Accept' })).toBeEnabled();
      },
    };
  })(),
);

export const InputRequired = meta.story(
  live('input-required', {}, async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: /Recipient/ })).toHaveValue('team@example.com');
    await expect(region(canvas)).toHaveAttribute('data-state', 'input-required');
  }),
);

export const Answered = meta.story(
  live('answered', { completeAfterLastRound: false }, async ({ canvas }, api) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /Note/ }), 'Ship it');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(region(canvas)).toHaveAttribute('data-state', 'answered'));
    await expect(api.task.received[0]?.inputResponses).toEqual({
      approval: { action: 'accept', content: { recipient: 'team@example.com', note: 'Ship it' } },
    });
  }),
);

export const AsksTwice = meta.story(
  live('asks-twice', { scenario: 'asks-twice' }, async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Accept' }));
    await userEvent.type(await canvas.findByLabelText(/Send on/, { selector: 'input' }), '2026-12-24');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(region(canvas)).toHaveAttribute('data-state', 'completed'), { timeout: 5000 });
  }),
);

export const AnsweredElsewhere = meta.story(
  live('answered-elsewhere', { scenario: 'answered-elsewhere' }, async ({ canvas }) => {
    await expect(
      await canvas.findByText('Answered elsewhere. This question is closed.', {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Accept' })).toBeNull();
  }),
);

/**
 * Someone else answered while this person was typing (before they pressed Accept): the card says
 * so, and what they typed stays to read and copy.
 */
export const AnsweredElsewhereWhileTyping = meta.story(
  live('answered-elsewhere-while-typing', {}, async ({ canvas }, api) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /Note/ }), 'Ship it on Friday');
    api.task.answerElsewhere();
    await expect(
      await canvas.findByText('Answered elsewhere. This question is closed.', {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /Note/ })).toHaveValue('Ship it on Friday');
    await expect(canvas.getByRole('textbox', { name: /Note/ })).toHaveAttribute('readonly');
    await expect(canvas.getByRole('button', { name: 'Copy answers' })).toBeVisible();
  }),
);

/**
 * Someone else answered while this person was typing, and the card had not read it yet: their
 * Accept is refused (HTTP 409). The next reading shows the task moved on, so the card says the
 * request was answered elsewhere first and their answer was not used, and keeps what they typed on screen to read and copy.
 */
export const AnsweredElsewhereFirst = meta.story(
  live('answered-elsewhere-first', { completeAfterLastRound: false }, async ({ canvas }, api) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /Note/ }), 'Ship it on Friday');
    const accept = canvas.getByRole('button', { name: 'Accept' });
    // In the same turn, so no poll can show the card the other answer before the click.
    api.task.answerElsewhere();
    accept.click();
    await waitFor(() => expect(region(canvas)).toHaveAttribute('data-outcome', 'answered-elsewhere-first'), {
      timeout: 5000,
    });
    // The receipt's first line (the live region says the same, to screen readers only).
    await expect(
      canvas.getByText('Answered elsewhere first. Your answer was not used.', {
        selector: '[data-part="outcome"]',
      }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Accept' })).toBeNull();
    await expect(canvas.getByRole('textbox', { name: /Note/ })).toHaveValue('Ship it on Friday');
    await expect(canvas.getByRole('textbox', { name: /Note/ })).toHaveAttribute('readonly');
    await expect(canvas.getByRole('button', { name: 'Copy answers' })).toBeVisible();
  }),
);

/**
 * The task was cancelled while this person was typing, and the card had not read it yet: their
 * Accept is refused (HTTP 409). The card says the task was stopped and that the answer was not
 * used (not "Expired": no clock closed the round), and keeps what they typed to read and copy.
 */
export const RefusedTaskCancelled = meta.story(
  live('refused-task-cancelled', {}, async ({ canvas }, api) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /Note/ }), 'Ship it on Friday');
    const accept = canvas.getByRole('button', { name: 'Accept' });
    api.task.cancel();
    accept.click();
    await waitFor(() => expect(region(canvas)).toHaveAttribute('data-outcome', 'refused'), { timeout: 5000 });
    // The refusal says it at once; the next reading of the task adds why.
    await expect(
      await canvas.findByText('The task was stopped.', { selector: 'p' }, { timeout: 5000 }),
    ).toBeVisible();
    await expect(
      canvas.getByText('Your answer was not used: this question had already closed.'),
    ).toBeVisible();
    await expect(canvas.queryByText(/Expired/)).toBeNull();
    await expect(canvas.getByRole('textbox', { name: /Note/ })).toHaveValue('Ship it on Friday');
    await expect(canvas.getByRole('textbox', { name: /Note/ })).toHaveAttribute('readonly');
    await expect(canvas.getByRole('button', { name: 'Copy answers' })).toBeVisible();
  }),
);

export const ReplacedByNewerRound = meta.story(
  live('superseded', {}, async ({ canvas }, api) => {
    await canvas.findByRole('textbox', { name: /Note/ });
    api.task.ask(followUpRound);
    await expect(
      await canvas.findByText('A newer question replaced this one.', {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(
      await canvas.findByLabelText(/Send on/, { selector: 'input' }, { timeout: 5000 }),
    ).toBeVisible();
  }),
);

/**
 * A newer round replaced the question while this person was typing, and asks other things: what
 * they typed has no place in it, so it stays above the new question, to read and copy.
 */
export const ReplacedWhileTyping = meta.story(
  live('superseded-while-typing', {}, async ({ canvas }, api) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /Note/ }), 'Ship it on Friday');
    api.task.ask(followUpRound);
    await expect(
      await canvas.findByLabelText(/Send on/, { selector: 'input' }, { timeout: 5000 }),
    ).toBeVisible();
    const kept = canvas.getByRole('region', { name: 'What you entered before' });
    await expect(kept).toBeVisible();
    await expect(kept).toHaveTextContent('Ship it on Friday');
    await expect(canvas.getByRole('button', { name: 'Copy what you entered' })).toBeVisible();
  }),
);

/** Who buys? Who pays?, each asking a Name, both typed: replaced, each value is listed under its question. */
const contactQuestion = (message: string) => ({
  method: 'elicitation/create',
  params: {
    message,
    requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
  },
});

export const ReplacedWhileTypingTwoQuestions = meta.story(
  live(
    'superseded-two-questions',
    {
      rounds: [
        { inputRequests: { buyer: contactQuestion('Who buys?'), payer: contactQuestion('Who pays?') } },
        followUpRound,
      ],
    },
    async ({ canvas }, api) => {
      const [buyer, payer] = await canvas.findAllByRole('textbox', { name: /Name/ });
      await userEvent.type(buyer as HTMLElement, 'Ada Lovelace');
      await userEvent.type(payer as HTMLElement, 'Grace Hopper');
      api.task.ask(followUpRound);
      await expect(
        await canvas.findByLabelText(/Send on/, { selector: 'input' }, { timeout: 5000 }),
      ).toBeVisible();
      const kept = canvas.getByRole('region', { name: 'What you entered before' });
      await expect(kept).toHaveTextContent(/Who buys\?NameAda Lovelace.*Who pays\?NameGrace Hopper/);
    },
  ),
);

export const Expired = meta.story(
  live('expired', { roundTtlMs: 1200 }, async ({ canvas }) => {
    await canvas.findByRole('textbox', { name: /Note/ });
    await expect(
      await canvas.findByText('This question expired. Your answers were not sent.', {}, { timeout: 5000 }),
    ).toBeVisible();
    // Nothing can be sent any more; what was typed stays readable and copyable.
    await expect(canvas.queryByRole('button', { name: 'Accept' })).toBeNull();
    await expect(canvas.getByRole('textbox', { name: /Note/ })).toHaveAttribute('readonly');
    await expect(canvas.getByRole('button', { name: 'Copy answers' })).toBeVisible();
  }),
);

/**
 * The question expired while the person typed, and then the task failed at its time limit: the
 * card says how the task ended above what they typed, which stays to read and copy.
 */
export const ExpiredThenTaskFailed = meta.story(
  live('expired-then-failed', { roundTtlMs: 1200 }, async ({ canvas }, api) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /Note/ }), 'Leave it at the door');
    await canvas.findByText('This question expired. Your answers were not sent.', {}, { timeout: 5000 });
    api.task.fail('Timed out waiting for input.');
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('The task failed: Timed out waiting for input.');
    await expect(canvas.getByRole('textbox', { name: /Note/ })).toHaveValue('Leave it at the door');
    await expect(canvas.getByRole('textbox', { name: /Note/ })).toHaveAttribute('readonly');
    await expect(canvas.getByRole('button', { name: 'Copy answers' })).toBeVisible();
  }),
);

export const ResumeFails = meta.story(
  live('resume-fails', { resumeFailures: 1, completeAfterLastRound: false }, async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: /Note/ }), 'Keep me');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('the server had a problem (error 503)');
    // The raw detail is folded away in the notice, not said with it.
    await expect(alert.closest('[data-failure]')).toHaveTextContent('HTTP 503');
    await expect(canvas.getByRole('textbox', { name: /Note/ })).toHaveValue('Keep me');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(region(canvas)).toHaveAttribute('data-state', 'answered'));
  }),
);

export const SlowNetwork = meta.story(
  live('slow-network', { latencyMs: 700, completeAfterLastRound: false }, async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Accept' }, { timeout: 5000 }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Sending your answer…');
    await expect(canvas.getByRole('button', { name: 'Decline' })).toBeDisabled();
    await waitFor(() => expect(region(canvas)).toHaveAttribute('data-state', 'answered'), { timeout: 5000 });
  }),
);

export const Completed = meta.story(
  live('completed', { startWorking: true, result: 'Report sent to 12 people.' }, async ({ canvas }, api) => {
    api.task.complete();
    await expect(await canvas.findByText('Report sent to 12 people.', {}, { timeout: 5000 })).toBeVisible();
  }),
);

export const Failed = meta.story(
  live('failed', { startWorking: true }, async ({ canvas }, api) => {
    api.task.fail('The mail server rejected the message.');
    // Said once, in the alert (the status region repeats it, visually hidden, for screen readers).
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('The task failed: The mail server rejected the message.');
    await expect(alert).toBeVisible();
  }),
);

export const Cancelled = meta.story(
  live('cancelled', { startWorking: true }, async ({ canvas }, api) => {
    api.task.cancel();
    await expect(
      await canvas.findByText('The task was stopped.', { selector: 'p' }, { timeout: 5000 }),
    ).toBeVisible();
  }),
);

/**
 * Drafts on (sessionStorage): type, reload the page, and the values come back — except the
 * one-time code, a secret, which is never stored. The task's rounds count from a fixed time,
 * so the reloaded page sees the same round. `npm test` reloads this story in Chromium.
 */
export const SurvivesReload = meta.story(
  live('survives-reload', { drafts: true, epoch: Date.UTC(2026, 0, 1) }, async ({ canvas }) => {
    await expect(await canvas.findByRole('textbox', { name: /Note/ })).toBeVisible();
    await expect(canvas.getByLabelText(/One-time code/, { selector: 'input' })).toHaveAttribute(
      'type',
      'password',
    );
  }),
);
