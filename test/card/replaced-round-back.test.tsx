import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  InputRequestCard,
  type InputRequestSource,
  type InputRequestState,
  parseSuspension,
  type Suspension,
} from '../../src/index.ts';

// A round replaced by a newer one can come back: a reading that was behind (a poll answered by a
// replica that had not caught up) shows it again. What the person typed into it must be there.

afterEach(() => sessionStorage.clear());

const ask = (id: string, properties: Record<string, unknown>, message: string) =>
  parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        delivery: {
          method: 'elicitation/create',
          params: { message, requestedSchema: { type: 'object', properties } },
        },
      },
    },
    { id, serverName: 'Courier' },
  );

const first = ask(
  'first',
  {
    name: { type: 'string', title: 'Name' },
    notes: { type: 'string', title: 'Notes' },
    pin: { type: 'string', title: 'Door code', writeOnly: true },
  },
  'Where to?',
);
// The newer round asks for the name again, and for a time instead of notes.
const second = ask(
  'second',
  { name: { type: 'string', title: 'Name' }, when: { type: 'string', title: 'When' } },
  'When?',
);

let tasks = 0;

/** A task of its own whose readings the test pushes, one by one, starting with `first`. */
function scriptedTask() {
  let push: ((state: InputRequestState) => void) | undefined;
  const sent: unknown[] = [];
  const source: InputRequestSource = {
    queryKey: ['replaced-round-back', ++tasks],
    initialState: { status: 'input-required', suspension: first },
    follow: false,
    subscribe: (onChange) => {
      push = onChange;
      return () => {
        push = undefined;
      };
    },
    fetchState: async () => ({ status: 'input-required', suspension: first }),
    resume: async (responses) => {
      sent.push(responses);
      return undefined;
    },
  };
  const shows = (round: Suspension) =>
    act(async () => push?.({ status: 'input-required', suspension: round }));
  return { source, shows, sent };
}

async function typeIntoFirst(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Ring twice');
  await user.type(screen.getByLabelText('Door code'), '4711');
}

describe('a replaced round that comes back', () => {
  it('gets back what was typed into it, also what the newer round had no place for (never a secret)', async () => {
    const user = userEvent.setup();
    const task = scriptedTask();
    render(<InputRequestCard source={task.source} replaceDelayMs={0} />);
    await typeIntoFirst(user);

    await task.shows(second);
    expect(await screen.findByRole('textbox', { name: 'When' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');

    await task.shows(first);
    expect(await screen.findByRole('textbox', { name: 'Notes' })).toHaveValue('Ring twice');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');
    expect(screen.getByLabelText('Door code')).toHaveValue('');
    // Back in its field, it is not also listed as what the question no longer asks for.
    expect(screen.queryByText('What you entered before')).not.toBeInTheDocument();
  });

  it('gets back what was typed into it after the newer round was answered', async () => {
    const user = userEvent.setup();
    const task = scriptedTask();
    render(<InputRequestCard source={task.source} replaceDelayMs={0} />);
    await typeIntoFirst(user);

    await task.shows(second);
    await user.type(await screen.findByRole('textbox', { name: 'When' }), 'Friday');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(task.sent).toHaveLength(1));

    await task.shows(first);
    expect(await screen.findByRole('textbox', { name: 'Notes' })).toHaveValue('Ring twice');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada');
  });
});
