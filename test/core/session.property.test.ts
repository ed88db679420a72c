// @vitest-environment node
/**
 * Random event orders for the session (fast-check, seeded): server readings of the same, a new or
 * a closed round, current or lagging a few steps behind; deadlines ahead and past; sends that succeed, fail, time out, hang, or whose response is lost after the
 * server processed them; reloads (a new session on the same ledger); supersedes, expiries,
 * answers from elsewhere; double clicks; two tabs on one task. A fake backend honours idempotency
 * keys (strictly: 409 for a closed round unless the key was processed; or leniently: it takes any
 * answer, but never the same key twice) and counts deliveries. After every step:
 *
 * - no tab's answer to a round is delivered twice;
 * - "answered" is only shown for an answer the backend took under the session's key;
 * - "expired" and "answered elsewhere" never hide an answer that arrived, unless the session still
 *   says it could not confirm the send (`sendUncertain`);
 * - a reading that names the session's key as the one that closed its round shows "answered";
 * - a send never stays in flight past the resume timeout;
 * - an answer that was not delivered to a round still open is still held (answers kept, or the
 *   idempotency key kept after a reload).
 *
 * And at the end, everything still held is retried against a backend that answers: each round is
 * then delivered exactly once.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createInputRequestSession,
  type InputRequestSession,
  type InputRequestSource,
  type InputRequestState,
  type InputResponses,
  parseSuspension,
  StaleRoundError,
  type Suspension,
} from '../../src/core/index.ts';
// Not exported by an entry yet: the card's `ledger` prop takes one, hosts cannot make one.
import { createMemoryLedger, type RoundLedger } from '../../src/core/ledger.ts';
import { outcomeOf } from '../../src/core/receipt.ts';

const RESUME_TIMEOUT_MS = 5_000;
const SEED = Number(process.env.PROPERTY_SEED ?? 20_260_728);

/** One round of the fake task: one form request `q` with a text field. */
function roundNamed(id: string): Suspension {
  return parseSuspension(
    {
      resultType: 'input_required',
      inputRequests: {
        q: {
          method: 'elicitation/create',
          params: {
            message: `Question ${id}`,
            requestedSchema: { type: 'object', properties: { text: { type: 'string' } } },
          },
        },
      },
    },
    { id, serverName: 'Fake' },
  );
}

interface Delivery {
  roundId: string;
  key: string;
  tab: number;
  responses: InputResponses;
}

/**
 * A task that asks rounds one after the other and honours idempotency keys: a key it processed
 * is answered as before and delivers nothing. `strict`: an answer to a round that is not open is
 * refused (409), past its deadline (410). `lenient`: any answer with a new key is taken.
 */
class Backend {
  status: InputRequestState['status'] = 'input-required';
  round: Suspension;
  open = true;
  deadline: number | undefined;
  answeredKey: string | undefined;
  readonly deliveries: Delivery[] = [];
  /** Keys processed, with the outcome they got. */
  readonly outcomes = new Map<string, number>();
  /** Which key closed which round. */
  readonly closedBy = new Map<string, string>();
  private rounds = 1;
  private elsewhere = 0;

  constructor(readonly strict: boolean) {
    this.round = roundNamed('round-1');
  }

  reading(): InputRequestState {
    const state: InputRequestState = { status: this.status };
    if (this.status === 'input-required' && this.open) {
      state.suspension = this.round;
      if (this.deadline !== undefined) state.deadline = this.deadline;
    }
    if (this.answeredKey !== undefined) state.answeredKey = this.answeredKey;
    return state;
  }

  /** Processes one resume; returns the HTTP status it answers with. */
  process(roundId: string, key: string, responses: InputResponses, tab: number): number {
    const known = this.outcomes.get(key);
    if (known !== undefined) return known;
    const isOpen = this.status === 'input-required' && this.open && this.round.id === roundId;
    const expired = isOpen && this.deadline !== undefined && this.deadline <= Date.now();
    let status = 202;
    if (this.strict && !isOpen) status = 409;
    else if (this.strict && expired) status = 410;
    if (status === 202) {
      this.deliveries.push({ roundId, key, tab, responses });
      if (isOpen && !expired) this.close(key);
    }
    this.outcomes.set(key, status);
    return status;
  }

  /** The round `roundId` still waits for an answer: asked, open, not past its deadline. */
  waitsFor(roundId: string): boolean {
    return (
      this.status === 'input-required' &&
      this.open &&
      this.round.id === roundId &&
      (this.deadline === undefined || this.deadline > Date.now())
    );
  }

