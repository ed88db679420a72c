/**
 * `input-request-cards/testing`: a scripted background-task API for tests and stories —
 * MSW handlers at the HTTP edge, and an in-memory source for hook tests.
 */
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { createHttpSource, readHttpTaskState } from '../adapters/http.js';
import type { InputResponses } from '../core/model.js';
import type { InputRequestSource } from '../core/source.js';
import { StaleRoundError } from '../core/source.js';
import { approveRound, followUpRound, TaskModel, type TaskScriptOptions } from './taskModel.js';

export type { ReceivedResume, ResumeOutcome, ScriptedRound, TaskScriptOptions } from './taskModel.js';
export { approveRound, followUpRound, TaskModel } from './taskModel.js';

/** Named scenarios: the races users report, ready to use. */
export type TaskScenario =
  | 'asks-once'
  | 'asks-twice'
  | 'answered-elsewhere'
  | 'expires'
  | 'resume-fails'
  | 'busy-wait'
  | 'response-lost'
  | 'slow-network';

/** Options of {@link createTaskApi}. */
export interface TaskApiOptions extends TaskScriptOptions {
  /** A preset; explicit options win over it. */
  scenario?: TaskScenario;
  /** Where the fake API lives. @default 'https://tasks.example.test' */
  baseUrl?: string;
  /** Delay of every response, for slow-network stories. @default 0 */
  latencyMs?: number;
}

/** What {@link createTaskApi} returns. */
export interface TaskApi {
  /** MSW handlers for `GET {baseUrl}/background-tasks/:id`, `POST …/resume` and `POST …/cancel`. */
  handlers: HttpHandler[];
  /** A source bound to these endpoints through the real `fetch` path. */
  source: InputRequestSource;
  /** The scripted task: control it (`ask`, `answerElsewhere`, `expire`, `complete`, …) and read what it received. */
  task: TaskModel;
  stateUrl: string;
  resumeUrl: string;
  /** `POST` here stops the task (`task.cancel()`); the source offers "Stop task". */
  cancelUrl: string;
}

const SCENARIOS: Record<TaskScenario, Partial<TaskApiOptions>> = {
  'asks-once': {},
  'asks-twice': { rounds: [approveRound, followUpRound] },
  'answered-elsewhere': { answeredElsewhereAfterReads: 2 },
  expires: { roundTtlMs: 1500 },
  'resume-fails': { resumeFailures: 2 },
  'busy-wait': { resumeFailures: 1, retryAfterSeconds: 3 },
  'response-lost': { lostResponses: 1 },
  'slow-network': { latencyMs: 800 },
};

/**
 * A fake background-task API for MSW: a scripted task behind `GET /background-tasks/:id` and
 * `POST /background-tasks/:id/resume` (`{ inputResponses, suspendedAt }`; 409/410 when stale).
 * Use `handlers` with `setupServer`/`setupWorker` (or msw-storybook-addon), and `source` with
 * the card.
 *
 * @example
 * ```tsx
 * const api = createTaskApi({ scenario: 'asks-twice', serverName: 'Mailer' });
 * server.use(...api.handlers);
 * render(<QueryClientProvider client={new QueryClient()}><InputRequestCard source={api.source} /></QueryClientProvider>);
 * // …answer, then:
 * expect(api.task.received[0].inputResponses).toEqual({ approval: { action: 'accept', content: { … } } });
 * ```
 */
export function createTaskApi(options: TaskApiOptions = {}): TaskApi {
  const preset = options.scenario ? SCENARIOS[options.scenario] : {};
  const merged: TaskApiOptions = { ...preset, ...options };
  const task = new TaskModel(merged);
  const baseUrl = (merged.baseUrl ?? 'https://tasks.example.test').replace(/\/$/, '');
  const stateUrl = `${baseUrl}/background-tasks/${encodeURIComponent(task.taskId)}`;
  const resumeUrl = `${stateUrl}/resume`;
  const cancelUrl = `${stateUrl}/cancel`;
  const latency = merged.latencyMs ?? 0;
  const wait = () => (latency > 0 ? delay(latency) : Promise.resolve());

  const handlers = [
    http.get(stateUrl, async () => {
      const body = task.read();
      await wait();
      return HttpResponse.json(body);
    }),
    http.post(resumeUrl, async ({ request }) => {
      const body = (await request.json()) as { inputResponses?: InputResponses; suspendedAt?: string };
      const outcome = task.resume(
        body.inputResponses ?? {},
        body.suspendedAt,
        request.headers.get('idempotency-key') ?? undefined,
      );
      await wait();
      // The task took the answer; the connection drops before the client hears it.
      if (outcome.responseLost) return HttpResponse.error();
      if (outcome.status === 202) return new HttpResponse(null, { status: 202 });
      const headers =
        outcome.retryAfterSeconds === undefined
          ? undefined
          : { 'Retry-After': String(outcome.retryAfterSeconds) };
      const error =
        outcome.status === 409
          ? 'This round is no longer open.'
          : outcome.status === 410
            ? 'This round expired.'
            : 'Try again later.';
      return HttpResponse.json({ error }, { status: outcome.status, ...(headers ? { headers } : {}) });
    }),
    http.post(cancelUrl, async () => {
      task.cancel();
      await wait();
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return {
    handlers,
    source: createHttpSource({
      stateUrl,
      resumeUrl,
      cancelUrl,
      queryKey: ['input-request-cards', 'test-task', stateUrl],
    }),
    task,
    stateUrl,
    resumeUrl,
    cancelUrl,
  };
}

/**
 * A source on an in-memory scripted task, with no network at all: for hook tests and hosts
 * without MSW. The same {@link TaskModel} behaviour as {@link createTaskApi}.
 *
 * @example
 * ```ts
 * const { source, task } = createTestSource({ rounds: [approveRound] });
 * const { result } = renderHook(() => useInputRequest(source), { wrapper });
 * task.answerElsewhere();
 * ```
 */
export function createTestSource(options: TaskScriptOptions = {}): {
  source: InputRequestSource;
  task: TaskModel;
} {
  const task = new TaskModel(options);
  const source: InputRequestSource = {
    queryKey: ['input-request-cards', 'memory-task', task.taskId, Math.random()],
    fetchState: async (signal) => {
      signal.throwIfAborted();
      return readHttpTaskState(task.read());
    },
    resume: async (responses, { suspension, signal, idempotencyKey }) => {
      signal.throwIfAborted();
      const outcome = task.resume(responses, suspension.createdAt, idempotencyKey);
      // What fetch throws when the connection drops: the answer may have arrived.
      if (outcome.responseLost) throw new TypeError('Failed to fetch');
      if (outcome.status === 409 || outcome.status === 410)
        throw new StaleRoundError(undefined, outcome.status);
      if (outcome.status >= 400)
        throw Object.assign(
          new Error(`input-request-cards: the test task answered HTTP ${outcome.status}.`),
          {
            status: outcome.status,
            ...(outcome.retryAfterSeconds === undefined
              ? {}
              : { retryAfterMs: outcome.retryAfterSeconds * 1000 }),
          },
        );
      return undefined;
    },
  };
  return { source, task };
}
