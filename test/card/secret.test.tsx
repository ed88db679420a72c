import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { InputRequestCard, type InputResponses, type Suspension } from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';

const SECRET = 'sk-live-9f8e7d6c5b4a-TOP-SECRET';

/** A form whose `apiKey` field a dialect or host rule flagged as secret. */
function secretRound(): Suspension {
  const suspension = formRound(
    {
      type: 'object',
      properties: {
        account: { type: 'string', title: 'Account' },
        apiKey: { type: 'string', title: 'API key', description: 'From your dashboard.', minLength: 40 },
        pin: { type: 'integer', title: 'PIN' },
      },
      required: ['apiKey'],
    },
    'Connect the billing service.',
  );
  const request = suspension.requests[0];
  if (request?.kind !== 'form') throw new Error('expected a form request');
  for (const field of request.fields) if (field.name !== 'account') field.secret = true;
  return suspension;
}

// console.error and console.warn already fail any test that calls them (test/setup.ts).
const consoleMethods = [
  'log',
  'info',
  'debug',
  'trace',
  'table',
  'dir',
  'dirxml',
  'group',
  'assert',
] as const;
let spies: MockInstance[] = [];
beforeEach(() => {
  spies = consoleMethods.map((method) => vi.spyOn(console, method));
});
afterEach(() => {
  for (const spy of spies) spy.mockRestore();
});

function printedAnything(text: string): boolean {
  return spies.some((spy) =>
    spy.mock.calls.some((args) => args.some((arg) => stringify(arg).includes(text))),
  );
}

function stringify(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}

