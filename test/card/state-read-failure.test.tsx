import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createHttpSource,
  germanMessages,
  InputRequestCard,
  type InputRequestMessages,
  type InputRequestSource,
  type InputRequestState,
  parseSuspension,
} from '../../src/index.ts';
import { createTaskApi, createTestSource } from '../../src/testing/index.ts';
import { advance, useFakeTime, useRealTime } from '../support/fake-time.ts';

/**
 * A read of the task's state that fails, through the real `createHttpSource` and MSW: the status
 * line says why, because "Could not reach the server" over a 404 or a sign-in page sends a person
 * (or their admin) to check the wrong thing. Each keeps trying, and the question opens once the
 * server answers with a state.
 */

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useFakeTime();
  sessionStorage.clear();
});
afterEach(() => {
  server.resetHandlers();
  useRealTime();
});
afterAll(() => server.close());

const poll = { baseMs: 1_000, maxMs: 1_000 };

function Harness({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

type Fault = () => Response;

const faults: [name: string, fault: Fault, english: string, german: string][] = [
  [
    'a 404 (a wrong URL)',
    () => HttpResponse.json({ error: 'not found' }, { status: 404 }),
    'Could not get the task’s state: the server refused (error 404). Trying again…',
    'Der Stand der Aufgabe konnte nicht abgerufen werden: Der Server hat die Anfrage abgelehnt (Fehler 404). Neuer Versuch läuft…',
  ],
  [
    'a 503',
    () => HttpResponse.json({ error: 'down' }, { status: 503 }),
    'Could not get the task’s state: the server had a problem (error 503). Trying again…',
    'Der Stand der Aufgabe konnte nicht abgerufen werden: Der Server hatte ein Problem (Fehler 503). Neuer Versuch läuft…',
  ],
  [
    'an HTML page (a sign-in page)',
    () => HttpResponse.html('<html><body>Please sign in</body></html>'),
    'Could not get the task’s state: the server sent a reply this app cannot read. Trying again…',
    'Der Stand der Aufgabe konnte nicht abgerufen werden: Der Server hat eine Rückmeldung gesendet, die diese App nicht lesen kann. Neuer Versuch läuft…',
  ],
  [
    'no answer at all (connection refused)',
    () => HttpResponse.error(),
    'Could not reach the server. Trying again…',
    'Der Server ist nicht erreichbar. Neuer Versuch läuft…',
  ],
];

async function mountFailing(fault: Fault, messages?: Partial<InputRequestMessages>) {
  const api = createTaskApi({ serverName: 'Mailer', toolName: 'send_report' });
  let failing = true;
  server.use(
    http.get(api.stateUrl, () => (failing ? fault() : undefined)),
    ...api.handlers,
  );
  const source = createHttpSource({ stateUrl: api.stateUrl, resumeUrl: api.resumeUrl });
  render(
    <Harness>
      <InputRequestCard source={source} poll={poll} {...(messages ? { messages } : {})} />
    </Harness>,
  );
  await advance(100);
  return {
    recover: () => {
      failing = false;
    },
  };
}

describe('a failed read of the task state says why', () => {
  it.each(faults)('%s', async (_name, fault, english) => {
    const { recover } = await mountFailing(fault);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(english);
    // Seen too, in place of "Loading the question…", with no clock that counts nothing.
    expect(screen.getByText(english, { selector: '[data-part="read-failure"]' })).toBeVisible();
    expect(screen.queryByText('Loading the question…', { selector: 'p' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Working…/)).not.toBeInTheDocument();
    // Still trying: the next poll fails the same way and says the same.
    await advance(poll.baseMs);
    expect(status).toHaveTextContent(english);
    recover();
    await advance(poll.baseMs);
    expect(status).not.toHaveTextContent('Trying again');
    expect(await screen.findByRole('textbox', { name: /Recipient/ })).toBeInTheDocument();
  });

  it("says so at the first failed try, while the QueryClient's own retries still run", async () => {
    const api = createTaskApi({ serverName: 'Mailer', toolName: 'send_report' });
    let reads = 0;
    server.use(
      http.get(api.stateUrl, () => {
        reads += 1;
        return HttpResponse.json({ error: 'not found' }, { status: 404 });
      }),
    );
    const source = createHttpSource({ stateUrl: api.stateUrl, resumeUrl: api.resumeUrl });
    // TanStack's defaults: three retries, 1, 2 and 4 seconds apart.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <InputRequestCard source={source} poll={poll} />
      </QueryClientProvider>,
    );
    await advance(100);
    expect(reads).toBe(1);
    const said = 'Could not get the task’s state: the server refused (error 404). Trying again…';
    expect(screen.getByRole('status')).toHaveTextContent(said);
    expect(screen.getByText(said, { selector: '[data-part="read-failure"]' })).toBeVisible();
    await advance(1_000);
    expect(reads).toBe(2);
    expect(screen.getByRole('status')).toHaveTextContent(said);
  });

  it('says so under a question already open, which stays as it is, typing and all', async () => {
    const api = createTaskApi({ serverName: 'Mailer', toolName: 'send_report' });
    let failing = false;
    server.use(
      http.get(api.stateUrl, () =>
        failing ? HttpResponse.json({ error: 'down' }, { status: 503 }) : undefined,
      ),
      ...api.handlers,
    );
    render(
      <Harness>
        <InputRequestCard
          source={createHttpSource({ stateUrl: api.stateUrl, resumeUrl: api.resumeUrl })}
          poll={poll}
        />
      </Harness>,
    );
    await advance(100);
    const note = await screen.findByRole('textbox', { name: /Note/ });
    note.focus();
    failing = true;
    await advance(poll.baseMs);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Could not get the task’s state: the server had a problem (error 503). Trying again…',
    );
    // Seen above the question, not only heard; gone once a read succeeds.
    const seen = screen.getByText(
      'Could not get the task’s state: the server had a problem (error 503). Trying again…',
      { selector: '[data-part="read-failure"]' },
    );
    expect(seen).toBeVisible();
    expect(note).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    failing = false;
    await advance(10 * poll.baseMs);
    expect(seen).not.toBeInTheDocument();
  });

  it('says so while the task works too, where the clock would otherwise tick on as if all were well', async () => {
    const { source } = createTestSource({ serverName: 'Mailer', startWorking: true });
    let reads = 0;
    let failing = false;
    const flaky: InputRequestSource = {
      ...source,
      fetchState: (signal) => {
        reads++;
        return failing
          ? Promise.reject(Object.assign(new Error('HTTP 503'), { status: 503 }))
          : source.fetchState(signal);
      },
    };
    render(
      <Harness>
        <InputRequestCard source={flaky} poll={poll} />
      </Harness>,
    );
    await advance(100);
    expect(screen.getByRole('article')).toHaveAttribute('data-state', 'working');
    failing = true;
    await advance(poll.baseMs);
    expect(reads).toBeGreaterThan(1);
    const words = 'Could not get the task’s state: the server had a problem (error 503). Trying again…';
    expect(screen.getByText(words, { selector: '[data-part="read-failure"]' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(words);
    failing = false;
    await advance(10 * poll.baseMs);
    expect(screen.queryByText(words, { selector: '[data-part="read-failure"]' })).not.toBeInTheDocument();
  });

  it('does not ask the person to wait for a Retry-After: the card tries again on its own clock', async () => {
    const { source } = createTestSource({ serverName: 'Mailer' });
    let reads = 0;
    const waiting: InputRequestSource = {
      ...source,
      fetchState: (signal) =>
        reads++ === 0
          ? source.fetchState(signal)
          : Promise.reject(Object.assign(new Error('HTTP 503'), { status: 503, retryAfterMs: 30_000 })),
    };
    render(
      <Harness>
        <InputRequestCard source={waiting} poll={poll} />
      </Harness>,
    );
    await advance(100);
    await advance(poll.baseMs);
    expect(reads).toBeGreaterThan(1);
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Could not get the task’s state: the server had a problem \(error 503\)\. Trying again…$/,
    );
  });

  it.each(faults)('in German: %s', async (_name, fault, _english, german) => {
    await mountFailing(fault, germanMessages);
    expect(screen.getByRole('status')).toHaveTextContent(german);
  });
});

describe('a source of your own that resolves a state the card cannot read', () => {
  // A developer's mistake: the card says the read failed (not that the server is unreachable) and
  // goes on trying, the error names the fix, and the question opens once the source is fixed.
  const wire = {
    resultType: 'input_required',
    inputRequests: {
      note: {
        method: 'elicitation/create',
        params: {
          message: 'Add a note',
          requestedSchema: { type: 'object', properties: { note: { type: 'string', title: 'Note' } } },
        },
      },
    },
  };
  it.each([
    ["MCP's spelling of the status", { status: 'input_required' }],
    ['a wire as the round', { status: 'input-required', suspension: wire }],
  ])('%s: the read fails, never "Loading the question…" for ever', async (name, reading) => {
    let fixed = false;
    const source: InputRequestSource = {
      queryKey: ['own-source', name],
      fetchState: async () =>
        (fixed
          ? { status: 'input-required', suspension: parseSuspension(wire, { id: 'own-1' }) }
          : { ...reading }) as InputRequestState,
      resume: async () => undefined,
    };
    render(
      <Harness>
        <InputRequestCard source={source} poll={poll} />
      </Harness>,
    );
    await advance(100);
    const words = 'Could not get the task’s state: something went wrong. Trying again…';
    expect(screen.getByText(words, { selector: '[data-part="read-failure"]' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(words);
    expect(screen.queryByText('Loading the question…', { selector: 'p' })).not.toBeInTheDocument();
    await advance(poll.baseMs);
    expect(screen.getByRole('status')).toHaveTextContent(words);
    fixed = true;
    await advance(poll.baseMs);
    expect(await screen.findByRole('textbox', { name: /Note/ })).toBeInTheDocument();
    expect(screen.queryByText(words)).not.toBeInTheDocument();
  });
});
