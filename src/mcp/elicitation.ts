import {
  asSent,
  type ElicitResult,
  type InputResponses,
  isElicitResult,
  type Suspension,
} from '../core/model.js';
import { parseSuspension } from '../core/parse/index.js';
import { type InputRequestSource, type InputRequestState, StaleRoundError } from '../core/source.js';
import { type AskerOptions, askerMeta, isRecord, nextSequence, PAGE_TAG } from './client.js';

/**
 * Whether the server has said that the out-of-band step of a 2025 URL request is done
 * (`notifications/elicitation/complete`). Shaped for `useSyncExternalStore(completion.subscribe,
 * () => completion.done)`.
 */
export interface ElicitationCompletion {
  /** True once the server sent `notifications/elicitation/complete` for this request. */
  readonly done: boolean;
  /** Calls `listener` when `done` turns true (once); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * One `elicitation/create` request waiting for a person: what a host renders with
 * `<InputRequestCard source={prompt.source} />`.
 */
export interface ElicitationPrompt {
  /** The request as a one-request round (its key is `suspension.requests[0].key`). */
  suspension: Suspension;
  /** Aborts when the server withdraws the request; the handler then answers `cancel`. */
  signal: AbortSignal;
  /**
   * The request as a card's source: `<InputRequestCard source={prompt.source} />` answers it, and
   * when the server withdraws it (its own timeout, a cancelled call) the card closes as expired,
   * keeping what the person typed readable and copyable, instead of vanishing under their hands.
   * Not followed (no `QueryClient` needed).
   */
  source: InputRequestSource;
  /**
   * True once the server withdrew the request before anyone answered. A queue keeps such a prompt,
   * its card closed, until {@link ElicitationQueue.dismiss}.
   */
  withdrawn: boolean;
  /**
   * True once the person opened the link of a 2025 URL request, which answered it `accept` (the
   * card answers as the link opens: `UrlRequest.acceptOnOpen`), and the server has not yet said
   * that the step is done. A queue keeps such a prompt, its card saying to continue on the page
   * that opened, until the server's completion notice (`handleComplete`) or
   * {@link ElicitationQueue.dismiss}: the completion is optional for a server.
   */
  linkOpened: boolean;
  /**
   * Answers with the round's responses, as the card's `resume` does. The first call wins;
   * later calls are ignored. Once the server withdrew the request it rejects with a
   * `StaleRoundError`: nothing reaches the server any more.
   */
  resume: (responses: InputResponses, context?: unknown) => Promise<void>;
  /** Answers with one `ElicitResult` directly. The first answer wins. */
  respond: (result: ElicitResult) => void;
  /**
   * For a 2025 URL request (it carries an `elicitationId`): learns when the server says the
   * out-of-band step is done, so a UI can show the step as finished (the card answers such a
   * request `accept` as the link opens: `UrlRequest.acceptOnOpen`). If the notice comes before
   * anyone answered, the handler answers `{ action: 'accept' }` for the person: the server has
   * just confirmed they finished. Absent for every other request.
   */
  completion?: ElicitationCompletion;
}

/**
 * The handler to register for `notifications/elicitation/complete` (MCP 2025-11-25, URL mode):
 * `client.setNotificationHandler('notifications/elicitation/complete', handler.handleComplete)`.
 * Unknown and already-completed `elicitationId`s are ignored, as MCP requires.
 */
export type ElicitationCompleteHandler = (notification: { params?: unknown }) => void;

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
export interface ElicitationHandler {
  (request: { params?: unknown }, context?: { mcpReq?: { signal?: AbortSignal } }): Promise<ElicitResult>;
  /**
   * Register it for MCP 2025 URL requests: `client.setNotificationHandler(
   * 'notifications/elicitation/complete', handler.handleComplete)`. See {@link ElicitationPrompt.completion}.
   */
  handleComplete: ElicitationCompleteHandler;
}

/** How many URL requests may wait for their completion notice at once; the oldest is forgotten first. */
const MAX_WAITING_COMPLETIONS = 256;

/** One 2025 URL request that may still hear `notifications/elicitation/complete`. */
interface WaitingCompletion {
  complete(): void;
}

/** The URL requests of one handler (or queue) that wait for their completion notice, by `elicitationId`. */
interface CompletionRegistry {
  /** The prompt's completion, registered under its id; `answer` is called if it is still open then. */
  track(elicitationId: string, answer: () => void): { completion: ElicitationCompletion; forget(): void };
  handleComplete: ElicitationCompleteHandler;
}

function createCompletionRegistry(): CompletionRegistry {
  const waiting = new Map<string, WaitingCompletion>();
  return {
    track(elicitationId, answer) {
      const listeners = new Set<() => void>();
      let done = false;
      const completion: ElicitationCompletion = {
        get done() {
          return done;
        },
        subscribe(listener) {
          listeners.add(listener);
          return () => {
            listeners.delete(listener);
          };
        },
      };
      const entry: WaitingCompletion = {
        complete() {
          done = true;
          for (const listener of [...listeners]) listener();
          answer();
        },
      };
      // A server may reuse an id only after the earlier request completed; the newer one wins.
      waiting.delete(elicitationId);
      waiting.set(elicitationId, entry);
      if (waiting.size > MAX_WAITING_COMPLETIONS) {
        const oldest = waiting.keys().next().value;
        if (oldest !== undefined) waiting.delete(oldest);
      }
      return {
        completion,
        forget() {
          if (waiting.get(elicitationId) === entry) waiting.delete(elicitationId);
        },
      };
    },
    handleComplete(notification) {
      const params = notification.params;
      const elicitationId = isRecord(params) ? params.elicitationId : undefined;
      if (typeof elicitationId !== 'string') return;
      const entry = waiting.get(elicitationId);
      // Unknown, or already completed: ignored (MCP 2025-11-25, URL mode).
      if (entry === undefined) return;
      waiting.delete(elicitationId);
      entry.complete();
    },
  };
}

/**
 * Options of {@link createElicitationHandler} and {@link createElicitationQueue}. MCP requires the
 * UI to say which server asks: give `serverName`.
 */
export type ElicitationHandlerOptions = AskerOptions;

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
  return handlerWith(createCompletionRegistry(), onRequest, options);
}

