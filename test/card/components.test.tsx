import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import {
  Field,
  type FieldProps,
  InputRequestCard,
  type InputRequestComponents,
  type InputResponses,
  type LinkRequestSectionProps,
  type UnsupportedRequestSectionProps,
} from '../../src/index.ts';
import { formRound, mixedRound } from '../fixtures/suspensions.ts';

function WrappedField(props: FieldProps) {
  return (
    <div data-testid="my-field">
      <Field {...props} />
    </div>
  );
}

function MyLinkRequest({ request, onAnswer }: LinkRequestSectionProps) {
  return (
    <section aria-label="My link">
      <p>{request.url}</p>
      <button type="button" onClick={() => onAnswer({ action: 'decline' })}>
        Not now
      </button>
    </section>
  );
}

function MyUnsupportedRequest({ onAnswer }: UnsupportedRequestSectionProps) {
  return (
    <button type="button" onClick={() => onAnswer({ action: 'cancel' })}>
      Skip
    </button>
  );
}

const components: InputRequestComponents = {
  Field: WrappedField,
  LinkRequest: MyLinkRequest,
  UnsupportedRequest: MyUnsupportedRequest,
};

it('replaces parts through the components map, keeping their behaviour', async () => {
  const user = userEvent.setup();
  const resume = vi.fn(async (_responses: InputResponses) => undefined);
  render(<InputRequestCard suspension={mixedRound()} resume={resume} components={components} />);

  expect(screen.getAllByTestId('my-field')).toHaveLength(1);
  expect(screen.getByRole('region', { name: 'My link' })).toHaveTextContent(
    'https://accounts.example.com/connect?x=1',
  );
  await user.type(screen.getByRole('textbox', { name: 'email' }), 'ops@example.com');
  await user.click(screen.getByRole('button', { name: 'Accept' }));
  await user.click(screen.getByRole('button', { name: 'Not now' }));
  await user.click(screen.getByRole('button', { name: 'Skip' }));

  await waitFor(() => expect(resume).toHaveBeenCalledOnce());
  expect(resume.mock.calls[0]?.[0]).toEqual({
    contact: { action: 'accept', content: { email: 'ops@example.com' } },
    login: { action: 'decline' },
    summary: { action: 'cancel' },
  });
});

it('renders the built-in parts when no components are given', () => {
  render(
    <InputRequestCard
      suspension={formRound({ type: 'object', properties: { a: { type: 'string' } } })}
      resume={async () => undefined}
    />,
  );
  expect(screen.queryByTestId('my-field')).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'a' })).toBeInTheDocument();
});
