import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { germanMessages, InputRequestCard, type InputResponses, parseSuspension } from '../../src/index.ts';
import { deferred } from '../fixtures/deferred.ts';
import { approveSchema, everyKindSchema, formRound, mixedRound } from '../fixtures/suspensions.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

describe('InputRequestCard: a form request', () => {
  it('fills one field of every kind and sends exactly typed content', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={formRound(everyKindSchema)} resume={resume} />);

    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: /Website/ }), 'https://ada.dev');
    await user.type(screen.getByLabelText(/Birthday/), '1815-12-10');
    await user.type(screen.getByLabelText(/Meeting time/), '2026-12-01T09:30');
    await user.type(screen.getByRole('spinbutton', { name: /Budget/ }), '250.5');
    const guests = screen.getByRole('spinbutton', { name: /Guests/ });
    expect(guests).toHaveValue(2);
    await user.clear(guests);
    await user.type(guests, '3');
    await user.click(screen.getByRole('checkbox', { name: 'Subscribe to the newsletter' }));
    await user.click(
      within(screen.getByRole('radiogroup', { name: /Size/ })).getByRole('radio', { name: 'large' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'France');
    const toppings = screen.getByRole('group', { name: /Toppings/ });
    await user.click(within(toppings).getByRole('checkbox', { name: 'olives' }));
    await user.click(within(toppings).getByRole('checkbox', { name: 'cheese' }));
    expect(
      within(screen.getByRole('group', { name: /Days/ })).getByRole('checkbox', { name: 'Monday' }),
    ).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    const [responses, context] = resume.mock.calls[0] as unknown as [InputResponses, { signal: AbortSignal }];
    expect(responses).toStrictEqual({
      details: {
        action: 'accept',
        content: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          website: 'https://ada.dev',
          birthday: '1815-12-10',
          meeting: '2026-12-01T09:30:00+01:00',
          budget: 250.5,
          guests: 3,
          newsletter: true,
          size: 'large',
          country: 'fr',
          toppings: ['cheese', 'olives'],
          days: ['mon'],
        },
      },
    });
    expect(context.signal).toBeInstanceOf(AbortSignal);
    expect(await screen.findByText('You answered.')).toBeInTheDocument();
  });

  it('leaves untouched optional fields out and sends defaults as the schema wrote them', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={formRound(approveSchema)} resume={resume} />);

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume.mock.calls[0]?.[0]).toStrictEqual({
      details: { action: 'accept', content: { recipient: 'team@example.com', confirm: false } },
    });
  });

  it('sends decline and cancel as bare actions', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const { unmount } = render(<InputRequestCard suspension={formRound(approveSchema)} resume={resume} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(resume).toHaveBeenCalledWith({ details: { action: 'decline' } }, expect.anything()),
    );
    unmount();

    // Another round: the first one was sent, so its card would only show that.
    render(
      <InputRequestCard
        suspension={formRound(approveSchema, 'Please fill in the details again.')}
        resume={resume}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(resume).toHaveBeenLastCalledWith({ details: { action: 'cancel' } }, expect.anything()),
    );
  });

  it('shows who asks: the server name as the heading and the tool name', () => {
    render(<InputRequestCard suspension={formRound(approveSchema)} resume={async () => undefined} />);
    expect(screen.getByRole('heading', { name: 'Booking server is asking' })).toBeInTheDocument();
    // The tool's name is server text: isolated in its own <bdi> inside the host's sentence.
    expect(screen.getByText('book_table').tagName).toBe('BDI');
    expect(screen.getByText('book_table').parentElement).toHaveTextContent('Tool: book_table');
    expect(screen.getByRole('article', { name: 'Booking server is asking' })).toHaveAttribute(
      'data-state',
      'input-required',
    );
  });

  it('shows errors only after blur, linked to the field after its help text', async () => {
    const user = userEvent.setup();
    render(<InputRequestCard suspension={formRound(everyKindSchema)} resume={async () => undefined} />);
    const name = screen.getByRole('textbox', { name: /Full name/ });
    expect(name).toHaveAccessibleDescription('As on your ID.');
    expect(name).not.toHaveAttribute('aria-invalid');

    await user.type(name, 'A');
    expect(screen.queryByText('Enter at least 2 characters.')).not.toBeInTheDocument();
    await user.tab();

    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('As on your ID. Enter at least 2 characters.');
    await user.type(name, 'da');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('holds an error that appears while a pointer is pressed until the click, and shows it at once on a key', async () => {
    const user = userEvent.setup();
    render(<InputRequestCard suspension={formRound(everyKindSchema)} resume={async () => undefined} />);
    const name = screen.getByRole('textbox', { name: /Full name/ });
    await user.type(name, 'A');
    // Pressed on the page, not yet let go: the error waits (its line would move what is pressed).
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('heading') });
    name.blur();
    await waitFor(() => expect(name).not.toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(name).not.toHaveAttribute('aria-invalid');
    // A press let go outside the page may never report its end: a key shows what waits.
    await user.keyboard('{Shift}');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
  });

  it('moves focus to the first invalid field on submit and sends nothing', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={formRound(everyKindSchema)} resume={resume} />);
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada');

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    const email = screen.getByRole('textbox', { name: /Email/ });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('This field is required.');
    // Said once: by each option, where focus lands; the group is invalid, and not described by
    // the error too (a screen reader entering it would say it twice).
    const size = screen.getByRole('radiogroup', { name: /Size/ });
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(size).not.toHaveAccessibleDescription();
    for (const radio of within(size).getAllByRole('radio')) {
      expect(radio).toHaveAccessibleDescription('This field is required.');
      expect(radio).not.toHaveAttribute('aria-invalid');
    }
    expect(resume).not.toHaveBeenCalled();
  });

  it('takes text of only spaces as no answer: a required field says so, an optional one is left out', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const { unmount } = render(<InputRequestCard suspension={formRound(everyKindSchema)} resume={resume} />);
    const name = screen.getByRole('textbox', { name: /Full name/ });
    await user.type(name, '   ');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await user.click(screen.getByRole('radio', { name: 'small' }));
    await user.click(screen.getByRole('checkbox', { name: 'cheese' }));

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('As on your ID. This field is required.');
    expect(resume).not.toHaveBeenCalled();
    unmount();

    render(<InputRequestCard suspension={formRound(approveSchema)} resume={resume} />);
    await user.type(screen.getByRole('textbox', { name: /Note/ }), '  ');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume.mock.calls[0]?.[0]).toStrictEqual({
      details: { action: 'accept', content: { recipient: 'team@example.com', confirm: false } },
    });
  });

  it("ties a choice group's error to each option, and shows it only once focus leaves the group", async () => {
    const user = userEvent.setup();
    render(<InputRequestCard suspension={formRound(everyKindSchema)} resume={async () => undefined} />);
    const cheese = screen.getByRole('checkbox', { name: 'cheese' });
    cheese.focus();
    // Moving between the options is still choosing: no error yet. (In development React this
    // held before the fix too; the e2e check against the built Storybook, production React, is
    // the one that fails without it. The descriptions below fail here without theirs.)
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'olives' })).toHaveFocus();
    await user.tab();
    expect(screen.queryByText('Choose at least 1 option.')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'basil' })).not.toHaveAttribute('aria-invalid');
    // Out of the group: now it was left empty.
    await user.tab();
    expect(await screen.findByText('Choose at least 1 option.')).toBeInTheDocument();
    // The option a screen reader is on says why, not only "invalid".
    for (const name of ['cheese', 'olives', 'basil']) {
      expect(screen.getByRole('checkbox', { name })).toHaveAccessibleDescription('Choose at least 1 option.');
      expect(screen.getByRole('checkbox', { name })).toHaveAttribute('aria-invalid', 'true');
    }
    // Not the group's too: it would be said again as focus enters it.
    expect(screen.getByRole('group', { name: /Toppings/ })).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('radio', { name: 'small' })).toHaveAccessibleDescription(
      'This field is required.',
    );
  });

  it('says the error of the field that keeps focus when Enter there fails the check: nothing moves, so nothing else would be heard', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={formRound(everyKindSchema)} resume={resume} />);
    const region = () => screen.getByRole('article').querySelector('form [aria-live="polite"]');
    const name = screen.getByRole('textbox', { name: /Full name/ });
    await user.click(name);
    await user.keyboard('{Enter}');
    // Named: the region sits above every field, and a screen reader may meet it later on its own.
    await waitFor(() => expect(region()).toHaveTextContent('Full name: This field is required.'));
    expect(name).toHaveFocus();
    // Said again on the next try, as a new node (the same words would otherwise not be repeated).
    const first = region()?.firstElementChild;
    await user.keyboard('{Enter}');
    await waitFor(() => expect(region()?.firstElementChild).not.toBe(first));
    expect(region()).toHaveTextContent('Full name: This field is required.');
    expect(resume).not.toHaveBeenCalled();
    // Worded once: typing does not change what the region says (a reader would speak each change).
    await user.type(name, 'A');
    expect(region()).toHaveTextContent('Full name: This field is required.');
    // Fixed, the words go: nobody reading the form later meets a stale error at its top.
    await user.type(name, 'da');
    await user.tab();
    await waitFor(() => expect(name).not.toHaveAttribute('aria-invalid', 'true'));
    expect(region()).toHaveTextContent('');
    // And they stay gone: an error the field shows later is the field's own to say.
    await user.clear(name);
    await user.tab();
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(region()).toHaveTextContent('');
  });

  it('says nothing extra when the failed check moves focus to the field (its description says it)', async () => {
    const user = userEvent.setup();
    render(<InputRequestCard suspension={formRound(everyKindSchema)} resume={async () => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveFocus());
    expect(screen.getByRole('article').querySelector('form [aria-live="polite"]')).toHaveTextContent('');
  });

  it('has no unnamed group: each radio or checkbox group is named by its field, nothing else is a group', () => {
    render(<InputRequestCard suspension={formRound(everyKindSchema)} resume={async () => undefined} />);
    const groups = screen.getAllByRole('group');
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) expect(group).toHaveAccessibleName();
  });

  it('names a request it cannot answer by its short heading and describes it by why, not by the whole reason', () => {
    const round = parseSuspension(
      {
        inputRequests: {
          summary: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 100 } },
        },
      },
      { serverName: 'Reports' },
    );
    render(<InputRequestCard suspension={round} resume={async () => undefined} />);
    const group = screen.getByRole('group', { name: 'This question cannot be answered here' });
    expect(group).toHaveAccessibleDescription(
      /^The server asks this app to run a language model \(sampling\)\./,
    );
  });

  it('says a field is required once: by aria-required where the control has it, else in the group’s name', () => {
    render(<InputRequestCard suspension={formRound(everyKindSchema)} resume={async () => undefined} />);
    // In the name too, a screen reader would say "Full name required, edit text, required".
    const name = screen.getByRole('textbox', { name: 'Full name' });
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('radiogroup', { name: 'Size' })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('textbox', { name: 'Website' })).not.toHaveAttribute('aria-required');
    // A group of checkboxes has no aria-required: its name says it.
    const toppings = screen.getByRole('group', { name: 'Toppings (required)' });
    expect(toppings).not.toHaveAttribute('aria-required');
    // Seen as the asterisk, for everyone.
    expect(
      name.closest('[data-part="field"]')?.querySelector('[data-part="required-mark"]'),
    ).toHaveTextContent('*');
  });
});