function handlerWith(
  registry: CompletionRegistry,
  onRequest: ElicitationCallback,
  options: ElicitationHandlerOptions,
): ElicitationHandler {
  const handle = (request: { params?: unknown }, context?: { mcpReq?: { signal?: AbortSignal } }) => {
    const suspension = parseSuspension(request.params ?? {}, {
      id: `mcp-elicitation-${PAGE_TAG}-${nextSequence()}`,
      ...askerMeta(options),
    });
    const first = suspension.requests[0];
    const key = first?.key;
    const signal = context?.mcpReq?.signal ?? new AbortController().signal;
    // The cards reading this request's source: told when the server withdraws it.
    const readers = new Set<(state: InputRequestState) => void>();
    // What the source reads: the open request, then, once withdrawn, the request closed.
    let reading: InputRequestState = { status: 'input-required', suspension };

    return new Promise<ElicitResult>((resolve, reject) => {
      let settled = false;
      let tracked: ReturnType<CompletionRegistry['track']> | undefined;
      const settle = (given: ElicitResult) => {
        if (settled) return;
        settled = true;
        // As MCP sends it: no content with a decline, a cancel or an accepted link.
        const result = asSent(suspension.requests[0], given);
        signal.removeEventListener('abort', onAbort);
        // Without a consent there is no out-of-band step whose end anyone waits for.
        if (result.action !== 'accept') tracked?.forget();
        // With one, and no completion yet, the step goes on in the page the link opened.
        else if (tracked !== undefined && !tracked.completion.done) prompt.linkOpened = true;
        resolve(result);
      };
      // A withdrawn request gets no response on the wire (the SDK sends none once the server
      // cancelled it): this ends the local wait, and its card closes with what was typed.
      const onAbort = () => {
        tracked?.forget();
        if (!settled) prompt.withdrawn = true;
        settle({ action: 'cancel' });
        if (!prompt.withdrawn) return;
        // Closed from now on, for every card: those reading it now, and one mounted later.
        reading = { status: 'input-required', suspension, deadline: Date.now() };
        for (const listener of [...readers]) listener(reading);
      };
      if (signal.aborted) {
        settle({ action: 'cancel' });
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      // The server confirmed the person finished the step the link started: that is their consent.
      if (first?.kind === 'url' && first.elicitationId !== undefined) {
        tracked = registry.track(first.elicitationId, () => settle({ action: 'accept' }));
      }

      const resume = async (responses: InputResponses) => {
        if (prompt.withdrawn) {
          throw new StaleRoundError(
            'input-request-cards: the server withdrew this question before the answer was sent; nothing was sent.',
          );
        }
        const result = key === undefined ? undefined : responses[key];
        if (!isElicitResult(result)) {
          throw new Error(
            `input-request-cards: resume got no answer for request "${key ?? '?'}". ` +
              'Pass the responses the card gives resume, keyed like suspension.requests.',
          );
        }
        settle(result);
      };
      const prompt: ElicitationPrompt = {
        suspension,
        signal,
        withdrawn: false,
        linkOpened: false,
        source: {
          queryKey: ['input-request-cards', 'mcp-elicitation', suspension.id],
          get initialState() {
            return reading;
          },
          follow: false,
          fetchState: async () => reading,
          resume: async (responses) => {
            await resume(responses);
            return undefined;
          },
          subscribe: (listener) => {
            readers.add(listener);
            return () => {
              readers.delete(listener);
            };
          },
        },
        respond: settle,
        resume,
        ...(tracked ? { completion: tracked.completion } : {}),
      };
      // The step the opened link started is done: nothing goes on in the other page any more.
      tracked?.completion.subscribe(() => {
        prompt.linkOpened = false;
      });

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
            tracked?.forget();
            reject(error);
          },
        );
    });
  };
  return Object.assign(handle, { handleComplete: registry.handleComplete });
}

