import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type AnsweredInputRequestProps,
  germanAnsweredMessages,
  type InputRequestDataPart,
  InputRequestPart,
  isInputRequestPart,
} from '../../src/ai-sdk/index.ts';
import {
  createInputRequestBridge,
  type InputRequestBridge,
  type InputRequestChunk,
} from '../../src/ai-sdk/server.ts';
import { watchedSessions, writeMirroredDraft } from '../../src/core/registry.ts';
import { meetingParams } from '../fixtures/suspensions.ts';
import { advance, fakeTimeUser, useFakeTime, useRealTime } from '../support/fake-time.ts';

/** A replacement for the closed summary (as the lead's receipt will be). */
const Receipt = ({ data }: AnsweredInputRequestProps) => <p>Receipt for {data.requestId}</p>;

/** The browser's fetch, answered by the real bridge's route (jsdom's AbortSignal stays on this side). */
function routeFetch(bridge: InputRequestBridge): typeof fetch {
  return async (url, init) => {
    const { signal: _signal, ...rest } = init ?? {};
    return bridge.handleAnswer(new Request(new URL(String(url), 'http://app.test'), rest));
  };
}

/** The part as the stream says it once another tab's answer reached the server. */
function answeredInAnotherTab(pending: InputRequestDataPart): InputRequestDataPart {
  return {
    ...pending,
    data: {
      ...pending.data,
      status: 'answered',
      answer: { action: 'accept', content: { title: 'Other tab' } },
    },
  } as InputRequestDataPart;
}

/** A real bridge with one request waiting; `parts` collects what it writes to the stream. */
async function askOnce(options: { timeoutMs?: number } = {}) {
  const bridge = createInputRequestBridge(options);
  const parts: InputRequestDataPart[] = [];
  const asks = bridge.forChat({
    chatId: 'chat-7',
    serverName: 'Calendar',
    toolName: 'book_meeting',
    writer: { write: (chunk: InputRequestChunk) => parts.push(structuredClone(chunk)) },
  });
  const answer = asks.onElicitationRequest({ method: 'elicitation/create', params: meetingParams });
  await vi.waitFor(() => expect(parts).toHaveLength(1));
  return { bridge, parts, answer };
}

