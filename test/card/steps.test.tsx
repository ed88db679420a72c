import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStorageDraftStore, parseSuspension } from '../../src/core/index.ts';
import type { RequestedSchema } from '../../src/core/model.ts';
import { germanMessages } from '../../src/i18n/de.ts';
import { InputRequestCard, type InputRequestSource, type InputResponses } from '../../src/index.ts';
import { createTestSource } from '../../src/testing/index.ts';
import { formRound } from '../fixtures/suspensions.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

// layout="steps": one field at a time ("Step k of N"), Next checks the field on screen,
// Enter goes on, Back keeps what was typed, a review lists every answer before Accept, Decline
// and Cancel on every step, focus on the new step; the answer sent is the form layout's.

const bookingSchema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Full name', minLength: 2 },
    size: {
      type: 'string',
      title: 'Table size',
      oneOf: [
        { const: 'two', title: 'Two people' },
        { const: 'four', title: 'Four people', description: 'A booth by the window.' },
      ],
    },
    pin: { type: 'string', title: 'Card PIN' },
    notes: { type: 'string', title: 'Notes' },
    reminder: { type: 'boolean', title: 'Send a reminder' },
  },
  required: ['name', 'size'],
};

function mount(layout: 'steps' | 'form' = 'steps', schema = bookingSchema) {
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  render(<InputRequestCard suspension={formRound(schema)} resume={resume} layout={layout} />);
  return { resume };
}

const step = (current: number, total: number) =>
  screen.getByRole('group', { name: `Step ${current} of ${total}` });

const POLL_MS = 1000;

/** A followed task on the fake clock (call `useFakeTime` first). */
async function mountLive(source: InputRequestSource) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The live binding loads on the first followed source: the first render may suspend.
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <InputRequestCard
          source={source}
          poll={{ baseMs: POLL_MS, maxMs: POLL_MS }}
          drafts={false}
          layout="steps"
        />
      </QueryClientProvider>,
    );
  });
  await advance();
}

afterEach(() => {
  useRealTime();
});

