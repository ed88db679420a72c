import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpSource, InputRequestCard, type InputRequestSource } from '../../src/index.ts';
import { createTaskApi, type TaskApi, type TaskApiOptions } from '../../src/testing/index.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

/**
 * Fault injection on the resume and state paths, through the card a person uses: the real
 * `createHttpSource` over `fetch`, MSW at the HTTP edge, the testing kit's task (which honours
 * `Idempotency-Key` and refuses closed rounds with 409, expired ones with 410), on a fake clock.
 *
 * Each scenario: the person types, presses Accept, the fault happens, and the person does what
 * the card offers (Try again when it is enabled) until the card settles. Checked for every one:
 * - the task took this person's answer exactly once, or not at all when the round really closed
 *   without it (then the card says so, and the typed value is still on screen);
 * - at every moment the card tells the truth: "could not be sent" only while nothing arrived,
 *   "You answered"/"reached the server" only once it did, "not sent" only when it was not;
 * - every POST of the round carried the same `Idempotency-Key`.
 * The table of what the person saw is printed at the end.
 */

type PostFault =
  | 'ok'
  | 'lost'
  | 'drop'
  | 'hang'
  | 'hang-processed'
  | 'slow'
  | 'slow-processed'
  | 'html'
  | 'garbage-json'
  | 'json-ack-processed'
  | { status: number; retryAfter?: string; processed?: boolean };

type GetFault = 'ok' | 'http-500' | 'html' | 'drop';

interface Scenario {
  name: string;
  /** What happens to each POST, in order; later POSTs go through. */
  posts?: PostFault[];
  /** What happens to each GET, in order; later GETs go through. */
  gets?: GetFault[];
  options?: TaskApiOptions;
  /** The world changes (silently: only the next POST or poll learns it) before Accept. */
  before?: (api: TaskApi) => void;
  /** Replaces the source's resume for its first calls: rejections with non-Error values. */
  rejectFirstWith?: unknown;
  /** Between Accept and the person's next look: a reload, a second click, a second card. */
  during?: 'double-click' | 'remount' | 'reload' | 'second-card';
  /** Whether the task should end holding this person's answer. */
  delivered: 0 | 1;
  /** When nothing was delivered: how the card says the round ended (its `data-outcome`). */
  outcome?: 'expired' | 'expired-unconfirmed' | 'answered-elsewhere-first' | 'refused';
}

const RESUME_TIMEOUT_MS = 5_000;
const poll = { baseMs: 1_000, maxMs: 1_000 };

