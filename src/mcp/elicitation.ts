import { type ElicitResult, type InputResponses, isElicitResult, type Suspension } from '../core/model.js';
import { parseSuspension } from '../core/parse/index.js';
import { nextSequence } from './client.js';

/**
 * One `elicitation/create` request waiting for a person: what a host renders with
 * `<InputRequestCard suspension={prompt.suspension} resume={prompt.resume} />`.
 */
export interface ElicitationPrompt {
  /** The request as a one-request round (its key is `suspension.requests[0].key`). */
  suspension: Suspension;
  /** Aborts when the server withdraws the request; the handler then answers `cancel`. */
  signal: AbortSignal;
  /**
   * Answers with the round's responses, as the card's `resume` does. The first call wins;
   * later calls are ignored.
   */
  resume: (responses: InputResponses, context?: unknown) => Promise<void>;
  /** Answers with one `ElicitResult` directly. The first answer wins. */
  respond: (result: ElicitResult) => void;
}

/** What a host does with each prompt: show it, or answer it at once by returning the result. */
export type ElicitationCallback = (
  prompt: ElicitationPrompt,
  // biome-ignore lint/suspicious/noConfusingVoidType: `void` lets a callback that only shows the prompt be a plain `() => {}`.
) => void | ElicitResult | Promise<void | ElicitResult>;

/**
 * The handler to register with `client.setRequestHandler('elicitation/create', handler)`.
 * Its parameters are what the SDK passes: the request, and a context whose
 * `mcpReq.signal` aborts when the server withdraws the request.
 */
export type ElicitationHandler = (
  request: { params?: unknown },
  context?: { mcpReq?: { signal?: AbortSignal } },
) => Promise<ElicitResult>;

/** Options of {@link createElicitationHandler} and {@link createElicitationQueue}. */
export interface ElicitationHandlerOptions {
  /** Who asks, shown as the card's heading. MCP requires the UI to say which server asks. */
  serverName?: string;
  /** The tool that asks, when the host knows it. */
  toolName?: string;
}

/**
 * Builds an `elicitation/create` handler for `@modelcontextprotocol/client`: each request is parsed
 * into a one-request round and handed to `onRequest`, and the handler resolves with that person's
 * `ElicitResult` (accept, decline or cancel). If the server withdraws the request, the prompt's
 * `signal` aborts and the handler answers `cancel`.
 *
 * It serves MCP 2025 servers, which send `elicitation/create` as a request of their own, and
 * 2026-07-28 clients that leave auto-fulfilment on, where the SDK calls the same handler for each
 * `input_required` request.
 *
 * @example
 * ```ts
 * client.setRequestHandler('elicitation/create', createElicitationHandler((prompt) => {
 *   showCard(prompt.suspension, prompt.resume); // resolves the request when the person answers
 * }, { serverName: 'GitHub' }));
 * ```
 */
export function createElicitationHandler(
  onRequest: ElicitationCallback,
  options: ElicitationHandlerOptions = {},
): ElicitationHandler {
  return (request, context) => {
    const suspension = parseSuspension(request.params ?? {}, {
      id: `mcp-elicitation-${nextSequence()}`,
      ...(options.serverName === undefined ? {} : { serverName: options.serverName }),
      ...(options.toolName === undefined ? {} : { toolName: options.toolName }),
    });
    const key = suspension.requests[0]?.key;
    const signal = context?.mcpReq?.signal ?? new AbortController().signal;

    return new Promise<ElicitResult>((resolve, reject) => {
      let settled = false;
      const settle = (result: ElicitResult) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      };
      const onAbort = () => settle({ action: 'cancel' });
      if (signal.aborted) {
        settle({ action: 'cancel' });
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });

      const prompt: ElicitationPrompt = {
        suspension,
        signal,
        respond: settle,
        resume: async (responses) => {
          const result = key === undefined ? undefined : responses[key];
          if (!isElicitResult(result)) {
            throw new Error(
              `input-request-cards: resume got no answer for request "${key ?? '?'}". ` +
                'Pass the responses the card gives resume, keyed like suspension.requests.',
            );
          }
          settle(result);
        },
      };

      Promise.resolve()
        .then(() => onRequest(prompt))
        .then(
          (result) => {
            if (result) settle(result);
          },
          (error: unknown) => {
            if (settled) return;
            settled = true;
            signal.removeEventListener('abort', onAbort);
            reject(error);
          },
        );
    });
  };
}

/** What {@link createElicitationQueue} returns: a store of open prompts plus the handler that fills it. */
export interface ElicitationQueue {
  /** Register it: `client.setRequestHandler('elicitation/create', queue.handler)`. */
  handler: ElicitationHandler;
  /** The open prompts, oldest first. The array is replaced on every change (fit for `useSyncExternalStore`). */
  getSnapshot: () => readonly ElicitationPrompt[];
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
}

/**
 * An observable list of open `elicitation/create` prompts. A prompt joins when the server asks and
 * leaves when it is answered or withdrawn. A React host renders it with `useSyncExternalStore`.
 *
 * @example
 * ```tsx
 * const queue = createElicitationQueue({ serverName: 'GitHub' });
 * client.setRequestHandler('elicitation/create', queue.handler);
 *
 * function Questions() {
 *   const prompts = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
 *   return prompts.map((p) => <InputRequestCard key={p.suspension.id} suspension={p.suspension} resume={p.resume} />);
 * }
 * ```
 */
export function createElicitationQueue(options: ElicitationHandlerOptions = {}): ElicitationQueue {
  let prompts: readonly ElicitationPrompt[] = [];
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    handler: async (request, context) => {
      let mine: ElicitationPrompt | undefined;
      const handle = createElicitationHandler((prompt) => {
        mine = prompt;
        prompts = [...prompts, prompt];
        emit();
      }, options);
      try {
        return await handle(request, context);
      } finally {
        if (mine !== undefined) {
          prompts = prompts.filter((prompt) => prompt !== mine);
          emit();
        }
      }
    },
    getSnapshot: () => prompts,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