describe('a secret field', () => {
  it('is masked, never autocompleted, and marked on its wrapper', () => {
    const { container } = render(
      <InputRequestCard suspension={secretRound()} resume={async () => undefined} />,
    );
    const input = screen.getByLabelText(/^API key/);
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('spellcheck', 'false');
    expect(input.closest('[data-part="field"]')).toHaveAttribute('data-secret');
    expect(screen.getByLabelText('Account').closest('[data-part="field"]')).not.toHaveAttribute(
      'data-secret',
    );
    expect(screen.getByLabelText('Account')).toHaveAttribute('type', 'text');
    expect(container.querySelectorAll('[data-secret]')).toHaveLength(2);
  });

  it('warns that MCP forbids asking for secrets in a form, as part of the field description', () => {
    render(<InputRequestCard suspension={secretRound()} resume={async () => undefined} />);
    const warning =
      'Careful: servers must never ask for passwords, API keys or payment details in a form. If you did not expect this question, press Decline.';
    expect(screen.getAllByText(warning)).toHaveLength(2);
    expect(screen.getByLabelText(/^API key/)).toHaveAccessibleDescription(`From your dashboard. ${warning}`);
  });

  it('puts its error right under the control and reads it before the long warning', async () => {
    const user = userEvent.setup();
    render(<InputRequestCard suspension={secretRound()} resume={async () => undefined} />);
    const input = screen.getByLabelText(/^API key/);
    await user.type(input, 'too short');
    await user.tab();
    const error = 'Enter at least 40 characters.';
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    const warning =
      'Careful: servers must never ask for passwords, API keys or payment details in a form. If you did not expect this question, press Decline.';
    expect(input).toHaveAccessibleDescription(`From your dashboard. ${error} ${warning}`);
    const field = input.closest('[data-part="field"]') as HTMLElement;
    const shownError = field.querySelector('[data-part="error"]') as HTMLElement;
    const shownWarning = field.querySelector('[data-part="secret-warning"]') as HTMLElement;
    expect(shownError).toHaveTextContent(error);
    // Seen where it is read: under the control, above the warning.
    expect(shownError.compareDocumentPosition(shownWarning) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(field.querySelectorAll('[data-part="error"]')).toHaveLength(1);
  });

  /** A secret round whose `resume` is given, answered (its key typed in full) and locked. */
  async function acceptedSecret(suspension: Suspension, resume: () => Promise<void>) {
    const user = userEvent.setup();
    render(<InputRequestCard suspension={suspension} resume={resume} ledger={false} />);
    const input = screen.getByLabelText(/^API key/);
    await user.type(input, 'k'.repeat(40));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Decline' })).toBeDisabled());
    return input;
  }

  it('asks for no Decline while its answer is on its way, when Decline cannot be pressed', async () => {
    let settle: () => void = () => {};
    const input = await acceptedSecret(
      secretRound(),
      () => new Promise<void>((resolve) => (settle = resolve)),
    );
    const warning = 'Careful: servers must never ask for passwords, API keys or payment details in a form.';
    expect(input).toHaveAccessibleDescription(`From your dashboard. ${warning}`);
    expect(screen.queryByText(/press Decline\.$/)).not.toBeInTheDocument();
    settle();
  });

  it('asks for no Decline while the server asks to wait, when Decline cannot be pressed either', async () => {
    // A round of its own: the server's wait holds its round for the page, past this test.
    const input = await acceptedSecret({ ...secretRound(), id: 'secret-held-by-retry-after' }, async () => {
      throw Object.assign(new Error('HTTP 503'), { status: 503, retryAfterMs: 60_000 });
    });
    // The fields stay editable while it waits; only the warning's advice goes.
    expect(input).not.toBeDisabled();
    expect(screen.queryByText(/press Decline\.$/)).not.toBeInTheDocument();
  });

  it('names the Decline button as the host renamed it', () => {
    render(
      <InputRequestCard
        suspension={secretRound()}
        resume={async () => undefined}
        messages={{ decline: 'No thanks' }}
      />,
    );
    expect(screen.getAllByText(/press No thanks\.$/)).toHaveLength(2);
  });

  it('shows and hides the value with a toggle button that says which field it reveals', async () => {
    const user = userEvent.setup();
    render(<InputRequestCard suspension={secretRound()} resume={async () => undefined} />);
    const input = screen.getByLabelText(/^API key/);
    await user.type(input, SECRET);

    const show = screen.getByRole('button', { name: 'Show API key' });
    // The name says what a press does; a pressed state beside it would read "Hide …, pressed".
    expect(show).not.toHaveAttribute('aria-pressed');
    expect(show).toHaveTextContent('Show');
    expect(show).toHaveAttribute('aria-controls', input.id);
    await user.click(show);

    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue(SECRET);
    const hide = screen.getByRole('button', { name: 'Hide API key' });
    expect(hide).not.toHaveAttribute('aria-pressed');
    expect(hide).toHaveAttribute('data-shown');
    expect(hide).toHaveTextContent('Hide');
    expect(input).toHaveAttribute('spellcheck', 'false');

    await user.click(hide);
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveValue(SECRET);
    expect(screen.getByRole('button', { name: 'Show PIN' })).not.toHaveAttribute('data-shown');
  });

  it('offers no Show button on an empty secret field of a closed form: there is nothing to show', () => {
    render(
      <InputRequestCard
        suspension={secretRound()}
        resume={async () => undefined}
        deadline={Date.now() - 1000}
      />,
    );
    expect(screen.getByLabelText(/^API key/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: /^Show / })).toBeNull();
  });

  it('keeps the value out of the DOM text and every console, and still sends it', async () => {
    const user = userEvent.setup();
    const resume = vi.fn(async (_responses: InputResponses) => undefined);
    const { container } = render(<InputRequestCard suspension={secretRound()} resume={resume} />);
    const input = screen.getByLabelText(/^API key/) as HTMLInputElement;

    await user.type(input, 'short-secret-value');
    await user.tab();
    expect(await screen.findByText('Enter at least 40 characters.')).toBeVisible();
    await user.clear(input);
    await user.type(input, SECRET.padEnd(40, 'x'));
    await user.type(screen.getByLabelText(/^PIN/), '4711');

    expect(input.value).toBe(SECRET.padEnd(40, 'x'));
    expect(container.innerHTML).not.toContain(SECRET);
    expect(container.innerHTML).not.toContain('short-secret-value');
    expect(container.innerHTML).not.toContain('4711');
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.queryByDisplayValue(SECRET.padEnd(40, 'x'))).toBe(input);

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(resume).toHaveBeenCalledOnce());
    expect(resume.mock.calls[0]?.[0]).toStrictEqual({
      details: { action: 'accept', content: { apiKey: SECRET.padEnd(40, 'x'), pin: 4711 } },
    });
    expect(container.innerHTML).not.toContain(SECRET);
    expect(printedAnything(SECRET)).toBe(false);
    expect(printedAnything('short-secret-value')).toBe(false);
    expect(printedAnything('4711')).toBe(false);
  });

  it('masks a number field without number attributes that would not apply', () => {
    render(<InputRequestCard suspension={secretRound()} resume={async () => undefined} />);
    const pin = screen.getByLabelText(/^PIN/);
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).not.toHaveAttribute('step');
  });
});