describe('InputRequestPart', () => {
  it('renders a pending part as the card, posts the answer to the route, then shows the closed summary', async () => {
    const user = userEvent.setup();
    const { bridge, parts, answer } = await askOnce();
    const pending = parts[0] as InputRequestDataPart;
    expect(isInputRequestPart(pending)).toBe(true);
    const { rerender } = render(<InputRequestPart part={pending} fetch={routeFetch(bridge)} />);

    const card = screen.getByRole('article', { name: /^Calendar (is asking|asked)$/ });
    expect(within(card).getByText('book_meeting').parentElement).toHaveTextContent('Tool: book_meeting');
    await user.type(within(card).getByRole('textbox', { name: /Title/ }), 'Planning');
    await user.click(within(card).getByRole('radio', { name: 'South room' }));
    await user.type(within(card).getByLabelText(/API key/, { selector: 'input' }), 'sk-live-777');
    await user.click(within(card).getByRole('button', { name: 'Accept' }));

    expect(await answer).toEqual({
      action: 'accept',
      content: { title: 'Planning', room: 'south', remote: true, api_key: 'sk-live-777' },
    });
    expect(await within(card).findByText('You answered.')).toBeInTheDocument();

    // The stream's update of the same part replaces the card with the summary.
    const answered = parts.at(-1) as InputRequestDataPart;
    expect(answered.data.status).toBe('answered');
    rerender(<InputRequestPart part={answered} fetch={routeFetch(bridge)} />);
    const summary = screen.getByRole('article', { name: 'Calendar asked' });
    expect(within(summary).getByText('Details for the meeting?')).toBeInTheDocument();
    expect(within(summary).getByText('You answered.')).toBeInTheDocument();
    const answers = within(summary).getByLabelText('Your answers');
    expect(
      within(answers)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ['Title', 'Planning'],
      ['Room', 'South room'],
      ['Remote', 'Yes'],
      ['API key', 'Hidden'],
    ]);
    expect(document.body.textContent).not.toContain('sk-live-777');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('after a reload, renders the persisted answered part as the summary without any request', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    const persisted = JSON.parse(
      JSON.stringify({
        type: 'data-input-request',
        id: 'req-1',
        data: {
          requestId: 'req-1',
          chatId: 'chat-7',
          serverName: 'Files',
          toolName: 'confirm_delete',
          toolTitle: 'Delete a file',
          request: {
            method: 'elicitation/create',
            params: { message: 'Delete notes.txt?', requestedSchema: { type: 'object', properties: {} } },
          },
          status: 'answered',
          createdAt: '2026-12-01T10:00:00.000Z',
          expiresAt: '2026-12-01T10:10:00.000Z',
          answer: { action: 'decline' },
        },
      }),
    );
    expect(isInputRequestPart(persisted)).toBe(true);
    render(<InputRequestPart part={persisted} fetch={fetchSpy} headingLevel={4} className="irc-dark" />);
    const summary = screen.getByRole('article', { name: 'Files asked' });
    // The card's own props still style the summary that replaced it.
    expect(summary).toHaveClass('irc-card', 'irc-answered', 'irc-dark');
    expect(within(summary).getByRole('heading', { level: 4 })).toHaveTextContent('Files asked');
    expect(within(summary).getByText('You declined.')).toBeInTheDocument();
    // The tool's title for people, over its name.
    expect(within(summary).getByText('Delete a file').parentElement).toHaveTextContent('Tool: Delete a file');
    expect(within(summary).queryByRole('list')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says a 2025 link answered by opening it was opened, not answered; a 2026 link accepted on Done was answered', () => {
    const linkPart = (id: string, elicitationId: string | undefined) =>
      ({
        type: 'data-input-request',
        id,
        data: {
          requestId: id,
          chatId: 'chat-7',
          serverName: 'Calendar',
          request: {
            method: 'elicitation/create',
            params: {
              mode: 'url',
              message: 'Sign in to Calendar',
              url: 'https://calendar.example/login',
              ...(elicitationId === undefined ? {} : { elicitationId }),
            },
          },
          status: 'answered',
          createdAt: '2026-12-01T10:00:00.000Z',
          expiresAt: '2026-12-01T10:10:00.000Z',
          answer: { action: 'accept' },
        },
      }) as InputRequestDataPart;
    const opened = render(<InputRequestPart part={linkPart('req-3', 'e-3')} fetch={vi.fn<typeof fetch>()} />);
    const summary = screen.getByRole('article', { name: 'Calendar asked' });
    expect(summary).toHaveAttribute('data-ending', 'opened');
    expect(within(summary).getByText('You opened the link. Continue on the page that opened.')).toBeVisible();
    // As on the card's receipt: a way back to a tab that never opened, which answers nothing.
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      fireEvent.click(within(summary).getByRole('button', { name: 'Open again' }));
      expect(open).toHaveBeenCalledWith('https://calendar.example/login', '_blank', 'noopener,noreferrer');
    } finally {
      open.mockRestore();
    }
    opened.unmount();
    render(<InputRequestPart part={linkPart('req-4', undefined)} fetch={vi.fn<typeof fetch>()} />);
    const answered = screen.getByRole('article', { name: 'Calendar asked' });
    expect(within(answered).getByText('You answered.')).toBeVisible();
    expect(within(answered).queryByRole('button', { name: 'Open again' })).toBeNull();
  });

  it('heads the summary as no name does when the server and tool names show nothing', () => {
    const part = {
      type: 'data-input-request',
      id: 'req-2',
      data: {
        requestId: 'req-2',
        chatId: 'chat-7',
        serverName: '\u3164',
        toolName: '\u200B',
        request: {
          method: 'elicitation/create',
          params: { message: 'Delete notes.txt?', requestedSchema: { type: 'object', properties: {} } },
        },
        status: 'answered',
        createdAt: '2026-12-01T10:00:00.000Z',
        expiresAt: '2026-12-01T10:10:00.000Z',
        answer: { action: 'decline' },
      },
    };
    expect(isInputRequestPart(part)).toBe(true);
    render(<InputRequestPart part={part as InputRequestDataPart} fetch={vi.fn<typeof fetch>()} />);
    expect(screen.getByRole('heading', { name: 'A tool asked' })).toBeInTheDocument();
    expect(document.querySelector('[data-part="tool"]')).toBeNull();
  });

  it('words the answers as the card receipt does: numbers, dates, chosen options and long text in the summary language', () => {
    const part = JSON.parse(
      JSON.stringify({
        type: 'data-input-request',
        id: 'req-2',
        data: {
          requestId: 'req-2',
          chatId: 'chat-7',
          serverName: 'Travel',
          request: {
            method: 'elicitation/create',
            params: {
              message: 'Your trip?',
              contentLanguage: 'en-GB',
              requestedSchema: {
                type: 'object',
                properties: {
                  budget: { type: 'number', title: 'Budget' },
                  start: { type: 'string', format: 'date', title: 'Start' },
                  seats: {
                    type: 'array',
                    title: 'Seats',
                    items: {
                      anyOf: [
                        { const: 'w', title: 'Window' },
                        { const: 'a', title: 'Aisle' },
                      ],
                    },
                  },
                  note: { type: 'string', title: 'Note' },
                  password: { type: 'string', title: 'Password' },
                },
                required: ['budget'],
              },
            },
          },
          status: 'answered',
          createdAt: '2026-12-01T10:00:00.000Z',
          answer: {
            action: 'accept',
            content: { budget: 1234.5, start: '2026-01-31', seats: ['w', 'a'], note: 'n'.repeat(12_000) },
            hidden: ['password'],
          },
        },
      }),
    );
    const answers = (label: string, messages?: typeof germanAnsweredMessages) => {
      const { unmount } = render(<InputRequestPart part={part} answeredMessages={messages} />);
      const list = screen.getByLabelText(label);
      const rows = within(list)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
      unmount();
      return rows;
    };
    // The server's words carry their direction and language, as on the card.
    render(<InputRequestPart part={part} />);
    expect(screen.getByText('Your trip?')).toHaveAttribute('lang', 'en-GB');
    expect(screen.getByText('Your trip?')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('Budget')).toHaveAttribute('lang', 'en-GB');
    // Its own words carry theirs, laid out in their direction.
    const summary = screen.getByRole('article');
    expect(summary).toHaveAttribute('lang', 'en');
    expect(summary).toHaveAttribute('dir', 'ltr');
    cleanup();
    render(<InputRequestPart part={part} answeredMessages={{ ...germanAnsweredMessages, locale: 'he' }} />);
    expect(screen.getByRole('article')).toHaveAttribute('dir', 'rtl');
    cleanup();
    expect(answers('Your answers')).toEqual([
      ['Budget', '1,234.5'],
      ['Start', 'January 31, 2026'],
      ['Seats', 'Window and Aisle'],
      // A long typed answer is cut to a recap: the summary stays short in a transcript.
      ['Note', `${'n'.repeat(500)}… (11,500 more characters not shown)`],
      ['Password', 'Hidden'],
    ]);
    expect(answers('Ihre Antworten', germanAnsweredMessages)).toEqual([
      ['Budget', '1.234,5'],
      ['Start', '31. Januar 2026'],
      ['Seats', 'Window und Aisle'],
      ['Note', `${'n'.repeat(500)}… (11.500 weitere Zeichen nicht angezeigt)`],
      ['Password', 'Verborgen'],
    ]);
  });

  it('shows a pending part again after a reload (a resumed stream) with what was typed, never a secret', async () => {
    useFakeTime();
    try {
      const { parts } = await askOnce();
      const pending = parts[0] as InputRequestDataPart;
      const user = fakeTimeUser();
      const first = render(<InputRequestPart part={pending} />);
      await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Planning');
      await user.type(screen.getByLabelText(/API key/, { selector: 'input' }), 'sk-live-777');
      await advance(300);
      first.unmount();
      await advance(); // the page is gone: its round's session with it
      // The reloaded page's resumed stream replays the same part.
      render(<InputRequestPart part={structuredClone(pending)} />);
      expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Planning');
      expect(screen.getByLabelText(/API key/, { selector: 'input' })).toHaveValue('');
    } finally {
      useRealTime();
    }
  });

  it('leaves nothing typed in storage once the request closed, here or elsewhere', async () => {
    useFakeTime();
    try {
      const { parts } = await askOnce();
      const pending = parts[0] as InputRequestDataPart;
      const user = fakeTimeUser();
      const stored = () => Object.values(sessionStorage).filter((value) => value.includes('Board review'));
      const { rerender } = render(<InputRequestPart part={pending} />);
      await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Board review');
      await advance(300);
      expect(stored()).toHaveLength(1);
      // The stream says the chat stopped before an answer: the summary replaces the card.
      const stopped = {
        ...pending,
        data: { ...pending.data, status: 'cancelled', outcome: { action: 'cancel', reason: 'aborted' } },
      } as InputRequestDataPart;
      rerender(<InputRequestPart part={stopped} />);
      await advance();
      expect(screen.queryByRole('textbox', { name: /Title/ })).toBeNull();
      expect(stored()).toEqual([]);
    } finally {
      useRealTime();
    }
  });

  it('keeps no drafts with drafts={false}', async () => {
    useFakeTime();
    try {
      const { parts } = await askOnce();
      const pending = parts[0] as InputRequestDataPart;
      const user = fakeTimeUser();
      const first = render(<InputRequestPart part={pending} drafts={false} />);
      await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Planning');
      await advance(300);
      first.unmount();
      await advance();
      render(<InputRequestPart part={structuredClone(pending)} drafts={false} />);
      expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('');
    } finally {
      useRealTime();
    }
  });

  it('shows a timeout on the part, with what the server was told', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const { parts, answer } = await askOnce({ timeoutMs: 3 * 60_000 });
      render(<InputRequestPart part={parts[0] as InputRequestDataPart} />);
      // The card counts down to the moment the bridge answers for the person.
      // (Whole minutes, rounded down: "2 minutes" a moment after the three began.)
      expect(
        screen.getByText('2 minutes left to answer.', {
          selector: '[data-part="time-left"] p:not([aria-live])',
        }),
      ).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(3 * 60_000);
      expect(await answer).toMatchObject({ action: 'cancel' });
      render(<InputRequestPart part={parts.at(-1) as InputRequestDataPart} />);
      expect(
        screen.getByText('No answer came in time, so the server was told: cancelled.'),
      ).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a card that ran out of time while the person typed: expired, read-only, copyable, and after a reload', async () => {
    useFakeTime();
    try {
      const { parts, answer } = await askOnce({ timeoutMs: 3 * 60_000 });
      const user = fakeTimeUser();
      const { rerender, unmount } = render(<InputRequestPart part={parts[0] as InputRequestDataPart} />);
      await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Quarterly board review');
      await advance(3 * 60_000);
      expect(await answer).toMatchObject({ action: 'cancel' });
      const timedOut = parts.at(-1) as InputRequestDataPart;
      expect(timedOut.data.status).toBe('timed-out');

      rerender(<InputRequestPart part={timedOut} />);
      await advance();
      const card = screen.getByRole('article');
      expect(card).toHaveAttribute('data-state', 'expired');
      expect(within(card).getByRole('textbox', { name: /Title/ })).toHaveValue('Quarterly board review');
      expect(within(card).getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly');
      expect(within(card).getByRole('button', { name: 'Copy answers' })).toBeInTheDocument();

      // A reload shows the part as it was persisted, timed out: the typed text is back with it.
      unmount();
      await advance();
      render(<InputRequestPart part={structuredClone(timedOut)} />);
      expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Quarterly board review');
      expect(screen.getByRole('article')).toHaveAttribute('data-state', 'expired');
    } finally {
      useRealTime();
    }
  });

  for (const drafts of [undefined, false] as const) {
    it(`keeps the card when the timeout comes before the typing reached a draft (${drafts === false ? 'drafts={false}' : 'within the pause'})`, async () => {
      useFakeTime();
      try {
        const parts: InputRequestDataPart[] = [];
        let timesOutAt = 0;
        const asks = createInputRequestBridge({ timeoutMs: 3 * 60_000 }).forChat({
          chatId: 'chat-7',
          writer: {
            write: (chunk: InputRequestChunk) => {
              // The bridge starts its clock as it writes the pending part.
              if (parts.length === 0) timesOutAt = Date.now() + 3 * 60_000;
              parts.push(structuredClone(chunk));
            },
          },
        });
        const answer = asks.onElicitationRequest({ method: 'elicitation/create', params: meetingParams });
        await vi.waitFor(() => expect(parts).toHaveLength(1));
        const user = fakeTimeUser();
        const { rerender, unmount } = render(
          <InputRequestPart
            part={parts[0] as InputRequestDataPart}
            {...(drafts === false ? { drafts } : {})}
          />,
        );
        await advance(timesOutAt - Date.now() - 100);
        await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Q4');
        // The bridge times out while the draft still waits out its pause after the last keystroke.
        await advance(timesOutAt - Date.now());
        expect(await answer).toMatchObject({ action: 'cancel' });
        const timedOut = parts.at(-1) as InputRequestDataPart;
        expect(timedOut.data.status).toBe('timed-out');
        expect(Object.values(sessionStorage).some((value) => value.includes('Q4'))).toBe(false);
        rerender(<InputRequestPart part={timedOut} {...(drafts === false ? { drafts } : {})} />);
        await advance(1000);

        const card = screen.getByRole('article');
        expect(card).toHaveAttribute('data-state', 'expired');
        expect(within(card).getByRole('textbox', { name: /Title/ })).toHaveValue('Q4');
        unmount();
        sessionStorage.clear();
      } finally {
        useRealTime();
      }
    });
  }

  it('keeps the card, closed as answered elsewhere with what was typed, when another tab answers while this person types', async () => {
    const user = userEvent.setup();
    const { parts } = await askOnce();
    const pending = parts[0] as InputRequestDataPart;
    const { rerender } = render(<InputRequestPart part={pending} />);
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'My own title');
    const answered = answeredInAnotherTab(pending);
    rerender(<InputRequestPart part={answered} />);

    await vi.waitFor(() =>
      expect(screen.getByRole('article')).toHaveAttribute('data-state', 'answered-elsewhere'),
    );
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('Answered elsewhere. Nothing was sent from here.');
    expect(within(card).getByRole('textbox', { name: /Title/ })).toHaveValue('My own title');
    expect(within(card).getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly');
    expect(within(card).getByRole('button', { name: 'Copy answers' })).toBeInTheDocument();
    // Its draft goes with the round: a reload shows the summary of the other tab's answer.
    expect(Object.values(sessionStorage).some((value) => value.includes('My own title'))).toBe(false);
  });

  it('closes as answered elsewhere also when the part mounted again under a new key (a message given its server id)', async () => {
    const user = userEvent.setup();
    const { parts } = await askOnce();
    const pending = parts[0] as InputRequestDataPart;
    const { rerender } = render(<InputRequestPart key="temporary-id" part={pending} />);
    // Typed before the part mounts again: the new one knows, and reaches the same session.
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'My own title');
    rerender(<InputRequestPart key="server-id" part={pending} />);
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('My own title');
    const answered = answeredInAnotherTab(pending);
    rerender(<InputRequestPart key="server-id" part={answered} />);
    await vi.waitFor(() =>
      expect(screen.getByRole('article')).toHaveAttribute('data-state', 'answered-elsewhere'),
    );
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly');
  });

  it('brings the card back, closed as answered elsewhere, when this person’s own send on its way then fails outright', async () => {
    const user = userEvent.setup();
    const { parts } = await askOnce();
    const pending = parts[0] as InputRequestDataPart;
    let replyBack!: () => void;
    const held = new Promise<void>((resolve) => {
      replyBack = resolve;
    });
    const failing: typeof fetch = async () => {
      await held;
      return Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 });
    };
    const { rerender } = render(<InputRequestPart part={pending} fetch={failing} />);
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Mine');
    await user.click(screen.getByRole('radio', { name: 'South room' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    // Another tab's answer closes the part while this one is on its way: it may be this one.
    const answered = answeredInAnotherTab(pending);
    rerender(<InputRequestPart part={answered} fetch={failing} />);
    expect(screen.getByRole('article', { name: 'Calendar asked' })).toHaveTextContent('You answered.');
    // It was not: the route refused it. What this person typed is back, as not used.
    await act(async () => replyBack());
    await vi.waitFor(() =>
      expect(screen.getByRole('article')).toHaveAttribute('data-state', 'answered-elsewhere'),
    );
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Mine');
  });

  it('shows the summary in every copy of a part once this person’s own answer went, even before its reply', async () => {
    const user = userEvent.setup();
    const { bridge, parts, answer } = await askOnce();
    let replyBack!: () => void;
    const held = new Promise<void>((resolve) => {
      replyBack = resolve;
    });
    const slowReply: typeof fetch = async (url, init) => {
      const reply = await routeFetch(bridge)(url, init);
      await held;
      return reply;
    };
    const pending = parts[0] as InputRequestDataPart;
    const both = (part: InputRequestDataPart) => (
      <>
        <div data-testid="a">
          <InputRequestPart part={part} fetch={slowReply} />
        </div>
        <div data-testid="b">
          <InputRequestPart part={structuredClone(part)} fetch={slowReply} />
        </div>
      </>
    );
    const { rerender } = render(both(pending));
    const a = screen.getByTestId('a');
    await user.type(within(a).getByRole('textbox', { name: /Title/ }), 'Planning');
    await user.click(within(a).getByRole('radio', { name: 'South room' }));
    await user.type(within(a).getByLabelText(/API key/, { selector: 'input' }), 'sk');
    await user.click(within(a).getByRole('button', { name: 'Accept' }));
    await answer;
    // The stream says answered while the route's reply is still on its way.
    rerender(both(parts.at(-1) as InputRequestDataPart));
    for (const copy of ['a', 'b']) {
      expect(
        within(screen.getByTestId(copy)).getByRole('article', { name: 'Calendar asked' }),
      ).toHaveTextContent('You answered.');
    }
    replyBack();
    await vi.waitFor(() => expect(screen.queryByText(/Answered elsewhere/)).toBeNull());
  });

  it('closes a card kept after a timeout at once, though this page’s clock says its time is not up', async () => {
    const user = userEvent.setup();
    const { parts } = await askOnce();
    const pending = parts[0] as InputRequestDataPart;
    const { rerender } = render(<InputRequestPart part={pending} drafts={false} />);
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Late');
    // The server's clock ran ahead: it timed out while this page still counts minutes.
    const timedOut = {
      ...pending,
      data: { ...pending.data, status: 'timed-out', outcome: { action: 'cancel', reason: 'timed-out' } },
    } as InputRequestDataPart;
    rerender(<InputRequestPart part={timedOut} drafts={false} />);
    await vi.waitFor(() => expect(screen.getByRole('article')).toHaveAttribute('data-state', 'expired'));
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Late');
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly');
  });

  it('shows the summary when only another tab typed (its live copy’s drafts mirrored here) and answered', async () => {
    const { parts } = await askOnce();
    const pending = parts[0] as InputRequestDataPart;
    const { rerender } = render(<InputRequestPart part={pending} />);
    const session = [...watchedSessions()].find(
      (each) => each.getSnapshot().round?.id === pending.data.requestId,
    );
    if (!session) throw new Error('no session shows the part');
    act(() => writeMirroredDraft(session, 'elicitation', { title: 'Typed in the other tab' }));
    const answered = answeredInAnotherTab(pending);
    rerender(<InputRequestPart part={answered} />);
    expect(screen.getByRole('article', { name: 'Calendar asked' })).toHaveTextContent('You answered.');
  });

  it('closes the card, keeping the typed values, when the route no longer knows the question', async () => {
    const user = userEvent.setup();
    const { bridge, parts } = await askOnce();
    const pending = parts[0] as InputRequestDataPart;
    // The request is no longer open (another tab answered it, the stream moved on), so the real
    // route answers unknown-request: a Try again could never succeed.
    await bridge.store.deliver('chat-7', pending.data.requestId, { action: 'cancel' });
    render(<InputRequestPart part={pending} fetch={routeFetch(bridge)} />);
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Planning');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const card = await screen.findByRole('article', { name: /^Calendar asked$/ });
    await vi.waitFor(() => expect(card).toHaveAttribute('data-outcome', 'refused'));
    expect(within(card).getByRole('textbox', { name: /Title/ })).toHaveValue('Planning');
    expect(within(card).queryByRole('button', { name: /Try again|Accept/ })).toBeNull();
  });

  it.each([
    {
      code: 'already-answered',
      status: 409,
      outcome: 'answered-elsewhere-first',
      receipt: 'Answered elsewhere first. Your answer was not used.',
    },
    {
      code: 'not-waiting',
      status: 410,
      outcome: 'refused',
      receipt: 'Your answer was not used: this question had already closed.',
    },
    {
      code: 'unknown-request',
      status: 404,
      outcome: 'refused',
      receipt: 'Your answer was not used: this question had already closed.',
    },
  ])(
    'closes the card on a $status $code refusal, keeping the typed values to copy, with no retry',
    async ({ code, status, outcome, receipt }) => {
      const user = userEvent.setup();
      const { parts } = await askOnce();
      // The answer route's refusal, as it words it.
      const refusing: typeof fetch = async () =>
        Response.json({ error: { code, message: `input-request-cards: ${code}` } }, { status });
      render(<InputRequestPart part={parts[0] as InputRequestDataPart} fetch={refusing} />);
      await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Planning');
      await user.click(screen.getByRole('button', { name: 'Accept' }));

      const card = await screen.findByRole('article', { name: /^Calendar asked$/ });
      await vi.waitFor(() => expect(card).toHaveAttribute('data-outcome', outcome));
      // The receipt's first line says it, as focus lands there; the live region adds nothing
      // (the same news in it would be heard twice).
      expect(card.querySelector('[data-part="outcome"]')).toHaveTextContent(receipt);
      expect(card.querySelector('[data-part="outcome"]')).toHaveFocus();
      expect(card.querySelector('[data-part="status"]')).toBeEmptyDOMElement();
      expect(within(card).getByRole('textbox', { name: /Title/ })).toHaveValue('Planning');
      expect(within(card).getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly');
      expect(within(card).getByRole('button', { name: 'Copy answers' })).toBeEnabled();
      expect(within(card).queryByRole('button', { name: /Try again|Accept/ })).toBeNull();
    },
  );

  it('keeps the closed card when the part then says the request timed out: the answer came late, and was not used', async () => {
    const user = userEvent.setup();
    const { parts } = await askOnce();
    const pending = parts[0] as InputRequestDataPart;
    const refusing: typeof fetch = async () =>
      Response.json(
        { error: { code: 'not-waiting', message: 'input-request-cards: not-waiting' } },
        { status: 410 },
      );
    const { rerender } = render(<InputRequestPart part={pending} fetch={refusing} />);
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Planning');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const card = await screen.findByRole('article', { name: /^Calendar asked$/ });
    await vi.waitFor(() => expect(card).toHaveAttribute('data-outcome', 'refused'));

    // The stream catches up: the bridge had told the server "cancel" when the time ran out.
    const timedOut = {
      ...pending,
      data: { ...pending.data, status: 'timed-out', outcome: { action: 'cancel', reason: 'timed-out' } },
    } as InputRequestDataPart;
    rerender(<InputRequestPart part={timedOut} fetch={refusing} />);
    expect(screen.queryByText(/No answer came in time/)).toBeNull();
    expect(screen.getByRole('article').querySelector('[data-part="outcome"]')).toHaveTextContent(
      'Your answer was not used: this question had already closed.',
    );
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Planning');
  });

  it('forgets a refused card when the same component shows another request', async () => {
    const user = userEvent.setup();
    const first = (await askOnce()).parts[0] as InputRequestDataPart;
    const refusing: typeof fetch = async () =>
      Response.json(
        { error: { code: 'not-waiting', message: 'input-request-cards: not-waiting' } },
        { status: 410 },
      );
    const { rerender } = render(<InputRequestPart part={first} fetch={refusing} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const card = await screen.findByRole('article', { name: /^Calendar asked$/ });
    await vi.waitFor(() => expect(card).toHaveAttribute('data-outcome', 'refused'));

    // A host that keys parts by index: the same instance, another request, already answered.
    const other = {
      ...first,
      id: 'req-other',
      data: { ...first.data, requestId: 'req-other', status: 'answered', answer: { action: 'decline' } },
    } as InputRequestDataPart;
    rerender(<InputRequestPart part={other} fetch={refusing} />);
    expect(screen.getByText('You declined.')).toBeInTheDocument();
  });

  it('after a send that may have arrived, a "closed" from the route is no "not used": the stream says how it ended', async () => {
    const user = userEvent.setup();
    const { bridge, parts, answer } = await askOnce();
    let posts = 0;
    const dropsFirstReply: typeof fetch = async (url, init) => {
      posts += 1;
      const reply = await routeFetch(bridge)(url, init);
      // The first answer arrives, but the connection drops before its reply comes back.
      if (posts === 1) throw new TypeError('Failed to fetch');
      return reply;
    };
    const { rerender } = render(
      <InputRequestPart part={parts[0] as InputRequestDataPart} fetch={dropsFirstReply} />,
    );
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Planning');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await answer;
    // The retry hears unknown-request: the request closed with this very answer.
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(screen.getByRole('article')).toHaveTextContent(/error.404/));
    expect(screen.getByRole('article')).not.toHaveTextContent(/Your answer was not used/);

    rerender(<InputRequestPart part={parts.at(-1) as InputRequestDataPart} fetch={dropsFirstReply} />);
    expect((parts.at(-1) as InputRequestDataPart).data.status).toBe('answered');
    expect(screen.getByText('You answered.')).toBeInTheDocument();
  });

  it('a refusal that comes after the card gave up waiting for it does not keep the card', async () => {
    useFakeTime();
    try {
      const user = fakeTimeUser();
      const { parts } = await askOnce();
      const pending = parts[0] as InputRequestDataPart;
      let refuse = () => {};
      const late: typeof fetch = () =>
        new Promise((resolve) => {
          refuse = () =>
            resolve(Response.json({ error: { code: 'not-waiting', message: 'x' } }, { status: 410 }));
        });
      const { rerender } = render(<InputRequestPart part={pending} fetch={late} />);
      await user.click(screen.getByRole('button', { name: 'Decline' }));
      await advance(120_000); // past the card's own wait for the send
      refuse();
      await advance();
      const answered = {
        ...pending,
        data: { ...pending.data, status: 'answered', answer: { action: 'decline' } },
      } as InputRequestDataPart;
      rerender(<InputRequestPart part={answered} fetch={late} />);
      expect(screen.getByText('You declined.')).toBeInTheDocument();
    } finally {
      useRealTime();
    }
  });

  it('speaks German and takes a replacement for the summary', async () => {
    const { parts } = await askOnce();
    const ended: InputRequestDataPart = {
      ...(parts[0] as InputRequestDataPart),
      data: {
        ...(parts[0] as InputRequestDataPart).data,
        status: 'cancelled',
        outcome: { action: 'cancel', reason: 'aborted' },
      },
    };
    const { unmount } = render(<InputRequestPart part={ended} answeredMessages={germanAnsweredMessages} />);
    expect(screen.getByRole('article', { name: 'Anfrage von Calendar' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Der Chat wurde beendet, bevor eine Antwort kam, daher wurde dem Server gemeldet: abgebrochen.',
      ),
    ).toBeInTheDocument();
    unmount();

    render(<InputRequestPart part={ended} Answered={Receipt} />);
    expect(screen.getByText(`Receipt for ${ended.data.requestId}`)).toBeInTheDocument();
  });
});

/** A part as storage gives it back: plain JSON, whatever it holds. */
function storedPart(data: Record<string, unknown>): InputRequestDataPart {
  const part: unknown = JSON.parse(
    JSON.stringify({
      type: 'data-input-request',
      id: 'req-9',
      data: {
        requestId: 'req-9',
        chatId: 'chat-7',
        serverName: 'Notes',
        createdAt: '2026-12-01T10:00:00.000Z',
        expiresAt: '2099-12-01T10:10:00.000Z',
        ...data,
      },
    }),
  );
  expect(isInputRequestPart(part)).toBe(true);
  return part as InputRequestDataPart;
}

const NOTEBOOK_FORM = {
  type: 'object',
  properties: {
    notebook: { type: 'string', title: 'Notebook' },
    api_key: { type: 'string', title: 'API key' },
  },
};

describe('InputRequestPart with parts it cannot trust', () => {
  it('given a part of another kind (a developer mistake), names it and the guard to use', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() =>
        render(
          <InputRequestPart part={{ type: 'text', text: 'Hello' } as unknown as InputRequestDataPart} />,
        ),
      ).toThrow(
        'input-request-cards: <InputRequestPart part> needs a "data-input-request" part (render it only where isInputRequestPart(part) is true), but it is a part of type "text", or one whose data is not an input request\'s.',
      );
      expect(() => render(<InputRequestPart part={undefined as unknown as InputRequestDataPart} />)).toThrow(
        /needs a "data-input-request" part .*, but it is missing\.$/,
      );
    } finally {
      error.mockRestore();
    }
  });

  it('shows a request with no requestedSchema as one that cannot be answered here, and its Decline reaches the server', async () => {
    const user = userEvent.setup();
    const bridge = createInputRequestBridge();
    const parts: InputRequestDataPart[] = [];
    const asks = bridge.forChat({
      chatId: 'chat-7',
      serverName: 'Notes',
      writer: { write: (chunk: InputRequestChunk) => parts.push(structuredClone(chunk)) },
    });
    const answer = asks.onElicitationRequest({
      method: 'elicitation/create',
      params: { message: 'Which notebook?' },
    });
    await vi.waitFor(() => expect(parts).toHaveLength(1));
    render(<InputRequestPart part={parts[0] as InputRequestDataPart} fetch={routeFetch(bridge)} />);

    const card = screen.getByRole('article', { name: /^Notes (is asking|asked)$/ });
    expect(within(card).getByText('Which notebook?')).toBeVisible();
    expect(within(card).getByText('This question cannot be answered here')).toBeVisible();
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Accept' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    expect(await answer).toEqual({ action: 'decline' });
  });

  it.each([
    ['no requestedSchema', { message: 'Which notebook?' }],
    ['no message or schema at all', {}],
    ['a requestedSchema that is no object', { message: 'Which notebook?', requestedSchema: 'notebook' }],
  ])('renders a stored pending part with %s as a question it cannot answer, not a crash', (_what, params) => {
    render(
      <InputRequestPart
        part={storedPart({ status: 'pending', request: { method: 'elicitation/create', params } })}
        fetch={vi.fn<typeof fetch>()}
      />,
    );
    const card = screen.getByRole('article', { name: /^Notes (is asking|asked)$/ });
    expect(within(card).getByText('This question cannot be answered here')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it.each([
    ['a JSON-RPC error code', { code: 7 }],
    [
      'a flat field list asking for something else',
      { inputRequests: [{ name: 'card_number', label: 'Card number' }] },
    ],
    ['a finished task', { taskId: 't-1', status: 'completed' }],
  ])(
    'reads the params only as elicitation/create params, as the answer route does, when they also carry %s',
    (_what, extra) => {
      const params = { message: 'Which notebook?', requestedSchema: NOTEBOOK_FORM, ...extra };
      render(
        <InputRequestPart
          part={storedPart({ status: 'pending', request: { method: 'elicitation/create', params } })}
          fetch={vi.fn<typeof fetch>()}
        />,
      );
      const card = screen.getByRole('article', { name: /^Notes (is asking|asked)$/ });
      expect(within(card).getByRole('textbox', { name: /Notebook/ })).toBeVisible();
      expect(within(card).queryByRole('textbox', { name: /Card number/ })).toBeNull();
    },
  );
  it.each([
    ['a number', 5],
    ['a string', 'api_key'],
    ['an object', { api_key: true }],
  ])(
    'renders the summary of an answered part whose list of hidden fields is %s, as if it named none',
    (_what, hidden) => {
      render(
        <InputRequestPart
          part={storedPart({
            status: 'answered',
            request: {
              method: 'elicitation/create',
              params: { message: 'Which notebook?', requestedSchema: NOTEBOOK_FORM },
            },
            answer: { action: 'accept', content: { notebook: 'Work' }, hidden },
          })}
        />,
      );
      const summary = screen.getByRole('article', { name: 'Notes asked' });
      expect(within(summary).getByText('You answered.')).toBeVisible();
      const answers = within(summary).getByLabelText('Your answers');
      expect(
        within(answers)
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      ).toEqual([['Notebook', 'Work']]);
    },
  );
});
