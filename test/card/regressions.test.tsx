import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  createStorageDraftStore,
  InputRequestCard,
  type InputRequestSource,
  type InputResponses,
  parseSuspension,
  type RequestAnswerers,
  type SourceResumeContext,
  StaleRoundError,
  type Suspension,
} from '../../src/index.ts';
import { deferred } from '../fixtures/deferred.ts';

// One test per defect the session rewrite fixed by construction. Each renders inside
// <StrictMode> itself, so it holds in both the plain and the StrictMode run of the suite.

describe('defects fixed by the session', () => {
  it('a round that asks nothing is sent once, with a live signal, and ends answered — even under StrictMode', async () => {
    const resume = vi.fn(async (_responses: InputResponses, context: SourceResumeContext) => {
      expect(context.signal.aborted).toBe(false);
    });
    const loadShedding = parseSuspension(
      { resultType: 'input_required', requestState: 'v1.state-only' },
      { serverName: 'Busy server' },
    );
    render(
      <StrictMode>
        <InputRequestCard suspension={loadShedding} resume={resume} />
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByRole('article')).toHaveAttribute('data-state', 'answered'));
    expect(resume).toHaveBeenCalledOnce();
    expect(resume.mock.calls[0]?.[0]).toEqual({});
  });

  it('runs a host answerer (an LLM call) once under StrictMode', async () => {
    const sampling = vi.fn<NonNullable<RequestAnswerers['sampling/createMessage']>>(async () => ({
      role: 'assistant',
      content: { type: 'text', text: 'Fine.' },
      model: 'local',
    }));
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const round = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          summary: {
            method: 'sampling/createMessage',
            params: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 5 },
          },
        },
      },
      { serverName: 'Summariser' },
    );
    render(
      <StrictMode>
        <InputRequestCard
          suspension={round}
          resume={resume}
          answerers={{ 'sampling/createMessage': sampling }}
        />
      </StrictMode>,
    );
    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(sampling).toHaveBeenCalledOnce();
  });

  it('never shows a raw exception message as the explanation of a failed send', async () => {
    const user = userEvent.setup();
    const round = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          ok: {
            method: 'elicitation/create',
            params: { message: 'Go?', requestedSchema: { type: 'object', properties: {} } },
          },
        },
      },
      { serverName: 'Flaky' },
    );
    render(
      <InputRequestCard
        suspension={round}
        resume={async () => {
          throw new TypeError('Failed to fetch');
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const explanation = await screen.findByRole('alert');
    const notice = explanation.closest('[data-failure]') as HTMLElement;
    // The request may have reached the server before the connection dropped: the card says so.
    expect(explanation).toHaveTextContent(
      'Your answer may or may not have arrived: the connection broke before the server confirmed it. Check your connection.',
    );
    expect(explanation).not.toHaveTextContent('Failed to fetch');
    // The detail is there for whoever needs it, folded away.
    expect(within(notice).getByText('Failed to fetch').closest('details')).not.toBeNull();
  });

  it('an answer whose send may have arrived stays as sent: locked, with Try again sending it again under its key', async () => {
    const user = userEvent.setup();
    const calls: Array<{ responses: InputResponses; key: string | undefined }> = [];
    const round = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          who: {
            method: 'elicitation/create',
            params: {
              message: 'Who signs?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
            },
          },
        },
      },
      { serverName: 'Signer' },
    );
    render(
      <StrictMode>
        <InputRequestCard
          suspension={round}
          resume={async (responses, context) => {
            calls.push({ responses, key: context.idempotencyKey });
            if (calls.length === 1) throw new TypeError('Failed to fetch');
          }}
        />
      </StrictMode>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'It stays as you sent it: Try again sends the same answer',
    );
    // Editing now would send other answers under the first send's idempotency key.
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Ada');
    expect(name).toBeDisabled();
    for (const action of ['Accept', 'Decline', 'Cancel']) {
      expect(screen.getByRole('button', { name: action })).toBeDisabled();
    }
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your answer reached the server.');
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual(calls[0]);
    expect(calls[1]?.responses).toEqual({ who: { action: 'accept', content: { name: 'Ada' } } });
  });

  it('a live region never says "not sent" of an answer the server refused as stale, and says a failure once', async () => {
    const user = userEvent.setup();
    const round = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          go: {
            method: 'elicitation/create',
            params: { message: 'Go ahead?', requestedSchema: { type: 'object', properties: {} } },
          },
        },
      },
      { serverName: 'Stale' },
    );
    const refusal = deferred<undefined>();
    const view = render(
      <>
        <InputRequestCard suspension={round} resume={() => refusal.promise} />
        <button type="button">Composer</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    // The person went on elsewhere (the chat's composer): the card's live region says how the
    // round closed (where focus was in the card, its receipt's first line says it instead).
    screen.getByRole('button', { name: 'Composer' }).focus();
    await act(async () => refusal.reject(new StaleRoundError('input-request-cards: gone')));
    await waitFor(() => expect(screen.getByRole('article')).toHaveAttribute('data-state', 'expired'));
    expect(screen.getByRole('button', { name: 'Composer' })).toHaveFocus();
    // The card's own live region (an expired form has another, for Copy answers).
    const said = () => screen.getByRole('article').querySelector('[data-part="status"][role="status"]');
    expect(said()).toHaveTextContent('Your answer was not used: this question had already closed.');
    expect(said()).not.toHaveTextContent(/not sent/);
    view.unmount();

    const failed: InputRequestSource = {
      queryKey: ['regressions', 'failed'],
      initialState: { status: 'failed', error: 'Disk full' },
      follow: false,
      fetchState: async () => ({ status: 'failed', error: 'Disk full' }),
      resume: async () => undefined,
    };
    render(<InputRequestCard source={failed} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The task failed: Disk full');
    expect(said()).not.toHaveTextContent('The task failed');
  });

  it('a resume that rejects with undefined still fails visibly, and Try again works', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const round = parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          ok: {
            method: 'elicitation/create',
            params: { message: 'Go now?', requestedSchema: { type: 'object', properties: {} } },
          },
        },
      },
      { serverName: 'Odd' },
    );
    render(
      <InputRequestCard
        suspension={round}
        resume={() => {
          attempts += 1;
          return attempts === 1 ? Promise.reject(undefined) : Promise.resolve();
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your answer could not be sent');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You answered.')).toBeInTheDocument();
  });
});

