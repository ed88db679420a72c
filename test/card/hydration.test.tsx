import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { draftKey } from '../../src/core/draft.ts';
import type * as Library from '../../src/index.ts';
import {
  createHttpSource,
  createStorageDraftStore,
  createStorageLedger,
  InputRequestCard,
  type InputRequestState,
  inputRequestQueryOptions,
} from '../../src/index.ts';
import { formRound } from '../fixtures/suspensions.ts';
import { pageArrivingAt } from '../support/navigation.ts';

// A server render has no sessionStorage: it shows the reading alone. The tab that hydrates it
// remembers more (rounds it sent, half-typed drafts). Hydration must match the server's HTML first
// and show the tab's memory right after, never with a mismatch that throws the HTML away.

/** What each test hydrated, unmounted after it (inside `act`, in the realm that made it). */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  sessionStorage.clear();
});

const round = formRound(
  { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
  'Anything to add?',
  { serverName: 'Mailer', id: 'hydration-round' },
);

/**
 * Server HTML from `server`, hydrated in a fresh module realm (the browser's) with `client`, which
 * gets the entry `browser.load` imports there (the React one unless given); `browser.before` runs
 * between the two (e.g. to move the process to the reader's time zone).
 */
async function hydrate<Entry = typeof Library>(
  server: ReactElement,
  client: (entry: Entry) => ReactElement,
  browser: { load?: () => Promise<Entry>; before?: () => void } = {},
) {
  // A server has no window (the card scopes its sessions by request there).
  const page = Object.getOwnPropertyDescriptor(globalThis, 'window');
  Object.defineProperty(globalThis, 'window', { value: undefined, configurable: true });
  let html: string;
  try {
    html = renderToString(server);
  } finally {
    if (page) Object.defineProperty(globalThis, 'window', page);
  }
  browser.before?.();
  // The browser is another JavaScript realm: nothing of the server render's modules is shared.
  vi.resetModules();
  const { act } = await import('react');
  const { hydrateRoot } = await import('react-dom/client');
  const library = await (browser.load ?? (() => import('../../src/index.ts') as Promise<Entry>))();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  actFlag.IS_REACT_ACT_ENVIRONMENT = true;
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, client(library), {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
  cleanups.push(async () => {
    await act(async () => root?.unmount());
    container.remove();
  });
  return { html, container, recoverable, card: () => container.querySelector('article') };
}

/** A followed task whose state the host's QueryClient holds (dehydrated on the server). */
function cached(
  library: Pick<typeof Library, 'createHttpSource' | 'inputRequestQueryOptions'>,
  id: string,
  state: InputRequestState,
) {
  const source = library.createHttpSource({
    stateUrl: `https://tasks.example/${id}`,
    resumeUrl: `https://tasks.example/${id}/resume`,
    fetch: async () => Response.json(state),
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(library.inputRequestQueryOptions(source).queryKey, state);
  return { source, queryClient };
}

it('hydrates a card whose round this tab already sent: the server’s form first, then answered', async () => {
  const resume = vi.fn(async () => undefined);
  createStorageLedger().set({
    roundId: round.id,
    idempotencyKey: 'key-1',
    status: 'sent',
    answers: { details: { action: 'accept', content: { note: 'Ship it' } } },
    at: Date.now(),
  });
  const { html, recoverable, card } = await hydrate(
    <InputRequestCard suspension={round} resume={resume} ledger={false} />,
    (library) => <library.InputRequestCard suspension={round} resume={resume} />,
  );
  expect(html).toContain('data-state="input-required"');
  expect(recoverable).toEqual([]);
  expect(card()).toHaveAttribute('data-state', 'answered');
  expect(resume).not.toHaveBeenCalled();
});

it('hydrates a finished task whose receipt this tab keeps: the result first, then the receipt', async () => {
  const completed: InputRequestState = { status: 'completed', result: 'Sent.' };
  const server = cached({ createHttpSource, inputRequestQueryOptions }, 'report-1', completed);
  createStorageLedger().set({
    roundId: round.id,
    idempotencyKey: 'key-2',
    status: 'sent',
    answers: { details: { action: 'accept', content: { note: 'Ship it' } } },
    at: Date.now(),
    task: JSON.stringify(inputRequestQueryOptions(server.source).queryKey),
    round,
  });
  // The ledger keeps the round itself when the page is idle.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { html, recoverable, card } = await hydrate(
    <InputRequestCard source={server.source} queryClient={server.queryClient} ledger={false} />,
    (library) => {
      const client = cached(library, 'report-1', completed);
      return <library.InputRequestCard source={client.source} queryClient={client.queryClient} />;
    },
  );
  expect(html).not.toContain('data-outcome');
  expect(recoverable).toEqual([]);
  expect(card()).toHaveAttribute('data-outcome', 'accepted');
  expect(card()).toHaveTextContent('Sent.');
});

it('hydrates an open round with a draft this tab kept, and the draft shows', async () => {
  const open: InputRequestState = { status: 'input-required', suspension: round };
  const server = cached({ createHttpSource, inputRequestQueryOptions }, 'report-2', open);
  createStorageDraftStore().save(draftKey(round.id, 'details'), { note: 'Half-typed' });
  const { recoverable, container } = await hydrate(
    <InputRequestCard source={server.source} queryClient={server.queryClient} drafts={false} />,
    (library) => {
      const client = cached(library, 'report-2', open);
      return <library.InputRequestCard source={client.source} queryClient={client.queryClient} />;
    },
  );
  expect(recoverable).toEqual([]);
  expect(container.querySelector('input')).toHaveValue('Half-typed');
});

it('hydrates a step-by-step form this tab left on its third step: the first step first, then the third', async () => {
  const three = formRound(
    {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name' },
        city: { type: 'string', title: 'City' },
        note: { type: 'string', title: 'Note' },
      },
    },
    'Who is coming?',
    { serverName: 'Mailer', id: 'hydration-steps' },
  );
  createStorageDraftStore().save(`${draftKey(three.id, 'details')}/step`, { step: '2' });
  const { html, recoverable, container } = await hydrate(
    <InputRequestCard suspension={three} resume={async () => undefined} layout="steps" />,
    (library) => (
      <library.InputRequestCard
        suspension={three}
        resume={async () => undefined}
        layout="steps"
        drafts={library.createStorageDraftStore()}
      />
    ),
  );
  expect(html).toContain('Step 1 of 3');
  expect(recoverable).toEqual([]);
  const shown = container.querySelector('fieldset[data-part="step"]:not([hidden]) legend');
  expect(shown).toHaveTextContent('Step 3 of 3');
  // Opening where the person was is no move of theirs: focus stays where the page has it.
  expect(container.contains(document.activeElement)).toBe(false);
});

it('hydrates a round with a deadline though a minute passed since the server rendered it', async () => {
  const resume = vi.fn(async () => undefined);
  const deadline = Date.now() + 3 * 60_000 + 30_000;
  const server = Date.now();
  const realNow = Date.now;
  try {
    // The server renders with 3 minutes left; the page hydrates 61 s later, with 2.
    Date.now = () => server;
    const view = hydrate(
      <InputRequestCard suspension={round} resume={resume} deadline={deadline} ledger={false} />,
      (library) => {
        Date.now = () => server + 61_000;
        return <library.InputRequestCard suspension={round} resume={resume} deadline={deadline} />;
      },
    );
    const { recoverable, card } = await view;
    expect(recoverable).toEqual([]);
    expect(card()).toHaveTextContent('2 minutes left to answer.');
  } finally {
    Date.now = realNow;
  }
});

/**
 * A round with a deadline `deadlineAfter` ms after the server rendered it: the HTML arrives 300 ms
 * after the render (the navigation's responseStart), and the page hydrates 5 s after the render.
 */
async function hydrateWithDeadline(deadlineAfter: number) {
  const resume = vi.fn(async () => undefined);
  const server = Date.now();
  const deadline = server + deadlineAfter;
  const realNow = Date.now;
  const navigation = pageArrivingAt(server + 300);
  try {
    Date.now = () => server;
    const view = await hydrate(
      <InputRequestCard suspension={round} resume={resume} deadline={deadline} ledger={false} />,
      (library) => {
        Date.now = () => server + 5_000;
        return <library.InputRequestCard suspension={round} resume={resume} deadline={deadline} />;
      },
    );
    return { ...view, resume };
  } finally {
    Date.now = realNow;
    navigation.mockRestore();
  }
}

it('hydrates a round whose deadline passed while the page loaded: the open form first, then expired', async () => {
  const { html, recoverable, card, resume } = await hydrateWithDeadline(2_000);
  expect(html).toContain('data-state="input-required"');
  expect(recoverable).toEqual([]);
  expect(card()).toHaveAttribute('data-state', 'expired');
  expect(resume).not.toHaveBeenCalled();
});

it('hydrates a round that had expired before the server rendered it as expired', async () => {
  const { html, recoverable, card } = await hydrateWithDeadline(-1_000);
  expect(html).toContain('data-state="expired"');
  expect(recoverable).toEqual([]);
  expect(card()).toHaveAttribute('data-state', 'expired');
});

it('hydrates one round shown twice on a page', async () => {
  const resume = vi.fn(async () => undefined);
  const { recoverable, container } = await hydrate(
    <>
      <InputRequestCard suspension={round} resume={resume} ledger={false} />
      <InputRequestCard suspension={round} resume={resume} ledger={false} />
    </>,
    (library) => (
      <>
        <library.InputRequestCard suspension={round} resume={resume} />
        <library.InputRequestCard suspension={round} resume={resume} />
      </>
    ),
  );
  expect(recoverable).toEqual([]);
  expect(container.querySelectorAll('article')).toHaveLength(2);
});

it('hydrates an AI SDK summary with a date-time answer in another time zone than the server’s, without a mismatch', async () => {
  const part = {
    type: 'data-input-request',
    id: 'req-tz',
    data: {
      requestId: 'req-tz',
      chatId: 'chat-tz',
      serverName: 'Calendar',
      request: {
        method: 'elicitation/create',
        params: {
          message: 'When does it start?',
          requestedSchema: {
            type: 'object',
            properties: { when: { type: 'string', format: 'date-time', title: 'Starts at' } },
          },
        },
      },
      status: 'answered',
      createdAt: '2026-05-04T16:00:00.000Z',
      expiresAt: '2026-05-04T16:10:00.000Z',
      answer: { action: 'accept', content: { when: '2026-05-04T09:30:00-07:00' } },
    },
  };
  const zone = process.env.TZ;
  try {
    // The server renders in UTC; the reader is in Los Angeles.
    process.env.TZ = 'UTC';
    const server = await import('../../src/ai-sdk/index.ts');
    const { html, container, recoverable } = await hydrate(
      <server.InputRequestPart part={part as never} />,
      (ai) => <ai.InputRequestPart part={part as never} />,
      {
        load: () => import('../../src/ai-sdk/index.ts'),
        before: () => {
          process.env.TZ = 'America/Los_Angeles';
        },
      },
    );
    // The server shows the time as written, which is what the person typed: no server's zone in it.
    expect(html).toContain('May 4, 2026 at 9:30');
    expect(recoverable).toEqual([]);
    expect(container.querySelector('[data-part="answer"]')?.textContent).toContain('May 4, 2026 at 9:30');
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});
