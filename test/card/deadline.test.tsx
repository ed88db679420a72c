import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestedSchema } from '../../src/core/model.ts';
import { germanMessages } from '../../src/i18n/de.ts';
import {
  createStorageDraftStore,
  InputRequestCard,
  type InputResponses,
  parseSuspension,
} from '../../src/index.ts';
import { createTestSource, type TaskModel } from '../../src/testing/index.ts';
import { formRound, mixedRound } from '../fixtures/suspensions.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

// Visible deadlines, on a fake clock: what the countdown says, in which live region, how often;
// the form an expiry leaves behind (read-only, values intact, copyable); nothing sent after it.

const MINUTE = 60_000;
const START = Date.parse('2026-12-01T09:00:00Z');

const orderSchema: RequestedSchema = {
  type: 'object',
  properties: {
    note: { type: 'string', title: 'Note for the kitchen' },
    pin: { type: 'string', title: 'Card PIN' },
    size: {
      type: 'string',
      title: 'Size',
      oneOf: [
        { const: 'sm', title: 'Small' },
        { const: 'lg', title: 'Large' },
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
    day: {
      type: 'string',
      title: 'Delivery day',
      enum: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    },
  },
  required: ['size'],
};

beforeEach(() => {
  useFakeTime(START);
});
afterEach(() => {
  useRealTime();
});

function mount(deadline: number, messages = {}, question = 'Confirm the lunch order.') {
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  const view = render(
    <InputRequestCard
      suspension={formRound(orderSchema, question, { serverName: 'Lunch' })}
      resume={resume}
      deadline={deadline}
      messages={messages}
    />,
  );
  return { resume, ...view };
}

const card = () => screen.getByRole('article');
const polite = () => card().querySelector('[data-part="time-left"] [aria-live="polite"]');
const assertive = () => card().querySelector('[data-part="time-left"] [aria-live="assertive"]');

describe('the countdown', () => {
  it('shows the time left every minute, says it politely at milestones only, then once assertively in the last minute', async () => {
    mount(START + 12 * MINUTE + 30_000);
    const shown = () => card().querySelector('[data-part="time-left"] p:not([aria-live])')?.textContent ?? '';
    expect(shown()).toBe('10 minutes left to answer.');
    expect(polite()).toHaveTextContent('10 minutes left to answer.');
    expect(assertive()).toBeEmptyDOMElement();
    const seen: string[] = [];

    // Every change of either live region, sampled every 5 seconds of fake time.
    const heard: string[] = [];
    let last = `${polite()?.textContent ?? ''}|${assertive()?.textContent ?? ''}`;
    for (let second = 5; second <= 13 * 60; second += 5) {
      await advance(5000);
      const now = `${polite()?.textContent ?? ''}|${assertive()?.textContent ?? ''}`;
      // What a screen reader hears: a region's new words (emptied, it says nothing).
      if (now !== last && polite() && now !== '|') heard.push(`${second}s ${now}`);
      last = now;
      if (polite() && seen.at(-1) !== shown()) seen.push(shown());
    }
    // A minute-by-minute count would talk over a person typing: heard at 5 and 2 minutes.
    expect(heard).toEqual([
      '390s 5 minutes left to answer.|',
      '570s 2 minutes left to answer.|',
      '690s |Less than a minute left to answer.',
    ]);
    // Seen every minute.
    expect(seen).toEqual([
      '10 minutes left to answer.',
      '9 minutes left to answer.',
      '8 minutes left to answer.',
      '7 minutes left to answer.',
      '6 minutes left to answer.',
      '5 minutes left to answer.',
      '4 minutes left to answer.',
      '3 minutes left to answer.',
      '2 minutes left to answer.',
      '1 minute left to answer.',
      'Less than a minute left to answer.',
    ]);
    // At the deadline the notice goes; the card says the round expired.
    expect(polite()).toBeNull();
    expect(card()).toHaveAttribute('data-state', 'expired');
    expect(screen.getByText('Expired — nothing was sent.')).toBeInTheDocument();
  });

  it('is read once line by line: the seen line is hidden from screen readers while a live copy holds its words', async () => {
    mount(START + 10 * MINUTE + 30_000);
    const seen = () => card().querySelector('[data-part="time-left"] p:not([aria-live])');
    expect(polite()).toHaveTextContent('10 minutes left to answer.');
    expect(seen()).toHaveAttribute('aria-hidden', 'true');
    await advance(MINUTE);
    // 9 minutes is no milestone: the live copy is empty, the seen line is read.
    expect(polite()).toBeEmptyDOMElement();
    expect(seen()).toHaveTextContent('9 minutes left to answer.');
    expect(seen()).not.toHaveAttribute('aria-hidden');
  });

  it('is said by one copy of the round on a page: a second copy shows it, quietly', async () => {
    const suspension = formRound(orderSchema, 'Confirm the lunch order.', { serverName: 'Lunch' });
    const resume = async () => undefined;
    const deadline = START + MINUTE + 2000;
    render(
      <>
        <InputRequestCard suspension={suspension} resume={resume} deadline={deadline} />
        <InputRequestCard
          suspension={suspension}
          resume={resume}
          deadline={deadline}
          placeName="the side panel"
        />
      </>,
    );
    await advance(5000);
    const [live, passive] = screen.getAllByRole('article').map((article) => ({
      seen: () => article.querySelector('[data-part="time-left"] p:not([aria-live])'),
      regions: () => [...article.querySelectorAll('[data-part="time-left"] [aria-live]')],
    }));
    expect(live!.regions()[1]).toHaveTextContent('Less than a minute left to answer.');
    // Seen, and read line by line, in the quiet copy; never said by it.
    expect(passive!.seen()).toHaveTextContent('Less than a minute left to answer.');
    expect(passive!.seen()).not.toHaveAttribute('aria-hidden');
    for (const region of passive!.regions()) expect(region).toBeEmptyDOMElement();
  });

  it('counts far deadlines in hours and days, so it speaks rarely', async () => {
    const view = mount(START + 3 * 24 * 60 * MINUTE + 5000);
    expect(polite()).toHaveTextContent('3 days left to answer.');
    view.unmount();
    mount(START + 5 * 60 * MINUTE, germanMessages, 'Bestellung bestätigen.');
    expect(polite()).toHaveTextContent('Noch 4 Stunden Zeit zum Antworten.');
    await advance(60 * MINUTE);
    expect(polite()).toHaveTextContent('Noch 3 Stunden Zeit zum Antworten.');
  });

  it('follows a deadline the source reports, and shows none without one', async () => {
    const { source } = createTestSource({ serverName: 'Mailer', roundTtlMs: 90_000 });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <InputRequestCard source={source} />
      </QueryClientProvider>,
    );
    await advance();
    // Seen; not said (one minute is no milestone), and the last minute is said next.
    expect(card().querySelector('[data-part="time-left"] p:not([aria-live])')).toHaveTextContent(
      '1 minute left to answer.',
    );
    await advance(30_000);
    expect(assertive()).toHaveTextContent('Less than a minute left to answer.');
    await advance(60_000);
    expect(card()).toHaveAttribute('data-state', 'expired');
    client.clear();
  });

  it.each([
    ['fails at its time limit', (task: TaskModel) => task.fail('Timed out waiting for input.')],
    ['is cancelled', (task: TaskModel) => task.cancel()],
    ['completes without the answer', (task: TaskModel) => task.complete('Done without you.')],
  ])('keeps an expired form to read when the task then %s', async (_, end) => {
    const user = fakeTimeUser();
    const { source, task } = createTestSource({ serverName: 'Mailer', roundTtlMs: 90_000 });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <InputRequestCard source={source} drafts={createStorageDraftStore()} />
      </QueryClientProvider>,
    );
    const note = await screen.findByRole('textbox', { name: /Note/ });
    await user.type(note, 'Leave it at the door');
    await advance(91_000);
    expect(card()).toHaveAttribute('data-state', 'expired');

    end(task);
    await client.refetchQueries();
    await advance(1_000);

    expect(card()).not.toHaveAttribute('data-state', 'expired');
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('Leave it at the door');
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveAttribute('readonly');
    // A reload would not show it (the task has no round any more): nothing is left in storage.
    expect(Object.values(sessionStorage).join()).not.toContain('Leave it at the door');
    client.clear();
  });

  it('shows no countdown without a deadline', () => {
    render(<InputRequestCard suspension={formRound(orderSchema)} resume={async () => {}} />);
    expect(card().querySelector('[data-part="time-left"]')).toBeNull();
  });
});

