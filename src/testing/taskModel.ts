import type { HttpTaskStateBody } from '../adapters/http.js';
import type { InputResponses } from '../core/model.js';

/** One round a scripted task asks: an MCP `inputRequests` map. */
export interface ScriptedRound {
  inputRequests: Record<string, { method: string; params?: Record<string, unknown> }>;
}

/** How a scripted task behaves. */
export interface TaskScriptOptions {
  taskId?: string;
  serverName?: string;
  toolName?: string;
  /** The tool's human title, reported with every state. */
  toolTitle?: string;
  /** The rounds asked in order; after the last is answered the task completes. */
  rounds?: ScriptedRound[];
  /** The result the task completes with. @default 'Done.' */
  result?: unknown;
  /** The first N resumes fail with a server error (503). @default 0 */
  resumeFailures?: number;
  /** The scripted 503s ask to wait this long (`Retry-After`, in seconds). */
  retryAfterSeconds?: number;
  /**
   * The first N answers that are taken lose their response on the way back (the connection
   * drops): the task has the answer, but the client cannot know. A retry under the same
   * idempotency key is answered as before. @default 0
   */
  lostResponses?: number;
  /** Each round stops accepting answers this long after it is asked. */
  roundTtlMs?: number;
  /** After this many state reads of a round, someone else answers it. */
  answeredElsewhereAfterReads?: number;
  /** Start as `working` until {@link TaskModel.ask} is called. */
  startWorking?: boolean;
  /**
   * Complete as soon as the last round is answered. With `false` the task keeps `working`
   * until {@link TaskModel.complete} is called. @default true
   */
  completeAfterLastRound?: boolean;
  /** The clock, for fake timers. @default Date.now */
  now?: () => number;
  /**
   * Round identities (`suspendedAt`) count from this time, so a page that builds the same
   * script after a reload sees the same rounds. @default the time the task is created
   */
  epoch?: number;
}

/** How the task answered one resume. */
export interface ResumeOutcome {
  /** The HTTP status the API answers with: 202 taken, 409 stale, 410 expired, 503 failed. */
  status: number;
  /** A 503's `Retry-After`, in seconds, when the script asks for one. */
  retryAfterSeconds?: number;
  /** The answer was taken, but its response never reaches the client (see `lostResponses`). */
  responseLost?: true;
}

/** A default question: approve and send, with a note. */
export const approveRound: ScriptedRound = {
  inputRequests: {
    approval: {
      method: 'elicitation/create',
      params: {
        mode: 'form',
        message: 'Send the weekly report to the team?',
        requestedSchema: {
          type: 'object',
          properties: {
            recipient: { type: 'string', title: 'Recipient', format: 'email', default: 'team@example.com' },
            note: { type: 'string', title: 'Note', maxLength: 200 },
            token: { type: 'string', title: 'One-time code', minLength: 4 },
          },
          required: ['recipient'],
        },
      },
    },
  },
};

/** A follow-up question, for tasks that ask twice. */
export const followUpRound: ScriptedRound = {
  inputRequests: {
    schedule: {
      method: 'elicitation/create',
      params: {
        message: 'When should it go out?',
        requestedSchema: {
          type: 'object',
          properties: { when: { type: 'string', title: 'Send on', format: 'date' } },
          required: ['when'],
        },
      },
    },
  },
};

/** What the scripted task received on one resume. */
export interface ReceivedResume {
  inputResponses: InputResponses;
  suspendedAt: string | undefined;
  /** The `Idempotency-Key` it came with, if any. */
  idempotencyKey?: string | undefined;
  /** How the task answered: accepted, or refused as stale, expired or failing. */
  outcome: 'accepted' | 'stale' | 'expired' | 'failed';
}

type Status = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/**
 * An in-memory background task that asks scripted rounds: the behaviour behind both the MSW
 * handlers and `createTestSource`. Control it from a test to make the races happen.
 */
export class TaskModel {
  readonly taskId: string;
  readonly received: ReceivedResume[] = [];
  private readonly options: TaskScriptOptions;
  private readonly now: () => number;
  private status: Status;
  private roundIndex = 0;
  private round: ScriptedRound | undefined;
  private askedAt = 0;
  private suspendedAt: string | undefined;
  private readsOfRound = 0;
  private failuresLeft: number;
  private lostLeft: number;
  private finalResult: unknown;
  private failure: string | undefined;
  private sequence = 0;
  private readonly epoch: number;
  private expiredSilently = false;
  /** How many times the state was read. */
  stateReads = 0;
  /** Resumes that repeated an idempotency key already processed: dropped, answered as before. */
  readonly duplicates: ReceivedResume[] = [];
  private readonly outcomeByKey = new Map<string, { status: number }>();
  private answeredKey: string | undefined;
  private progress: HttpTaskStateBody['progress'];

  constructor(options: TaskScriptOptions = {}) {
    this.options = options;
    this.taskId = options.taskId ?? 'task-1';
    this.now = options.now ?? Date.now;
    this.failuresLeft = options.resumeFailures ?? 0;
    this.lostLeft = options.lostResponses ?? 0;
    this.epoch = options.epoch ?? this.now();
    this.status = 'working';
    if (!options.startWorking) this.ask();
  }