  private close(key: string): void {
    this.open = false;
    this.answeredKey = key;
    this.closedBy.set(this.round.id, key);
    this.status = 'working';
  }

  ask(): void {
    this.rounds += 1;
    this.round = roundNamed(`round-${this.rounds}`);
    this.open = true;
    this.deadline = undefined;
    this.status = 'input-required';
  }

  answerElsewhere(): void {
    if (this.status !== 'input-required' || !this.open) return;
    this.elsewhere += 1;
    this.deliveries.push({
      roundId: this.round.id,
      key: `elsewhere-${this.elsewhere}`,
      tab: -1,
      responses: {},
    });
    this.close(`elsewhere-${this.elsewhere}`);
  }

  expireNow(): void {
    if (this.status === 'input-required' && this.open) this.deadline = Date.now();
  }

  /** A deadline ahead: answers may still close the round until then. */
  expireIn(ms: number): void {
    if (this.status === 'input-required' && this.open) this.deadline = Date.now() + ms;
  }

  end(status: 'completed' | 'cancelled'): void {
    this.status = status;
    this.open = false;
  }

  /** Deliveries from `tab` to `roundId`. */
  from(tab: number, roundId: string): Delivery[] {
    return this.deliveries.filter((delivery) => delivery.tab === tab && delivery.roundId === roundId);
  }
}