describe('focus when a round expires', () => {
  it('stays where the person took it: typing in another card, or in the composer, after a click on the page', async () => {
    const user = fakeTimeUser();
    const ask = (id: string, serverName: string) =>
      formRound(orderSchema, 'Confirm the lunch order.', { id, serverName });
    render(
      <>
        <InputRequestCard
          suspension={ask('lunch', 'Lunch')}
          resume={async () => {}}
          deadline={START + MINUTE}
        />
        <p>Yesterday’s messages</p>
        <InputRequestCard
          suspension={ask('dinner', 'Dinner')}
          resume={async () => {}}
          deadline={START + 3 * MINUTE}
        />
        <textarea aria-label="Message" />
      </>,
    );
    const lunch = within(screen.getByRole('article', { name: 'Lunch is asking' }));
    const dinner = within(screen.getByRole('article', { name: 'Dinner is asking' }));
    await user.type(lunch.getByRole('textbox', { name: 'Note for the kitchen' }), 'No nuts');
    // A click on the page's text: focus falls to nothing, not to another element.
    await user.click(screen.getByText('Yesterday’s messages'));
    const note = dinner.getByRole('textbox', { name: 'Note for the kitchen' });
    await user.type(note, 'Extra bread');
    await advance(MINUTE);
    expect(screen.getByRole('article', { name: 'Lunch asked' })).toHaveAttribute('data-state', 'expired');
    // Lunch's receipt did not take focus from the field the person types in.
    expect(note).toHaveFocus();
    await user.keyboard(', please');
    expect(note).toHaveValue('Extra bread, please');

    // The same with the chat's composer.
    await user.click(screen.getByText('Yesterday’s messages'));
    const composer = screen.getByRole('textbox', { name: 'Message' });
    await user.type(composer, 'Thanks');
    await advance(2 * MINUTE);
    expect(screen.getByRole('article', { name: 'Dinner asked' })).toHaveAttribute('data-state', 'expired');
    expect(composer).toHaveFocus();
  });
});

