import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { germanMessages, InputRequestCard, type InputResponses, parseSuspension } from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

// A server that answers a send with Retry-After is not sent anything before then: the buttons
// that answer are disabled for the wait, the notice says why and holds focus, and what the person
// types meanwhile is kept and sent once the wait is over.

beforeEach(() => useFakeTime());
afterEach(() => useRealTime());

const round = formRound({ type: 'object', properties: { note: { type: 'string', title: 'Note' } } });
const linkRound = parseSuspension({
  resultType: 'input_required',
  inputRequests: {
    login: {
      method: 'elicitation/create',
      params: { mode: 'url', message: 'Sign in.', url: 'https://auth.example.com/start' },
    },
  },
  requestState: 'v1.link',
});
const busy = () => Object.assign(new Error('HTTP 503'), { status: 503, retryAfterMs: 3_000 });

it('disables Accept, Decline and Cancel for the wait, keeps the fields editable (an edit withdraws the answer Try again would resend), then sends the newest answer', async () => {
  const user = fakeTimeUser();
  const sent: InputResponses[] = [];
  const resume = vi.fn(async (responses: InputResponses) => {
    sent.push(responses);
    if (sent.length === 1) throw busy();
  });
  render(<InputRequestCard suspension={round} resume={resume} />);
  await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Ship it');
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await advance();
  expect(resume).toHaveBeenCalledTimes(1);
  for (const name of ['Try again', 'Accept', 'Decline', 'Cancel']) {
    expect(screen.getByRole('button', { name })).toBeDisabled();
  }
  // Try again cannot take focus while it is disabled: the notice that says why has it, a group
  // named by its sentence (focus never lands on a box that says nothing).
  expect(screen.getByRole('alert').closest('[data-failure]')).toHaveFocus();
  expect(
    screen.getByRole('group', { name: /The server asked to wait 3\s+seconds before trying again/ }),
  ).toHaveFocus();

  // The answer can still be edited; Enter in the field submits nothing.
  const note = screen.getByRole('textbox', { name: 'Note' });
  expect(note).toBeEnabled();
  expect(note).toHaveValue('Ship it');
  await user.clear(note);
  await user.type(note, 'Ship it on Monday{Enter}');
  await advance(1_000);
  expect(resume).toHaveBeenCalledTimes(1);

  // The edit withdrew the answer that failed: no Try again would send "Ship it" any more.
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  await advance(2_000);
  // The person is typing: the end of the wait leaves focus where it is.
  expect(note).toHaveFocus();
  const accept = screen.getByRole('button', { name: 'Accept' });
  expect(accept).toBeEnabled();
  await user.click(accept);
  await advance();
  expect(resume).toHaveBeenCalledTimes(2);
  expect(Object.values(sent[1] ?? {})[0]).toEqual({
    action: 'accept',
    content: { note: 'Ship it on Monday' },
  });
  expect(await screen.findByText('You answered.')).toBeInTheDocument();
});

it('says when the wait is over, and moves focus from the notice to Try again', async () => {
  const user = fakeTimeUser();
  const resume = vi.fn(async () => {
    throw busy();
  });
  render(<InputRequestCard suspension={round} resume={resume} />);
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await advance();
  const notice = screen.getByRole('alert');
  expect(notice.closest('[data-failure]')).toHaveFocus();
  expect(notice).toHaveTextContent(
    'The server asked to wait 3 seconds before trying again. Everything you typed is kept.',
  );
  // Not "try again" while Try again is disabled.
  expect(notice).not.toHaveTextContent('kept; try again');

  await advance(3_000);
  expect(notice).not.toHaveTextContent('wait');
  expect(notice).toHaveTextContent('Everything you typed is kept; try again.');
  expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
  // On Try again, the sentence is the alert's alone: a group it names would say it again as focus
  // enters it.
  expect(screen.queryByRole('group', { name: /try again/ })).toBeNull();
  expect(notice.closest('[data-failure]')).not.toHaveAttribute('role');
});