const scenarios: Scenario[] = [
  { name: 'no fault', delivered: 1 },
  { name: '500', posts: [{ status: 500 }], delivered: 1 },
  { name: '503', posts: [{ status: 503 }], delivered: 1 },
  { name: '503 with Retry-After: 3', posts: [{ status: 503, retryAfter: '3' }], delivered: 1 },
  { name: '429 with Retry-After: 2', posts: [{ status: 429, retryAfter: '2' }], delivered: 1 },
  { name: '503 twice', posts: [{ status: 503 }, { status: 503 }], delivered: 1 },
  { name: '502 from a gateway, not processed', posts: [{ status: 502 }], delivered: 1 },
  {
    name: '502 from a gateway, processed behind it',
    posts: [{ status: 502, processed: true }],
    delivered: 1,
  },
  { name: '504 from a gateway, not processed', posts: [{ status: 504 }], delivered: 1 },
  {
    name: '504 from a gateway, processed behind it',
    posts: [{ status: 504, processed: true }],
    delivered: 1,
  },
  { name: 'connection dropped before the server', posts: ['drop'], delivered: 1 },
  { name: 'response lost after processing', posts: ['lost'], delivered: 1 },
  { name: 'response lost, then a 503 on the retry', posts: ['lost', { status: 503 }], delivered: 1 },
  {
    name: 'response lost while the state path is down (the retry is dropped by its key)',
    posts: ['lost'],
    gets: ['ok', 'drop', 'drop', 'drop', 'drop'],
    delivered: 1,
  },
  { name: 'hung send, never processed (timeout)', posts: ['hang'], delivered: 1 },
  { name: 'hung send, processed (a reading settles it)', posts: ['hang-processed'], delivered: 1 },
  { name: 'slow response within the timeout', posts: ['slow'], delivered: 1 },
  { name: 'slow response, poll shows the outcome first', posts: ['slow-processed'], delivered: 1 },
  { name: '200 text/html (a sign-in page)', posts: ['html'], delivered: 1 },
  { name: '200 with a body that is no JSON', posts: ['garbage-json'], delivered: 1 },
  {
    name: '200 JSON acknowledgement with a status of its own ({ status: "accepted" }), processed',
    posts: ['json-ack-processed'],
    delivered: 1,
  },
  {
    name: '409: answered elsewhere, unseen',
    before: (api) => api.task.answerElsewhere(),
    delivered: 0,
    // Not "Nothing was sent from here": the answer was sent, and refused.
    outcome: 'answered-elsewhere-first',
  },
  {
    name: '410: expired, unseen',
    before: (api) => api.task.expire({ silently: true }),
    delivered: 0,
    // Not "Expired — nothing was sent.": the answer was sent, and refused as stale.
    outcome: 'refused',
  },
  {
    name: '409: task cancelled, unseen',
    before: (api) => api.task.cancel(),
    delivered: 0,
    // Not "Expired" under "The task was stopped.": the answer came after the round had closed.
    outcome: 'refused',
  },
  {
    name: 'deadline passes while the send hangs',
    options: { roundTtlMs: 3_000 },
    posts: ['hang'],
    delivered: 0,
    // The card cannot know the hung send was never processed: not "nothing was sent".
    outcome: 'expired-unconfirmed',
  },
  {
    name: 'double click while the send hangs',
    posts: ['hang-processed'],
    during: 'double-click',
    delivered: 1,
  },
  { name: 'two cards on the task, Accept in both', posts: ['slow'], during: 'second-card', delivered: 1 },
  { name: 'card remounted mid-submit', posts: ['hang-processed'], during: 'remount', delivered: 1 },
  { name: 'reload mid-submit, not processed', posts: ['hang'], during: 'reload', delivered: 1 },
  { name: 'reload mid-submit, processed', posts: ['hang-processed'], during: 'reload', delivered: 1 },
  { name: 'reload after the lost response', posts: ['lost'], during: 'reload', delivered: 1 },
  { name: 'resume rejects with undefined', rejectFirstWith: undefined, delivered: 1 },
  { name: 'resume rejects with null', rejectFirstWith: null, delivered: 1 },
  { name: 'resume rejects with a string', rejectFirstWith: 'nope', delivered: 1 },
  { name: 'resume rejects with a number', rejectFirstWith: 42, delivered: 1 },
  { name: 'state read fails with 500', gets: ['http-500', 'http-500'], delivered: 1 },
  { name: 'state read returns HTML', gets: ['html', 'html'], delivered: 1 },
  { name: 'state read connection dropped', gets: ['drop', 'drop'], delivered: 1 },
];

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

/** The figures for the README, printed once at the end. */
const table: string[] = [];
let totals = { scenarios: 0, posts: 0, delivered: 0, duplicatesDropped: 0, lost: 0, duplicated: 0 };
afterAll(() => {
  console.log(
    `fault scenarios: ${totals.scenarios} through the card (${totals.posts} POSTs; ${totals.duplicatesDropped} repeats dropped by Idempotency-Key); answers lost ${totals.lost}, duplicated ${totals.duplicated}\n${table.join('\n')}`,
  );
  totals = { scenarios: 0, posts: 0, delivered: 0, duplicatesDropped: 0, lost: 0, duplicated: 0 };
});

function newClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

