import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInputRequestSession, createStorageDraftStore, parseSuspension } from '../../src/core/index.ts';
import {
  type FieldSpec,
  type FormRequest,
  type RequestFormControl,
  type Suspension,
  staticSource,
  useInputRequest,
  useRequestField,
  useRequestForm,
} from '../../src/index.ts';
import { createTestSource } from '../../src/testing/index.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';
import { HeadlessField } from '../support/headless-field.tsx';

// The hooks without the card: a host's own markup, the library's behaviour.

const round = parseSuspension(
  {
    resultType: 'input_required',
    inputRequests: {
      login: {
        method: 'elicitation/create',
        params: {
          message: 'Sign in to continue',
          requestedSchema: {
            type: 'object',
            properties: {
              email: { type: 'string', title: 'Email' },
              password: { type: 'string', title: 'Password' },
            },
            required: ['email'],
          },
        },
      },
    },
  },
  { serverName: 'Vault', id: 'headless-round' },
);

function Headless({ onSent }: { onSent: (value: unknown) => void }) {
  const { session, suspension, state } = useInputRequest(
    staticSource(round, async (responses) => onSent(responses)),
    { drafts: createStorageDraftStore(sessionStorage) },
  );
  const request = suspension?.requests[0] as FormRequest;
  const { form, formProps } = useRequestForm({ request, session });
  return (
    <form {...formProps} data-state={state}>
      {request.fields.map((field) => (
        <HeadlessField key={field.index} form={form} field={field} />
      ))}
      <button type="submit">Send</button>
    </form>
  );
}

const blurs: string[] = [];

function BlurField({
  form,
  field,
  readOnly,
}: {
  form: RequestFormControl;
  field: FieldSpec;
  readOnly?: boolean;
}) {
  const bag = useRequestField({ form, field, idPrefix: 'merge', ...(readOnly ? { readOnly } : {}) });
  return (
    <>
      <label {...bag.labelProps} htmlFor={bag.labelProps.htmlFor}>
        {field.title}
      </label>
      <input {...bag.getInputProps({ onBlur: () => blurs.push(field.name) })} />
      {bag.invalid ? <span {...bag.errorProps}>{bag.errorMessage}</span> : null}
    </>
  );
}

function BlurForm({ readOnly }: { readOnly?: boolean }) {
  const { session, suspension } = useInputRequest(
    staticSource(round, async () => undefined),
    { drafts: false },
  );
  const request = suspension?.requests[0] as FormRequest;
  const { form, formProps } = useRequestForm({ request, session });
  return (
    <form {...formProps}>
      {request.fields.map((field) => (
        <BlurField key={field.index} form={form} field={field} {...(readOnly ? { readOnly } : {})} />
      ))}
    </form>
  );
}

/** A form for every form request of the round on screen, kept mounted from round to round (keyed by request key only). */
function EveryRound({ source }: { source: ReturnType<typeof createTestSource>['source'] }) {
  const { session, suspension, state } = useInputRequest(source, {
    replaceDelayMs: 0,
    poll: { baseMs: 50, maxMs: 50 },
    drafts: createStorageDraftStore(sessionStorage),
  });
  return (
    <div data-state={state}>
      {suspension?.requests.map((request) =>
        request.kind === 'form' ? <RoundForm key={request.key} request={request} session={session} /> : null,
      )}
    </div>
  );
}

function RoundForm({
  request,
  session,
}: {
  request: FormRequest;
  session: ReturnType<typeof useInputRequest>['session'];
}) {
  const { form, formProps } = useRequestForm({ request, session });
  return (
    <form {...formProps}>
      {request.fields.map((field) => (
        <HeadlessField key={field.index} form={form} field={field} />
      ))}
      <button type="submit">Send</button>
    </form>
  );
}

beforeEach(() => {
  useFakeTime();
  sessionStorage.clear();
});
afterEach(() => useRealTime());