it('holds Done, Decline and Cancel of a link request for the wait, but Open still opens the page', async () => {
  const user = fakeTimeUser();
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  let calls = 0;
  const resume = vi.fn(async () => {
    calls += 1;
    if (calls === 1) throw busy();
  });
  render(<InputRequestCard suspension={linkRound} resume={resume} />);
  await user.click(screen.getByRole('button', { name: /open/i }));
  await user.click(screen.getByRole('button', { name: 'Done' }));
  await advance();
  expect(resume).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  const openAgain = screen.getByRole('button', { name: /open again/i });
  expect(openAgain).toBeEnabled();
  await user.click(openAgain);
  expect(open).toHaveBeenCalledTimes(2);

  await advance(3_000);
  expect(screen.getByRole('button', { name: 'Done' })).toBeEnabled();
  open.mockRestore();
});

it('an MCP 2025 link request, answered by Open, waits for Done after a held send: opening again answers nothing', async () => {
  const user = fakeTimeUser();
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  const sent: InputResponses[] = [];
  const resume = vi.fn(async (responses: InputResponses) => {
    sent.push(responses);
    if (sent.length === 1) throw busy();
  });
  const legacyLink = parseSuspension({
    jsonrpc: '2.0',
    id: 3,
    method: 'elicitation/create',
    params: { mode: 'url', message: 'Sign in.', url: 'https://auth.example.com/start', elicitationId: 'e-1' },
  });
  render(<InputRequestCard suspension={legacyLink} resume={resume} />);
  await user.click(screen.getByRole('button', { name: 'Open link' }));
  await advance();
  expect(sent).toEqual([{ elicitation: { action: 'accept' } }]);

  await user.click(screen.getByRole('button', { name: 'Open again' }));
  await advance();
  expect(open).toHaveBeenCalledTimes(2);
  expect(resume).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();

  await advance(3_000);
  expect(resume).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'Done' }));
  await advance();
  expect(sent).toEqual([{ elicitation: { action: 'accept' } }, { elicitation: { action: 'accept' } }]);
  open.mockRestore();
});

it('in steps, holds Accept on the review but lets the person go back and change an answer', async () => {
  const user = fakeTimeUser();
  let calls = 0;
  const resume = vi.fn(async () => {
    calls += 1;
    if (calls === 1) throw busy();
  });
  const twoFields = formRound({
    type: 'object',
    properties: { note: { type: 'string', title: 'Note' }, when: { type: 'string', title: 'When' } },
  });
  render(<InputRequestCard suspension={twoFields} resume={resume} layout="steps" />);
  await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Ship it');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await advance();
  await user.type(screen.getByRole('textbox', { name: 'When' }), 'Monday');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await advance();
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await advance();
  expect(resume).toHaveBeenCalledTimes(1);

  expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
  const back = screen.getByRole('button', { name: 'Back' });
  expect(back).toBeEnabled();
  await user.click(back);
  await advance();
  // A step that is not the last moves on as usual.
  const next = screen.getByRole('button', { name: 'Next' });
  expect(next).toBeEnabled();
  await user.click(next);
  await advance();
  expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
  expect(resume).toHaveBeenCalledTimes(1);
});

it('asks for no retry while the wait holds the button, in German too', async () => {
  const user = fakeTimeUser();
  const resume = vi.fn(async () => {
    throw busy();
  });
  render(<InputRequestCard suspension={round} resume={resume} messages={germanMessages} />);
  await user.click(screen.getByRole('button', { name: 'Annehmen' }));
  await advance();
  const notice = screen.getByRole('alert');
  expect(notice).toHaveTextContent(
    '3 Sekunden zu warten, bevor Sie es erneut versuchen. Alle Eingaben bleiben erhalten.',
  );
  expect(notice).not.toHaveTextContent('erhalten; versuchen Sie es erneut');

  await advance(3_000);
  expect(notice).toHaveTextContent('Alle Eingaben bleiben erhalten; versuchen Sie es erneut.');
});

