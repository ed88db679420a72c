import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InputRequestCard, type InputResponses, parseSuspension } from '../../src/index.ts';
import { meetingParams, cityRound as round } from '../fixtures/suspensions.ts';

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

  it('asks for a secret again after a failed send: Try again would send a value its field no longer shows', async () => {
    const held = parseSuspension(
      { method: 'elicitation/create', params: meetingParams },
      { id: 'remount-secret' },
    );
    const resume = vi.fn(async (_responses: InputResponses) => {
      if (resume.mock.calls.length === 1) throw Object.assign(new Error('Server error'), { status: 500 });
    });
    const first = render(<InputRequestCard suspension={held} resume={resume} />);
    await user().type(screen.getByRole('textbox', { name: /Title/ }), 'Plan');
    await user().type(screen.getByLabelText(/API key/, { selector: 'input' }), 'sk-1');
    await user().click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    first.unmount();
    await settle();

    render(<InputRequestCard suspension={held} resume={resume} />);
    // The form is back without the secret (never kept), and says so; the failure stays, without
    // a Try again that would send the hidden value.
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Plan');
    expect(screen.getByLabelText(/API key/, { selector: 'input' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user().type(screen.getByLabelText(/API key/, { selector: 'input' }), 'sk-2');
    await user().click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(resume).toHaveBeenCalledTimes(2));
    expect(resume.mock.calls[1]?.[0]).toMatchObject({
      elicitation: { action: 'accept', content: { title: 'Plan', api_key: 'sk-2' } },
    });
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

describe('two cards of one round object, each with its own resume', () => {
  it('sends through the mounted card’s resume, not the one of a card that unmounted meanwhile', async () => {
    const held = round(40);
    const resumeA = vi.fn(async (_responses: InputResponses) => undefined);
    const resumeB = vi.fn(async (_responses: InputResponses) => undefined);
    // The same round shown twice at once (a chat and a side panel), each with its own resume.
    render(
      <div data-testid="a">
        <InputRequestCard suspension={held} resume={resumeA} />
      </div>,
    );
    const b = render(
      <div data-testid="b">
        <InputRequestCard suspension={held} resume={resumeB} />
      </div>,
    );
    // The side panel closes (its chat, its token, are gone).
    b.unmount();
    await settle();

    const a = within(screen.getByTestId('a'));
    await userEvent.setup().type(a.getByRole('textbox', { name: 'City' }), 'Lisbon');
    await userEvent.setup().click(a.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(resumeA.mock.calls.length + resumeB.mock.calls.length).toBe(1));
    expect(resumeB).not.toHaveBeenCalled();
    expect(resumeA).toHaveBeenCalledOnce();
  });
  it('sends through the resume of the card whose Accept was pressed while both show the round', async () => {
    const held = round(41);
    const resumeA = vi.fn(async (_responses: InputResponses) => undefined);
    const resumeB = vi.fn(async (_responses: InputResponses) => undefined);
    render(
      <div data-testid="a">
        <InputRequestCard suspension={held} resume={resumeA} />
      </div>,
    );
    render(
      <div data-testid="b">
        <InputRequestCard suspension={held} resume={resumeB} />
      </div>,
    );
    const a = within(screen.getByTestId('a'));
    await userEvent.setup().type(a.getByRole('textbox', { name: 'City' }), 'Lisbon');
    await userEvent.setup().click(a.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(resumeA.mock.calls.length + resumeB.mock.calls.length).toBe(1));
    expect(resumeB).not.toHaveBeenCalled();
  });
});

describe('a held round that was sent meanwhile under its own key', () => {
  it('shows answered a round that another card sent under the held send’s own key, and never sends it again', async () => {
    const held = round(42);
    const keys: string[] = [];
    const resume = vi.fn(async (_responses: InputResponses, context: { idempotencyKey?: string }) => {
      keys.push(context.idempotencyKey ?? '');
      // The first send meets a gateway error: it may have arrived (uncertain), the ledger keeps it.
      if (resume.mock.calls.length === 1) throw Object.assign(new Error('Bad gateway'), { status: 502 });
    });
    const user = () => userEvent.setup();
    const first = render(<InputRequestCard suspension={held} resume={resume} />);
    await user().type(screen.getByRole('textbox', { name: 'City' }), 'Lisbon');
    await user().click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    first.unmount();
    await settle();

    // The round parsed again (a new object) is answered in another card: under the same key.
    const other = render(<InputRequestCard suspension={round(42)} resume={resume} />);
    await user().click(await screen.findByRole('button', { name: /Accept|Try again/ }));
    await waitFor(() => expect(screen.getByRole('article')).toHaveAttribute('data-state', 'answered'));
    expect(new Set(keys).size).toBe(1);
    other.unmount();
    await settle();

    // The first round object again: the round was answered.
    render(<InputRequestCard suspension={held} resume={resume} />);
    expect(screen.getByRole('article')).toHaveAttribute('data-state', 'answered');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(resume).toHaveBeenCalledTimes(2);
  });
});
