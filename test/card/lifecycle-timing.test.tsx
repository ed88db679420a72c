import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorageLedger, InputRequestCard, type InputRequestSource } from '../../src/index.ts';
import { createTestSource, followUpRound, type TaskScriptOptions } from '../../src/testing/index.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';
import { storedTexts } from '../support/storage.ts';

// Everything here is about time (polls, deadlines, replacement, draft pauses): on a fake clock,
// against an in-memory task, so nothing waits on the wall clock.

const POLL_MS = 1000;
const poll = { baseMs: POLL_MS, maxMs: POLL_MS };

beforeEach(() => {
  useFakeTime();
  sessionStorage.clear();
});
afterEach(() => {
  useRealTime();
});

function newClient(retry: false | number = false) {
  return new QueryClient({ defaultOptions: { queries: { retry } } });
}

function Harness({ children, client }: { children: ReactNode; client: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

async function mount(options: TaskScriptOptions = {}, client = newClient()) {
  const { source, task } = createTestSource({ serverName: 'Mailer', toolName: 'send_report', ...options });
  const resume = vi.spyOn(source, 'resume');
  const view = render(
    <Harness client={client}>
      <InputRequestCard source={source} poll={poll} replaceDelayMs={500} />
    </Harness>,
  );
  await advance();
  return { source, task, resume, client, ...view };
}

const card = () =>
  screen.getByRole('article', { name: / (is asking|asked)$|^Task from a tool$|^Task from / });

/** A reload: the page goes, and a new QueryClient and a new card read the same task on the server. */
async function reload(first: { unmount: () => void; source: InputRequestSource }) {
  first.unmount();
  await advance();
  render(
    <Harness client={newClient()}>
      <InputRequestCard source={first.source} poll={poll} />
    </Harness>,
  );
  await advance();
}

describe('a followed task, on a fake clock', () => {
  it('closes when answered elsewhere, with a notice, and never sends', async () => {
    const { task, resume } = await mount();
    expect(screen.getByRole('textbox', { name: /Note/ })).toBeInTheDocument();
    task.answerElsewhere();
    await advance(POLL_MS);
    expect(screen.getByText('Answered elsewhere. This question is closed.')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-state', 'answered-elsewhere');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    // Nothing was typed: the question goes, with nothing to read.
    expect(screen.queryByRole('textbox', { name: /Note/ })).not.toBeInTheDocument();
    expect(resume).not.toHaveBeenCalled();
  });

  it('keeps what this person typed to read and copy when the round closes elsewhere first, and drops its draft', async () => {
    const user = fakeTimeUser();
    const { task, resume } = await mount();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Ship it on Friday');
    await advance(300);
    expect(sessionStorage.length).toBe(1);

    task.answerElsewhere();
    await advance(POLL_MS);
    expect(card()).toHaveAttribute('data-state', 'answered-elsewhere');
    expect(screen.getByText('Answered elsewhere. This question is closed.')).toBeInTheDocument();
    // Focus stays where the person was typing (not moved mid-word to the receipt's line); the
    // status region says what happened.
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveFocus();
    expect(card().querySelector('[data-part="status"]')).toHaveTextContent(/answered elsewhere/i);
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('Ship it on Friday');
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copy answers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    // A reload has no round to show: nothing is left in storage.
    expect(sessionStorage.length).toBe(0);
    expect(resume).not.toHaveBeenCalled();
  });

  /** A followed task whose source can stop it (so the card offers Stop task), mounted and read. */
  async function mountStoppable(options: Parameters<typeof createTestSource>[0]) {
    const { source, task } = createTestSource(options);
    render(
      <Harness client={newClient()}>
        <InputRequestCard source={{ ...source, cancel: async () => undefined }} poll={poll} />
      </Harness>,
    );
    await advance();
    return task;
  }

  it('offers no Stop task once the task ended, even though its round closed as answered elsewhere', async () => {
    const task = await mountStoppable({ serverName: 'Mailer' });
    expect(screen.getByRole('button', { name: 'Stop task' })).toBeInTheDocument();
    task.answerElsewhere();
    await advance(POLL_MS);
    expect(card()).toHaveAttribute('data-state', 'answered-elsewhere');
    expect(screen.getByText('Done.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop task' })).not.toBeInTheDocument();
  });

  it('says beside Stop task that the task goes on once its question closed, elsewhere or by expiry', async () => {
    const task = await mountStoppable({ serverName: 'Mailer', completeAfterLastRound: false });
    // While it asks, the question itself says what runs: no line beside Stop task.
    expect(screen.getByRole('button', { name: 'Stop task' })).toBeInTheDocument();
    expect(screen.queryByText(/The task (goes|may go) on/)).not.toBeInTheDocument();
    task.answerElsewhere();
    await advance(POLL_MS);
    expect(card()).toHaveAttribute('data-state', 'answered-elsewhere');
    expect(screen.getByText('The task goes on with the answer given elsewhere.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop task' })).toBeInTheDocument();
  });

  it('closes the Stop task question once the question it stood beside closes elsewhere', async () => {
    const task = await mountStoppable({ serverName: 'Mailer', completeAfterLastRound: false });
    const user = fakeTimeUser();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    expect(screen.getByRole('group', { name: /Stop the whole task\?/ })).toBeInTheDocument();
    task.answerElsewhere();
    await advance(POLL_MS);
    expect(card()).toHaveAttribute('data-state', 'answered-elsewhere');
    // Focus went to the receipt: a question left open there would no longer hear Escape.
    expect(screen.getByText(/^Answered elsewhere/, { selector: '[data-part="outcome"]' })).toHaveFocus();
    expect(screen.queryByRole('group', { name: /Stop the whole task/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop task' })).toBeInTheDocument();
  });

  it('closes the Stop task question when a new question opens beside it', async () => {
    const task = await mountStoppable({
      serverName: 'Mailer',
      completeAfterLastRound: false,
      startWorking: true,
    });
    const user = fakeTimeUser();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    expect(screen.getByRole('group', { name: /Stop the whole task\?/ })).toBeInTheDocument();
    task.ask();
    await advance(POLL_MS);
    expect(card()).toHaveAttribute('data-state', 'input-required');
    expect(screen.queryByRole('group', { name: /Stop the whole task/ })).not.toBeInTheDocument();
  });

  it('keeps the Stop task question open while the question beside it is sent and its send fails', async () => {
    await mountStoppable({ serverName: 'Mailer', resumeFailures: 1 });
    const user = fakeTimeUser();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Stop the whole task\?/ })).toBeInTheDocument();
  });

  it('says who stopped the task: "Stopped by you." after Stop task here, also once the server confirms it', async () => {
    const user = fakeTimeUser();
    const { source, task } = createTestSource({ serverName: 'Mailer' });
    render(
      <Harness client={newClient()}>
        <InputRequestCard source={{ ...source, cancel: async () => task.cancel() }} poll={poll} />
      </Harness>,
    );
    await advance();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    await user.click(
      within(screen.getByRole('group', { name: /Stop the whole task\?/ })).getByRole('button', {
        name: 'Stop task',
      }),
    );
    await advance(POLL_MS);
    expect(card()).toHaveAttribute('data-state', 'cancelled');
    // The server's reading now says cancelled too: it was still this person who stopped it.
    expect(screen.getByText('Stopped by you.', { selector: '[data-part="outcome"]' })).toHaveFocus();
    // Said once: "The task was stopped." under it would say it again, on screen and in the status.
    expect(screen.queryByText('The task was stopped.')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it('says "Stopped by you." in the status when focus was elsewhere, once', async () => {
    const { source, task } = createTestSource({ serverName: 'Mailer' });
    let stopped = () => {};
    const cancel = () =>
      new Promise<void>((resolve) => {
        stopped = () => {
          task.cancel();
          resolve();
        };
      });
    render(
      <Harness client={newClient()}>
        <button type="button">Composer</button>
        <InputRequestCard source={{ ...source, cancel }} poll={poll} />
      </Harness>,
    );
    await advance();
    const user = fakeTimeUser();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    await user.click(
      within(screen.getByRole('group', { name: /Stop the whole task\?/ })).getByRole('button', {
        name: 'Stop task',
      }),
    );
    // The person moved on before the stop came back.
    await user.click(screen.getByRole('button', { name: 'Composer' }));
    stopped();
    await advance(POLL_MS);
    expect(card()).toHaveAttribute('data-state', 'cancelled');
    expect(screen.getByRole('button', { name: 'Composer' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(/^Stopped by you\.$/);
    expect(screen.getAllByText('Stopped by you.')).toHaveLength(2);
    expect(screen.queryByText('The task was stopped.')).not.toBeInTheDocument();
  });

  it('says only that the task was stopped when it was stopped elsewhere', async () => {
    const task = await mountStoppable({ serverName: 'Mailer' });
    task.cancel();
    await advance(POLL_MS);
    expect(card()).toHaveAttribute('data-state', 'cancelled');
    expect(screen.getByText('The task was stopped.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByText('Stopped by you.')).not.toBeInTheDocument();
  });

  it('says the task may go on without the answer when the question expired while it runs', async () => {
    const task = await mountStoppable({ serverName: 'Mailer', completeAfterLastRound: false });
    task.expire();
    await advance(POLL_MS);
    expect(card()).toHaveAttribute('data-state', 'expired');
    expect(screen.getByText('The task may go on without your answer.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop task' })).toBeInTheDocument();
  });

  it('is replaced by a newer round: announced, then the newer question shows, with what was typed kept to read and copy', async () => {
    const user = fakeTimeUser();
    const first = await mount();
    const { task, resume } = first;
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'old round text');
    // A secret is never kept; a default nobody changed (Recipient) was not entered.
    await user.type(screen.getByLabelText(/One-time code/, { selector: 'input' }), '1234');
    await advance(300);
    expect(sessionStorage.length).toBe(1);
    const typedKey = sessionStorage.key(0) ?? '';

    task.ask(followUpRound);
    await advance(POLL_MS);
    expect(screen.getByText('A newer question replaced this one.')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-state', 'superseded');
    // The old round's draft is gone; what it carries over is kept with the newer round's drafts
    // at once (a reload before the newer round shows finds it), never the secret.
    expect(sessionStorage.getItem(typedKey)).toBeNull();
    expect(sessionStorage.length).toBe(1);
    const keptKey = sessionStorage.key(0) ?? '';
    expect(keptKey).not.toBe(typedKey);
    expect(sessionStorage.getItem(keptKey)).toContain('old round text');
    expect(sessionStorage.getItem(keptKey)).not.toContain('1234');

    await advance(500);
    expect(screen.getByLabelText(/Send on/)).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-state', 'input-required');
    expect(screen.queryByRole('textbox', { name: /Note/ })).not.toBeInTheDocument();
    // The new question has no Note: what was typed into it stays, read-only, above the question.
    const kept = screen.getByRole('region', { name: 'What you entered before' });
    expect(kept).toHaveTextContent(
      'The question changed before you sent your answers, and no longer asks for some of what you entered.',
    );
    // Said with the new question, as the notice appears.
    await advance(150);
    expect(document.querySelector('[data-input-request-announcer]')).toHaveTextContent(
      /no longer asks for some of what you entered\.$/,
    );
    expect(kept.querySelector('details')).toHaveAttribute('open');
    expect(within(kept).getByRole('term')).toHaveTextContent('Note');
    expect(within(kept).getByRole('definition')).toHaveTextContent('old round text');
    expect(kept).not.toHaveTextContent('1234');
    expect(kept).not.toHaveTextContent('team@example.com');
    // user-event's own clipboard: what the button wrote is read back.
    await user.click(within(kept).getByRole('button', { name: 'Copy what you entered' }));
    await advance();
    expect(await navigator.clipboard.readText()).toBe('Note: old round text');
    expect(within(kept).getByRole('status')).toHaveTextContent('What you entered is copied.');
    expect(resume).not.toHaveBeenCalled();
    // A reload: the old round is gone from the server, but what it held is kept with the new
    // round's drafts (never the secret).
    expect(storedTexts(sessionStorage).join()).not.toContain('1234');
    await reload(first);
    const back = screen.getByRole('region', { name: 'What you entered before' });
    expect(within(back).getByRole('definition')).toHaveTextContent('old round text');
    // Answered, the newer round takes it along with its own drafts.
    await user.type(screen.getByLabelText(/Send on/, { selector: 'input' }), '2026-12-24');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(300);
    expect(Object.keys(sessionStorage).filter((key) => key.includes(':draft:'))).toEqual([]);
  });

  it('keeps what was typed above a newer round too large to show, whose one refusal answers it', async () => {
    const user = fakeTimeUser();
    const { task } = await mount();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'old round text');
    const many = Object.fromEntries(
      Array.from({ length: 21 }, (_, index) => [
        `q${index}`,
        {
          method: 'elicitation/create',
          params: { message: `Question ${index}`, requestedSchema: { type: 'object', properties: {} } },
        },
      ]),
    );
    task.ask({ inputRequests: many });
    await advance(POLL_MS);
    await advance(500);
    expect(card()).toHaveAttribute('data-state', 'input-required');
    const kept = screen.getByRole('region', { name: 'What you entered before' });
    expect(within(kept).getByRole('definition')).toHaveTextContent('old round text');
  });

  it('tells apart fields of one label from two questions of the replaced round: each run under its question', async () => {
    const user = fakeTimeUser();
    const contact = (message: string) => ({
      method: 'elicitation/create',
      params: {
        message,
        requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
      },
    });
    const { task } = await mount({
      rounds: [
        { inputRequests: { buyer: contact('Who buys?'), payer: contact('Who pays?') } },
        followUpRound,
      ],
    });
    const [buyer, payer] = screen.getAllByRole('textbox', { name: /Name/ });
    await user.type(buyer as HTMLElement, 'Ada');
    await user.type(payer as HTMLElement, 'Grace');
    task.ask(followUpRound);
    await advance(POLL_MS);
    await advance(500);
    const kept = screen.getByRole('region', { name: 'What you entered before' });
    const questions = kept.querySelectorAll('[data-part="left-behind-question"]');
    expect([...questions].map((question) => question.textContent)).toEqual(['Who buys?', 'Who pays?']);
    expect(
      within(kept)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Ada', 'Grace']);
    await user.click(within(kept).getByRole('button', { name: 'Copy what you entered' }));
    await advance();
    expect(await navigator.clipboard.readText()).toBe('Who buys?\nName: Ada\n\nWho pays?\nName: Grace');
  });

  it('expires at the deadline: inputs read-only, values still there after a reload, nothing sent', async () => {
    const user = fakeTimeUser();
    const first = await mount({ roundTtlMs: 60_000 });
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'too late');
    await advance(300);
    expect(sessionStorage.length).toBe(1);

    await advance(60_000);
    expect(screen.getByText('This question expired. Your answers were not sent.')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-state', 'expired');
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('too late');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy answers' })).toBeInTheDocument();
    // The draft stays while the round shows read-only: a reload shows what was typed again.
    expect(sessionStorage.length).toBe(1);
    await reload(first);
    expect(card()).toHaveAttribute('data-state', 'expired');
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('too late');
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveAttribute('readonly');

    // Once the task ends, the expired round stays to read, but its draft goes: the task has no
    // round for a reload to show.
    first.task.answerElsewhere();
    await advance(POLL_MS);
    expect(card()).toHaveAttribute('data-state', 'completed');
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('too late');
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveAttribute('readonly');
    expect(sessionStorage.length).toBe(0);
    expect(first.resume).not.toHaveBeenCalled();
  });

  it('drops the draft of an expired round once a newer round replaces it, keeping what it held with the newer one', async () => {
    const user = fakeTimeUser();
    const { task } = await mount({ roundTtlMs: 60_000, completeAfterLastRound: false });
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'too late');
    await advance(60_300);
    expect(card()).toHaveAttribute('data-state', 'expired');
    const [expiredDraft] = Object.keys(sessionStorage);
    task.ask(followUpRound);
    await advance(POLL_MS);
    expect(screen.getByLabelText(/Send on/)).toBeInTheDocument();
    expect(Object.keys(sessionStorage)).not.toContain(expiredDraft);
    // What was typed has no place in the newer round: shown above it, and kept with its drafts
    // (gone with them once it is answered).
    const kept = screen.getByRole('region', { name: 'What you entered before' });
    expect(within(kept).getByRole('definition')).toHaveTextContent('too late');
    expect(Object.keys(sessionStorage)).toEqual([expect.stringMatching(/\/\/kept$/)]);
  });

  it('removes the draft once the round is answered', async () => {
    const user = fakeTimeUser();
    await mount({ completeAfterLastRound: false });
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'typed');
    await advance(300);
    expect(sessionStorage.length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance();
    expect(card()).toHaveAttribute('data-state', 'answered');
    await advance(300);
    // What remains is the record that the round was sent (no typed values of its own are drafts).
    expect(Object.keys(sessionStorage).filter((key) => key.includes(':draft:'))).toEqual([]);
  });

  it('survives a reload: typed values come back from the draft, secrets do not', async () => {
    const user = fakeTimeUser();
    const first = await mount();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Half-typed');
    await user.type(screen.getByLabelText(/One-time code/, { selector: 'input' }), '123456');
    await advance(300);
    expect(JSON.stringify({ ...sessionStorage })).toContain('Half-typed');
    expect(storedTexts(sessionStorage).join('\n')).not.toContain('123456');
    await reload(first);
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('Half-typed');
    expect(screen.getByLabelText(/One-time code/, { selector: 'input' })).toHaveValue('');
  });

  it('keeps the last keystrokes when the page goes at once (a reload within the draft pause)', async () => {
    const user = fakeTimeUser();
    const first = await mount();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Typed just now');
    // No pause in typing yet, and no unmount: a real reload just ends the page.
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('Typed just now');
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.stringify({ ...sessionStorage })).toContain('Typed just now');
    await reload(first);
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('Typed just now');
  });

  it('shows what was answered after a reload while the task works on, not only once it ended', async () => {
    const user = fakeTimeUser();
    const first = await mount({ completeAfterLastRound: false });
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Ship it');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(POLL_MS);
    first.task.report({ progress: 3, total: 10 });
    await advance(POLL_MS);
    expect(card()).toHaveAttribute('data-outcome', 'accepted');

    await reload(first);
    expect(card()).toHaveAttribute('data-outcome', 'accepted');
    expect(screen.getByText('You answered.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Working… 3 of 10' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(first.resume).toHaveBeenCalledTimes(1);
  });

  it('keeps a refused answer across a reload: read-only, typed values back, closed as answered elsewhere', async () => {
    const user = fakeTimeUser();
    const first = await mount({ completeAfterLastRound: false });
    const note = () => screen.getByRole('textbox', { name: /Note/ });
    await user.type(note(), 'Ship it');
    // Someone else answers before this card reads the task again: the backend refuses (409).
    first.task.answerElsewhere();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(POLL_MS);
    expect(card()).toHaveAttribute('data-state', 'answered-elsewhere');
    expect(note()).toHaveValue('Ship it');

    expect(card()).toHaveAttribute('data-outcome', 'answered-elsewhere-first');
    // The receipt's first line, and the live region, say the same.
    for (const part of ['outcome', 'status']) {
      expect(card().querySelector(`[data-part="${part}"]`)).toHaveTextContent(
        'Answered elsewhere first. Your answer was not used.',
      );
    }

    await reload(first);
    expect(card()).toHaveAttribute('data-state', 'answered-elsewhere');
    expect(card()).toHaveAttribute('data-outcome', 'answered-elsewhere-first');
    expect(note()).toHaveValue('Ship it');
    expect(note()).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copy answers' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(first.resume).toHaveBeenCalledTimes(1);
  });

  it('says why a refused round can be started again, also after a reload', async () => {
    const user = fakeTimeUser();
    const { source: base, task } = createTestSource({ serverName: 'Mailer', completeAfterLastRound: false });
    const source: InputRequestSource = { ...base, restart: () => new Promise(() => {}) };
    const view = render(
      <Harness client={newClient()}>
        <InputRequestCard source={source} poll={poll} />
      </Harness>,
    );
    await advance();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Ship it');
    // The server stopped accepting the round without saying so in its state (HTTP 410).
    task.expire({ silently: true });
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(POLL_MS);
    const reason = /The server no longer accepts answers to this question/;
    expect(card()).toHaveAttribute('data-state', 'expired');
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start again' })).toBeInTheDocument();

    await reload({ unmount: view.unmount, source });
    expect(card()).toHaveAttribute('data-state', 'expired');
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('Ship it');
    expect(screen.getByRole('button', { name: 'Start again' })).toBeInTheDocument();
  });

  it('says a refused answer was not used when the task was cancelled first, also after a reload', async () => {
    const user = fakeTimeUser();
    const first = await mount();
    const note = () => screen.getByRole('textbox', { name: /Note/ });
    await user.type(note(), 'Ship it');
    first.task.cancel();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(POLL_MS);
    const closed = 'Your answer was not used: this question had already closed.';
    expect(card()).toHaveAttribute('data-state', 'cancelled');
    expect(card()).toHaveAttribute('data-outcome', 'refused');
    expect(screen.getByText(closed)).toBeInTheDocument();
    expect(screen.queryByText(/Expired/)).not.toBeInTheDocument();
    // How the task ended comes before the values that were not used, not after them.
    const ended = screen.getByText('The task was stopped.', { selector: 'p' });
    expect(ended.compareDocumentPosition(note()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await reload(first);
    expect(card()).toHaveAttribute('data-outcome', 'refused');
    expect(screen.getByText(closed)).toBeInTheDocument();
    expect(note()).toHaveValue('Ship it');
    expect(note()).toHaveAttribute('readonly');
  });

  it('looks a task up in the ledger once when it starts working, not on every reading', async () => {
    const { source, task } = createTestSource({ serverName: 'Mailer' });
    const stored = createStorageLedger();
    const lastSentOf = vi.fn((key: string) => stored.lastSentOf?.(key));
    task.report({ progress: 1, total: 10 });
    render(
      <Harness client={newClient()}>
        <InputRequestCard source={source} poll={poll} ledger={{ ...stored, lastSentOf }} />
      </Harness>,
    );
    await advance();
    for (let reading = 2; reading <= 6; reading++) {
      task.report({ progress: reading, total: 10 });
      await advance(POLL_MS);
    }
    expect(screen.getByRole('progressbar', { name: 'Working… 6 of 10' })).toBeInTheDocument();
    expect(lastSentOf).toHaveBeenCalledTimes(1);
  });

  it('announces each change in a polite live region', async () => {
    const { source, task } = createTestSource({ serverName: 'Mailer' });
    render(
      <Harness client={newClient()}>
        <InputRequestCard source={source} poll={poll} />
      </Harness>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading the question…');
    await advance();
    // The question that opened is said in the page's live region, once per round, not here.
    expect(status).toHaveTextContent('');
    await advance(150);
    expect(document.querySelector('[data-input-request-announcer]')).toHaveTextContent(
      'New question from \u2068Mailer\u2069.',
    );
    task.answerElsewhere();
    await advance(POLL_MS);
    expect(status).toHaveTextContent('Answered elsewhere');
  });

  it('says at once that the server cannot be reached when the host QueryClient does not retry', async () => {
    const failing: InputRequestSource = {
      queryKey: ['unreachable'],
      fetchState: () => Promise.reject(new TypeError('Failed to fetch')),
      resume: async () => undefined,
    };
    render(
      <Harness client={newClient(false)}>
        <InputRequestCard source={failing} />
      </Harness>,
    );
    // The host's `retry: false` wins: no hidden retries with back-off before the person is told.
    await advance(100);
    expect(screen.getByRole('status')).toHaveTextContent('Could not reach the server. Trying again…');
  });

  it('follows the host QueryClient’s own retries when it has them', async () => {
    let reads = 0;
    const flaky: InputRequestSource = {
      queryKey: ['flaky'],
      fetchState: () => {
        reads += 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      },
      resume: async () => undefined,
    };
    render(
      <Harness client={new QueryClient({ defaultOptions: { queries: { retry: 2, retryDelay: 1000 } } })}>
        <InputRequestCard source={flaky} />
      </Harness>,
    );
    await advance(100);
    // Said from the first failed try (not "Loading the question…" while the retries run), and the
    // retries still run as the host set them.
    expect(reads).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('Could not reach the server. Trying again…');
    await advance(2000);
    expect(reads).toBe(3);
    expect(screen.getByRole('status')).toHaveTextContent('Could not reach the server. Trying again…');
  });
});

describe('sharing, on a fake clock', () => {
  it('two cards bound to the same task make one polling stream', async () => {
    const countReads = async (cards: number) => {
      const client = newClient();
      const { source, task } = createTestSource({ startWorking: true });
      const views = [];
      for (let index = 0; index < cards; index++) {
        // Mounted out of phase, so two independent pollers could not hide behind one read.
        if (index > 0) await advance(450);
        views.push(
          render(
            <Harness client={client}>
              <InputRequestCard source={source} poll={poll} />
            </Harness>,
          ),
        );
        await advance();
      }
      await advance(10 * POLL_MS + 50 - (cards - 1) * 450);
      for (const view of views) view.unmount();
      return task.stateReads;
    };
    const one = await countReads(1);
    const two = await countReads(2);
    expect(one).toBe(11);
    expect(two).toBe(one);
  });

  it('follows a new poll policy when the card gets one', async () => {
    const client = newClient();
    const { source, task } = createTestSource({ startWorking: true });
    const view = render(
      <Harness client={client}>
        <InputRequestCard source={source} poll={poll} />
      </Harness>,
    );
    await advance();
    await advance(3 * POLL_MS);
    const before = task.stateReads;
    const slow = { baseMs: 5 * POLL_MS, maxMs: 5 * POLL_MS };
    view.rerender(
      <Harness client={client}>
        <InputRequestCard source={source} poll={slow} />
      </Harness>,
    );
    await advance();
    await advance(10 * POLL_MS + 50);
    // Every 5 s now, not every second: the old feed stopped (its first read may be repeated).
    expect(task.stateReads - before).toBeLessThanOrEqual(3);
    view.unmount();
  });

  it('keeps following through the second card’s QueryClient when the first card goes', async () => {
    const { source, task } = createTestSource({ startWorking: true });
    const [first, second] = [newClient(), newClient()];
    const observers = (client: QueryClient) =>
      client.getQueryCache().find({ queryKey: source.queryKey })?.getObserversCount() ?? 0;
    const one = render(
      <Harness client={first}>
        <InputRequestCard source={source} poll={poll} />
      </Harness>,
    );
    await advance();
    render(
      <Harness client={second}>
        <InputRequestCard source={source} poll={poll} />
      </Harness>,
    );
    await advance();
    one.unmount();
    await advance();
    expect(observers(first)).toBe(0);
    expect(observers(second)).toBe(1);
    const before = task.stateReads;
    await advance(5 * POLL_MS + 50);
    expect(task.stateReads - before).toBeGreaterThanOrEqual(5);
    task.report({ progress: 4, total: 10 });
    await advance(POLL_MS);
    expect(screen.getByRole('progressbar', { name: 'Working… 4 of 10' })).toBeInTheDocument();
  });
});