describe('layout="steps"', () => {
  it('shows one field at a time, checks it on Next, and moves focus to the next field', async () => {
    const user = userEvent.setup();
    mount();
    const first = step(1, 5);
    expect(within(first).getByRole('textbox', { name: /Full name/ })).toBeVisible();
    // Only the field on screen is there for people and screen readers.
    expect(screen.queryByRole('radio', { name: 'Two people' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    for (const way of ['Decline', 'Cancel']) expect(screen.getByRole('button', { name: way })).toBeEnabled();

    // Next checks this field only: its error shows and focus stays on it.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const name = screen.getByRole('textbox', { name: /Full name/ });
    expect(step(1, 5)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.queryByRole('radiogroup', { name: /Table size/ })).not.toBeInTheDocument();

    await user.type(name, 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Next checks the field first (asynchronously, through the answer checker), then moves on.
    await waitFor(() =>
      expect(within(step(2, 5)).getByRole('radiogroup', { name: /Table size/ })).toBeVisible(),
    );
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Two people' })).toHaveFocus());
    expect(screen.getByRole('radio', { name: 'Four people' })).toHaveAccessibleDescription(
      'A booth by the window.',
    );
    expect(screen.queryByRole('textbox', { name: /Full name/ })).not.toBeInTheDocument();
    for (const way of ['Back', 'Decline', 'Cancel']) {
      expect(screen.getByRole('button', { name: way })).toBeEnabled();
    }
  });

  it('goes on with Enter, in a text field and on a choice', async () => {
    const user = userEvent.setup();
    mount();
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada{Enter}');
    expect(step(2, 5)).toBeInTheDocument();
    // A required choice with nothing chosen: Enter checks it and stays, and says why (focus did
    // not move, so nothing else would be heard).
    await user.keyboard('{Enter}');
    expect(step(2, 5)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Two people' })).toHaveAccessibleDescription(
      'This field is required.',
    );
    const region = () => screen.getByRole('article').querySelector('form [aria-live="polite"]');
    await waitFor(() => expect(region()).toHaveTextContent('Table size: This field is required.'));
    await user.click(screen.getByRole('radio', { name: 'Four people' }));
    await user.keyboard('{Enter}');
    expect(step(3, 5)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Card PIN/)).toHaveFocus());
    // The next step does not start with the last one's fixed error.
    expect(region()).toHaveTextContent('');
  });

  it('Back keeps every value and puts focus on the field before', async () => {
    const user = userEvent.setup();
    mount();
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada{Enter}');
    await user.click(screen.getByRole('radio', { name: 'Four people' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(step(2, 5)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Four people' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Four people' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('Ada');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveFocus());
  });

  it('lists every answer for review before Accept (secrets hidden); Change opens one, and its Next comes back', async () => {
    const user = userEvent.setup();
    const { resume } = mount();
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada{Enter}');
    await user.click(screen.getByRole('radio', { name: 'Four people' }));
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText(/^Card PIN/), '1234{Enter}');
    await user.keyboard('{Enter}'); // Notes left empty
    await user.click(screen.getByRole('checkbox', { name: 'Send a reminder' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const review = screen.getByRole('group', { name: 'Check your answers' });
    await waitFor(() => expect(within(review).getByText('Check your answers')).toHaveFocus());
    const rows = within(review)
      .getAllByRole('definition')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Ada Change',
      'Four people Change',
      'Hidden Change',
      'Not answered Change',
      'Yes Change',
    ]);
    expect(review).not.toHaveTextContent('1234');
    expect(resume).not.toHaveBeenCalled();

    await user.click(within(review).getByRole('button', { name: 'Change Full name' }));
    const name = screen.getByRole('textbox', { name: /Full name/ });
    await waitFor(() => expect(name).toHaveFocus());
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    // Next goes back to the review, not on through every later step again.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const again = await screen.findByRole('group', { name: 'Check your answers' });
    expect(again).toHaveTextContent('Ada Lovelace');
    await waitFor(() => expect(within(again).getByText('Check your answers')).toHaveFocus());
    // Back from a changed field walks the steps again, one by one.
    await user.click(within(again).getByRole('button', { name: 'Change Table size' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(step(1, 5)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('group', { name: 'Step 2 of 5' })).toBeInTheDocument();
    for (let next = 0; next < 4; next += 1) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('group', { name: 'Check your answers' })).toHaveTextContent(
      'Ada Lovelace',
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume).toHaveBeenCalledWith(
      {
        details: {
          action: 'accept',
          content: { name: 'Ada Lovelace', size: 'four', pin: '1234', reminder: true },
        },
      },
      expect.anything(),
    );
  });

  it('reviews a long answer in its first 500 characters, and sends it whole', async () => {
    const user = userEvent.setup();
    const { resume } = mount();
    const notes = 'n'.repeat(2000);
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada{Enter}');
    await user.click(screen.getByRole('radio', { name: 'Two people' }));
    await user.keyboard('{Enter}{Enter}');
    await user.click(screen.getByRole('textbox', { name: 'Notes' }));
    await user.paste(notes);
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const review = screen.getByRole('group', { name: 'Check your answers' });
    expect(within(review).getAllByRole('definition')[3]?.textContent).toBe(
      `${'n'.repeat(500)}… (1,500 more characters not shown) Change`,
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume.mock.calls[0]?.[0]).toMatchObject({ details: { content: { notes } } });
  });

  it('declines or cancels from any step without checking the field on screen', async () => {
    const user = userEvent.setup();
    const { resume } = mount();
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada{Enter}');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    // A name was entered: the refusal asks first, and its Decline does not check the step either.
    const asked = screen.getByRole('group', { name: /Say no to this question\?/ });
    await user.click(within(asked).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume).toHaveBeenCalledWith({ details: { action: 'decline' } }, expect.anything());
  });

  it('speaks the language of the card', async () => {
    const user = userEvent.setup();
    render(
      <InputRequestCard
        suspension={formRound(bookingSchema)}
        resume={async () => undefined}
        layout="steps"
        messages={germanMessages}
      />,
    );
    expect(screen.getByRole('group', { name: 'Schritt 1 von 5' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeInTheDocument();
  });

  it('in a round of several, says which question above where it is in that question', async () => {
    const user = userEvent.setup();
    const round = parseSuspension({
      resultType: 'input_required',
      inputRequests: {
        booking: {
          method: 'elicitation/create',
          params: { mode: 'form', message: 'Book a table?', requestedSchema: bookingSchema },
        },
        feedback: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'Anything else?',
            requestedSchema: { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
          },
        },
      },
      requestState: 'v1.two',
    });
    render(<InputRequestCard suspension={round} resume={async () => undefined} layout="steps" />);
    const booking = screen.getByRole('form', { name: 'Question 1 of 2 Book a table?' });
    const step = within(booking).getByRole('group', { name: 'Step 1 of 5' });
    expect(
      within(booking).getByText('Question 1 of 2').compareDocumentPosition(step) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.type(within(booking).getByRole('textbox', { name: /Full name/ }), 'Ada');
    await user.click(within(booking).getByRole('button', { name: 'Next' }));
    expect(within(booking).getByRole('group', { name: 'Step 2 of 5' })).toBeVisible();
    expect(within(booking).getByText('Question 1 of 2')).toBeVisible();
    expect(screen.getByRole('form', { name: 'Question 2 of 2 Anything else?' })).toBeInTheDocument();
  });

  it('opens on the first field the server asks again, with the earlier answers kept', async () => {
    useFakeTime();
    const user = fakeTimeUser();
    const ask = (message: string, properties: RequestedSchema['properties']) => ({
      inputRequests: {
        guest: {
          method: 'elicitation/create',
          params: { mode: 'form', message, requestedSchema: { type: 'object', properties } },
        },
      },
    });
    const { source } = createTestSource({
      rounds: [
        ask('Who is coming?', {
          name: { type: 'string', title: 'Name' },
          email: { type: 'string', title: 'Email' },
        }),
        ask('That address is taken. Use another.', {
          name: { type: 'string', title: 'Name' },
          email: { type: 'string', title: 'Email' },
        }),
      ],
    });
    await mountLive(source);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await advance();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@taken.example');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await advance();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(POLL_MS);

    const again = screen.getByRole('form', { name: /That address is taken/ });
    // Both fields are asked again: the first of them opens.
    const first = within(again).getByRole('group', { name: 'Step 1 of 2' });
    expect(within(first).getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');
    // Both are asked again: the reason says so, and neither carries a mark of its own.
    expect(within(first).getByRole('textbox', { name: 'Name' })).not.toHaveAccessibleDescription(
      /Asked again/,
    );
    await user.click(within(again).getByRole('button', { name: 'Next' }));
    await advance();
    expect(within(again).getByRole('textbox', { name: 'Email' })).toHaveValue('ada@taken.example');
  });

  it('opens on the first field asked again when new fields come before it', async () => {
    useFakeTime();
    const user = fakeTimeUser();
    const { source } = createTestSource({
      rounds: [
        {
          inputRequests: {
            guest: {
              method: 'elicitation/create',
              params: {
                message: 'Who is coming?',
                requestedSchema: {
                  type: 'object',
                  properties: { email: { type: 'string', title: 'Email' } },
                },
              },
            },
          },
        },
        {
          inputRequests: {
            guest: {
              method: 'elicitation/create',
              params: {
                message: 'Add a phone number, and check the address.',
                requestedSchema: {
                  type: 'object',
                  properties: {
                    phone: { type: 'string', title: 'Phone' },
                    email: { type: 'string', title: 'Email' },
                  },
                },
              },
            },
          },
        },
      ],
    });
    await mountLive(source);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await advance();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance(POLL_MS);
    const again = screen.getByRole('form', { name: /Add a phone number/ });
    const opened = within(again).getByRole('group', { name: 'Step 2 of 2' });
    expect(within(opened).getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    // Asked again beside a new field: the mark tells it apart.
    expect(within(opened).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Asked again');
    expect(within(again).queryByRole('textbox', { name: 'Phone' })).not.toBeInTheDocument();
  });

  it('opens a card mounted again on the step it was left on (no drafts: the session keeps it)', async () => {
    const user = userEvent.setup();
    const suspension = formRound(bookingSchema);
    const card = () => (
      <InputRequestCard suspension={suspension} resume={async () => undefined} layout="steps" />
    );
    const first = render(card());
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada{Enter}');
    await user.click(screen.getByRole('radio', { name: 'Two people' }));
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('group', { name: 'Step 4 of 5' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('group', { name: 'Step 5 of 5' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('group', { name: 'Check your answers' })).toBeInTheDocument();
    // A virtualised list drops the card and mounts it again: the round's session still holds it.
    first.unmount();
    render(card());
    expect(screen.getByRole('group', { name: 'Check your answers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(step(5, 5)).toBeInTheDocument();
  });

  it('opens on the review, and a secret not kept across the remount is asked for there; its Next comes back', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const suspension = formRound({ ...bookingSchema, required: ['name', 'size', 'pin'] });
    const card = () => <InputRequestCard suspension={suspension} resume={resume} layout="steps" />;
    const first = render(card());
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada{Enter}');
    await user.click(await screen.findByRole('radio', { name: 'Two people' }));
    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText(/^Card PIN/), '1234{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('group', { name: 'Step 5 of 5' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('group', { name: 'Check your answers' });
    first.unmount();

    render(card());
    // Secrets are never kept: Accept on the review opens the PIN's step, which says why.
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const pin = await screen.findByLabelText(/^Card PIN/);
    expect(step(3, 5)).toBeInTheDocument();
    expect(pin).toHaveAccessibleDescription(/This field is required\./);
    await user.type(pin, '5678');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('group', { name: 'Check your answers' });
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume.mock.calls[0]?.[0]).toEqual({
      details: { action: 'accept', content: { name: 'Ada', size: 'two', pin: '5678' } },
    });
  });

  it('keeps what was typed on earlier steps, and the step, across a reload (drafts)', async () => {
    useFakeTime();
    try {
      const user = fakeTimeUser();
      const drafts = createStorageDraftStore(window.sessionStorage);
      const suspension = formRound(bookingSchema);
      const card = () => (
        <InputRequestCard
          suspension={suspension}
          resume={async () => undefined}
          drafts={drafts}
          layout="steps"
        />
      );
      const first = render(card());
      await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await advance();
      await user.click(screen.getByRole('radio', { name: 'Four people' }));
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await advance();
      await user.type(screen.getByLabelText(/^Card PIN/), '1234');
      await advance(300);
      first.unmount();
      await advance();

      render(card());
      // It opens where the person was, with focus left where the page has it (no move was made).
      expect(step(3, 5)).toBeInTheDocument();
      expect(screen.getByLabelText(/^Card PIN/)).not.toHaveFocus();
      // Secrets are never kept.
      expect(screen.getByLabelText(/^Card PIN/)).toHaveValue('');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByRole('radio', { name: 'Four people' })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('Ada');
    } finally {
      useRealTime();
    }
  });

  it('an expired round shows every field, read-only, to copy, and sends nothing', async () => {
    useFakeTime();
    try {
      const user = fakeTimeUser();
      const resume = vi.fn(async (_responses: InputResponses) => undefined);
      render(
        <InputRequestCard
          suspension={formRound(bookingSchema)}
          resume={resume}
          deadline={Date.now() + 5 * 60_000}
          layout="steps"
        />,
      );
      await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await advance();
      await user.click(screen.getByRole('radio', { name: 'Four people' }));
      await advance(5 * 60_000);
      expect(screen.getByRole('article')).toHaveAttribute('data-state', 'expired');
      expect(screen.queryByRole('group', { name: /^Step / })).not.toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('Ada');
      expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveAttribute('readonly');
      expect(screen.getByRole('radio', { name: 'Four people' })).toBeChecked();
      expect(screen.getByRole('textbox', { name: 'Notes' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Copy answers' })).toBeInTheDocument();
      expect(resume).not.toHaveBeenCalled();
    } finally {
      useRealTime();
    }
  });
});