function Harness({ children, client }: { children: ReactNode; client: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const SETTLED = new Set(['answered', 'completed', 'expired', 'answered-elsewhere', 'cancelled', 'failed']);
const cards = () =>
  screen.queryAllByRole('article', { name: / (is asking|asked)$|^Task from a tool$|^Task from / });

async function run(scenario: Scenario) {
  const api = createTaskApi({ serverName: 'Mailer', toolName: 'send_report', ...scenario.options });
  const keys: (string | null)[] = [];
  /** Requests a reload kills: the browser drops them with the page. */
  const hanging = new Set<(response: Response) => void>();
  const posts = [...(scenario.posts ?? [])];
  const gets = [...(scenario.gets ?? [])];
  const accepted = () => api.task.received.filter((received) => received.outcome === 'accepted').length;
  server.use(
    http.get(api.stateUrl, () => {
      const fault = gets.shift();
      if (fault === 'http-500') return HttpResponse.json({ error: 'down' }, { status: 500 });
      if (fault === 'html') return HttpResponse.html('<html><body>Sign in</body></html>');
      if (fault === 'drop') return HttpResponse.error();
      return undefined;
    }),
    http.post(api.resumeUrl, async ({ request }) => {
      const fault = posts.shift() ?? 'ok';
      const key = request.headers.get('idempotency-key');
      keys.push(key);
      const body = (await request.clone().json()) as { inputResponses: never; suspendedAt: string };
      const process = () => api.task.resume(body.inputResponses, body.suspendedAt, key ?? undefined);
      const hang = () =>
        new Promise<Response>((resolve) => {
          hanging.add(resolve);
          request.signal.addEventListener('abort', () => resolve(HttpResponse.error()));
        });
      if (fault === 'ok') return undefined;
      if (fault === 'lost') {
        process();
        return HttpResponse.error();
      }
      if (fault === 'drop') return HttpResponse.error();
      if (fault === 'hang') return hang();
      if (fault === 'hang-processed') {
        process();
        return hang();
      }
      if (fault === 'slow' || fault === 'slow-processed') {
        if (fault === 'slow-processed') process();
        await delay(3_000);
        if (fault === 'slow-processed') return new HttpResponse(null, { status: 202 });
        return undefined;
      }
      if (fault === 'html') return HttpResponse.html('<html><body>Please sign in</body></html>');
      if (fault === 'json-ack-processed') {
        // A backend's own receipt, not a task state: it took the answer.
        process();
        return HttpResponse.json({ status: 'accepted', id: 'receipt-1' });
      }
      if (fault === 'garbage-json') {
        return new HttpResponse('{"status": "work', { headers: { 'content-type': 'application/json' } });
      }
      if (fault.processed) process();
      return HttpResponse.json(
        { error: 'fault' },
        { status: fault.status, headers: fault.retryAfter ? { 'retry-after': fault.retryAfter } : {} },
      );
    }),
    ...api.handlers,
  );
  let source: InputRequestSource = api.source;
  let page = 0;
  const httpSource = () =>
    createHttpSource({
      stateUrl: api.stateUrl,
      resumeUrl: api.resumeUrl,
      // A new page has its own sessions: a reload shares nothing with the page before but
      // sessionStorage (drafts and the ledger of sent rounds).
      queryKey: ['faults', scenario.name, page++],
      resumeTimeoutMs: RESUME_TIMEOUT_MS,
    });
  if ('rejectFirstWith' in scenario) {
    let rejections = 1;
    source = {
      ...api.source,
      resume: (responses, context) => {
        if (rejections-- > 0) return Promise.reject(scenario.rejectFirstWith);
        return api.source.resume(responses, context);
      },
    };
  } else {
    source = httpSource();
  }
  const mountCard = (client = newClient()) =>
    render(
      <Harness client={client}>
        <InputRequestCard source={source} poll={poll} />
      </Harness>,
    );

  const user = fakeTimeUser();
  let view = mountCard();
  await advance();
  if (scenario.during === 'second-card') mountCard();
  await advance();
  const [first] = cards();
  if (!first) throw new Error(`${scenario.name}: no card`);
  const note = () => screen.queryAllByRole('textbox', { name: /Note/ })[0] as HTMLInputElement | undefined;
  // A state path that fails first: the card says so and reads again on its poll.
  for (let wait = 0; wait < 10 && !note(); wait++) await advance(1_000);
  await user.type(note() as HTMLInputElement, 'Ship it');
  scenario.before?.(api);
  await user.click(screen.getAllByRole('button', { name: 'Accept' })[0] as HTMLElement);
  await advance();

  if (scenario.during === 'double-click') {
    for (const button of screen.queryAllByRole('button', { name: /Accept|Try again/ }))
      await user.click(button);
  }
  if (scenario.during === 'second-card') {
    const second = screen.queryAllByRole('button', { name: 'Accept' })[1];
    if (second) await user.click(second);
  }
  if (scenario.during === 'remount') {
    await advance(RESUME_TIMEOUT_MS / 2);
    view.unmount();
    view = mountCard();
    await advance();
  }
  if (scenario.during === 'reload') {
    await advance(RESUME_TIMEOUT_MS / 2);
    view.unmount();
    for (const kill of hanging) kill(HttpResponse.error());
    await advance();
    source = httpSource();
    view = mountCard();
    await advance();
  }

  const seen: string[] = [];
  const look = () => {
    const card = cards()[0];
    const state = card?.getAttribute('data-state') ?? 'none';
    const alert = screen.queryAllByRole('alert')[0]?.textContent ?? '';
    const said = `${state}${alert ? `: ${alert.replace(/Details.*$/s, '').trim()}` : ''}`;
    if (seen.at(-1) !== said) seen.push(said);
    // The truth at this moment.
    if (/could not be sent/.test(alert)) expect(accepted(), `${scenario.name}: "could not be sent"`).toBe(0);
    if (/reached the server|You answered/.test(card?.textContent ?? '')) {
      expect(accepted(), `${scenario.name}: says it arrived`).toBe(1);
    }
    if (/not sent|Nothing was sent/.test(card?.textContent ?? '')) {
      expect(accepted(), `${scenario.name}: says not sent`).toBe(0);
    }
    return state;
  };

  for (let step = 0; step < 40; step++) {
    const state = look();
    if (SETTLED.has(state)) break;
    const retry = screen.queryAllByRole('button', { name: 'Try again' })[0];
    if (retry && !(retry as HTMLButtonElement).disabled) {
      await user.click(retry);
      await advance();
      continue;
    }
    // After a reload mid-send: the notice, and the form refilled from the draft, with Accept.
    const accept = screen.queryAllByRole('button', { name: 'Accept' })[0] as HTMLButtonElement | undefined;
    if (!retry && accept && !accept.disabled && screen.queryAllByRole('alert').length > 0) {
      expect(note()?.value, `${scenario.name}: the draft after a reload`).toBe('Ship it');
      await user.click(accept);
      await advance();
      continue;
    }
    await advance(1_000);
  }
  const final = look();
  const card = cards()[0];

  // Exactly once, or not at all when the round closed without it.
  expect(accepted(), `${scenario.name}: deliveries (${seen.join(' → ')})`).toBe(scenario.delivered);
  expect(SETTLED.has(final), `${scenario.name}: settles (${seen.join(' → ')})`).toBe(true);
  if (scenario.delivered === 0) {
    // Nothing typed is lost: the card says truly how the round closed and that nothing was sent,
    // and the value is still on screen, read-only, to copy elsewhere, whatever the task did next.
    expect(card?.getAttribute('data-outcome'), `${scenario.name}: outcome`).toBe(scenario.outcome);
    // (After a send it could not confirm, the card cannot know: it says so instead.)
    expect(card?.textContent).toMatch(/not sent|nothing was sent|not used|not known whether/i);
    expect(note()?.value, `${scenario.name}: the typed value`).toBe('Ship it');
    expect(note()?.readOnly, `${scenario.name}: read-only`).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy answers' })).toBeEnabled();
  } else if (scenario.during === 'reload' && final === 'completed' && !card?.hasAttribute('data-outcome')) {
    // The task finished before the page came back: the new page never saw the round, and shows
    // the task's result; it claims nothing about a send it did not see.
    expect(card?.textContent).not.toMatch(/not sent|Nothing was sent|could not/);
  } else {
    expect(card?.getAttribute('data-outcome'), `${scenario.name}: outcome`).toBe('accepted');
  }
  // One key for every POST of the round.
  const sentKeys = new Set(keys);
  if (keys.length > 0) {
    expect(sentKeys.size, `${scenario.name}: keys ${keys.join(', ')}`).toBe(1);
    expect(keys[0]).toMatch(/\S{16,}/);
  }
  totals.scenarios++;
  totals.posts += keys.length;
  totals.delivered += accepted();
  totals.duplicatesDropped += api.task.duplicates.length;
  if (scenario.delivered === 1 && accepted() === 0) totals.lost++;
  if (accepted() > 1) totals.duplicated += accepted() - 1;
  table.push(
    `  ${scenario.name}: ${seen.join(' → ')} [outcome ${card?.getAttribute('data-outcome')}; ${keys.length} POST, delivered ${accepted()}]`,
  );
  view.unmount();
}

describe('fault injection through the card: exactly once, nothing typed lost, the truth on screen', () => {
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', async (_name, scenario) => {
    await run(scenario);
  });
});
