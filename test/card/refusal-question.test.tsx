import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestedSchema } from '../../src/core/model.ts';
import { germanMessages } from '../../src/i18n/de.ts';
import {
  type FormRequest,
  InputRequestCard,
  type InputResponses,
  parseSuspension,
  type SectionStatusProps,
  type StaticInputRequestCardProps,
  useRequestForm,
} from '../../src/index.ts';
import { createTestSource } from '../../src/testing/index.ts';
import { approveSchema, formRound } from '../fixtures/suspensions.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';
import { HeadlessField } from '../support/headless-field.tsx';

// Decline or Cancel on a form that holds what the person entered sends none of it: the card asks
// first, in place of its buttons, so a slip does not throw the typing away. A form left as it
// opened (its defaults untouched) is refused at once, as before.

type Options = Pick<StaticInputRequestCardProps, 'confirmRefusal' | 'messages' | 'layout'>;

function mount(props: Options = {}, schema = approveSchema) {
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  render(<InputRequestCard suspension={formRound(schema, 'Send the report?')} resume={resume} {...props} />);
  return { resume, user: userEvent.setup() };
}

/** "Who?": a form request asking for a name. */
const WHO = {
  method: 'elicitation/create',
  params: {
    message: 'Who?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
  },
};

/** Two questions: "Who?" (a name) and "When?" (a day). */
const twoQuestions = () =>
  parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        who: WHO,
        when: {
          method: 'elicitation/create',
          params: {
            message: 'When?',
            requestedSchema: { type: 'object', properties: { day: { type: 'string', title: 'Day' } } },
          },
        },
      },
      requestState: 'two',
    },
    { serverName: 'Calendar' },
  );

const question = () => screen.getByRole('group', { name: /Say no to this question\?/ });

/** A host's own section status: one plain button that takes the answer back. */
function OwnStatus({ answer, onChange }: SectionStatusProps) {
  return answer ? (
    <button type="button" onClick={onChange}>
      Undo
    </button>
  ) : null;
}

