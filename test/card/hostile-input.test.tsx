import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStorageDraftStore,
  germanMessages,
  InputRequestCard,
  type InputRequestSource,
  type InputRequestState,
  type InputResponses,
  parseSuspension,
  type Suspension,
} from '../../src/index.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';
import { storedTexts } from '../support/storage.ts';

// What a hostile or careless server sends, through the card: hints that would make it poll in a
// hot loop or not at all, secrets it marks in ways the card must still hear, numbers written to
// mean something else. On a fake clock: nothing here waits on the wall clock.

beforeEach(() => {
  useFakeTime();
  sessionStorage.clear();
});
afterEach(() => {
  useRealTime();
});

/**
 * A task that keeps working, with the server's poll hint and a status line that is new on every
 * read (so the card's back-off, which waits longer while nothing changes, never starts).
 */
function busyTask(pollIntervalMs: number) {
  let reads = 0;
  const source: InputRequestSource = {
    queryKey: ['busy-task', pollIntervalMs],
    fetchState: async (): Promise<InputRequestState> => {
      reads += 1;
      return { status: 'working', pollIntervalMs, message: `Step ${reads}` };
    },
    resume: async () => undefined,
  };
  return { source, reads: () => reads };
}

/** The task's status line as shown (its live region says it too, at most every few seconds). */
const statusLine = () => screen.getByText(/^Step \d+$/, { selector: 'p' });

async function follow(source: InputRequestSource) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <InputRequestCard source={source} drafts={false} />
    </QueryClientProvider>,
  );
  await advance();
}

describe("a server's poll hint", () => {
  it('of 1 ms, with a status that changes on every read, polls twice a second, not in a hot loop', async () => {
    const task = busyTask(1);
    await follow(task.source);
    expect(task.reads()).toBe(1);
    await advance(10_000);
    // 500 ms apart: 20 more reads in 10 s (it was about 815 a second).
    expect(task.reads()).toBeGreaterThanOrEqual(19);
    expect(task.reads()).toBeLessThanOrEqual(21);
    expect(statusLine()).toHaveTextContent(`Step ${task.reads()}`);
  });

  it('under half a millisecond still polls: the card follows the task (it used to round to "never")', async () => {
    const task = busyTask(0.4);
    await follow(task.source);
    expect(statusLine()).toHaveTextContent('Step 1');
    await advance(2_000);
    expect(task.reads()).toBeGreaterThanOrEqual(4);
    expect(statusLine()).toHaveTextContent(`Step ${task.reads()}`);
  });

  it('of a month does not overflow the timer into a hot loop: the card waits', async () => {
    const task = busyTask(31 * 24 * 60 * 60_000);
    await follow(task.source);
    await advance(60_000);
    expect(task.reads()).toBe(1);
  });
});

/** A sign-in round with the given properties, as an MCP `input_required` result. */
function signIn(properties: Record<string, unknown>, id: string, required: string[] = []): Suspension {
  return parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        login: {
          method: 'elicitation/create',
          params: { message: 'Sign in', requestedSchema: { type: 'object', properties, required } },
        },
      },
    },
    { serverName: 'Vault', id },
  );
}

/** Shows a round with drafts in sessionStorage; what it sends lands in `sent`. */
function showWithDrafts(suspension: Suspension) {
  const sent: InputResponses[] = [];
  render(
    <InputRequestCard
      suspension={suspension}
      resume={async (responses) => {
        sent.push(responses);
      }}
      drafts={createStorageDraftStore(sessionStorage)}
    />,
  );
  return sent;
}

/** Types each value into the input labelled by its key, then leaves the field and lets drafts be written. */
async function typeAll(values: Record<string, string>) {
  const user = fakeTimeUser();
  for (const [label, value] of Object.entries(values)) {
    await user.type(screen.getByLabelText(label, { selector: 'input' }), value);
  }
  await user.click(screen.getByRole('heading', { name: /Vault/ }));
  await advance(2_000);
  return user;
}

describe('secrets the server marks or names', () => {
  it('a property marked writeOnly (JSON Schema: a value sent, never shown back) is masked and never drafted', async () => {
    showWithDrafts(
      signIn(
        {
          user: { type: 'string', title: 'User' },
          value: { type: 'string', title: 'Value', writeOnly: true },
        },
        'write-only',
      ),
    );
    expect(screen.getByLabelText('Value', { selector: 'input' })).toHaveAttribute('type', 'password');
    await typeAll({ User: 'ada', Value: 'hunter2-write-only' });
    const stored = storedTexts(sessionStorage).join(' ');
    expect(stored).toContain('ada');
    expect(stored).not.toContain('hunter2-write-only');
  });

  it('payment data, keys, sign-in material and short password names are masked and never drafted', async () => {
    showWithDrafts(
      signIn(
        {
          user: { type: 'string', title: 'User' },
          cc: { type: 'string', title: 'Credit card' },
          cc_number: { type: 'string' },
          ssh: { type: 'string', title: 'SSH key' },
          cookie: { type: 'string', title: 'Session cookie' },
          pw: { type: 'string', title: 'PW' },
        },
        'named-secrets',
      ),
    );
    for (const label of ['Credit card', 'cc_number', 'SSH key', 'Session cookie', 'PW']) {
      expect(screen.getByLabelText(label, { selector: 'input' }), label).toHaveAttribute('type', 'password');
    }
    await typeAll({
      User: 'ada',
      'Credit card': '4111111111111111',
      cc_number: '5500005555555559',
      'SSH key': 'ssh-ed25519-AAAAC3',
      'Session cookie': 'li_at=AQEDAR',
      PW: 'hunter2-pw',
    });
    const stored = storedTexts(sessionStorage).join(' ');
    expect(stored).toContain('ada');
    for (const secret of ['4111111111111111', '5500005555555559', 'ssh-ed25519', 'li_at', 'hunter2-pw']) {
      expect(stored).not.toContain(secret);
    }
  });
});

