import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import {
  InputRequestCard,
  type InputResponses,
  parseSuspension,
  type RequestAnswerers,
} from '../../src/index.ts';

const round = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      confirm: {
        method: 'elicitation/create',
        params: { message: 'Deploy now?', requestedSchema: { type: 'object', properties: {} } },
      },
      summary: {
        method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }], maxTokens: 50 },
      },
      roots: { method: 'roots/list' },
    },
  },
  { serverName: 'Deployer' },
);

it('answers sampling and roots with the host answerers, and sends them with the person’s answer', async () => {
  const user = userEvent.setup();
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  const sampling = vi.fn<NonNullable<RequestAnswerers['sampling/createMessage']>>(async () => ({
    role: 'assistant',
    content: { type: 'text', text: 'All green.' },
    model: 'local-model',
    stopReason: 'endTurn',
  }));
  const answerers: RequestAnswerers = {
    'sampling/createMessage': sampling,
    'roots/list': async () => ({ roots: [{ uri: 'file:///srv/app', name: 'app' }] }),
  };
  render(<InputRequestCard suspension={round} resume={resume} answerers={answerers} />);

  expect(await screen.findAllByText('Answered by this app.')).toHaveLength(2);
  expect(sampling.mock.calls[0]?.[0]).toEqual({
    messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }],
    maxTokens: 50,
  });
  expect(resume).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Accept' }));

  await waitFor(() => expect(resume).toHaveBeenCalledOnce());
  expect(resume.mock.calls[0]?.[0]).toEqual({
    confirm: { action: 'accept', content: {} },
    summary: {
      role: 'assistant',
      content: { type: 'text', text: 'All green.' },
      model: 'local-model',
      stopReason: 'endTurn',
    },
    roots: { roots: [{ uri: 'file:///srv/app', name: 'app' }] },
  });
});

it('falls back to Decline / Cancel with the reason when an answerer fails', async () => {
  const user = userEvent.setup();
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  render(
    <InputRequestCard
      suspension={round}
      resume={resume}
      answerers={{ 'roots/list': async () => Promise.reject(new Error('no workspace open')) }}
    />,
  );

  // Plain words for the person; the answerer's own error only behind the Details disclosure.
  expect(await screen.findByText(/This app could not answer it by itself/)).toBeInTheDocument();
  expect(screen.getByText('no workspace open').closest('details')).not.toBeNull();
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  const declines = screen.getAllByRole('button', { name: 'Decline' });
  await user.click(declines[declines.length - 2] as HTMLElement);
  await user.click(declines[declines.length - 1] as HTMLElement);

  await waitFor(() => expect(resume).toHaveBeenCalledOnce());
  expect(resume.mock.calls[0]?.[0]).toEqual({
    confirm: { action: 'accept', content: {} },
    summary: { action: 'decline' },
    roots: { action: 'decline' },
  });
});

it('runs no answerer in a round too large to show: the whole round is declined or cancelled', async () => {
  const user = userEvent.setup();
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  const roots = vi.fn<NonNullable<RequestAnswerers['roots/list']>>(async () => ({ roots: [] }));
  const large = parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: Object.fromEntries(
        Array.from({ length: 21 }, (_, index) => [`roots-${index}`, { method: 'roots/list' }]),
      ),
    },
    { serverName: 'Deployer' },
  );
  render(<InputRequestCard suspension={large} resume={resume} answerers={{ 'roots/list': roots }} />);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(resume).toHaveBeenCalledOnce());
  expect(Object.values(resume.mock.calls[0]?.[0] ?? {})).toEqual(Array(21).fill({ action: 'cancel' }));
  expect(roots).not.toHaveBeenCalled();
});
