import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  InputRequestCard,
  type InputRequestMessages,
  type InputRequestSource,
  inputRequestQueryOptions,
} from '../../../src/index.ts';
import { createMcpRetrySource } from '../../../src/mcp/index.ts';
import { client, connect } from './mcp.ts';
import { ACTIONS, actionFor, type ToolAction } from './tools.ts';

const SERVER_NAME = 'Demo server';

type Message =
  | { id: number; from: 'user' | 'assistant'; kind: 'text'; text: string }
  | { id: number; from: 'assistant'; kind: 'tool'; action: ToolAction; source: InputRequestSource };

type Connection =
  | { status: 'connecting' }
  | { status: 'ready'; version: string }
  | { status: 'error'; error: string };

const WELCOME =
  'Hi! I’m a demo assistant. I call tools on the Demo server, a real MCP server running on this ' +
  'machine, and when a tool needs something from you, its question shows up right here as a card. ' +
  'Pick an action below, or type what you want.';

const HELP =
  'I can send the weekly report, book a meeting, connect your calendar account, or run a long task. ' +
  'Try one of the buttons below.';

/** The long task works before each question: say so instead of "Loading the request…". */
const LONG_TASK_MESSAGES: Partial<InputRequestMessages> = {
  askedByUnknown: `${SERVER_NAME} is working`,
  loading: 'Working on it… the task will ask when it needs you.',
  submitting: 'Answer sent. Working on it…',
};

/** Before the first round arrives the card does not know who asks yet; this app does. */
const CARD_MESSAGES: Partial<InputRequestMessages> = { askedByUnknown: `${SERVER_NAME} is asking` };

let nextId = 1;