/** One `resume` call waiting for the test to decide what happens to it. */
interface Pending {
  tab: number;
  roundId: string;
  key: string;
  responses: InputResponses;
  signal: AbortSignal;
  startedAt: number;
  processed: boolean;
  settled: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** One tab: its ledger outlives reloads; its session does not. */
interface Tab {
  index: number;
  ledger: RoundLedger;
  session: InputRequestSession;
  reloaded: boolean;
  /** Keys this tab's sessions sent under, by round. */
  keys: Map<string, Set<string>>;
}

type Step =
  | { kind: 'read'; tab: number }
  | { kind: 'read-old'; tab: number; back: number }
  | { kind: 'fetch-fails'; tab: number }
  | { kind: 'answer'; tab: number; text: string }
  | { kind: 'double-answer'; tab: number; text: string }
  | { kind: 'decline'; tab: number }
  | { kind: 'cancel'; tab: number }
  | { kind: 'retry'; tab: number }
  | { kind: 'reload'; tab: number; back: number }
  | {
      kind: 'settle';
      pick: number;
      how:
        | 'respond'
        | 'lose-response'
        | 'drop'
        | 'fail-503'
        | 'fail-503-retry-after'
        | 'fail-504'
        | 'process-then-504'
        | 'process-only';
    }
  | { kind: 'advance'; ms: number }
  | { kind: 'new-round' }
  | { kind: 'expire' }
  | { kind: 'deadline'; ms: number }
  | { kind: 'answer-elsewhere' }
  | { kind: 'end'; status: 'completed' | 'cancelled' };

const tabIndex = fc.integer({ min: 0, max: 1 });
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('read' as const), tab: tabIndex }) },
  {
    // A lagging snapshot: a poll or a cache that read the backend a few steps ago.
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('read-old' as const), tab: tabIndex, back: fc.nat({ max: 4 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fetch-fails' as const), tab: tabIndex }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      tab: tabIndex,
      text: fc.constantFrom('yes', 'no', 'maybe'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('double-answer' as const),
      tab: tabIndex,
      text: fc.constantFrom('one', 'two'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decline' as const), tab: tabIndex }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), tab: tabIndex }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('retry' as const), tab: tabIndex }) },
  {
    // A reload whose first reading may be a lagging one (a server-rendered or cached page).
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('reload' as const), tab: tabIndex, back: fc.nat({ max: 3 }) }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      pick: fc.nat({ max: 7 }),
      how: fc.constantFrom(
        'respond' as const,
        'lose-response' as const,
        'drop' as const,
        'fail-503' as const,
        'fail-503-retry-after' as const,
        'fail-504' as const,
        'process-then-504' as const,
        'process-only' as const,
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.constantFrom(1, 950, RESUME_TIMEOUT_MS + 1),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('new-round' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('deadline' as const), ms: fc.constantFrom(1_000, 6_000) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('answer-elsewhere' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('end' as const),
      status: fc.constantFrom('completed' as const, 'cancelled' as const),
    }),
  },
);

/** Lets every promise that can settle settle, without moving the clock. */
async function settleMicrotasks(): Promise<void> {
  for (let round = 0; round < 5; round++) await vi.advanceTimersByTimeAsync(0);
}

class World {
  readonly backend: Backend;
  readonly tabs: Tab[] = [];
  readonly pending: Pending[] = [];
  /** Every send a session started: which tab, under which key, when. */
  readonly log: string[] = [];
  /** The backend's reading after each step, oldest first: what a lagging snapshot shows. */
  readonly readings: InputRequestState[] = [];

  constructor(strict: boolean, tabs: number) {
    this.backend = new Backend(strict);
    for (let index = 0; index < tabs; index++) {
      const tab: Tab = {
        index,
        ledger: createMemoryLedger(),
        session: undefined as unknown as InputRequestSession,
        reloaded: false,
        keys: new Map(),
      };
      tab.session = this.openSession(tab);
      this.tabs.push(tab);
    }
  }

  /** A session as a page makes one: the round it reads first, the tab's ledger, one subscriber. */
  openSession(tab: Tab, initialState: InputRequestState = this.backend.reading()): InputRequestSession {
    const source: InputRequestSource = {
      queryKey: ['property', tab.index, Math.random()],
      initialState,
      follow: false,
      fetchState: async () => this.backend.reading(),
      resume: (responses, context) =>
        new Promise<undefined>((resolve, reject) => {
          const key = context.idempotencyKey as string;
          const keys = tab.keys.get(context.suspension.id) ?? new Set();
          keys.add(key);
          tab.keys.set(context.suspension.id, keys);
          this.pending.push({
            tab: tab.index,
            roundId: context.suspension.id,
            key,
            responses,
            signal: context.signal,
            startedAt: Date.now(),
            processed: false,
            settled: false,
            resolve: () => resolve(undefined),
            reject,
          });
        }),
    };
    const session = createInputRequestSession({
      source,
      ledger: tab.ledger,
      resumeTimeoutMs: RESUME_TIMEOUT_MS,
      replaceDelayMs: 900,
    });
    session.subscribe(() => {});
    return session;
  }

  async apply(step: Step): Promise<void> {
    this.log.push(JSON.stringify(step));
    const tab = 'tab' in step ? this.tabs[step.tab % this.tabs.length] : undefined;
    const quiet = (promise: Promise<void> | undefined) => void promise?.catch(() => {});
    switch (step.kind) {
      case 'read':
        tab?.session.receive(this.backend.reading());
        break;
      case 'read-old':
        tab?.session.receive(this.lagging(step.back));
        break;
      case 'fetch-fails':
        tab?.session.fail(new TypeError('Failed to fetch'));
        break;
      case 'answer':
        quiet(tab?.session.answer('q', { action: 'accept', content: { text: step.text } }));
        break;
      case 'double-answer':
        quiet(tab?.session.answer('q', { action: 'accept', content: { text: step.text } }));
        quiet(tab?.session.answer('q', { action: 'accept', content: { text: `${step.text}!` } }));
        break;
      case 'decline':
        quiet(tab?.session.declineRound());
        break;
      case 'cancel':
        quiet(tab?.session.cancelRound());
        break;
      case 'retry':
        quiet(tab?.session.retry());
        break;
      case 'reload':
        if (tab) {
          tab.session.destroy();
          tab.session = this.openSession(tab, this.lagging(step.back));
          tab.reloaded = true;
        }
        break;
      case 'settle': {
        const open = this.pending.filter((entry) => !entry.settled);
        const entry = open[step.pick % Math.max(open.length, 1)];
        if (entry) this.settle(entry, step.how);
        break;
      }
      case 'advance':
        await vi.advanceTimersByTimeAsync(step.ms);
        break;
      case 'new-round':
        this.backend.ask();
        break;
      case 'expire':
        this.backend.expireNow();
        break;
      case 'deadline':
        this.backend.expireIn(step.ms);
        break;
      case 'answer-elsewhere':
        this.backend.answerElsewhere();
        break;
      case 'end':
        this.backend.end(step.status);
        break;
    }
    await settleMicrotasks();
    this.readings.push(this.backend.reading());
  }

  /** The reading of `back` steps ago (the current one when there is none that old). */
  lagging(back: number): InputRequestState {
    return this.readings[this.readings.length - 1 - back] ?? this.backend.reading();
  }

  settle(entry: Pending, how: Extract<Step, { kind: 'settle' }>['how']): void {
    const process = () => {
      if (entry.processed) return this.backend.outcomes.get(entry.key) ?? 202;
      entry.processed = true;
      return this.backend.process(entry.roundId, entry.key, entry.responses, entry.tab);
    };
    if (how === 'process-only') {
      // The server takes it; the client never hears back (it gave up at its timeout, or will).
      process();
      return;
    }
    // A server that processed an answer says so; only a gateway (502, 504) or the network can
    // hide it. A 503 after processing would be a lie of the server's, not a fault to survive.
    const said = entry.processed && (how === 'fail-503' || how === 'fail-503-retry-after') ? 'respond' : how;
    entry.settled = true;
    switch (said) {
      case 'respond': {
        const status = process();
        if (status === 202) entry.resolve();
        else entry.reject(new StaleRoundError(undefined, status));
        break;
      }
      case 'lose-response':
        process();
        entry.reject(new TypeError('Failed to fetch'));
        break;
      case 'drop':
        entry.reject(new TypeError('Failed to fetch'));
        break;
      case 'fail-503':
        entry.reject(Object.assign(new Error('HTTP 503'), { status: 503 }));
        break;
      case 'fail-503-retry-after':
        entry.reject(Object.assign(new Error('HTTP 503'), { status: 503, retryAfterMs: 2000 }));
        break;
      case 'process-then-504':
        // A gateway gave up waiting while the server behind it processed the answer.
        process();
        entry.reject(Object.assign(new Error('HTTP 504'), { status: 504 }));
        break;
      case 'fail-504':
        entry.reject(Object.assign(new Error('HTTP 504'), { status: 504 }));
        break;
    }
  }

  /** The invariants every reachable state keeps. */
  check(): void {
    const { backend } = this;
    for (const tab of this.tabs) {
      const snapshot = tab.session.getSnapshot();
      const where = `tab ${tab.index} (${snapshot.state})`;
      // No answer of this tab reaches a round twice.
      for (const roundId of tab.keys.keys()) {
        expect(
          backend.from(tab.index, roundId).length,
          `${where}: deliveries to ${roundId}`,
        ).toBeLessThanOrEqual(1);
      }
      const round = snapshot.round;
      if (!round) continue;
      const delivered = backend.from(tab.index, round.id);
      const ours = snapshot.idempotencyKey;
      if (snapshot.state === 'answered') {
        // "Answer sent" is the truth: the backend took this session's answer under its key.
        expect(
          delivered.some((delivery) => delivery.key === ours),
          `${where}: shows answered, but ${round.id} got no answer under ${ours}`,
        ).toBe(true);
      }
      // The receipt's first line too: a round that ended "expired" keeps saying so after the task
      // moves on, so it must not say it for a round this tab's answer reached.
      const outcome = outcomeOf(snapshot);
      if (
        snapshot.state === 'expired' ||
        snapshot.state === 'answered-elsewhere' ||
        outcome === 'expired' ||
        outcome === 'answered-elsewhere' ||
        outcome === 'answered-elsewhere-first' ||
        outcome === 'refused'
      ) {
        // "Your answers were not sent" / "Answered elsewhere" may only hide a delivery while the
        // session still says the send is unconfirmed.
        if (delivered.length > 0) {
          expect(
            snapshot.sendUncertain,
            `${where}: says not sent, but ${round.id} got this tab's answer`,
          ).toBe(true);
        }
      }
      if (snapshot.state === 'submitting') {
        const flight = this.pending.findLast(
          (entry) =>
            entry.tab === tab.index && !entry.settled && !entry.signal.aborted && entry.roundId === round.id,
        );
        expect(flight, `${where}: submitting with no send in flight`).toBeDefined();
        expect(
          Date.now() - (flight?.startedAt ?? 0),
          `${where}: a send past the timeout`,
        ).toBeLessThanOrEqual(RESUME_TIMEOUT_MS);
      }
      // An answer neither delivered nor refused is still held, for the round that is still open.
      if (
        snapshot.state === 'input-required' &&
        backend.waitsFor(round.id) &&
        ours !== undefined &&
        delivered.length === 0
      ) {
        const held = Object.keys(snapshot.answers).length > 0 || tab.reloaded;
        expect(held, `${where}: a send of ${round.id} failed and its answers are gone`).toBe(true);
        expect(
          tab.keys.get(round.id)?.has(ours) ?? true,
          `${where}: a new key for a round already sent`,
        ).toBe(true);
      }
    }
  }

  /** After a reading: a round closed by this session's key shows as answered. */
  checkReading(tabNumber: number): void {
    const tab = this.tabs[tabNumber % this.tabs.length] as Tab;
    const snapshot = tab.session.getSnapshot();
    const round = snapshot.round;
    const ours = snapshot.idempotencyKey;
    if (!round || ours === undefined) return;
    if (this.backend.closedBy.get(round.id) === ours && this.backend.answeredKey === ours) {
      // Answered, or a later fact (the task completed since); never a state that denies it.
      expect(
        ['input-required', 'submitting', 'expired', 'answered-elsewhere', 'superseded'],
        `tab ${tab.index}: the reading says its answer closed ${round.id}`,
      ).not.toContain(snapshot.state);
    }
  }

  /** Ends every send and retries what is held against a backend that answers. */
  async drain(): Promise<void> {
    for (let pass = 0; pass < 4; pass++) {
      await vi.advanceTimersByTimeAsync(RESUME_TIMEOUT_MS + 2_000);
      for (const entry of this.pending.filter((candidate) => !candidate.settled))
        this.settle(entry, 'respond');
      await settleMicrotasks();
      for (const tab of this.tabs) {
        tab.session.receive(this.backend.reading());
        await settleMicrotasks();
        this.checkReading(tab.index);
        const snapshot = tab.session.getSnapshot();
        const sentBefore = tab.keys.has(snapshot.round?.id ?? '');
        if (snapshot.state === 'input-required' && (snapshot.sendError !== undefined || sentBefore)) {
          if (Object.keys(snapshot.answers).length === 0) {
            // After a reload the card asks again (its draft holds the values) and the person
            // answers again; a send the reload cut off goes under the same key (the ledger's).
            void tab.session.answer('q', { action: 'accept', content: { text: 'again' } })?.catch(() => {});
          } else void tab.session.retry().catch(() => {});
        }
        await settleMicrotasks();
      }
      this.check();
    }
  }

  /**
   * After {@link drain}: answers delivered twice (per tab and round), and answers lost — a round
   * this tab sent to that got none of its answers and still waits for one.
   */
  tally(): { duplicates: number; lost: number } {
    let duplicates = 0;
    let lost = 0;
    for (const tab of this.tabs) {
      for (const roundId of tab.keys.keys()) {
        const delivered = this.backend.from(tab.index, roundId).length;
        if (delivered > 1) duplicates += delivered - 1;
        if (delivered === 0 && this.backend.waitsFor(roundId)) lost++;
      }
    }
    return { duplicates, lost };
  }

  destroy(): void {
    for (const tab of this.tabs) tab.session.destroy();
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'queueMicrotask'] });
  vi.setSystemTime(Date.parse('2026-12-01T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/** Figures for the README, printed at the end. */
const figures = { runs: 0, steps: 0, sends: 0, faults: 0, reloads: 0, deliveries: 0, duplicates: 0, lost: 0 };

describe('the session under random event orders', () => {
  it('never loses an answer or delivers one twice, and tells the truth about each send', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.integer({ min: 1, max: 2 }),
        fc.array(stepArbitrary, { minLength: 6, maxLength: 40, size: 'max' }),
        async (strict, tabs, steps) => {
          vi.setSystemTime(Date.parse('2026-12-01T09:00:00Z'));
          const world = new World(strict, tabs);
          try {
            world.check();
            for (const step of steps) {
              await world.apply(step);
              world.check();
              if (step.kind === 'read') world.checkReading(step.tab);
            }
            await world.drain();
            figures.runs++;
            figures.steps += steps.length;
            figures.sends += world.pending.length;
            figures.deliveries += world.backend.deliveries.filter((delivery) => delivery.tab >= 0).length;
            figures.faults += steps.filter((step) => step.kind === 'settle' && step.how !== 'respond').length;
            figures.reloads += steps.filter((step) => step.kind === 'reload').length;
            const { duplicates, lost } = world.tally();
            figures.duplicates += duplicates;
            figures.lost += lost;
            expect({ duplicates, lost }).toStrictEqual({ duplicates: 0, lost: 0 });
          } finally {
            world.destroy();
          }
        },
      ),
      { seed: SEED, numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
    console.log(
      `session property: ${figures.runs} runs, ${figures.steps} random steps (${figures.faults} faults injected, ${figures.reloads} reloads), ${figures.sends} sends, ${figures.deliveries} answers delivered; answers lost ${figures.lost}, duplicated ${figures.duplicates}`,
    );
  }, 60_000);
});
