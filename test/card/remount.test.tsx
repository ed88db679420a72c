import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InputRequestCard, type InputResponses } from '../../src/index.ts';
import { cityRound as round } from '../fixtures/suspensions.ts';

// A chat list that unmounts the cards scrolled away (virtualised), or a conversation switched away
// and back, mounts a card again for the same round: nothing the person put in may be lost.

/** The registry lets a session go a microtask after its last subscriber. */
const settle = () => act(async () => {});

describe('a card mounted again', () => {
  const user = () => userEvent.setup();

  it('finds what was typed, with the same round: a list that unmounts the cards scrolled away loses nothing', async () => {
    const held = round(20);
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const first = render(<InputRequestCard suspension={held} resume={resume} />);
    await user().type(screen.getByRole('textbox', { name: 'City' }), 'Lisbon');
    first.unmount();
    await settle();

    render(<InputRequestCard suspension={held} resume={resume} />);
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Lisbon');
    await user().click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume).toHaveBeenCalledWith(
      { details: { action: 'accept', content: { city: 'Lisbon' } } },
      expect.anything(),
    );
  });

  it('finds a send that failed, with its Try again, which sends under the same key', async () => {
    const held = round(21);
    const keys: string[] = [];
    const resume = vi.fn(async (_responses: InputResponses, context: { idempotencyKey?: string }) => {
      if (context.idempotencyKey) keys.push(context.idempotencyKey);
      if (resume.mock.calls.length === 1) throw Object.assign(new Error('Bad gateway'), { status: 502 });
    });
    const first = render(<InputRequestCard suspension={held} resume={resume} />);
    await user().type(screen.getByRole('textbox', { name: 'City' }), 'Porto');
    await user().click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    first.unmount();
    await settle();

    render(<InputRequestCard suspension={held} resume={resume} />);
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Porto');
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(resume).toHaveBeenCalledTimes(2));
    expect(resume.mock.calls[1]?.[0]).toEqual({ details: { action: 'accept', content: { city: 'Porto' } } });
    expect(new Set(keys).size).toBe(1);
    await waitFor(() => expect(screen.getByRole('article')).toHaveAttribute('data-state', 'answered'));
  });

  it('starts afresh with a round parsed again (a new object), and keeps nothing once the host lets go', async () => {
    const first = render(<InputRequestCard suspension={round(22)} resume={async () => {}} />);
    await user().type(screen.getByRole('textbox', { name: 'City' }), 'Faro');
    first.unmount();
    await settle();
    render(<InputRequestCard suspension={round(22)} resume={async () => {}} />);
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('');
  });
});

describe('a card mounted again, with what changed meanwhile', () => {
  it('sends through the resume it is given now, not the unmounted card’s (a new token, a new chat id)', async () => {
    const held = round(30);
    const oldResume = vi.fn(async (_responses: InputResponses) => undefined);
    const newResume = vi.fn(async (_responses: InputResponses) => undefined);
    const first = render(<InputRequestCard suspension={held} resume={oldResume} />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'City' }), 'Lisbon');
    first.unmount();
    await settle();

    render(<InputRequestCard suspension={held} resume={newResume} />);
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Lisbon');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(newResume).toHaveBeenCalledOnce());
    expect(oldResume).not.toHaveBeenCalled();
  });

  it('shows a round another card answered meanwhile as answered, and never sends it again', async () => {
    const held = round(31);
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const first = render(<InputRequestCard suspension={held} resume={resume} />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'City' }), 'Lisbon');
    first.unmount();
    await settle();
    // The same round, parsed again, is answered in another card, which goes away too.
    const again = render(<InputRequestCard suspension={round(31)} resume={resume} />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'City' }), 'Porto');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByRole('article')).toHaveAttribute('data-state', 'answered'));
    again.unmount();
    await settle();

    render(<InputRequestCard suspension={held} resume={resume} />);
    expect(screen.getByRole('article')).toHaveAttribute('data-state', 'answered');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(resume).toHaveBeenCalledOnce();
  });
});