export function App() {
  const [messages, setMessages] = useState<Message[]>(() => [
    { id: nextId++, from: 'assistant', kind: 'text', text: WELCOME },
  ]);
  const [connection, setConnection] = useState<Connection>({ status: 'connecting' });
  const [draft, setDraft] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const logRef = useRef<HTMLElement>(null);
  const inputId = useId();
  const headingId = useId();

  useEffect(() => {
    connect().then(
      (version) => setConnection({ status: 'ready', version }),
      (error: unknown) =>
        setConnection({ status: 'error', error: error instanceof Error ? error.message : String(error) }),
    );
  }, []);

  // Bring the newest exchange into view: what the person said, at the top, and the reply under it.
  const count = messages.length;
  useEffect(() => {
    if (count <= 1) return;
    const items = logRef.current?.querySelectorAll('.chat-message');
    items?.[items.length - 2]?.scrollIntoView({ block: 'start', behavior: motion() });
  }, [count]);

  const ask = useCallback((text: string, action: ToolAction | undefined) => {
    const said: Message = { id: nextId++, from: 'user', kind: 'text', text };
    const reply: Message =
      action === undefined
        ? { id: nextId++, from: 'assistant', kind: 'text', text: HELP }
        : {
            id: nextId++,
            from: 'assistant',
            kind: 'tool',
            action,
            // One source per message, created once: it makes its tool call once.
            source: createMcpRetrySource({
              client,
              request: { method: 'tools/call', params: { name: action.tool, arguments: action.arguments } },
              serverName: SERVER_NAME,
              toolName: action.tool,
            }),
          };
    setMessages((current) => [...current, said, reply]);
    if (action === undefined) setAnnouncement(`Assistant: ${HELP}`);
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text === '') return;
    setDraft('');
    ask(text, actionFor(text));
  };

  const onResult = useCallback((text: string) => setAnnouncement(`${SERVER_NAME}: ${text}`), []);
  const ready = connection.status === 'ready';

  return (
    <div className="chat-app">
      <header className="chat-header">
        <div className="chat-header-inner">
          <h1>Chat demo</h1>
          <p className="chat-connection" data-status={connection.status}>
            {connection.status === 'connecting'
              ? 'Connecting to the Demo server…'
              : connection.status === 'ready'
                ? `Connected to the Demo server · MCP ${connection.version}`
                : `Could not reach the Demo server: ${connection.error}`}
          </p>
        </div>
      </header>
      <main className="chat-main">
        <section className="chat-log" aria-labelledby={headingId} ref={logRef}>
          <h2 id={headingId} className="visually-hidden">
            Conversation
          </h2>
          <ol className="chat-messages">
            {messages.map((message) => (
              <li key={message.id} className="chat-message" data-from={message.from}>
                <p className="visually-hidden">{message.from === 'user' ? 'You said:' : 'Assistant:'}</p>
                {message.kind === 'text' ? (
                  <p className="chat-bubble">{message.text}</p>
                ) : (
                  <ToolCall
                    action={message.action}
                    source={message.source}
                    onResult={onResult}
                    latest={message.id === messages[messages.length - 1]?.id}
                  />
                )}
              </li>
            ))}
          </ol>
        </section>
        <form className="chat-composer" aria-label="Ask the assistant" onSubmit={onSubmit}>
          <fieldset className="chat-suggestions">
            <legend className="visually-hidden">Suggested actions</legend>
            {ACTIONS.map((action) => (
              <button
                key={action.tool}
                type="button"
                className="chat-suggestion"
                disabled={!ready}
                onClick={() => ask(action.prompt, action)}
              >
                {action.prompt}
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
            <button type="submit" className="chat-send" disabled={!ready || draft.trim() === ''}>
              Send
            </button>
          </div>
        </form>
      </main>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}

/** An assistant message that calls a tool: what it is doing, the card, and the tool's result. */
function ToolCall({
  action,
  source,
  onResult,
  latest,
}: {
  action: ToolAction;
  source: InputRequestSource;
  onResult: (text: string) => void;
  /** Whether this is the newest message (then its card is scrolled into view when it arrives). */
  latest: boolean;
}) {
  // The same cache entry the card follows: it holds the tool's result once the call completes.
  const { data } = useQuery(inputRequestQueryOptions(source));
  const result = data?.status === 'completed' ? resultText(data.result) : undefined;
  const isError = data?.status === 'completed' && isErrorResult(data.result);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const introRef = useRef<HTMLParagraphElement>(null);
  const arrived = data !== undefined;
  const latestRef = useRef(latest);
  latestRef.current = latest;

  // The card grows once its first round arrives (a render after the data): then bring it into
  // view, if it is still the newest message.
  useEffect(() => {
    if (!arrived || !latestRef.current) return;
    const timer = setTimeout(
      () => introRef.current?.scrollIntoView({ block: 'start', behavior: motion() }),
      80,
    );
    return () => clearTimeout(timer);
  }, [arrived]);

  useEffect(() => {
    if (result === undefined) return;
    onResult(result);
    resultRef.current?.scrollIntoView({ block: 'nearest', behavior: motion() });
  }, [result, onResult]);

  return (
    <div className="chat-tool">
      <p className="chat-bubble" ref={introRef}>
        {action.intro}
      </p>
      <InputRequestCard
        source={source}
        headingLevel={3}
        drafts={false}
        messages={action.tool === 'long_task' ? LONG_TASK_MESSAGES : CARD_MESSAGES}
      />
      {result !== undefined ? (
        <p className="chat-bubble chat-result" data-error={isError || undefined} ref={resultRef}>
          {result}
        </p>
      ) : null}
    </div>
  );
}

/** The text blocks of a `tools/call` result, joined (server text, rendered as text only). */
function resultText(result: unknown): string {
  const content = (result as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return 'The tool finished without a message.';
  const texts = content
    .filter(
      (block): block is { type: 'text'; text: string } =>
        typeof block === 'object' &&
        block !== null &&
        block.type === 'text' &&
        typeof block.text === 'string',
    )
    .map((block) => block.text);
  return texts.length > 0 ? texts.join('\n') : 'The tool finished without a message.';
}

function isErrorResult(result: unknown): boolean {
  return (result as { isError?: unknown } | null)?.isError === true;
}

/** Smooth scrolling, unless the person asked for less motion. */
function motion(): ScrollBehavior {
  return matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
