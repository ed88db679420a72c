/**
 * Request timeouts that stop while a person answers. An MCP client times a request from the
 * moment it is sent: a 2025 server that asks (`elicitation/create`) in the middle of a
 * `tools/call` keeps that call open while the person reads and types, and the SDK's default
 * 60-second timeout (or a whole-flow `maxTotalTimeout` on 2026-07-28 auto-fulfilment) runs out
 * under their hands. The SDK cannot pause its own timer, so these requests run on a clock of
 * ours instead (through `signal`, with the SDK's timeout out of the way), and the clock stops
 * while any question is waiting for a person.
 */

/** A progress notification's params, as the SDK's `onprogress` receives them. */
export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** The request options {@link RequestTimeouts.run} hands to the request: pass them to the SDK. */
export interface TimedRequestOptions {
  /** Aborts when the request runs out of time (or the caller's own signal aborts). */
  signal: AbortSignal;
  /** The SDK's own per-request timer, set as long as a timer can wait: this clock decides. */
  timeout: number;
  /** Present when progress restarts the clock (`resetOnProgress`) or the caller listens. */
  onprogress?: (progress: McpProgress) => void;
}

/** Options of {@link createRequestTimeouts}. */
export interface RequestTimeoutOptions {
  /**
   * How long a request may go without its response while nobody is answering. Each time the
   * last open question is answered, the request gets this long again.
   * @default 60000 (the SDK's default request timeout)
   */
  timeoutMs?: number;
  /** The longest a request may take in all, not counting the time people spend answering. */
  maxTotalMs?: number;
  /** A progress notification starts the wait again, as the SDK's `resetTimeoutOnProgress` does. */
  resetOnProgress?: boolean;
}

/** What {@link RequestTimeouts.run} takes besides the request. */
export interface RunOptions {
  /** Your own cancel: aborting it aborts the request. */
  signal?: AbortSignal;
  /** Your own progress listener. */
  onprogress?: (progress: McpProgress) => void;
}

/** Timeouts for the requests of one MCP client that stop while a person is answering. */
export interface RequestTimeouts {
  /**
   * Runs one request on this clock: `request` gets the options to pass to the SDK. When time
   * runs out the signal aborts with a `TimeoutError` and the SDK rejects the request with its
   * `RequestTimeout` error code, as its own timeout would.
   */
  run<T>(request: (options: TimedRequestOptions) => Promise<T>, own?: RunOptions): Promise<T>;
  /**
   * A person started answering: every request run here stops its clock until the returned
   * function is called (and every other hold is released too).
   */
  hold(): () => void;
  /**
   * Wraps a handler that waits for a person (the `elicitation/create` handler from
   * `createElicitationHandler` or `createElicitationQueue`): while a call of it is pending, the
   * clocks stop. Properties of the handler (`handleComplete`) are kept.
   */
  whileAnswering<F extends (...args: never[]) => Promise<unknown>>(handler: F): F;
  /** True while someone holds the clocks (a question waits for a person). */
  readonly answering: boolean;
}

/** As long as a timer can wait (about 24.8 days): the SDK's own timeout never fires first. */
const LONGEST_TIMER_MS = 2_147_483_647;

interface Clock {
  pause(): void;
  resume(): void;
}

/**
 * Request timeouts that stop while a person answers a question the request asked, and start
 * again, in full, once the answer is given. Framework-free; give every request that may ask
 * (`tools/call`, `prompts/get`, …) to `run`, and the handler that shows questions to
 * `whileAnswering`.
 *
 * @example
 * ```ts
 * import { createElicitationQueue, createRequestTimeouts } from 'input-request-cards/mcp';
 *
 * const timeouts = createRequestTimeouts({ timeoutMs: 60_000 });
 * const queue = createElicitationQueue({ serverName: 'GitHub' });
 * client.setRequestHandler('elicitation/create', timeouts.whileAnswering(queue.handler));
 *
 * // Times out after 60 s without a response, but never while the person is answering.
 * const result = await timeouts.run((options) =>
 *   client.callTool({ name: 'create_issue', arguments: { title } }, options),
 * );
 * ```
 */
export function createRequestTimeouts(options: RequestTimeoutOptions = {}): RequestTimeouts {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const { maxTotalMs, resetOnProgress = false } = options;
  const clocks = new Set<Clock>();
  let holds = 0;

  const hold = () => {
    holds += 1;
    if (holds === 1) for (const clock of clocks) clock.pause();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holds -= 1;
      if (holds === 0) for (const clock of clocks) clock.resume();
    };
  };

  return {
    get answering() {
      return holds > 0;
    },
    hold,
    whileAnswering<F extends (...args: never[]) => Promise<unknown>>(handler: F): F {
      const wrapped = function (this: unknown, ...args: Parameters<F>) {
        const release = hold();
        try {
          return Promise.resolve(handler.apply(this, args)).finally(release);
        } catch (error) {
          release();
          throw error;
        }
      };
      return Object.assign(wrapped, handler) as unknown as F;
    },
    run(request, own = {}) {
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      let runningSince: number | undefined;
      let spent = 0;
      const expire = (total: boolean) => {
        timer = undefined;
        const error = new Error(
          total
            ? `input-request-cards: the MCP request took longer than ${maxTotalMs} ms in all (time spent answering its questions not counted). Raise maxTotalMs if the server needs longer.`
            : `input-request-cards: the MCP request got no response within ${timeoutMs} ms (time spent answering its questions not counted). Raise timeoutMs if the server needs longer.`,
        );
        error.name = 'TimeoutError';
        controller.abort(error);
      };
      const clock: Clock = {
        pause() {
          if (runningSince !== undefined) spent += Date.now() - runningSince;
          runningSince = undefined;
          clearTimeout(timer);
          timer = undefined;
        },
        resume() {
          if (controller.signal.aborted || holds > 0) return;
          const left = maxTotalMs === undefined ? Number.POSITIVE_INFINITY : maxTotalMs - spent;
          if (left <= 0) return expire(true);
          runningSince = Date.now();
          const wait = Math.min(timeoutMs, left);
          timer = setTimeout(() => expire(wait < timeoutMs), Math.min(wait, LONGEST_TIMER_MS));
        },
      };
      const onOwnAbort = () => controller.abort(own.signal?.reason);
      if (own.signal?.aborted) onOwnAbort();
      else own.signal?.addEventListener('abort', onOwnAbort, { once: true });

      const requestOptions: TimedRequestOptions = { signal: controller.signal, timeout: LONGEST_TIMER_MS };
      if (resetOnProgress || own.onprogress) {
        requestOptions.onprogress = (progress) => {
          if (resetOnProgress && timer !== undefined) {
            clock.pause();
            clock.resume();
          }
          own.onprogress?.(progress);
        };
      }
      clocks.add(clock);
      clock.resume();
      let pending: Promise<Awaited<ReturnType<typeof request>>>;
      try {
        pending = Promise.resolve(request(requestOptions));
      } catch (error) {
        pending = Promise.reject(error);
      }
      return pending.finally(() => {
        clock.pause();
        clocks.delete(clock);
        own.signal?.removeEventListener('abort', onOwnAbort);
      });
    },
  };
}
