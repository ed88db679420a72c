import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { InputRequestCard, type InputResponses } from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

// A server that answers a send with Retry-After is not sent anything before then: not by Try
// again, and not by a second Accept with an edited answer either. Nothing typed is lost meanwhile.

beforeEach(() => useFakeTime());
afterEach(() => useRealTime());

const round = formRound({ type: 'object', properties: { note: { type: 'string', title: 'Note' } } });

it('holds every send until the Retry-After has passed, and then sends what was typed last', async () => {
  const user = fakeTimeUser();
  const sent: InputResponses[] = [];
  const resume = vi.fn(async (responses: InputResponses) => {
    sent.push(responses);
    if (sent.length === 1) throw Object.assign(new Error('HTTP 503'), { status: 503, retryAfterMs: 3_000 });
  });
  render(<InputRequestCard suspension={round} resume={resume} />);
  await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Ship it');
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await advance();
  expect(resume).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();

  // Edit the answer and Accept again while the server asked to wait: nothing leaves.
  const note = screen.getByRole('textbox', { name: 'Note' });
  expect(note).toHaveValue('Ship it');
  await user.clear(note);
  await user.type(note, 'Ship it on Monday');
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await advance(1_000);
  expect(resume).toHaveBeenCalledTimes(1);

  await advance(2_000);
  const retry = screen.getByRole('button', { name: 'Try again' });
  expect(retry).toBeEnabled();
  await user.click(retry);
  await advance();
  expect(resume).toHaveBeenCalledTimes(2);
  expect(Object.values(sent[1] ?? {})[0]).toEqual({
    action: 'accept',
    content: { note: 'Ship it on Monday' },
  });
  expect(await screen.findByText('You answered.')).toBeInTheDocument();
});
