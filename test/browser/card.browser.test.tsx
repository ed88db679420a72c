import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { InputRequestCard, type InputResponses, parseSuspension } from '../../src/index.ts';
import '../../src/styles.css';
import { deferred } from '../fixtures/deferred.ts';
import { sentContent } from '../fixtures/resume.ts';
import { approveSchema, formRound } from '../fixtures/suspensions.ts';

const keyboardSchema = {
  type: 'object' as const,
  properties: {
    name: { type: 'string', title: 'Name' },
    size: { type: 'string', title: 'Size', enum: ['small', 'medium', 'large'] },
    agree: { type: 'boolean', title: 'I agree' },
  },
  required: ['name', 'size'],
};

describe('InputRequestCard in Chromium', () => {
  it('can be answered with the keyboard alone', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(
      <>
        <button type="button">Before the card</button>
        <InputRequestCard suspension={formRound(keyboardSchema)} resume={resume} />
      </>,
    );
    (document.querySelector('button') as HTMLButtonElement).focus();

    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('textbox', { name: /Name/ })).toHaveFocus();
    await userEvent.keyboard('Grace');
    await userEvent.keyboard('{Tab}');
    // A radio group is one tab stop; arrows move the choice.
    await expect.element(page.getByRole('radio', { name: 'small' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('checkbox', { name: 'I agree' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{Enter}');

    await vi.waitFor(() => expect(resume).toHaveBeenCalledOnce());
    const content = sentContent(resume);
    expect(content.name).toBe('Grace');
    expect(content.size).toBe('medium');
    expect(content.agree).toBe(true);
    // Focus lands on the receipt's first line, which says it (the status region adds nothing).
    await expect.element(page.getByText('You answered.')).toHaveFocus();
  });

  it("sends what Chromium's own date and date-time pickers hold", async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const schema = {
      type: 'object' as const,
      properties: {
        day: { type: 'string', title: 'Day', format: 'date' },
        at: { type: 'string', title: 'At', format: 'date-time' },
      },
    };
    render(<InputRequestCard suspension={formRound(schema)} resume={resume} />);

    await page.getByLabelText('Day').fill('2026-12-24');
    await page.getByLabelText('At').fill('2026-12-24T18:45');
    await page.getByRole('button', { name: 'Accept' }).click();

    await vi.waitFor(() => expect(resume).toHaveBeenCalledOnce());
    const content = sentContent(resume);
    expect(content.day).toBe('2026-12-24');
    expect(content.at).toMatch(/^2026-12-24T18:45:00[+-]\d{2}:\d{2}$/);
    expect(new Date(content.at as string).getTime()).toBe(new Date(2026, 11, 24, 18, 45).getTime());
  });

  it('refuses a number or a date the browser cannot read ("12e", half a date) instead of leaving it out', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const schema = {
      type: 'object' as const,
      properties: {
        guests: { type: 'integer', title: 'Guests' },
        day: { type: 'string', title: 'Day', format: 'date' },
      },
    };
    render(<InputRequestCard suspension={formRound(schema)} resume={resume} />);

    const guests = page.getByRole('spinbutton', { name: 'Guests' });
    await userEvent.click(guests);
    await userEvent.keyboard('12e');
    // Half a date: the month only. Chromium shows it and keeps the input's value empty.
    (page.getByLabelText('Day').element() as HTMLInputElement).focus();
    await userEvent.keyboard('03');
    await page.getByRole('button', { name: 'Accept' }).click();

    await expect.element(guests).toHaveFocus();
    await expect.element(guests).toHaveAccessibleDescription('Enter a whole number in digits, such as 12.');
    await expect.element(page.getByLabelText('Day')).toHaveAccessibleDescription('Enter the full date.');
    expect(resume).not.toHaveBeenCalled();

    // Mended, both are sent as typed.
    await guests.fill('12');
    await page.getByLabelText('Day').fill('2026-03-15');
    await page.getByRole('button', { name: 'Accept' }).click();
    await vi.waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(sentContent(resume)).toEqual({ guests: 12, day: '2026-03-15' });
  });

  it('moves focus to the first invalid field and shows its error', async () => {
    const resume = vi.fn(async () => undefined);
    render(<InputRequestCard suspension={formRound(keyboardSchema)} resume={resume} />);

    await page.getByRole('button', { name: 'Accept' }).click();

    const name = page.getByRole('textbox', { name: /Name/ });
    await expect.element(name).toHaveFocus();
    await expect.element(name).toHaveAccessibleDescription('This field is required.');
    expect(resume).not.toHaveBeenCalled();
  });

  it('lands the click that leaves a field: its error waits, so Accept or a box below is not pushed away', async () => {
    const schema = {
      type: 'object' as const,
      properties: {
        title: { type: 'string', title: 'Title', minLength: 1, default: 'Planning' },
        email: { type: 'string', title: 'Email', format: 'email' },
        send: { type: 'boolean', title: 'Send it now' },
        date: { type: 'string', title: 'Date', format: 'date' },
      },
      required: ['title', 'date'],
    };
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={formRound(schema)} resume={resume} />);
    // Leaving a bad address by pressing the box under it: the box is ticked, then the error shows.
    await page.getByRole('textbox', { name: /Email/ }).fill('bad');
    await page.getByRole('checkbox', { name: 'Send it now' }).click();
    await expect.element(page.getByRole('checkbox', { name: 'Send it now' })).toBeChecked();
    await expect.element(page.getByText('Enter a valid email address.')).toBeVisible();
    // Leaving an emptied field by pressing Accept: one press checks the whole form.
    await page.getByRole('textbox', { name: /Title/ }).clear();
    await page.getByRole('button', { name: 'Accept' }).click();
    const invalid = () =>
      [...document.querySelectorAll('[data-part="field"][data-invalid]')].map((field) =>
        field.getAttribute('data-kind'),
      );
    await vi.waitFor(() => expect(invalid()).toEqual(['text', 'email', 'date']));
    expect(resume).not.toHaveBeenCalled();
  });

  it('keeps a long unbroken message inside a 320 px card', async () => {
    await page.viewport(320, 640);
    const { container } = render(
      <InputRequestCard
        suspension={formRound(keyboardSchema, `Open https://example.com/${'x'.repeat(300)} now`)}
        resume={async () => undefined}
      />,
    );
    const card = container.querySelector<HTMLElement>('[data-part="card"]');
    expect(card).not.toBeNull();
    expect(card!.scrollWidth).toBeLessThanOrEqual(card!.clientWidth);
    expect(card!.getBoundingClientRect().width).toBeLessThanOrEqual(320);
    await page.viewport(1024, 768);
  });

  it('switches to the dark palette with the irc-dark class', async () => {
    const { container } = render(
      <div>
        <InputRequestCard
          suspension={formRound(keyboardSchema)}
          resume={async () => undefined}
          className="irc-dark"
        />
        <InputRequestCard
          suspension={formRound(keyboardSchema)}
          resume={async () => undefined}
          className="irc-light"
        />
      </div>,
    );
    const [dark, light] = container.querySelectorAll<HTMLElement>('[data-part="card"]');
    expect(getComputedStyle(dark!).backgroundColor).toBe('rgb(27, 30, 35)');
    expect(getComputedStyle(light!).backgroundColor).toBe('rgb(255, 255, 255)');
  });
  it('asks before a Decline drops what was entered: a double click on Decline meets the question, not its confirm', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const schema = { type: 'object' as const, properties: { note: { type: 'string', title: 'Note' } } };
    render(<InputRequestCard suspension={formRound(schema)} resume={resume} />);
    await page.getByLabelText('Note').fill('Numbers look good');
    await page.getByRole('button', { name: 'Decline' }).dblClick();

    const asked = page.getByRole('group', { name: /Say no to this question\?/ });
    await expect.element(asked).toBeVisible();
    // The second click met the question where the button was: focus stays in its row.
    expect(asked.element().contains(document.activeElement)).toBe(true);
    expect(resume).not.toHaveBeenCalled();
    await asked.getByRole('button', { name: 'Decline' }).click();
    await vi.waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume.mock.calls[0]?.[0]).toEqual({ details: { action: 'decline' } });
  });

  it('a double click on Decline confirms nothing where the row puts a button under the pointer (a wrapped phone row, a sticky row)', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    // 320 px, steps: Next and Back on one line, Decline and Cancel on the next; the question
    // takes a line or two above them, and the confirming Decline lands where Decline was.
    const { unmount } = render(
      <div style={{ width: 320 }}>
        <InputRequestCard suspension={formRound(approveSchema)} resume={resume} layout="steps" />
      </div>,
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: /Note/ }).fill('Numbers look good');
    await page.getByRole('button', { name: 'Decline' }).dblClick();
    await expect.element(page.getByRole('group', { name: /Say no to this question\?/ })).toBeVisible();
    unmount();

    // A form taller than its window: the row sticks to the bottom and grows upwards.
    const many = {
      type: 'object' as const,
      properties: Object.fromEntries(
        Array.from({ length: 14 }, (_, index) => [`f${index}`, { type: 'string', title: `Field ${index}` }]),
      ),
    };
    render(
      <div style={{ width: 220 }}>
        <InputRequestCard suspension={formRound(many)} resume={resume} />
      </div>,
    );
    await page.getByRole('textbox', { name: /Field 0/ }).fill('x');
    await expect.element(page.getByRole('article')).toHaveAttribute('data-tall');
    await page.getByRole('button', { name: 'Decline' }).dblClick();
    await expect.element(page.getByRole('group', { name: /Say no to this question\?/ })).toBeVisible();
    expect(resume).not.toHaveBeenCalled();
  });

  it('a double click on Open opens the link, and Done, now under the pointer, waits for a click of its own', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const round = parseSuspension({
      resultType: 'input_required',
      inputRequests: {
        login: {
          method: 'elicitation/create',
          params: {
            mode: 'url',
            message: 'Connect your calendar.',
            url: 'https://accounts.example.com/connect',
          },
        },
      },
    });
    render(<InputRequestCard suspension={round} resume={resume} />);
    // Done takes Open's place: Chromium's second click (detail 2) lands on it.
    await page.getByRole('button', { name: 'Open link' }).dblClick();
    await expect.element(page.getByRole('button', { name: 'Done' })).toHaveFocus();
    expect(opened).toHaveBeenCalledOnce();
    expect(resume).not.toHaveBeenCalled();
    await page.getByRole('button', { name: 'Done' }).click();
    await vi.waitFor(() => expect(resume).toHaveBeenCalledOnce());
    opened.mockRestore();
  });

  it('a double click on Next in the step layout moves one step, and on the last one shows the review without sending', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const schema = {
      type: 'object' as const,
      properties: { first: { type: 'string', title: 'First' }, second: { type: 'string', title: 'Second' } },
    };
    render(<InputRequestCard suspension={formRound(schema)} resume={resume} layout="steps" />);
    await page.getByRole('button', { name: 'Next' }).dblClick();
    // One step on, not two: the second step is on screen, and its field keeps the focus the
    // step gave it (the burst's second press, on the new Next, takes none).
    await expect.element(page.getByRole('textbox', { name: 'Second' })).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: 'Second' })).toHaveFocus();
    await page.getByRole('button', { name: 'Next' }).dblClick();
    await expect.element(page.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    // Two frames: a send the second click started would have called resume by then.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(resume).not.toHaveBeenCalled();
  });

  it('counts text Chromium cannot read as a number ("12e", an empty value) as entered', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const schema = { type: 'object' as const, properties: { guests: { type: 'integer', title: 'Guests' } } };
    render(<InputRequestCard suspension={formRound(schema)} resume={resume} />);
    await page.getByLabelText('Guests').click();
    await userEvent.keyboard('12e');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .element(page.getByRole('group', { name: /Close this question without an answer\?/ }))
      .toBeVisible();
    expect(resume).not.toHaveBeenCalled();
  });

  it('leaves focus in another card when a round closes after the person clicked the page and went on there', async () => {
    const sending = deferred<void>();
    const noteSchema = { type: 'object' as const, properties: { note: { type: 'string', title: 'Note' } } };
    render(
      <>
        <InputRequestCard
          suspension={formRound(noteSchema, 'Lunch?', { id: 'lunch', serverName: 'Lunch' })}
          resume={() => sending.promise}
        />
        <p>Yesterday’s messages</p>
        <InputRequestCard
          suspension={formRound(noteSchema, 'Dinner?', { id: 'dinner', serverName: 'Dinner' })}
          resume={async () => undefined}
        />
      </>,
    );
    const lunch = page.getByRole('article', { name: 'Lunch is asking' });
    const dinner = page.getByRole('article', { name: 'Dinner is asking' });
    await lunch.getByRole('button', { name: 'Accept' }).click();
    await expect.element(lunch).toHaveAttribute('data-state', 'submitting');
    // Chromium drops focus from the disabled Accept; the person clicks the page, then types elsewhere.
    await page.getByText('Yesterday’s messages').click();
    await dinner.getByRole('textbox', { name: 'Note' }).click();
    await userEvent.keyboard('Extra');
    sending.resolve();
    await expect.element(page.getByRole('article', { name: 'Lunch asked' })).toBeInTheDocument();
    await userEvent.keyboard(' bread');
    await expect.element(dinner.getByRole('textbox', { name: 'Note' })).toHaveFocus();
    await expect.element(dinner.getByRole('textbox', { name: 'Note' })).toHaveValue('Extra bread');
  });
});
