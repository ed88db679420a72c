/**
 * Each chat's running turn, kept so that a page that reloads while a question waits reconnects to
 * it (`useChat({ resume: true })` asks `GET /api/chat/:id/stream`) and shows the question again,
 * with what the person had typed. In memory, for one process; a deployed app keeps the stream in
 * Redis with the `resumable-stream` package instead.
 *
 * The turn also says when nobody follows the chat any more: its `stopped` signal aborts once no
 * page has been connected to the turn for `graceMs`. Given to `bridge.forChat({ signal })`, it
 * tells the MCP server `cancel` (reason `aborted`) when the person closed the page, but not when
 * they only reloaded it (`request.signal` would abort on every reload).
 */
import { UI_MESSAGE_STREAM_HEADERS } from 'ai';

interface RunningTurn {
  /** The turn's stream as sent so far (server-sent events, as text). */
  readonly sent: string[];
  ended: boolean;
  /** Connections that follow the turn: the request that started it, and every resume. */
  followers: number;
  readonly listeners: Set<(event: string | null) => void>;
  readonly stop: AbortController;
  unfollowedTimer?: ReturnType<typeof setTimeout>;
}

export interface RunningTurns {
  /**
   * Starts the chat's turn, followed by the request that started it (`request.signal`). Returns
   * the signal for `bridge.forChat`, and `record`, for `consumeSseStream`'s copy of the stream.
   */
  start(
    chatId: string,
    request: Request,
  ): { stopped: AbortSignal; record: (copy: ReadableStream<string>) => void };
  /** `GET /api/chat/:id/stream`: the running turn from its start, then live; 204 when none runs. */
  resume(chatId: string, request: Request): Response;
}

export function createRunningTurns(options: { graceMs: number }): RunningTurns {
  const turns = new Map<string, RunningTurn>();

  /** Counts `signal`'s connection as following the turn until it aborts. */
  function follow(turn: RunningTurn, signal: AbortSignal) {
    if (signal.aborted) return;
    turn.followers += 1;
    clearTimeout(turn.unfollowedTimer);
    signal.addEventListener(
      'abort',
      () => {
        turn.followers -= 1;
        if (turn.followers > 0 || turn.ended) return;
        turn.unfollowedTimer = setTimeout(() => turn.stop.abort(), options.graceMs);
      },
      { once: true },
    );
  }

  function end(chatId: string, turn: RunningTurn) {
    turn.ended = true;
    clearTimeout(turn.unfollowedTimer);
    for (const listener of turn.listeners) listener(null);
    turn.listeners.clear();
    if (turns.get(chatId) === turn) turns.delete(chatId);
  }

  return {
    start(chatId, request) {
      const turn: RunningTurn = {
        sent: [],
        ended: false,
        followers: 0,
        listeners: new Set(),
        stop: new AbortController(),
      };
      // A newer turn of the chat replaces one still running (another tab sent a message): the
      // older turn's open questions can no longer be answered here, so they stop now.
      const before = turns.get(chatId);
      if (before) {
        before.stop.abort();
        end(chatId, before);
      }
      turns.set(chatId, turn);
      follow(turn, request.signal);
      const record = (copy: ReadableStream<string>) => {
        void (async () => {
          try {
            for await (const event of copy) {
              turn.sent.push(event);
              for (const listener of turn.listeners) listener(event);
            }
          } finally {
            end(chatId, turn);
          }
        })();
      };
      return { stopped: turn.stop.signal, record };
    },

    resume(chatId, request) {
      const turn = turns.get(chatId);
      // Nobody to send it to (a page gone before its request was read), or nothing running.
      if (!turn || turn.ended || request.signal.aborted) return new Response(null, { status: 204 });
      follow(turn, request.signal);
      let listener: ((event: string | null) => void) | undefined;
      const events = new ReadableStream<string>({
        start(controller) {
          for (const event of turn.sent) controller.enqueue(event);
          listener = (event) => {
            if (event === null) controller.close();
            else controller.enqueue(event);
          };
          turn.listeners.add(listener);
          // The page went away: stop following (the turn goes on for the others, or a reload).
          request.signal.addEventListener('abort', () => {
            if (listener) turn.listeners.delete(listener);
            try {
              controller.close();
            } catch {
              // already closed
            }
          });
        },
        cancel() {
          if (listener) turn.listeners.delete(listener);
        },
      });
      return new Response(events.pipeThrough(new TextEncoderStream()), {
        headers: UI_MESSAGE_STREAM_HEADERS,
      });
    },
  };
}
