import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, forwardRef, lazy, memo } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createInputRequestSession, parseSuspension } from '../../src/core/index.ts';
import {
  createHttpSource,
  type FormRequest,
  InputRequestCard,
  type InputRequestCardProps,
  type RequestFormControl,
  type ResumeFunction,
  type Suspension,
  staticSource,
  useLinkRequest,
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

const NoField = () => null;
const MemoField = memo(() => null);
const RefField = forwardRef<HTMLDivElement>(() => null);
const LazyField = lazy(async () => ({ default: NoField }));
class ClassField extends Component {
  override render() {
    return null;
  }
}

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
      /^input-request-cards: staticSource needs a round from parseSuspension\(wire\), but it is missing\.$/,
    );
  });

  it('refuses a wire result that was never parsed', () => {
    const wire = { resultType: 'input_required', inputRequests: {} };
    expect(() => staticSource(wire as unknown as Suspension, async () => undefined)).toThrow(
      /^input-request-cards: staticSource needs a round from parseSuspension\(wire\), but it is a message as the server sent it; read it with parseSuspension\(wire\) first\.$/,
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

/** The error rendering `element` throws (React's report of it kept off the console). */
function renderError(element: React.ReactElement): string {
  try {
    quietly(() => render(element));
  } catch (error) {
    return String(error instanceof Error ? error.message : error);
  }
  return 'no error';
}

/** The error a hook throws when rendered with `renderHook`. */
function hookError(hook: () => unknown): string {
  try {
    quietly(() => renderHook(hook));
  } catch (error) {
    return String(error instanceof Error ? error.message : error);
  }
  return 'no error';
}

const CARD =
  'input-request-cards: <InputRequestCard suspension> needs a round from parseSuspension(wire), but';

describe('the card: a developer mistake is named at once, with the fix', () => {
  const resume = async () => undefined;
  const asRound = (value: unknown) => value as Suspension;

  it('a wire message passed as `suspension` is to be parsed first', () => {
    const wire = { resultType: 'input_required', inputRequests: {} };
    expect(renderError(<InputRequestCard suspension={asRound(wire)} resume={resume} />)).toBe(
      `${CARD} it is a message as the server sent it; read it with parseSuspension(wire) first.`,
    );
  });

  it('a round built by hand without what the card reads says which request lacks what', () => {
    const noFields = { id: 'r', requests: [{ kind: 'form', key: 'profile', message: 'Who?' }] };
    expect(renderError(<InputRequestCard suspension={asRound(noFields)} resume={resume} />)).toBe(
      `${CARD} requests[0] is a form request without "fields" and "requestedSchema" (parseSuspension makes them).`,
    );
    const noKind = { id: 'r', requests: [{ key: 'profile' }] };
    expect(renderError(<InputRequestCard suspension={asRound(noKind)} resume={resume} />)).toBe(
      `${CARD} requests[0] has "kind" missing, not "form", "url", "unsupported" or "host".`,
    );
    expect(renderError(<InputRequestCard suspension={asRound({ id: 7 })} resume={resume} />)).toBe(
      `${CARD} it has no string "id" or no "requests" list.`,
    );
  });

  it('a parsed round passed as `source` is to be passed as `suspension`, not asked for a QueryClient', () => {
    const SOURCE = 'input-request-cards: useInputRequest (and <InputRequestCard source>) needs a source, but';
    expect(renderError(<InputRequestCard source={round() as never} />)).toBe(
      `${SOURCE} it is a parsed round; pass it as \`suspension\` with \`resume\`.`,
    );
    expect(renderError(<InputRequestCard source={{ queryKey: ['t'] } as never} />)).toBe(
      `${SOURCE} it lacks { queryKey, fetchState, resume } (see createHttpSource and staticSource).`,
    );
  });

  it('a checker, messages, drafts or ledger of the wrong kind is named, not a TypeError at the first Accept', () => {
    expect(renderError(<InputRequestCard suspension={round()} resume={resume} checker={{} as never} />)).toBe(
      'input-request-cards: <InputRequestCard checker> needs a function (such as validateAnswer), but it is an object.',
    );
    expect(
      renderError(<InputRequestCard suspension={round()} resume={resume} messages={'de' as never} />),
    ).toBe(
      'input-request-cards: <InputRequestCard messages> needs an object of words (such as germanMessages), but it is the string "de".',
    );
    expect(
      renderError(<InputRequestCard suspension={round()} resume={resume} drafts={true as never} />),
    ).toBe(
      'input-request-cards: `drafts` needs a store or false, but it is the boolean true without the methods load, save, removeRound.',
    );
    expect(
      renderError(<InputRequestCard suspension={round()} resume={resume} ledger={{ get() {} } as never} />),
    ).toBe(
      'input-request-cards: `ledger` needs a store or false, but it is an object without the methods get, set, delete.',
    );
  });

  it('a heading level or layout the card cannot use is named, not an <h7> or silently ignored', () => {
    expect(
      renderError(<InputRequestCard suspension={round()} resume={resume} headingLevel={7 as never} />),
    ).toBe(
      'input-request-cards: <InputRequestCard headingLevel> needs 2, 3, 4, 5 or 6, but it is the number 7.',
    );
    expect(
      renderError(<InputRequestCard suspension={round()} resume={resume} layout={'wizard' as never} />),
    ).toBe(
      'input-request-cards: <InputRequestCard layout> needs "form" or "steps", but it is the string "wizard".',
    );
    // What the card can use renders: a JSX string heading level too, as it did before the check.
    expect(
      renderError(
        <InputRequestCard
          suspension={round()}
          resume={resume}
          headingLevel={2}
          layout="steps"
          deadline="2099-01-01T00:00:00Z"
        />,
      ),
    ).toBe('no error');
    expect(
      renderError(<InputRequestCard suspension={round()} resume={resume} headingLevel={'4' as never} />),
    ).toBe('no error');
    // A deadline often comes from a server or a store (an AI SDK part's expiresAt): one that names
    // no time is no deadline, never a card that throws. Nor is null, which JSON writes for none.
    for (const deadline of ['soon', null, Number.NaN]) {
      expect(
        renderError(<InputRequestCard suspension={round()} resume={resume} deadline={deadline as never} />),
      ).toBe('no error');
    }
    expect(
      renderError(<InputRequestCard suspension={round()} resume={resume} layout={null as never} />),
    ).toBe('no error');
  });

  it('a card given neither a round nor a source says which to pass', () => {
    expect(renderError(<InputRequestCard {...({} as unknown as InputRequestCardProps)} />)).toBe(
      'input-request-cards: <InputRequestCard> needs either `source` (a task it follows) or `suspension` with `resume` (a round you hold), but it was given neither.',
    );
  });

  it('a round without `resume`, or with a `source` too, is named at once, not at the first Accept', () => {
    expect(
      renderError(<InputRequestCard {...({ suspension: round() } as unknown as InputRequestCardProps)} />),
    ).toBe(
      'input-request-cards: <InputRequestCard suspension> needs `resume`, the function that sends the answers (such as (answers) => resumeTask(id, answers)), but there is none, so Accept could not send anything.',
    );
    const source = staticSource(round(), resume);
    expect(
      renderError(
        <InputRequestCard
          {...({ suspension: round(), resume, source } as unknown as InputRequestCardProps)}
        />,
      ),
    ).toBe(
      'input-request-cards: <InputRequestCard> needs either `source` (a task it follows) or `suspension` with `resume` (a round you hold), but it was given both; drop one.',
    );
  });

  it('components with a misspelt name or something that is no component are named, not silently ignored', () => {
    const NEEDS =
      'input-request-cards: <InputRequestCard components> needs an object of components named FormRequest, LinkRequest, UnsupportedRequest, Field, SectionStatus, TaskResult, but';
    expect(
      renderError(
        <InputRequestCard suspension={round()} resume={resume} components={{ Feild: NoField } as never} />,
      ),
    ).toBe(`${NEEDS} "Feild" is none of them.`);
    expect(
      renderError(
        <InputRequestCard suspension={round()} resume={resume} components={{ Field: 'div' } as never} />,
      ),
    ).toBe(`${NEEDS} Field is the string "div".`);
    expect(
      renderError(<InputRequestCard suspension={round()} resume={resume} components={[] as never} />),
    ).toBe(`${NEEDS} it is an empty array.`);
    // memo, forwardRef, lazy and class components are components; null or undefined keeps the built-in part.
    for (const Field of [MemoField, RefField, LazyField, ClassField, null, undefined]) {
      const { unmount } = render(
        <InputRequestCard suspension={round()} resume={resume} components={{ Field } as never} />,
      );
      unmount();
    }
  });

  it('a resume that returns nothing is fine: it is sent, and the card says so', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    render(<InputRequestCard suspension={round()} resume={(responses) => void sent.push(responses)} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You answered.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});

describe('the hooks and the session: a developer mistake is named, with the fix', () => {
  const FORM = 'input-request-cards: useRequestForm needs a form request, but';

  it('useRequestForm given the whole round, nothing, or a link, says which request to pass', () => {
    expect(hookError(() => useRequestForm({ request: round() as never, onAccept: () => {} }))).toBe(
      `${FORM} it is the whole round; pass one of its requests of kind "form".`,
    );
    expect(hookError(() => useRequestForm({ request: undefined as never, onAccept: () => {} }))).toBe(
      `${FORM} it is no request with a string "key".`,
    );
    const link = { kind: 'url', key: 'login', message: 'Sign in.', url: 'https://example.com/' };
    expect(hookError(() => useRequestForm({ request: link as never, onAccept: () => {} }))).toBe(
      `${FORM} it is a "url" request.`,
    );
    const request = round().requests[0] as FormRequest;
    expect(hookError(() => useRequestForm({ request, onAccept: () => {}, checker: 'ajv' as never }))).toBe(
      'input-request-cards: useRequestForm needs a `checker` function (such as validateAnswer), but it is the string "ajv".',
    );
  });

  it('useLinkRequest given a form request says it needs a URL request', () => {
    const request = round().requests[0];
    expect(hookError(() => useLinkRequest({ request: request as never, onAnswer: () => {} }))).toBe(
      'input-request-cards: useLinkRequest needs a URL request, but it is a "form" request.',
    );
  });

  it('createInputRequestSession without a source, or with a round as one', () => {
    expect(() => createInputRequestSession({} as never)).toThrow(
      'input-request-cards: createInputRequestSession needs { source }, but its source: it is missing.',
    );
    expect(() => createInputRequestSession({ source: round() } as never)).toThrow(
      'input-request-cards: createInputRequestSession needs { source }, but its source: it is a parsed round; pass it as `suspension` with `resume`.',
    );
  });

  it('createInputRequestSession takes `false` for no drafts or ledger, as the card does, and names a store of the wrong kind', async () => {
    const sent: unknown[] = [];
    const session = createInputRequestSession({
      source: staticSource(round(), (responses) => void sent.push(responses)),
      drafts: false,
      ledger: false,
    });
    const stop = session.subscribe(() => {});
    session.writeDraft('profile', { name: 'Ada' });
    await session.answer('profile', { action: 'accept', content: { name: 'Ada' } });
    expect(session.getSnapshot().state).toBe('answered');
    expect(sent).toEqual([{ profile: { action: 'accept', content: { name: 'Ada' } } }]);
    stop();
    expect(() =>
      createInputRequestSession({
        source: staticSource(round(), async () => undefined),
        ledger: {} as never,
      }),
    ).toThrow(
      "input-request-cards: createInputRequestSession's `ledger` needs a store or false, but it is an object without the methods get, set, delete.",
    );
  });

  it('createHttpSource without its URLs says so when the app starts, not as a card that never loads', () => {
    expect(() => createHttpSource('/tasks/1' as never)).toThrow(
      'input-request-cards: createHttpSource needs an options object { stateUrl, resumeUrl }, but its argument is the string "/tasks/1".',
    );
    expect(() => createHttpSource({} as never)).toThrow(
      'input-request-cards: createHttpSource needs `stateUrl`: a URL or a string such as "/api/tasks/42", but it is missing.',
    );
    expect(() => createHttpSource({ stateUrl: '/t/1' } as never)).toThrow(/needs `resumeUrl`/);
    expect(() =>
      createHttpSource({ stateUrl: '/t/1', resumeUrl: '/t/1/resume', cancelUrl: 42 } as never),
    ).toThrow(/needs `cancelUrl`: .*, but it is the number 42\.$/);
    expect(() =>
      createHttpSource({ stateUrl: '/t?id=1', resumeUrl: '/t/resume?id=1', taskId: 1 } as never),
    ).toThrow(
      'input-request-cards: createHttpSource needs `taskId`: the task\'s id, a string such as "42", but it is the number 1.',
    );
    expect(
      createHttpSource({ stateUrl: '/t/1', resumeUrl: new URL('https://example.com/r') }).queryKey,
    ).toEqual(['input-request-cards', 'http', '/t/1']);
  });

  it('parseSuspension given a round it already read says to pass that round as it is', () => {
    expect(() => parseSuspension(round())).toThrow(
      /^input-request-cards: parseSuspension got a round it has already read \(an object with "id" and "requests"\), which is no known input-request shape\. Pass that round as it is: <InputRequestCard suspension=\{round\}>/,
    );
  });
});
