import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { InputRequestPart, isInputRequestPart } from '../../../src/ai-sdk/index.ts';
import type { ChatMessage } from '../server/chat.ts';

const SUGGESTIONS = ['Book a meeting room', 'Delete old-notes.txt', 'Quick lunch poll'];

const WELCOME =
  'Hi! I’m a scripted assistant (the AI SDK’s test model: no network, no key). I call tools on a ' +
  'real MCP server through the AI SDK’s MCP client, and when a tool asks you something, the ' +
  'question shows up right here as a card.';

/** The chat's id lives in the address, so a reload opens the same (server-side persisted) chat. */
function chatIdFromAddress(): string {
  const url = new URL(window.location.href);
  const known = url.searchParams.get('chat');
  if (known) return known;
  const id = crypto.randomUUID();
  url.searchParams.set('chat', id);
  window.history.replaceState(null, '', url);
  return id;
}

export function App() {
  const chatId = useMemo(chatIdFromAddress, []);
  const [stored, setStored] = useState<ChatMessage[] | { error: string } | undefined>();

  useEffect(() => {
    fetch(`/api/chats/${encodeURIComponent(chatId)}`)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<ChatMessage[]>;
      })
      .then(setStored, (error: unknown) => setStored({ error: String(error) }));
  }, [chatId]);

  return (
    <div className="chat-app">
      <header className="chat-header">
        <div className="chat-header-inner">
          <h1>AI SDK example</h1>
          <p className="chat-connection" data-status={Array.isArray(stored) ? 'ready' : 'connecting'}>
            useChat · @ai-sdk/mcp · input-request-cards/ai-sdk
          </p>
        </div>
      </header>
      {stored === undefined ? (
        <p className="chat-main">Loading the chat…</p>
      ) : Array.isArray(stored) ? (
        <Chat id={chatId} initial={stored} />
      ) : (
        <p className="chat-main">Could not load the chat: {stored.error}</p>
      )}
    </div>
  );
}

function Chat({ id, initial }: { id: string; initial: ChatMessage[] }) {
  const transport = useMemo(() => new DefaultChatTransport<ChatMessage>({ api: '/api/chat' }), []);
  // `resume`: a page reloaded mid-turn reconnects to it (GET /api/chat/:id/stream), so an open
  // question shows again, with what was typed, and its answer still reaches the tool.
  const { messages, sendMessage, status, error } = useChat<ChatMessage>({
    id,
    messages: initial,
    transport,
    resume: true,
  });
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const headingId = useId();
  const busy = status === 'submitted' || status === 'streaming';
  // The conversation follows what arrives (a new message, a new part such as a question's card),
  // and opens at its end after a reload, so a card is never left below the fold.
  const endRef = useRef<HTMLDivElement>(null);
  const arrived = `${messages.length}:${messages.at(-1)?.parts.length ?? 0}`;
  useEffect(() => {
    if (arrived) endRef.current?.scrollIntoView({ block: 'end' });
  }, [arrived]);

  const say = (text: string) => {
    if (text.trim() === '' || busy) return;
    void sendMessage({ text });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    say(draft);
    setDraft('');
  };

  return (
    <main className="chat-main">
      <section className="chat-log" aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          Conversation
        </h2>
        <ol className="chat-messages">
          <li className="chat-message" data-from="assistant">
            <p className="chat-bubble">{WELCOME}</p>
          </li>
          {messages.map((message) => (
            <li key={message.id} className="chat-message" data-from={message.role}>
              <p className="visually-hidden">{message.role === 'user' ? 'You said:' : 'Assistant:'}</p>
              <div className="chat-tool">
                {message.parts.map((part, index) => {
                  const key = `${message.id}-${index}`;
                  if (part.type === 'text') {
                    return (
                      <p key={key} className="chat-bubble">
                        {part.text}
                      </p>
                    );
                  }
                  if (part.type === 'dynamic-tool') {
                    return (
                      <p key={key} className="chat-bubble chat-result" data-part="tool-call">
                        {part.state === 'output-available'
                          ? `Called ${part.toolName}.`
                          : part.state === 'output-error'
                            ? `${part.toolName} failed: ${part.errorText}`
                            : `Calling ${part.toolName}…`}
                      </p>
                    );
                  }
                  if (isInputRequestPart(part)) {
                    return <InputRequestPart key={part.id ?? key} part={part} api="/api/input-requests" />;
                  }
                  return null;
                })}
              </div>
            </li>
          ))}
        </ol>
        {error ? (
          <p className="chat-bubble chat-result" data-error>{`Something went wrong: ${error.message}`}</p>
        ) : null}
        <div ref={endRef} />
      </section>
      <form className="chat-composer" aria-label="Ask the assistant" onSubmit={onSubmit}>
        <fieldset className="chat-suggestions">
          <legend className="visually-hidden">Suggested actions</legend>
          {SUGGESTIONS.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              className="chat-suggestion"
              // Not `disabled` while the assistant answers: that would drop the focus of the
              // button just pressed to the page.
              aria-disabled={busy || undefined}
              onClick={() => say(suggestion)}
            >
              {suggestion}
            </button>
          ))}
        </fieldset>
        <div className="chat-input-row">
          <label htmlFor={inputId} className="visually-hidden">
            Message
          </label>
          <input
            id={inputId}
            className="chat-input"
            type="text"
            autoComplete="off"
            placeholder="Type a request…"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="chat-send" disabled={busy || draft.trim() === ''}>
            Send
          </button>
        </div>
      </form>
    </main>
  );
}
