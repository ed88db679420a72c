import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRunningTurns } from '../../examples/ai-sdk/server/running-turns.ts';

// The AI SDK example's running turns (examples/ai-sdk/server/running-turns.ts): what the README's
// "Keep a question open across a reload" recipe relies on. The e2e test drives it in Chromium;
// these pin its timing and its edges with fake time.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A page's connection to a route: a request whose signal aborts when the page goes. */
function page() {
  const aborter = new AbortController();
  return {
    request: new Request('http://app.test/api/chat', { signal: aborter.signal }),
    leave: () => aborter.abort(),
  };
}

/** Everything a stream says, as text, until it closes. */
async function readAll(response: Response): Promise<string> {
  return await response.text();
}

describe('running turns', () => {
  it('stops the questions only once no page has followed the turn for the grace period', () => {
    const turns = createRunningTurns({ graceMs: 1_000 });
    const first = page();
    const turn = turns.start('chat-1', first.request);
    first.leave(); // a reload: the page goes…
    vi.advanceTimersByTime(900);
    const reloaded = page();
    turns.resume('chat-1', reloaded.request); // …and follows the turn again within the grace
    vi.advanceTimersByTime(60_000);
    expect(turn.stopped.aborted).toBe(false);
    reloaded.leave(); // the page is closed for good
    vi.advanceTimersByTime(999);
    expect(turn.stopped.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(turn.stopped.aborted).toBe(true);
  });

  it('stops a turn that a newer turn of the same chat replaced', () => {
    const turns = createRunningTurns({ graceMs: 1_000 });
    const first = page();
    const older = turns.start('chat-1', first.request);
    first.leave();
    const newer = turns.start('chat-1', page().request);
    expect(older.stopped.aborted).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(newer.stopped.aborted).toBe(false);
  });

  it('replays the turn from its start to a page that resumes it, then follows it live; 204 once it ended', async () => {
    const turns = createRunningTurns({ graceMs: 1_000 });
    const turn = turns.start('chat-1', page().request);
    let push!: (event: string) => void;
    let close!: () => void;
    turn.record(
      new ReadableStream<string>({
        start(controller) {
          push = (event) => controller.enqueue(event);
          close = () => controller.close();
        },
      }),
    );
    push('data: {"type":"start"}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    const resumed = turns.resume('chat-1', page().request);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('content-type')).toBe('text/event-stream');
    const text = readAll(resumed);
    // A page gone before its resume was read follows nothing.
    const gone = page();
    gone.leave();
    expect(turns.resume('chat-1', gone.request).status).toBe(204);
    push('data: {"type":"finish"}\n\n');
    close();
    expect(await text).toBe('data: {"type":"start"}\n\ndata: {"type":"finish"}\n\n');
    expect(turns.resume('chat-1', page().request).status).toBe(204);
    // An ended turn stops nothing: its questions were answered, or it told the server itself.
    vi.advanceTimersByTime(60_000);
    expect(turn.stopped.aborted).toBe(false);
  });
});
