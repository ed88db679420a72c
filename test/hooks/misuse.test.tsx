import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { parseSuspension } from '../../src/core/index.ts';
import {
  type FormRequest,
  InputRequestCard,
  type RequestFormControl,
  type ResumeFunction,
  type Suspension,
  staticSource,
  useRequestField,
  useRequestForm,
} from '../../src/index.ts';
import { cityRound } from '../fixtures/suspensions.ts';

// Misuse says what is wrong and how to fix it, in the library's words, at the call that made it:
// never a raw TypeError from deep inside, never silence that surfaces later as a card that cannot send.

const round = () =>
  parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        profile: {
          method: 'elicitation/create',
          params: {
            message: 'Who are you?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
          },
        },
      },
    },
    { id: 'misuse-round' },
  );

/** Runs `render` with React's report of the error it throws kept off the console. */
function quietly<T>(render: () => T): T {
  const original = console.error;
  console.error = () => {};
  try {
    return render();
  } finally {
    console.error = original;
  }
}

describe('staticSource: misuse', () => {
  it('refuses a missing round, naming the argument and what to pass', () => {
    expect(() => staticSource(undefined as unknown as Suspension, async () => undefined)).toThrow(
      /^input-request-cards: staticSource needs a round from parseSuspension, but it is missing\.$/,
    );
  });

  it('refuses a wire result that was never parsed', () => {
    const wire = { resultType: 'input_required', inputRequests: {} };
    expect(() => staticSource(wire as unknown as Suspension, async () => undefined)).toThrow(
      /^input-request-cards: staticSource needs a round from parseSuspension, but it is an object\.$/,
    );
  });

  it('refuses a resume that is not a function, instead of failing the first send', () => {
    expect(() => staticSource(round(), 'nope' as unknown as ResumeFunction)).toThrow(
      /^input-request-cards: staticSource needs a resume function, but it is the string "nope"\.$/,
    );
    expect(() => staticSource(round(), undefined as unknown as ResumeFunction)).toThrow(
      /^input-request-cards: staticSource needs a resume function, but it is missing\.$/,
    );
  });

  it('still takes a round and a function', () => {
    expect(staticSource(round(), async () => undefined).follow).toBe(false);
  });
});

describe('useRequestField: misuse', () => {
  const field = () => (round().requests[0] as FormRequest).fields[0] as FormRequest['fields'][number];

  it('refuses a form that does not come from useRequestForm, saying what to pass', () => {
    expect(() =>
      quietly(() =>
        renderHook(() => useRequestField({ form: {} as RequestFormControl, field: field(), idPrefix: 'p' })),
      ),
    ).toThrow(
      /^input-request-cards: useRequestField needs the `form` useRequestForm returns \(const \{ form \} = useRequestForm\(…\)\), but it is an object\.$/,
    );
    expect(() =>
      quietly(() =>
        renderHook(() =>
          useRequestField({
            form: undefined as unknown as RequestFormControl,
            field: field(),
            idPrefix: 'p',
          }),
        ),
      ),
    ).toThrow(/^input-request-cards: useRequestField needs the `form` .*, but it is missing\.$/);
  });

  it('refuses the whole object useRequestForm returns instead of its `form`', () => {
    const request = round().requests[0] as FormRequest;
    expect(() =>
      quietly(() =>
        renderHook(() => {
          const whole = useRequestForm({ request, onAccept: () => {} });
          return useRequestField({
            form: whole as unknown as RequestFormControl,
            field: field(),
            idPrefix: 'p',
          });
        }),
      ),
    ).toThrow(/^input-request-cards: useRequestField needs the `form` useRequestForm returns/);
  });
});

describe('a card given a resume that is no function', () => {
  it('refuses it with an input-request-cards: error, as staticSource does, instead of failing the first send', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    let thrown: unknown;
    try {
      render(<InputRequestCard suspension={cityRound(920)} resume={'api.resume' as never} />);
    } catch (error) {
      thrown = error;
    } finally {
      spy.mockRestore();
    }
    if (thrown === undefined) {
      await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
      await screen.findByRole('button', { name: 'Try again' }).catch(() => undefined);
    }
    expect(String(thrown)).toMatch(/input-request-cards: .*resume/);
  });
});