describe('secrets in a card with drafts', () => {
  /** A sign-in question with these properties, in a round of its own. */
  const signIn = (properties: Record<string, { type: 'string'; title?: string }>, id: string) =>
    parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          login: {
            method: 'elicitation/create',
            params: { message: 'Sign in', requestedSchema: { type: 'object', properties } },
          },
        },
      },
      { serverName: 'Vault', id },
    );
  /** The card with a draft store on `storage`, as a page that keeps drafts shows it. */
  const showWithDrafts = (round: Suspension, storage: Storage) =>
    render(
      <InputRequestCard
        suspension={round}
        resume={async () => undefined}
        drafts={createStorageDraftStore(storage)}
      />,
    );
  const userAndPassword = { user: { type: 'string', title: 'User' }, password: { type: 'string' } } as const;

  it('keeps a password out of the draft store, and masked, whatever its kind', async () => {
    const user = userEvent.setup();
    const storage = window.sessionStorage;
    storage.clear();
    showWithDrafts(signIn(userAndPassword, 'login-0'), storage);
    const password = screen.getByLabelText('password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await user.type(screen.getByRole('textbox', { name: 'User' }), 'ada');
    await user.type(password, 'hunter2');
    await user.click(screen.getByRole('heading'));
    await waitFor(() => expect(JSON.stringify({ ...storage })).toContain('ada'));
    expect(JSON.stringify({ ...storage })).not.toContain('hunter2');
  });

  it('says, when what was typed comes back after a reload, that the password did not, and only then', async () => {
    const user = userEvent.setup();
    const storage = window.sessionStorage;
    storage.clear();
    const kept =
      'What you typed before is back. Passwords and other hidden values are never kept; enter them again.';
    const withPassword = signIn(userAndPassword, 'login-1');
    const first = showWithDrafts(withPassword, storage);
    expect(screen.queryByText(kept)).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'User' }), 'ada');
    await user.type(screen.getByLabelText('password', { selector: 'input' }), 'hunter2');
    await user.click(screen.getByRole('heading'));
    await waitFor(() => expect(JSON.stringify({ ...storage })).toContain('ada'));
    first.unmount();
    await act(async () => {}); // the page is gone, its session with it

    showWithDrafts(withPassword, storage);
    expect(screen.getByRole('textbox', { name: 'User' })).toHaveValue('ada');
    expect(screen.getByLabelText('password', { selector: 'input' })).toHaveValue('');
    expect(screen.getByText(kept)).toBeVisible();
    cleanup();

    // No secret field: nothing is missing, nothing to say.
    const plain = signIn({ user: { type: 'string', title: 'User' } }, 'login-2');
    const again = showWithDrafts(plain, storage);
    await user.type(screen.getByRole('textbox', { name: 'User' }), 'bob');
    await user.click(screen.getByRole('heading'));
    await waitFor(() => expect(JSON.stringify({ ...storage })).toContain('bob'));
    again.unmount();
    await act(async () => {});
    showWithDrafts(plain, storage);
    expect(screen.getByRole('textbox', { name: 'User' })).toHaveValue('bob');
    expect(screen.queryByText(kept)).toBeNull();
  });
});
