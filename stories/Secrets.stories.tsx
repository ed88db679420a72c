import { expect, fn, userEvent, waitFor } from 'storybook/test';
import preview from '../.storybook/preview.tsx';
import type { RequestedSchema, Suspension } from '../src/core/model.ts';
import { InputRequestCard } from '../src/index.ts';
import { formRound } from '../test/fixtures/suspensions.ts';

const schema: RequestedSchema = {
  type: 'object',
  properties: {
    account: { type: 'string', title: 'Account email', format: 'email', default: 'ops@example.com' },
    token: { type: 'string', title: 'Access token', description: 'Starts with "ghp_".', minLength: 10 },
  },
  required: ['token'],
};

/** A form whose `token` field is flagged secret, as a dialect or a host rule does. */
function secretRound(): Suspension {
  const suspension = formRound(schema, 'Connect GitHub so I can open the pull request.', {
    serverName: 'Repo helper',
    toolName: 'open_pull_request',
  });
  const request = suspension.requests[0];
  if (request?.kind === 'form') {
    for (const field of request.fields) if (field.name === 'token') field.secret = true;
  }
  return suspension;
}

const SECRET = 'ghp_8Xk2LmQ4vTz9';

/**
 * Secret fields: masked, with a show/hide toggle, and a warning that servers must never ask
 * for passwords, keys or payment data in a form — Decline is one click away.
 */
const meta = preview.meta({
  title: 'Card/Secret fields',
  component: InputRequestCard,
  args: { suspension: secretRound(), resume: fn(async () => undefined) },
});

export default meta;

export const Masked = meta.story({
  play: async ({ canvas, canvasElement }) => {
    const input = canvas.getByLabelText(/^Access token/);
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveAttribute('autocomplete', 'off');
    await expect(input.closest('[data-part="field"]')).toHaveAttribute('data-secret');
    await expect(
      canvas.getByText(/servers must never ask for passwords, API keys or payment details/),
    ).toBeVisible();
    await expect(input).toHaveAccessibleDescription(expect.stringContaining('press Decline.'));
    await userEvent.type(input, SECRET);
    await expect(canvasElement.innerHTML).not.toContain(SECRET);
  },
});

export const ShowAndHide = meta.story({
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText(/^Access token/);
    await userEvent.type(input, SECRET);
    await userEvent.click(canvas.getByRole('button', { name: 'Show Access token' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue(SECRET);
    const hide = canvas.getByRole('button', { name: 'Hide Access token' });
    await expect(hide).not.toHaveAttribute('aria-pressed');
    await expect(hide).toHaveTextContent('Hide');
    await userEvent.click(hide);
    await expect(input).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: 'Show Access token' })).not.toHaveAttribute('data-shown');
  },
});

export const DeclineInstead = meta.story({
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(args.resume).toHaveBeenCalledWith({ details: { action: 'decline' } }, expect.anything()),
    );
  },
});

export const DarkWithError = meta.story({
  args: { className: 'irc-dark' },
  globals: { backgrounds: { value: 'dark' } },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Access token/), 'ghp_1');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(await canvas.findByText('Enter at least 10 characters.')).toBeVisible();
  },
});

/**
 * The page was reloaded while the person typed: what they typed is back from the draft store, the
 * token is not (secrets are never stored), and the card says so, so the empty field does not read
 * as a value that was lost.
 */
export const BackAfterReload = meta.story({
  args: {
    drafts: {
      load: (key: string) => (key.endsWith('/details') ? { account: 'dev@example.com' } : undefined),
      save: () => {},
      removeRound: () => {},
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/^Account email/)).toHaveValue('dev@example.com');
    await expect(canvas.getByLabelText(/^Access token/)).toHaveValue('');
    await expect(
      canvas.getByText(
        'What you typed before is back. Passwords and other hidden values are never kept; enter them again.',
      ),
    ).toBeVisible();
  },
});