describe('numbers in a masked number field', () => {
  it('"0x10" in a secret integer field (a text input, unseen) is refused under the field, never sent as 16', async () => {
    const sent = showWithDrafts(signIn({ pin: { type: 'integer', title: 'PIN' } }, 'hex-pin', ['pin']));
    const pin = screen.getByLabelText(/^PIN/, { selector: 'input' });
    expect(pin).toHaveAttribute('type', 'password');
    const user = fakeTimeUser();
    await user.type(pin, '0x10');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance();
    expect(sent).toEqual([]);
    expect(pin).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number.'));

    await user.clear(pin);
    await user.type(pin, '16');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance();
    expect(sent).toEqual([{ login: { action: 'accept', content: { pin: 16 } } }]);
  });
});

describe('whole numbers too large for JSON as JavaScript writes it', () => {
  it('9007199254740993 is refused with why, never sent as 9007199254740992; within the range it goes as typed', async () => {
    const sent = showWithDrafts(
      signIn({ id: { type: 'integer', title: 'Account number' } }, 'big-integer', ['id']),
    );
    const id = screen.getByRole('spinbutton', { name: 'Account number' });
    const user = fakeTimeUser();
    await user.type(id, '9007199254740993');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance();
    expect(sent).toEqual([]);
    expect(id).toHaveAccessibleDescription(
      'This number has too many digits to send exactly. Enter a whole number from -9,007,199,254,740,991 to 9,007,199,254,740,991.',
    );

    await user.clear(id);
    await user.type(id, '9007199254740991');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance();
    expect(sent).toEqual([{ login: { action: 'accept', content: { id: 9007199254740991 } } }]);
  });

  it('where the schema has a bound, its reason is the one said', async () => {
    const sent = showWithDrafts(
      signIn({ guests: { type: 'integer', title: 'Guests', maximum: 100 } }, 'big-bounded', ['guests']),
    );
    const guests = screen.getByRole('spinbutton', { name: 'Guests' });
    const user = fakeTimeUser();
    await user.type(guests, '1e20');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await advance();
    expect(sent).toEqual([]);
    expect(guests).toHaveAccessibleDescription('Enter a number of at most 100.');
  });
});

describe('link warnings quote the host as a directional isolate', () => {
  const FSI = '\u2068';
  const PDI = '\u2069';
  const linkRound = (url: string) =>
    parseSuspension(
      {
        resultType: 'input_required',
        inputRequests: {
          login: { method: 'elicitation/create', params: { mode: 'url', message: 'Sign in.', url } },
        },
      },
      { serverName: 'Vault', id: `link-${url}` },
    );
  const warnings = () => screen.getAllByRole('listitem').map((item) => item.textContent ?? '');

  it('a right-to-left host ("ישראל.ישראל") cannot reorder the sentence around it, in English and in German', () => {
    const host = '\u05d9\u05e9\u05e8\u05d0\u05dc.\u05d9\u05e9\u05e8\u05d0\u05dc';
    const { unmount } = render(
      <InputRequestCard
        suspension={linkRound('https://xn--4dbrk0ce.xn--4dbrk0ce/')}
        resume={async () => undefined}
      />,
    );
    expect(warnings()).toEqual([
      `The site name uses international characters: it reads “${FSI}${host}${PDI}”, but its real address is ${FSI}xn--4dbrk0ce.xn--4dbrk0ce${PDI}. Look-alike letters are a common trick.`,
    ]);
    unmount();
    render(
      <InputRequestCard
        suspension={linkRound('https://xn--4dbrk0ce.xn--4dbrk0ce/')}
        resume={async () => undefined}
        messages={germanMessages}
      />,
    );
    expect(warnings()[0]).toContain(`„${FSI}${host}${PDI}“`);
  });

  it('so does the mixed-alphabet warning (Hebrew and Arabic letters in one label)', () => {
    const label = '\u05d9\u05e9\u05e8\u0639\u0631\u0628';
    render(
      <InputRequestCard suspension={linkRound(`https://${label}.com/`)} resume={async () => undefined} />,
    );
    const mixed = warnings().find((text) => text.includes('mixes letters'));
    expect(mixed).toBe(
      `“${FSI}${label}.com${PDI}” mixes letters from different alphabets (Hebrew and Arabic), a common way to imitate a well-known name.`,
    );
  });
});

describe('a link whose host passes a slash look-alike for a path', () => {
  it('"google.com⁄evil.com" is refused with no Open button, the URL shown as text', () => {
    render(
      <InputRequestCard
        suspension={parseSuspension(
          {
            resultType: 'input_required',
            inputRequests: {
              login: {
                method: 'elicitation/create',
                params: { mode: 'url', message: 'Sign in.', url: 'https://google.com\u2044evil.com/login' },
              },
            },
          },
          { serverName: 'Vault' },
        )}
        resume={async () => undefined}
      />,
    );
    expect(screen.getByText('This is not a valid web address, so it cannot be opened.')).toBeVisible();
    expect(screen.getByText('https://google.com\u2044evil.com/login')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Open/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
  });
});