describe('Decline or Cancel on a form with entries', () => {
  it('asks first: nothing is sent, focus waits on Keep editing', async () => {
    const { resume, user } = mount();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Numbers look good');
    await user.click(screen.getByRole('button', { name: 'Decline' }));

    expect(resume).not.toHaveBeenCalled();
    const asked = question();
    expect(asked).toHaveTextContent('Say no to this question? Nothing you entered here is sent.');
    expect(within(asked).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    // The question stands where the buttons were: no Accept while it asks.
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('Numbers look good');
  });

  it('sends the refusal once it is confirmed', async () => {
    const { resume, user } = mount();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Numbers look good');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(within(question()).getByRole('button', { name: 'Decline' }));

    await waitFor(() => expect(resume).toHaveBeenCalledTimes(1));
    expect(resume.mock.calls[0]?.[0]).toEqual({ details: { action: 'decline' } });
  });

  it('Keep editing brings the buttons back, focus on the refusal pressed, everything entered kept', async () => {
    const { resume, user } = mount();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Numbers look good');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const asked = screen.getByRole('group', { name: /Close this question without an answer\?/ });
    await user.click(within(asked).getByRole('button', { name: 'Keep editing' }));

    expect(screen.queryByRole('group', { name: /without an answer/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('Numbers look good');
    expect(resume).not.toHaveBeenCalled();
  });

  it('Escape keeps editing, and does not reach a dialog around the card', async () => {
    const outer = vi.fn();
    const resume = vi.fn(async () => undefined);
    render(
      // biome-ignore lint/a11y/noStaticElementInteractions: stands in for a host's dialog that closes on Escape.
      <div onKeyDown={(event) => event.key === 'Escape' && outer()}>
        <InputRequestCard suspension={formRound(approveSchema)} resume={resume} />
      </div>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'I reviewed the message' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.keyboard('{Escape}');

    expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'I reviewed the message' })).toBeChecked();
    expect(outer).not.toHaveBeenCalled();
    expect(resume).not.toHaveBeenCalled();
  });

  it('a double click on Decline does not confirm it, even where the second click lands on the confirming Decline', async () => {
    const { resume, user } = mount();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'x');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    // A wrapped or sticky row can put the confirming Decline under the pointer: the burst's second
    // click (`detail` 2) lands there, and answers nothing.
    fireEvent.click(within(question()).getByRole('button', { name: 'Decline' }), { detail: 2 });
    expect(question()).toBeInTheDocument();
    expect(resume).not.toHaveBeenCalled();
  });

  it('refuses at once a form of spaces and untouched defaults', async () => {
    const { resume, user } = mount();
    // The recipient's default and the unchecked box as they opened: refused at once.
    await user.type(screen.getByRole('textbox', { name: /Note/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(resume).toHaveBeenCalledTimes(1));
  });

  it('an edited default counts as entered', async () => {
    const { resume, user } = mount();
    const recipient = screen.getByRole('textbox', { name: /Recipient/ });
    await user.clear(recipient);
    await user.type(recipient, 'ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('group', { name: /without an answer/ })).toBeInTheDocument();
    expect(resume).not.toHaveBeenCalled();
  });

  it('a number the browser cannot read counts as entered', async () => {
    const schema: RequestedSchema = {
      type: 'object',
      properties: { guests: { type: 'integer', title: 'Guests' } },
    };
    const { resume, user } = mount({}, schema);
    const guests = screen.getByRole('spinbutton', { name: 'Guests' }) as HTMLInputElement;
    // jsdom does not model badInput: as Chromium, an input holding "12e" reads as empty.
    Object.defineProperty(guests, 'validity', { value: { ...guests.validity, badInput: true } });
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(question()).toBeInTheDocument();
    expect(resume).not.toHaveBeenCalled();
  });

  it('confirmRefusal={false} refuses at once', async () => {
    const { resume, user } = mount({ confirmRefusal: false });
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Numbers look good');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(resume).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('group', { name: /Say no/ })).toBeNull();
  });

  it('a confirmRefusal that is not a boolean is named', () => {
    expect(() =>
      render(
        <InputRequestCard
          suspension={formRound(approveSchema)}
          resume={async () => undefined}
          confirmRefusal={'false' as unknown as boolean}
        />,
      ),
    ).toThrow(/input-request-cards:.*confirmRefusal.*true or false/);
  });

  it('asks in German with German words', async () => {
    const { user } = mount({ messages: germanMessages });
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Passt');
    await user.click(screen.getByRole('button', { name: 'Ablehnen' }));
    const asked = screen.getByRole('group', { name: /Diese Frage ablehnen\?/ });
    expect(within(asked).getByRole('button', { name: 'Weiter bearbeiten' })).toHaveFocus();
    expect(within(asked).getByRole('button', { name: 'Ablehnen' })).toBeEnabled();
  });

  it('works the same under StrictMode', async () => {
    const resume = vi.fn(async () => undefined);
    render(
      <StrictMode>
        <InputRequestCard suspension={formRound(approveSchema)} resume={resume} />
      </StrictMode>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Numbers look good');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(within(question()).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
  });

  it('on a step of the step-by-step layout too', async () => {
    const { resume, user } = mount({ layout: 'steps' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Numbers look good');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(within(question()).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('button', { name: 'Decline' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(resume).not.toHaveBeenCalled();
  });

  it('in a round of several, asks only where the answer sends the round; earlier refusals can be changed', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={twoQuestions()} resume={resume} />);
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Ada');
    // "When?" still waits: declining "Who?" keeps its values, and Change answer undoes it.
    await user.click(screen.getAllByRole('button', { name: 'Decline' })[0] as HTMLElement);
    expect(screen.queryByRole('group', { name: /Say no/ })).toBeNull();
    const who = screen.getByRole('form', { name: /Who\?/ });
    expect(who).toHaveAttribute('data-answered', 'decline');
    expect(name).toHaveValue('Ada');
    // "When?" is now the answer that sends the round: with a day entered, it asks, named by its question.
    await user.type(screen.getByRole('textbox', { name: 'Day' }), 'Monday');
    await user.click(
      within(screen.getByRole('form', { name: /When\?/ })).getByRole('button', { name: 'Decline' }),
    );
    const asked = question();
    expect(within(asked).getByRole('button', { name: 'Decline' })).toHaveAccessibleDescription(
      'Question 2 of 2 When?',
    );
    expect(within(asked).getByRole('button', { name: 'Keep editing' })).toHaveAccessibleDescription(
      'Question 2 of 2 When?',
    );
    expect(resume).not.toHaveBeenCalled();
    await user.click(within(asked).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(resume).toHaveBeenCalledTimes(1));
    expect(resume.mock.calls[0]?.[0]).toEqual({ who: { action: 'decline' }, when: { action: 'decline' } });
  });

  it('goes when Enter in a field answers instead: a failed send then shows the buttons, not the question', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => {
      throw new Error('offline');
    });
    render(<InputRequestCard suspension={twoQuestions()} resume={resume} />);
    const user = userEvent.setup();
    // "Who?" answered first, so "When?" is the answer that sends the round.
    await user.click(
      within(screen.getByRole('form', { name: /Who\?/ })).getByRole('button', { name: 'Decline' }),
    );
    const day = screen.getByRole('textbox', { name: 'Day' });
    await user.type(day, 'Monday');
    const when = screen.getByRole('form', { name: /When\?/ });
    await user.click(within(when).getByRole('button', { name: 'Decline' }));
    expect(question()).toBeInTheDocument();
    // Back to the field, Enter: the person accepts instead of choosing; the send fails.
    await user.click(day);
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Try again' });
    expect(resume.mock.calls[0]?.[0]).toEqual({
      who: { action: 'decline' },
      when: { action: 'accept', content: { day: 'Monday' } },
    });
    expect(screen.queryByRole('group', { name: /Say no/ })).toBeNull();
    expect(within(when).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it('goes when Enter on a step moves on (the step layout)', async () => {
    const schema: RequestedSchema = {
      type: 'object',
      properties: { note: { type: 'string', title: 'Note' }, ok: { type: 'boolean', title: 'OK' } },
    };
    const { user } = mount({ layout: 'steps' }, schema);
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'hi{Enter}');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('checkbox', { name: 'OK' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Check your answers')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Say no/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });
});

const request = formRound(approveSchema).requests[0] as FormRequest;

function MyForm({ onDecline, onRender }: { onDecline: (entered: boolean) => void; onRender?: () => void }) {
  onRender?.();
  const { form, formProps, hasEnteredValues } = useRequestForm({ request, onAccept: () => {} });
  return (
    <form {...formProps}>
      {request.fields.map((field) => (
        <HeadlessField key={field.index} form={form} field={field} />
      ))}
      <button type="button" onClick={() => onDecline(hasEnteredValues())}>
        No
      </button>
    </form>
  );
}

describe('a refusal asked about when the round closes', () => {
  afterEach(useRealTime);

  it('goes with the buttons when the question expires: what was entered stays to copy', async () => {
    useFakeTime();
    const resume = vi.fn(async () => undefined);
    render(
      <InputRequestCard
        suspension={formRound(approveSchema)}
        resume={resume}
        deadline={Date.now() + 60_000}
      />,
    );
    const user = fakeTimeUser();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Numbers look good');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(question()).toBeInTheDocument();
    await advance(61_000);
    expect(screen.queryByRole('group', { name: /Say no/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Copy/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Note/ })).toHaveValue('Numbers look good');
    expect(resume).not.toHaveBeenCalled();
  });
});

describe('useRequestForm().hasEnteredValues', () => {
  it('is false as the form opens, and true once a value differs from its default (spaces aside)', async () => {
    const seen: boolean[] = [];
    render(<MyForm onDecline={(entered) => seen.push(entered)} />);
    const user = userEvent.setup();
    const no = screen.getByRole('button', { name: 'No' });
    await user.click(no);
    await user.type(screen.getByRole('textbox', { name: 'Note' }), '   ');
    await user.click(no);
    await user.click(screen.getByRole('checkbox', { name: 'I reviewed the message' }));
    await user.click(no);
    await user.click(screen.getByRole('checkbox', { name: 'I reviewed the message' }));
    await user.clear(screen.getByRole('textbox', { name: 'Recipient' }));
    await user.click(no);
    await user.type(screen.getByRole('textbox', { name: 'Recipient' }), 'team@example.com');
    await user.click(no);
    expect(seen).toEqual([false, false, true, true, false]);
  });

  it('subscribes to nothing: typing re-renders nothing', async () => {
    const renders = vi.fn();
    render(<MyForm onDecline={() => {}} onRender={renders} />);
    const before = renders.mock.calls.length;
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Note' }), 'abc');
    expect(renders).toHaveBeenCalledTimes(before);
  });
});

describe('Stop task asks first: it ends the whole task', () => {
  beforeEach(() => useFakeTime());
  afterEach(useRealTime);

  function mountStoppable(props: Options = {}) {
    const { source } = createTestSource({ serverName: 'Mailer' });
    // A stop that stays on its way: the card shows "Stopping the task…" meanwhile.
    const cancel = vi.fn(() => new Promise<void>(() => {}));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <InputRequestCard source={{ ...source, cancel }} poll={{ baseMs: 1000, maxMs: 1000 }} {...props} />
      </QueryClientProvider>,
    );
    return { cancel, user: fakeTimeUser() };
  }
  const stopQuestion = () => screen.getByRole('group', { name: /Stop the whole task\?/ });

  it('says what it does; Keep it running takes focus, then gives it back to Stop task', async () => {
    const { cancel, user } = mountStoppable();
    await advance();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    expect(stopQuestion()).toHaveTextContent('Stop the whole task? The tool stops working on it.');
    expect(within(stopQuestion()).getByRole('button', { name: 'Keep it running' })).toHaveFocus();
    await user.click(within(stopQuestion()).getByRole('button', { name: 'Keep it running' }));
    expect(screen.getByRole('button', { name: 'Stop task' })).toHaveFocus();
    expect(cancel).not.toHaveBeenCalled();
  });

  it('stops once confirmed, focus on "Stopping the task…" while it goes', async () => {
    const { cancel, user } = mountStoppable();
    await advance();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    await user.click(within(stopQuestion()).getByRole('button', { name: 'Stop task' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Stopping the task…' })).toHaveFocus();
  });

  it('Escape keeps it running', async () => {
    const { cancel, user } = mountStoppable();
    await advance();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Stop task' })).toHaveFocus();
    expect(cancel).not.toHaveBeenCalled();
  });

  it('stops at once with confirmRefusal={false}', async () => {
    const { cancel, user } = mountStoppable({ confirmRefusal: false });
    await advance();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('group', { name: /Stop the whole task/ })).toBeNull();
  });

  it('asks in German', async () => {
    const { user } = mountStoppable({ messages: germanMessages });
    await advance();
    await user.click(screen.getByRole('button', { name: 'Aufgabe beenden' }));
    const asked = screen.getByRole('group', { name: /Die ganze Aufgabe beenden\?/ });
    expect(within(asked).getByRole('button', { name: 'Weiterlaufen lassen' })).toHaveFocus();
  });
});

/** "Who?" (a name) beside one request the host may answer itself (`roots/list`, sampling). */
const whoAndHostRequest = (key: string, request: { method: string; params: Record<string, unknown> }) =>
  parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        who: WHO,
        [key]: request,
      },
    },
    { serverName: 'Deployer' },
  );

describe('which refusal asks in a round of several (a review)', () => {
  it('after a failed send, where no section shows its answer, a Decline asks again', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => {
      throw new Error('offline');
    });
    render(<InputRequestCard suspension={twoQuestions()} resume={resume} />);
    const user = userEvent.setup();
    const who = screen.getByRole('form', { name: /Who\?/ });
    const when = screen.getByRole('form', { name: /When\?/ });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(within(who).getByRole('button', { name: 'Accept' }));
    await user.type(screen.getByRole('textbox', { name: 'Day' }), 'Monday');
    await user.click(within(when).getByRole('button', { name: 'Accept' }));
    await screen.findByRole('button', { name: 'Try again' });
    // An edit of "When?" takes its kept answer back; "Who?" shows no answer either.
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '!');
    await user.click(within(who).getByRole('button', { name: 'Decline' }));
    expect(within(who).getByRole('group', { name: /Say no to this question\?/ })).toBeInTheDocument();
    expect(resume).toHaveBeenCalledTimes(1);
  });

  it('a request whose host answerer failed waits for the person: the form beside it refuses at once', async () => {
    const round = whoAndHostRequest('roots', { method: 'roots/list', params: {} });
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(
      <InputRequestCard
        suspension={round}
        resume={resume}
        answerers={{ 'roots/list': async () => Promise.reject(new Error('no workspace open')) }}
      />,
    );
    const user = userEvent.setup();
    expect(await screen.findByText(/This app could not answer it by itself/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    const who = screen.getByRole('form', { name: /Who\?/ });
    await user.click(within(who).getByRole('button', { name: 'Decline' }));
    // "roots" still waits for a Decline or Cancel: this one shows as declined, Change answer undoes it.
    expect(screen.queryByRole('group', { name: /Say no/ })).toBeNull();
    expect(who).toHaveAttribute('data-answered', 'decline');
    expect(resume).not.toHaveBeenCalled();
  });

  it('a request the host answers by itself waits for nobody: the form beside it asks', async () => {
    const round = whoAndHostRequest('summary', {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: 'Sum' } }], maxTokens: 5 },
    });
    // The host's answer is still on its way when the person declines.
    const sampling = vi.fn(() => new Promise<never>(() => {}));
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(
      <InputRequestCard
        suspension={round}
        resume={resume}
        answerers={{ 'sampling/createMessage': sampling }}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'A long text the person typed');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(question()).toBeInTheDocument();
    expect(resume).not.toHaveBeenCalled();
  });
});

// A double click's second click lands wherever the first one's change put a button: the question
// in place of the button pressed (above), and the buttons that come back in its place. Those
// ignore the rest of the burst that showed them (`detail` over 1), never a new single click.
describe('a button that comes back under the pointer ignores the rest of the double click that showed it', () => {
  afterEach(useRealTime);

  // layout="steps": Next, Back and the review's Accept sit in one place. Each step's (and the
  // review's) is a button of its own, so a double click moves one step and never sends.
  const threeSteps: RequestedSchema = {
    type: 'object',
    properties: {
      first: { type: 'string', title: 'First' },
      second: { type: 'string', title: 'Second' },
      third: { type: 'string', title: 'Third' },
    },
  };
  const settle = async () => {
    for (let i = 0; i < 5; i++) await act(async () => {});
  };

  it('a double click on Next moves one step, and on the last step shows the review without sending', async () => {
    const { resume } = mount({ layout: 'steps' }, threeSteps);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }), { detail: 1 });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }), { detail: 2 });
    await settle();
    // Hidden steps stay mounted: the step on screen is the one whose field can be found.
    expect(screen.getByRole('textbox', { name: 'Second' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }), { detail: 1 });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }), { detail: 1 });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }), { detail: 2 });
    await settle();
    expect(resume).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }), { detail: 1 });
    await settle();
    expect(resume).toHaveBeenCalledTimes(1);
  });

  it('a double click on Back moves back one step', async () => {
    const { user } = mount({ layout: 'steps' }, threeSteps);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('textbox', { name: 'Third' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }), { detail: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }), { detail: 2 });
    await settle();
    expect(screen.getByRole('textbox', { name: 'Second' })).toHaveFocus();
  });

  it('Decline, back in place of the question after Keep editing, asks nothing; a new click asks', async () => {
    const { resume, user } = mount();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Numbers look good');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(within(question()).getByRole('button', { name: 'Keep editing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }), { detail: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }), { detail: 2 });
    expect(screen.queryByRole('group', { name: /Say no/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(question()).toBeInTheDocument();
    expect(resume).not.toHaveBeenCalled();
  });

  it('Change answer, in place of a Decline that just recorded, changes nothing; a new click does', async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(<InputRequestCard suspension={twoQuestions()} resume={resume} />);
    const user = userEvent.setup();
    const who = screen.getByRole('form', { name: /Who\?/ });
    await user.click(within(who).getByRole('button', { name: 'Decline' }));
    fireEvent.click(within(who).getByRole('button', { name: 'Change answer' }), { detail: 2 });
    expect(who).toHaveAttribute('data-answered', 'decline');
    await user.click(within(who).getByRole('button', { name: 'Change answer' }));
    expect(who).not.toHaveAttribute('data-answered');
  });

  it("a host's own SectionStatus gets the same: its button, in place of a Decline that just recorded, changes nothing", async () => {
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    render(
      <InputRequestCard
        suspension={twoQuestions()}
        resume={resume}
        components={{ SectionStatus: OwnStatus }}
      />,
    );
    const user = userEvent.setup();
    const who = screen.getByRole('form', { name: /Who\?/ });
    await user.click(within(who).getByRole('button', { name: 'Decline' }));
    const undo = within(who).getByRole('button', { name: 'Undo' });
    // The burst's second press takes no focus from where the answer put it, and its click does nothing.
    expect(fireEvent.mouseDown(undo, { detail: 2 })).toBe(false);
    fireEvent.click(undo, { detail: 2 });
    expect(who).toHaveAttribute('data-answered', 'decline');
    expect(fireEvent.mouseDown(undo, { detail: 1 })).toBe(true);
    await user.click(undo);
    expect(who).not.toHaveAttribute('data-answered');
  });

  it('Stop task, back in place of its question after Keep it running, asks nothing; a new click asks', async () => {
    useFakeTime();
    const { source } = createTestSource({ serverName: 'Mailer' });
    const cancel = vi.fn(async () => {});
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <StrictMode>
        <QueryClientProvider client={client}>
          <InputRequestCard source={{ ...source, cancel }} poll={{ baseMs: 1000, maxMs: 1000 }} />
        </QueryClientProvider>
      </StrictMode>,
    );
    const user = fakeTimeUser();
    await advance();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    await user.click(screen.getByRole('button', { name: 'Keep it running' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop task' }), { detail: 2 });
    expect(screen.queryByRole('group', { name: /Stop the whole task/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stop task' }));
    expect(screen.getByRole('group', { name: /Stop the whole task/ })).toBeInTheDocument();
    expect(cancel).not.toHaveBeenCalled();
  });
});