/** What {@link createElicitationQueue} returns: a store of open prompts plus the handler that fills it. */
export interface ElicitationQueue {
  /** Register it: `client.setRequestHandler('elicitation/create', queue.handler)`. */
  handler: ElicitationHandler;
  /**
   * Register it for MCP 2025 URL requests: `client.setNotificationHandler(
   * 'notifications/elicitation/complete', queue.handleComplete)`. A link request whose step the
   * server reports done leaves the queue: one still waiting is answered `accept`, and one whose
   * link was opened (`linkOpened`) is over.
   */
  handleComplete: ElicitationCompleteHandler;
  /**
   * The prompts to show, oldest first: the open ones; the ones the server withdrew (`withdrawn`),
   * kept until dismissed; and the links opened whose step goes on elsewhere (`linkOpened`), kept
   * until the server says it is done or they are dismissed. The array is replaced on every change
   * (fit for `useSyncExternalStore`).
   */
  getSnapshot: () => readonly ElicitationPrompt[];
  /**
   * Takes a prompt off the list: a withdrawn one or an opened link once its person has read it,
   * or an open one, which is then answered `cancel`.
   */
  dismiss: (prompt: ElicitationPrompt) => void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
}

/**
 * An observable list of `elicitation/create` prompts. A prompt joins when the server asks and
 * leaves when it is answered. One the server withdraws stays, `withdrawn`, its card closed with
 * what the person typed, until `dismiss`. A 2025 link whose opening answered it stays,
 * `linkOpened`, its card saying to continue on the page that opened, until the server says the
 * step is done (`handleComplete`) or `dismiss`. A React host renders it with
 * `useSyncExternalStore`.
 *
 * @example
 * ```tsx
 * const queue = createElicitationQueue({ serverName: 'GitHub' });
 * client.setRequestHandler('elicitation/create', queue.handler);
 * client.setNotificationHandler('notifications/elicitation/complete', queue.handleComplete);
 *
 * function Questions() {
 *   const prompts = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
 *   return prompts.map((p) => (
 *     <div key={p.suspension.id}>
 *       <InputRequestCard source={p.source} />
 *       {p.withdrawn || p.linkOpened ? <button onClick={() => queue.dismiss(p)}>Dismiss</button> : null}
 *     </div>
 *   ));
 * }
 * ```
 */
export function createElicitationQueue(options: ElicitationHandlerOptions = {}): ElicitationQueue {
  let prompts: readonly ElicitationPrompt[] = [];
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  const registry = createCompletionRegistry();
  const handler = async (request: { params?: unknown }, context?: { mcpReq?: { signal?: AbortSignal } }) => {
    let mine: ElicitationPrompt | undefined;
    const handle = handlerWith(
      registry,
      (prompt) => {
        mine = prompt;
        prompts = [...prompts, prompt];
        emit();
        // The step the link started is done: answered now (if it was still open), or its link was
        // opened. Either way nothing is left to read on its card.
        prompt.completion?.subscribe(() => remove(prompt));
      },
      options,
    );
    try {
      return await handle(request, context);
    } finally {
      // Answered: it leaves. Withdrawn by the server: it stays, its card closed with what was
      // typed, until the host dismisses it. Its link opened: it stays, its card saying where the
      // step goes on, until the server says it is done.
      if (mine !== undefined) {
        // linkOpened turns false with the completion: it stays only while the step goes on.
        const stays = mine.withdrawn || mine.linkOpened;
        if (stays) {
          prompts = [...prompts];
          emit();
        } else {
          remove(mine);
        }
      }
    }
  };
  const remove = (prompt: ElicitationPrompt) => {
    if (!prompts.includes(prompt)) return;
    prompts = prompts.filter((candidate) => candidate !== prompt);
    emit();
  };
  const dismiss = (prompt: ElicitationPrompt) => {
    // Still open: dismissing it is this person's Cancel (an answered prompt ignores it).
    if (prompts.includes(prompt) && !prompt.withdrawn) prompt.respond({ action: 'cancel' });
    remove(prompt);
  };
  return {
    handler: Object.assign(handler, { handleComplete: registry.handleComplete }),
    handleComplete: registry.handleComplete,
    dismiss,
    getSnapshot: () => prompts,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