  /** Asks the next scripted round (or `round`), replacing any open one. */
  ask(round?: ScriptedRound): void {
    const rounds = this.options.rounds ?? [approveRound];
    const next = round ?? rounds[this.roundIndex];
    if (!round) this.roundIndex += 1;
    if (!next) {
      this.complete();
      return;
    }
    this.round = next;
    this.status = 'input_required';
    this.progress = undefined;
    this.askedAt = this.now();
    this.sequence += 1;
    this.suspendedAt = new Date(this.epoch + this.sequence * 1000).toISOString();
    this.readsOfRound = 0;
    this.expiredSilently = false;
  }

  /** Someone else answers the open round: the task moves on without this client. */
  answerElsewhere(): void {
    if (this.status !== 'input_required') return;
    this.round = undefined;
    this.advance();
  }

  /**
   * The open round stops accepting answers now. By default its deadline shows in the state;
   * `silently` keeps the state as it was, so only the resume finds out (HTTP 410).
   */
  expire(options: { silently?: boolean } = {}): void {
    if (options.silently) this.expiredSilently = true;
    else this.askedAt = -Infinity;
  }

  /**
   * The task works on and says how far it has come (`total` makes the card's bar determinate);
   * an open round is closed first, as when the task took the answer and went back to work.
   */
  report(progress: { progress: number; total?: number; message?: string }): void {
    this.round = undefined;
    this.status = 'working';
    this.progress = progress;
  }

  complete(result: unknown = this.options.result ?? 'Done.'): void {
    this.round = undefined;
    this.status = 'completed';
    this.finalResult = result;
  }

  fail(message = 'The task crashed.'): void {
    this.round = undefined;
    this.status = 'failed';
    this.failure = message;
  }

  cancel(): void {
    this.round = undefined;
    this.status = 'cancelled';
  }

  /** Reads the state as a REST endpoint would return it. */
  read(): HttpTaskStateBody {
    this.stateReads += 1;
    if (this.status === 'input_required') {
      this.readsOfRound += 1;
      const limit = this.options.answeredElsewhereAfterReads;
      if (limit !== undefined && this.readsOfRound > limit) this.answerElsewhere();
    }
    return this.snapshot();
  }

  /** The state without counting a read. */
  snapshot(): HttpTaskStateBody {
    const body: HttpTaskStateBody = {
      id: this.taskId,
      status: this.status,
      ...(this.options.serverName ? { serverName: this.options.serverName } : {}),
      ...(this.options.toolName ? { toolName: this.options.toolName } : {}),
      ...(this.options.toolTitle ? { toolTitle: this.options.toolTitle } : {}),
    };
    if (this.status === 'working' && this.progress !== undefined) body.progress = this.progress;
    if (this.status === 'input_required' && this.round) {
      body.inputRequests = this.round.inputRequests;
      if (this.suspendedAt) body.suspendedAt = this.suspendedAt;
      const deadline = this.deadline();
      if (deadline !== undefined) body.deadline = deadline;
    }
    if (this.answeredKey !== undefined) body.answeredKey = this.answeredKey;
    if (this.status === 'completed') body.result = this.finalResult;
    if (this.status === 'failed' && this.failure) body.error = this.failure;
    return body;
  }

  /**
   * Takes one resume. Answers for a round that is no longer open are refused as stale (HTTP 409),
   * answers after the deadline as expired (410), scripted failures with 503.
   */
  resume(
    inputResponses: InputResponses,
    suspendedAt: string | undefined,
    idempotencyKey?: string,
  ): ResumeOutcome {
    // A key already processed: a retry of an answer that arrived (its response was lost), so it
    // is answered as before and changes nothing — as a backend honouring Idempotency-Key does.
    const known = idempotencyKey === undefined ? undefined : this.outcomeByKey.get(idempotencyKey);
    if (known) {
      this.duplicates.push({ inputResponses, suspendedAt, idempotencyKey, outcome: 'accepted' });
      return known;
    }
    const record = (outcome: ReceivedResume['outcome'], status: number) => {
      this.received.push({
        inputResponses,
        suspendedAt,
        outcome,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
      if (idempotencyKey !== undefined && outcome === 'accepted') {
        this.outcomeByKey.set(idempotencyKey, { status });
        this.answeredKey = idempotencyKey;
      }
      return { status };
    };
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      const failed: ResumeOutcome = record('failed', 503);
      const wait = this.options.retryAfterSeconds;
      return wait === undefined ? failed : { ...failed, retryAfterSeconds: wait };
    }
    if (this.status !== 'input_required' || suspendedAt !== this.suspendedAt) return record('stale', 409);
    const deadline = this.deadline();
    if (this.expiredSilently || (deadline !== undefined && Date.parse(deadline) <= this.now())) {
      return record('expired', 410);
    }
    this.round = undefined;
    this.advance();
    const accepted: ResumeOutcome = record('accepted', 202);
    if (this.lostLeft > 0) {
      this.lostLeft -= 1;
      return { ...accepted, responseLost: true };
    }
    return accepted;
  }

  private advance(): void {
    const rounds = this.options.rounds ?? [approveRound];
    if (this.roundIndex < rounds.length) this.ask();
    else if (this.options.completeAfterLastRound === false) this.status = 'working';
    else this.complete();
  }

  private deadline(): string | undefined {
    if (this.askedAt === -Infinity) return new Date(0).toISOString();
    const ttl = this.options.roundTtlMs;
    return ttl === undefined ? undefined : new Date(this.askedAt + ttl).toISOString();
  }
}