it('keeps the wait when the card is mounted again before it ends: a new session, the same hold', async () => {
  const user = fakeTimeUser();
  const held = formRound(
    { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
    'Remount within the wait?',
  );
  const resume = vi.fn(async (_responses: InputResponses) => {
    if (resume.mock.calls.length === 1) throw busy();
  });
  const first = render(<InputRequestCard suspension={held} resume={resume} />);
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await advance();
  expect(resume).toHaveBeenCalledTimes(1);
  // Unmounted, the session winds down and leaves; the round parsed again (a new object, as a
  // chat that rebuilds its messages gives) gets a new session.
  first.unmount();
  await advance(100);
  render(<InputRequestCard suspension={{ ...held }} resume={resume} />);
  await advance();
  expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
  // The new card did not see the send fail, yet says why nothing can be sent, and for how long.
  expect(screen.getByRole('alert')).toHaveTextContent(
    'The server asked to wait 3 seconds before trying again.',
  );
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await advance(1_000);
  expect(resume).toHaveBeenCalledTimes(1);
  // Once the server's three seconds are over, the notice goes and Accept sends.
  await advance(2_000);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await advance();
  expect(resume).toHaveBeenCalledTimes(2);
});

it('an MCP 2025 link opened while a kept wait holds its round answers nothing: Done answers once the wait is over', async () => {
  const user = fakeTimeUser();
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  const legacyLink = parseSuspension({
    jsonrpc: '2.0',
    id: 4,
    method: 'elicitation/create',
    params: {
      mode: 'url',
      message: 'Sign in, again.',
      url: 'https://auth.example.com/again',
      elicitationId: 'e-2',
    },
  });
  const sent: InputResponses[] = [];
  const resume = vi.fn(async (responses: InputResponses) => {
    sent.push(responses);
    if (sent.length === 1) throw busy();
  });
  const first = render(<InputRequestCard suspension={legacyLink} resume={resume} />);
  await user.click(screen.getByRole('button', { name: 'Open link' }));
  await advance();
  expect(sent).toHaveLength(1);
  // A new card within the wait: its session never sent, yet the page's hold covers the round.
  first.unmount();
  await advance(100);
  render(<InputRequestCard suspension={legacyLink} resume={resume} />);
  await advance();
  const openAgain =
    screen.queryByRole('button', { name: 'Open again' }) ?? screen.getByRole('button', { name: 'Open link' });
  await user.click(openAgain);
  await advance(3_000);
  expect(sent).toHaveLength(1);
  const done = screen.getByRole('button', { name: 'Done' });
  expect(done).toBeEnabled();
  await user.click(done);
  await advance();
  expect(sent).toEqual([{ elicitation: { action: 'accept' } }, { elicitation: { action: 'accept' } }]);
  open.mockRestore();
});

it('says until when a wait of a minute or more lasts, as the clock reads, also once part of it has passed', async () => {
  // 10:00 in Berlin (the tests' time zone); the server asks for five minutes.
  const user = fakeTimeUser();
  const long = formRound(
    { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
    'Ship it after the wait?',
  );
  const resume = vi.fn(async () => {
    throw Object.assign(new Error('HTTP 429'), { status: 429, retryAfterMs: 300_000 });
  });
  const first = render(<InputRequestCard suspension={long} resume={resume} />);
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await advance();
  // The time stays in one piece when the line breaks.
  expect(screen.getByRole('alert').textContent).toContain('10:05\u00a0AM');
  expect(screen.getByRole('alert')).toHaveTextContent(
    'The server asked to wait 5 minutes, until 10:05 AM, before trying again. Everything you typed is kept.',
  );

  // Two minutes later the card is mounted again: the wait still ends at 10:05, not five minutes on.
  first.unmount();
  await advance(120_000);
  render(<InputRequestCard suspension={{ ...long }} resume={resume} messages={germanMessages} />);
  await advance();
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Er bittet darum, 5 Minuten (bis 10:05 Uhr) zu warten, bevor Sie es erneut versuchen.',
  );
  // Once it is over, no wait and no clock.
  await advance(180_000);
  expect(screen.queryByText(/10:05/)).not.toBeInTheDocument();
});