describe('InputRequestCard: sending', () => {
  it('says a send that takes more than a few seconds is still on its way, and that nothing typed is lost', async () => {
    useFakeTime();
    try {
      const user = fakeTimeUser();
      const pending = deferred<void>();
      render(<InputRequestCard suspension={formRound(approveSchema)} resume={() => pending.promise} />);
      await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Ship it');
      await user.click(screen.getByRole('button', { name: 'Accept' }));
      await advance(4_900);
      expect(screen.getByRole('status')).toHaveTextContent('Sending your answer…');
      // Not a busy region: screen readers may hold back what a busy region's status says.
      expect(screen.getByRole('article')).not.toHaveAttribute('aria-busy');
      await advance(100);
      const slow = 'Still sending your answer: the server is taking a while. Everything you typed is kept.';
      expect(screen.getByRole('status')).toHaveTextContent(slow);
      expect(screen.getByText(slow, { selector: '[data-part="sending"]' })).toHaveAttribute('data-slow');
      expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('Ship it');
      pending.resolve();
      await advance();
      // Focus moved to the receipt's first line, which says it; the card's status region adds
      // nothing (the same news in other words would be heard twice).
      expect(screen.getByText('You answered.')).toHaveFocus();
      expect(screen.getByRole('article').querySelector('[data-part="status"]')).toBeEmptyDOMElement();
      expect(screen.queryByText(slow)).toBeNull();
    } finally {
      useRealTime();
    }
  });

  it('disables the buttons and says so while resume runs', async () => {
    const user = userEvent.setup();
    const pending = deferred<void>();
    render(<InputRequestCard suspension={formRound(approveSchema)} resume={() => pending.promise} />);

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Sending your answer…');
    for (const name of ['Accept', 'Decline', 'Cancel']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    expect(screen.getByRole('article')).toHaveAttribute('data-state', 'submitting');
    pending.resolve();
    expect(await screen.findByText('You answered.')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('data-state', 'answered');
  });

  it('keeps every typed value when resume rejects, and a second Accept sends them', async () => {
    const user = userEvent.setup();
    const resume = vi
      .fn<(responses: InputResponses) => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('Gateway timeout'))
      .mockResolvedValueOnce(undefined);
    render(<InputRequestCard suspension={formRound(everyKindSchema)} resume={resume} />);
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await user.click(screen.getByRole('radio', { name: 'small' }));
    await user.click(screen.getByRole('checkbox', { name: 'basil' }));

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    // The alert says the sentence; the raw detail is in the notice around it, folded away.
    expect((await screen.findByRole('alert')).closest('[data-failure]')).toHaveTextContent('Gateway timeout');
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('ada@example.com');
    expect(screen.getByRole('radio', { name: 'small' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'basil' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(resume).toHaveBeenCalledTimes(2));
    expect(resume.mock.calls[1]?.[0]).toStrictEqual(resume.mock.calls[0]?.[0]);
    expect(await screen.findByText('You answered.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Try again resends the same responses after a failure', async () => {
    const user = userEvent.setup();
    const resume = vi
      .fn<(responses: InputResponses) => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(undefined);
    render(<InputRequestCard suspension={formRound(approveSchema)} resume={resume} />);
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const retry = await screen.findByRole('button', { name: 'Try again' });

    await user.click(retry);

    await waitFor(() => expect(resume).toHaveBeenCalledTimes(2));
    expect(resume.mock.calls[1]?.[0]).toStrictEqual({
      details: {
        action: 'accept',
        content: { recipient: 'team@example.com', note: 'hello', confirm: false },
      },
    });
  });

  it('sends once on a double click', async () => {
    const user = userEvent.setup();
    const pending = deferred<void>();
    const resume = vi.fn(() => pending.promise);
    render(<InputRequestCard suspension={formRound(approveSchema)} resume={resume} />);

    await user.dblClick(screen.getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    pending.resolve();

    expect(await screen.findByText('You answered.')).toBeInTheDocument();
    expect(resume).toHaveBeenCalledOnce();
  });

  it('lets a send in flight finish when the card unmounts: the answer is not thrown away', async () => {
    const user = userEvent.setup();
    const sent = deferred<void>();
    let signal: AbortSignal | undefined;
    const resume = vi.fn((_responses: InputResponses, context: { signal: AbortSignal }) => {
      signal = context.signal;
      return sent.promise;
    });
    const suspension = formRound(approveSchema, 'Leaving mid-send?');
    const { unmount } = render(<InputRequestCard suspension={suspension} resume={resume} />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(signal).toBeDefined());
    unmount();
    // Unmounting is no reason to abort: the server may already be processing the answer.
    expect(signal?.aborted).toBe(false);
    // The round shown again while the send is still on its way: the same send, not a second one.
    render(<InputRequestCard suspension={suspension} resume={resume} />);
    expect(screen.getByRole('article')).toHaveAttribute('data-state', 'submitting');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    sent.resolve();
    expect(await screen.findByText('You answered.')).toBeInTheDocument();
    expect(resume).toHaveBeenCalledOnce();
  });
});

describe('InputRequestCard: untrusted server text', () => {
  it('renders messages, names, titles and descriptions as text, never as HTML', () => {
    const html = '<img src=x onerror="window.__pwned=1"><a href="https://evil.example">x</a>';
    const suspension = parseSuspension(
      {
        inputRequests: {
          q: {
            method: 'elicitation/create',
            params: {
              message: html,
              requestedSchema: {
                type: 'object',
                properties: { f: { type: 'string', title: html, description: html } },
              },
            },
          },
        },
      },
      { serverName: html, toolName: html },
    );
    const { container } = render(<InputRequestCard suspension={suspension} resume={async () => undefined} />);
    expect(container.querySelector('img, a')).toBeNull();
    expect(screen.getAllByText(html, { exact: false }).length).toBeGreaterThanOrEqual(3);
  });
});

describe('InputRequestCard: several requests in one round', () => {
  it('calls resume once, after the last answer, with every response', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<InputRequestCard suspension={mixedRound()} resume={resume} />);

    await user.type(screen.getByRole('textbox', { name: 'email' }), 'ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByText('1 of 3 answered')).toBeInTheDocument();
    // Read once, as the bar's name; the words beside it are for the eye.
    expect(screen.getByRole('progressbar', { name: '1 of 3 answered' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 answered')).toHaveAttribute('aria-hidden', 'true');
    await user.click(screen.getByRole('button', { name: 'Open link' }));
    expect(open).toHaveBeenCalledWith(
      'https://accounts.example.com/connect?x=1',
      '_blank',
      'noopener,noreferrer',
    );
    // Open only opens; Done says the person went through with it (accept, in URL mode).
    expect(screen.getByText('1 of 3 answered')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText('2 of 3 answered')).toBeInTheDocument();
    expect(resume).not.toHaveBeenCalled();
    const declines = screen.getAllByRole('button', { name: 'Decline' });
    await user.click(declines[declines.length - 1] as HTMLElement);

    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume.mock.calls[0]?.[0]).toStrictEqual({
      contact: { action: 'accept', content: { email: 'ops@example.com' } },
      login: { action: 'accept' },
      summary: { action: 'decline' },
    });
    open.mockRestore();
  });

  it('stops saying an answer waits for the others once every answer is on its way', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const resume = vi.fn(() => new Promise<undefined>((resolve) => (finish = () => resolve(undefined))));
    render(<InputRequestCard suspension={mixedRound()} resume={resume} />);

    await user.type(screen.getByRole('textbox', { name: 'email' }), 'ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByText('Accepted — waiting for the other questions.')).toBeInTheDocument();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await user.click(screen.getByRole('button', { name: 'Open link' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    open.mockRestore();
    const declines = screen.getAllByRole('button', { name: 'Decline' });
    await user.click(declines[declines.length - 1] as HTMLElement);

    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(screen.queryByText(/waiting for the other questions/)).not.toBeInTheDocument();
    expect(screen.getAllByText('Accepted.')).toHaveLength(2);
    expect(screen.getByText('Declined.')).toBeInTheDocument();
    finish();
  });

  it('says which answer each Change answer changes, and what became of it: its place, the question it sits under and its status describe it', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<InputRequestCard suspension={mixedRound()} resume={() => new Promise(() => {})} />);
    await user.click(screen.getAllByRole('button', { name: 'Decline' })[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Open link' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    open.mockRestore();
    const changes = screen.getAllByRole('button', { name: 'Change answer' });
    expect(changes).toHaveLength(2);
    // Focus moves to it once the answer is given: what it says is what the person hears.
    expect(changes[0]).toHaveAccessibleDescription('Question 1 of 3 Who should we notify? Declined.');
    expect(changes[1]).toHaveAccessibleDescription(/^Question 2 of 3 Connect your calendar account\. \S/);
  });

  it('describes a Change answer by its place, by its question only when that says something, and always by its status', async () => {
    const user = userEvent.setup();
    const round = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          blank: {
            method: 'elicitation/create',
            params: { message: ' ', requestedSchema: { type: 'object', properties: {} } },
          },
          odd: { method: 'something/else', params: {} },
          more: {
            method: 'elicitation/create',
            params: { message: 'Anything else?', requestedSchema: { type: 'object', properties: {} } },
          },
        },
        requestState: 'v1',
      },
      { serverName: 'Odd' },
    );
    render(<InputRequestCard suspension={round} resume={() => new Promise(() => {})} />);
    const [blankDecline, oddDecline] = screen.getAllByRole('button', { name: 'Decline' });
    await user.click(blankDecline as HTMLElement);
    await user.click(oddDecline as HTMLElement);
    const [blank, odd] = screen.getAllByRole('button', { name: 'Change answer' });
    expect(blank).toHaveAccessibleDescription('Question 1 of 3 Declined.');
    expect(odd).toHaveAccessibleDescription(
      /^Question 2 of 3 This question cannot be answered here.* Declined\.$/s,
    );
  });

  it('lets an answer be changed before the round is sent', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={mixedRound()} resume={resume} />);
    await user.click(screen.getAllByRole('button', { name: 'Decline' })[0] as HTMLElement);
    expect(screen.getByText('Declined.')).toBeInTheDocument();

    // Change answer goes away once pressed: focus goes to the request's first control, not <body>.
    screen.getByRole('button', { name: 'Change answer' }).focus();
    await user.keyboard('{Enter}');

    expect(screen.getByText('0 of 3 answered')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'email' })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'email' })).toHaveFocus());
  });
});