describe('headless: useInputRequest + useRequestForm + useRequestField', () => {
  it('useRequestForm says whether the form opened with a draft (restoredDraft), for the host to say secrets were not kept', () => {
    const kept = new Map([['headless-round/login', { email: 'ada@example.com' }]]);
    const drafts = { load: (key: string) => kept.get(key), save: () => {}, removeRound: () => {} };
    const request = round.requests[0] as FormRequest;
    const withDraft = createInputRequestSession({ source: staticSource(round, async () => {}), drafts });
    const { result } = renderHook(() => useRequestForm({ request, session: withDraft }));
    expect(result.current.restoredDraft).toBe(true);
    kept.clear();
    const fresh = createInputRequestSession({ source: staticSource(round, async () => {}), drafts });
    const { result: none } = renderHook(() => useRequestForm({ request, session: fresh }));
    expect(none.current.restoredDraft).toBe(false);
    withDraft.destroy();
    fresh.destroy();
  });

  it('masks a password and never drafts it, without the card', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: unknown[] = [];
    render(<Headless onSent={(value) => sent.push(value)} />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'off');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(password, 'hunter2');
    await advance(300);
    const stored = JSON.stringify({ ...sessionStorage });
    expect(stored).toContain('ada@example.com');
    expect(stored).not.toContain('hunter2');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await advance();
    expect(sent).toEqual([
      { login: { action: 'accept', content: { email: 'ada@example.com', password: 'hunter2' } } },
    ]);
  });

  it('starts a newer round’s form afresh when the form stays mounted: nothing typed before, a secret least of all, fills or answers it', async () => {
    const user = userEvent.setup({ delay: null });
    const { source, task } = createTestSource({ completeAfterLastRound: false });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EveryRound source={source} />
      </QueryClientProvider>,
    );
    await advance(100);
    await user.type(screen.getByLabelText(/One-time code/, { selector: 'input' }), 'SECRET-123');
    // The server asks something else under the same request key.
    task.ask({
      inputRequests: {
        approval: {
          method: 'elicitation/create',
          params: {
            message: 'Anything else?',
            requestedSchema: {
              type: 'object',
              properties: {
                a: { type: 'string', title: 'A' },
                b: { type: 'string', title: 'B' },
                comment: { type: 'string', title: 'Comment' },
              },
            },
          },
        },
      },
    });
    await advance(300);
    const comment = screen.getByLabelText('Comment');
    expect(comment).toHaveValue('');
    expect(screen.getByLabelText('A')).toHaveValue('');
    await user.type(screen.getByLabelText('B'), 'x');
    await advance(300);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('SECRET-123');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await advance(100);
    expect(task.received.at(-1)?.inputResponses).toEqual({
      approval: { action: 'accept', content: { b: 'x' } },
    });
  });

  it('merges the host’s own props with the library’s: both blur handlers run', async () => {
    const user = userEvent.setup({ delay: null });
    blurs.length = 0;
    render(<BlurForm />);
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    await advance();
    // Ours showed the error (blur marks the field touched); theirs ran too.
    expect(blurs).toEqual(['email']);
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });

  it('shows no error on a read-only field: nothing is left to fix; the error is back once it is not', async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<BlurForm />);
    await user.click(screen.getByLabelText('Email'));
    await user.tab();
    await advance();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    rerender(<BlurForm readOnly />);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();

    rerender(<BlurForm />);
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });
});

/** A headless form whose own checker lets anything through (say, its server is the judge). */
function LenientForm({ round, onSent }: { round: Suspension; onSent: (responses: unknown) => void }) {
  const { session, suspension } = useInputRequest(
    staticSource(round, async (responses) => onSent(responses)),
    { ledger: false },
  );
  const request = suspension?.requests[0] as FormRequest;
  const { formProps } = useRequestForm({ request, session, checker: () => ({ valid: true, errors: [] }) });
  return (
    <form {...formProps}>
      <button type="submit">Send</button>
    </form>
  );
}

describe('headless answers are checked before they leave', () => {
  const rounds = () =>
    parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          profile: {
            method: 'elicitation/create',
            params: {
              message: 'Your profile',
              requestedSchema: {
                type: 'object',
                properties: {
                  name: { type: 'string', title: 'Name', minLength: 3 },
                  age: { type: 'integer', title: 'Age' },
                },
                required: ['name'],
              },
            },
          },
        },
      },
      { serverName: 'Profiles' },
    );

  it('refuses content that does not fit the requestedSchema, names the fields, and sends nothing', async () => {
    const sent: unknown[] = [];
    const { result } = renderHook(() =>
      useInputRequest(staticSource(rounds(), async (responses) => void sent.push(responses))),
    );
    await expect(result.current.submit({ name: 5, age: 1.5 } as never)).rejects.toThrow(
      /^input-request-cards: the answer to "profile" does not fit its requestedSchema \(name: type, age: integer\)/,
    );
    await expect(result.current.respond({ profile: { action: 'accept', content: {} } })).rejects.toThrow(
      /name: required/,
    );
    expect(result.current.state).toBe('input-required');
    expect(sent).toEqual([]);
    // What fits goes.
    await result.current.submit({ name: 'Ada', age: 36 });
    expect(sent).toEqual([{ profile: { action: 'accept', content: { name: 'Ada', age: 36 } } }]);
  });

  it('refuses a request the round does not ask and an answer with no action, naming the fix', async () => {
    const sent: unknown[] = [];
    const { result } = renderHook(() =>
      useInputRequest(staticSource(rounds(), async (responses) => void sent.push(responses))),
    );
    await expect(result.current.session.answer('nope', { action: 'decline' })).rejects.toThrow(
      'input-request-cards: the answer to "nope" answers no request of the open round; answer one of ["profile"].',
    );
    await expect(
      result.current.respond({ profile: { action: 'decline' }, extra: { action: 'decline' } }),
    ).rejects.toThrow('the answer to "extra" answers no request of the open round');
    await expect(result.current.session.answer('profile', { action: 'yes' } as never)).rejects.toThrow(
      /needs `action` "accept", "decline" or "cancel"/,
    );
    expect(sent).toEqual([]);
  });

  it("leaves a form's content to the form's own checker: useRequestForm's content is not checked again", async () => {
    const user = fakeTimeUser();
    const sent: unknown[] = [];
    render(<LenientForm round={rounds()} onSent={(responses) => sent.push(responses)} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await advance();
    expect(sent).toEqual([{ profile: { action: 'accept', content: {} } }]);
  });
});
