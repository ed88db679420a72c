import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InputRequestCard, type InputResponses } from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';

// After a send that certainly failed (a 503: nothing arrived) the form is editable again. What
// goes out next is what the person sees: an edit withdraws the kept answer, so Try again (which
// resends the kept answers) gives way to the form's own Accept.

const round = () =>
  formRound({ type: 'object', properties: { name: { type: 'string', title: 'Name' } } }, 'Who are you?', {
    id: 'edit-after-failure',
    serverName: 'Profiles',
  });

const busy = () => Object.assign(new Error('Service Unavailable'), { status: 503 });

/** "Ada" accepted, and its send failed for certain (503): Try again is offered. */
async function acceptedAndFailed() {
  const user = userEvent.setup();
  const resume = vi
    .fn<(responses: InputResponses) => Promise<undefined>>()
    .mockRejectedValueOnce(busy())
    .mockResolvedValue(undefined);
  render(<InputRequestCard suspension={round()} resume={resume} />);
  const name = screen.getByRole('textbox', { name: 'Name' });
  await user.type(name, 'Ada');
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  return { user, resume, name };
}

describe('editing after a failed send', () => {
  it('sends what is on screen, not the answer that failed', async () => {
    const { user, resume, name } = await acceptedAndFailed();

    await user.clear(name);
    await user.type(name, 'Bob');
    // The kept answer no longer matches the screen: no Try again that would send "Ada".
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // And the notice no longer asks for one: it says what sends now.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your answer could not be sent: the server had a problem (error 503). Everything you typed is kept. Accept sends what is on screen now.',
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(resume).toHaveBeenCalledTimes(2);
    expect(resume.mock.calls[1]?.[0]).toStrictEqual({
      details: { action: 'accept', content: { name: 'Bob' } },
    });
  });

  it('without an edit, Try again sends the same answer again', async () => {
    const { user, resume } = await acceptedAndFailed();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your answer could not be sent: the server had a problem (error 503). Everything you typed is kept; try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(resume).toHaveBeenCalledTimes(2);
    expect(resume.mock.calls[1]?.[0]).toStrictEqual({
      details: { action: 'accept', content: { name: 'Ada' } },
    });
  });
});