/** Three forms in one round, each with one text field. */
const threeForms = () => {
  const ask = (message: string, title: string) => ({
    method: 'elicitation/create',
    params: {
      message,
      requestedSchema: { type: 'object', properties: { answer: { type: 'string', title } } },
    },
  });
  return parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        who: ask('Who is coming?', 'Name'),
        where: ask('Where do you stay?', 'City'),
        when: ask('When do you arrive?', 'Day'),
      },
      requestState: 'v1.three',
    },
    { serverName: 'Travel' },
  );
};

describe('InputRequestCard: which question of how many', () => {
  it('says above each request of a round of several which question it is, and names each form by it first', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={threeForms()} resume={resume} />);

    expect(screen.getByText('Question 1 of 3')).toBeVisible();
    expect(screen.getByText('Question 2 of 3')).toBeVisible();
    expect(screen.getByText('Question 3 of 3')).toBeVisible();
    // Where it is comes first, then the server's question: what a screen reader says entering the form.
    expect(screen.getByRole('form', { name: 'Question 1 of 3 Who is coming?' })).toBeInTheDocument();
    const second = screen.getByRole('form', { name: /Question 2 of 3/ });
    expect(second).toHaveAccessibleName('Question 2 of 3 Where do you stay?');
    expect(screen.getByRole('form', { name: 'Question 3 of 3 When do you arrive?' })).toBeInTheDocument();
    // At the top of its section, above the question.
    const position = within(second).getByText('Question 2 of 3');
    expect(position).toHaveAttribute('data-part', 'question-position');
    expect(
      position.compareDocumentPosition(within(second).getByText('Where do you stay?')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    // Answering one form of the three, from its own fields, leaves every name as it was.
    await user.type(within(second).getByRole('textbox', { name: 'City' }), 'Lyon');
    await user.click(within(second).getByRole('button', { name: 'Accept' }));
    expect(screen.getByText('1 of 3 answered')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: /Question 2 of 3/ })).toHaveAttribute('data-answered', 'accept');
    expect(resume).not.toHaveBeenCalled();
  });

  it('names a link and a request it cannot answer by their place too', () => {
    render(<InputRequestCard suspension={mixedRound()} resume={() => new Promise(() => {})} />);
    expect(screen.getByRole('form', { name: 'Question 1 of 3 Who should we notify?' })).toBeInTheDocument();
    expect(
      screen.getByRole('group', { name: 'Question 2 of 3 Connect your calendar account.' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('group', { name: 'Question 3 of 3 This question cannot be answered here' }),
    ).toBeInTheDocument();
  });

  it('shows no position in a round of one: its form is named by its question alone', () => {
    render(
      <InputRequestCard
        suspension={formRound(approveSchema, 'Send the report?')}
        resume={async () => undefined}
      />,
    );
    expect(screen.getByRole('form')).toHaveAccessibleName('Send the report?');
    expect(screen.queryByText(/Question \d+ of/)).not.toBeInTheDocument();
  });

  it("says it in the card's words", () => {
    render(
      <InputRequestCard
        suspension={mixedRound()}
        resume={() => new Promise(() => {})}
        messages={germanMessages}
      />,
    );
    expect(screen.getByText('Frage 2 von 3')).toBeVisible();
    expect(screen.getByRole('form', { name: 'Frage 1 von 3 Who should we notify?' })).toBeInTheDocument();
    expect(
      screen.getByRole('group', { name: 'Frage 2 von 3 Connect your calendar account.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Question/)).not.toBeInTheDocument();
  });
});