describe('an expired form', () => {
  it('keeps every value, read-only but not disabled, and sends nothing whatever is pressed', async () => {
    const user = fakeTimeUser();
    const { resume } = mount(START + 5 * MINUTE);
    const note = screen.getByRole('textbox', { name: 'Note for the kitchen' });
    await user.type(note, 'No nuts, please');
    await user.type(screen.getByLabelText('Card PIN'), '1234');
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dessert' }));
    await user.click(screen.getByRole('checkbox', { name: 'Send an invoice' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery day' }), 'Thursday');
    await user.click(note);

    await advance(5 * MINUTE);
    expect(card()).toHaveAttribute('data-state', 'expired');
    expect(screen.getByText('Expired — nothing was sent.')).toBeInTheDocument();

    // Values intact; nothing disabled; text read-only, choices aria-readonly.
    expect(note).toHaveValue('No nuts, please');
    expect(note).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Card PIN')).toHaveAttribute('readonly');
    // The secret's warning no longer tells to press a Decline that is gone.
    expect(screen.getByLabelText('Card PIN')).toHaveAccessibleDescription(
      'Careful: servers must never ask for passwords, API keys or payment details in a form.',
    );
    expect(screen.getByRole('radio', { name: 'Large' })).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: /Size/ })).toHaveAttribute('aria-readonly', 'true');
    expect(screen.getByRole('checkbox', { name: 'Dessert' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Dessert' })).toHaveAttribute('aria-readonly', 'true');
    expect(screen.getByRole('checkbox', { name: 'Send an invoice' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Delivery day' })).toHaveValue('Thursday');
    for (const control of card().querySelectorAll('input, select, fieldset')) {
      expect(control).not.toBeDisabled();
    }

    // Nothing changes, whatever the person tries.
    await user.type(note, ' and more');
    await user.click(screen.getByRole('radio', { name: 'Small' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dessert' }));
    await user.keyboard(' ');
    await user.click(screen.getByText('Send an invoice'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery day' }), 'Monday');
    expect(note).toHaveValue('No nuts, please');
    expect(screen.getByRole('radio', { name: 'Large' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Small' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Dessert' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Send an invoice' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Delivery day' })).toHaveValue('Thursday');

    // Accept, Decline and Cancel are gone; Enter in a field sends nothing.
    for (const name of ['Accept', 'Decline', 'Cancel']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    await user.type(note, '{Enter}');
    await advance(10 * MINUTE);
    expect(resume).not.toHaveBeenCalled();
  });

  it('shows an empty date as not answered once expired, not as the browser\'s "mm/dd/yyyy"', async () => {
    const user = fakeTimeUser();
    render(
      <InputRequestCard
        suspension={formRound(
          {
            type: 'object',
            properties: {
              from: { type: 'string', format: 'date', title: 'From' },
              until: { type: 'string', format: 'date', title: 'Until' },
              call: { type: 'string', format: 'date-time', title: 'Call at' },
              note: { type: 'string', title: 'Note' },
              days: { type: 'integer', title: 'Days' },
              reason: { type: 'string', title: 'Reason' },
              cover: {
                type: 'string',
                title: 'Cover',
                enum: ['Ada', 'Grace', 'Linus', 'Ken', 'Barbara', 'Edsger', 'Donald', 'Margaret'],
              },
            },
            required: ['reason', 'cover'],
          },
          'When are you away?',
        )}
        resume={async () => undefined}
        deadline={START + 5 * MINUTE}
      />,
    );
    await user.type(screen.getByLabelText('From'), '2026-12-24');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Holiday');
    await advance(5 * MINUTE);
    expect(card()).toHaveAttribute('data-state', 'expired');
    // The answered date stays a date; the empty ones say so in words.
    expect(screen.getByLabelText('From')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('From')).toHaveValue('2026-12-24');
    for (const label of ['Until', 'Call at']) {
      const empty = screen.getByRole('textbox', { name: label });
      expect(empty).toHaveAttribute('type', 'text');
      expect(empty).toHaveAttribute('placeholder', 'Not answered');
      expect(empty).toHaveAttribute('readonly');
      expect(empty).toHaveValue('');
    }
    // So do empty text and number fields, which kept their kind.
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveAttribute('placeholder', 'Not answered');
    expect(screen.getByRole('spinbutton', { name: 'Days' })).toHaveAttribute('placeholder', 'Not answered');
    // A field that holds a value needs no placeholder; an empty drop-down says the same.
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveValue('Holiday');
    expect(reason).not.toHaveAttribute('placeholder');
    const cover = screen.getByRole('combobox', { name: 'Cover' });
    expect(within(cover).getByRole('option', { selected: true })).toHaveTextContent('Not answered');
    // The form asks for nothing now: no required mark, and nothing said to be required.
    expect(reason).not.toBeRequired();
    expect(cover).not.toBeRequired();
    expect(document.querySelector('[data-part="required-mark"]')).toBeNull();
    expect(screen.getByLabelText('From').closest('form')).toHaveAttribute('data-read-only');
  });

  it('shows no count of answers in a round of several once it expired: none was taken', async () => {
    const user = fakeTimeUser();
    render(
      <InputRequestCard suspension={mixedRound()} resume={async () => undefined} deadline={START + MINUTE} />,
    );
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByText('1 of 3 answered')).toBeInTheDocument();
    await advance(MINUTE);
    expect(card()).toHaveAttribute('data-state', 'expired');
    expect(screen.queryByText(/of 3 answered/)).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The answered section says what was chosen, not that it was taken or waits for the others.
    expect(screen.getByText('Accepted, but the question closed first.')).toBeInTheDocument();
    expect(screen.queryByText(/waiting for the other questions/)).not.toBeInTheDocument();
  });

  it('leaves nothing to open or answer in an expired round of several, and no error to fix', async () => {
    const user = fakeTimeUser();
    render(
      <InputRequestCard suspension={mixedRound()} resume={async () => undefined} deadline={START + MINUTE} />,
    );
    const email = screen.getByRole('textbox', { name: /email/i });
    await user.type(email, 'ada@example');
    await user.tab();
    expect(email).toHaveAccessibleDescription(/valid email/);
    await advance(MINUTE);
    expect(card()).toHaveAttribute('data-state', 'expired');

    // The value stays, without the error: nothing in a closed round can be fixed.
    expect(email).toHaveValue('ada@example');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/valid email/)).not.toBeInTheDocument();
    // The link stays to read; nothing opens it or answers any request.
    expect(screen.getByText('Connect your calendar account.')).toBeInTheDocument();
    expect(screen.queryByText(/Opens in a new/)).not.toBeInTheDocument();
    for (const name of ['Accept', 'Open link', 'Decline', 'Cancel']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('copies the answers as text, without the secret, and says so', async () => {
    const user = fakeTimeUser();
    mount(START + MINUTE);
    await user.type(screen.getByRole('textbox', { name: 'Note for the kitchen' }), 'No nuts');
    await user.type(screen.getByLabelText('Card PIN'), '1234');
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('checkbox', { name: 'Drinks' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dessert' }));
    await advance(MINUTE);

    await user.click(screen.getByRole('button', { name: 'Copy answers' }));
    await advance();
    const copied = await navigator.clipboard.readText();
    expect(copied).toBe(
      [
        'Confirm the lunch order.',
        'Note for the kitchen: No nuts',
        'Size: Large',
        'Extras: Drinks and Dessert',
      ].join('\n'),
    );
    expect(copied).not.toContain('1234');
    // The PIN held something and was left out: the status says so.
    const said = within(card()).getByText('Answers copied. Hidden values were left out.');
    expect(said.closest('[role="status"]')).toHaveAttribute('data-part', 'copy-status');
    // A second press is said again: the same words, written anew (a live region hears only a change).
    await user.click(screen.getByRole('button', { name: 'Copy answers' }));
    await advance();
    const saidAgain = within(card()).getByText('Answers copied. Hidden values were left out.');
    expect(saidAgain).not.toBe(said);
    expect(said).not.toBeInTheDocument();
  });

  /** A flat list of one field, expiring in a minute; returns the field's label. */
  function mountFlatList(): string {
    const label = 'City of arrival';
    render(
      <InputRequestCard
        suspension={parseSuspension([{ name: 'city', label }], { serverName: 'Travel' })}
        resume={async () => undefined}
        deadline={START + MINUTE}
      />,
    );
    return label;
  }

  it('says only the question was copied when nothing was typed', async () => {
    const user = fakeTimeUser();
    const label = mountFlatList();
    await advance(MINUTE);
    await user.click(screen.getByRole('button', { name: 'Copy answers' }));
    await advance();
    expect(await navigator.clipboard.readText()).toBe(`Additional input required: ${label}.`);
    expect(screen.getByText('Question copied.').closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByText(/Answers copied/)).toBeNull();
  });

  it("copies a flat list's question as plain text, with no direction marks", async () => {
    const user = fakeTimeUser();
    const label = mountFlatList();
    await user.type(screen.getByRole('textbox'), 'Oslo');
    await advance(MINUTE);
    await user.click(screen.getByRole('button', { name: 'Copy answers' }));
    await advance();
    expect(await navigator.clipboard.readText()).toBe(`Additional input required: ${label}.\n${label}: Oslo`);
    // Nothing was left out: the status says no more.
    expect(screen.getByText('Answers copied.')).toBeInTheDocument();
    expect(screen.queryByText(/Hidden values/)).toBeNull();
  });

  it('shows the text selected to copy by hand when the clipboard refuses', async () => {
    const user = fakeTimeUser();
    mount(START + MINUTE);
    await user.type(screen.getByRole('textbox', { name: 'Note for the kitchen' }), 'No nuts');
    await advance(MINUTE);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy answers' }));
    await advance();
    expect(
      screen.getByText('Copying did not work here. Select the text below and copy it.'),
    ).toBeInTheDocument();
    const text = screen.getByRole('textbox', { name: 'Copy answers' });
    expect(text).toHaveValue('Confirm the lunch order.\nNote for the kitchen: No nuts');
    expect(text).toHaveFocus();
    expect((text as HTMLTextAreaElement).selectionEnd).toBe((text as HTMLTextAreaElement).value.length);
  });
});
