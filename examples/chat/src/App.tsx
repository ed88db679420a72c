import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { englishMessages, InputRequestCard, type InputRequestMessages } from '../../../src/index.ts';
import { ACTIONS, type ToolName } from '../shared/actions.ts';
import type { ChatMessage, ConversationSnapshot, ToolMessage } from '../shared/api.ts';
import {
  callQueryKey,
  callSource,
  conversationIdFromLocation,
  fetchConversation,
  fetchStatus,
  followConversation,
  postMessage,
  SERVER_NAME,
} from './api.ts';

const WELCOME =
  'Hi! I’m a demo assistant. I call tools on the Demo server, a real MCP server running on this ' +
  'machine, and when a tool needs something from you, its question shows up right here as a card. ' +
  'This conversation lives on the server: reload, or open this page in another tab, and it is ' +
  'still here. Pick an action below, or type what you want.';

/**
 * Per tool: the long tasks work before each question, so their cards say so under the heading
 * before the first round. Not in the heading: a card with no round is headed `taskFrom` also once
 * the task has ended (a reload after it was stopped), where "is working" would be untrue.
 */
const WORKING: Partial<InputRequestMessages> = {
  loading: 'Working on it… the task will ask when it needs you.',
  working: 'Working on it… the task will ask when it needs you.',
};
const TOOL_MESSAGES: Partial<Record<ToolName, Partial<InputRequestMessages>>> = {
  // Its answer is sent as the tool goes on working (the retry runs the next step).
  long_task: {
    ...WORKING,
    submitting: 'Answer sent. Working on it…',
    submittingSlowly: 'Answer sent. Still working on it… everything you chose is kept.',
  },
  quarterly_report: WORKING,
  // Stopping here gives up the sign-in: say what that means, not that "a task" stopped.
  connect_account: {
    stopTask: 'Stop waiting',
    refusalQuestion: (action) =>
      action === 'stop-task'
        ? 'Stop waiting for the sign-in? Your calendar account will not be connected.'
        : englishMessages.refusalQuestion(action),
    keepTaskRunning: 'Keep waiting',
    cancelled: 'You stopped waiting. Your calendar account is not connected.',
  },
};

const conversationId = conversationIdFromLocation();
const conversationKey = ['conversation', conversationId] as const;
const statusKey = ['status'] as const;

/**
 * What this tab knows of the demo server's run for this conversation: the run it last saw, and
 * whether it saw a restart that the person has not gone on from yet. Kept in the tab's storage:
 * a restart also reloads the page (Vite's client does, once its dev server is back).
 */
interface SeenRun {
  run: string;
  restarted: boolean;
}
const seenRunKey = `chat-demo:run:${conversationId}`;
function readSeenRun(): SeenRun | undefined {
  try {
    const seen = JSON.parse(sessionStorage.getItem(seenRunKey) ?? 'null') as Partial<SeenRun> | null;
    return typeof seen?.run === 'string' ? { run: seen.run, restarted: seen.restarted === true } : undefined;
  } catch {
    return undefined;
  }
}
function writeSeenRun(seen: SeenRun) {
  try {
    sessionStorage.setItem(seenRunKey, JSON.stringify(seen));
  } catch {
    // Storage off: a restart is still told while the page stays open.
  }
}

/** A fresh id for a new message (the server adds a message once per id). */
function newMessageId(): string {
  return `m-${crypto.randomUUID()}`;
}

export function App() {
  const queryClient = useQueryClient();
  // Read again every 15 s and when the tab comes back, so the header never says "Connected" to
  // a server that went away (or keeps saying it could not reach one that is back).
  const status = useQuery({
    queryKey: statusKey,
    queryFn: fetchStatus,
    staleTime: 10_000,
    refetchInterval: 15_000,
    retry: false,
  });
  const reachable = status.data?.status === 'ready' && !status.isError;
  // The conversation lives in the demo server's memory: after a restart it starts again, and the
  // page says so instead of emptying without a word.
  const [restarted, setRestarted] = useState(() => readSeenRun()?.restarted ?? false);
  const noteRun = useCallback((snapshot: ConversationSnapshot) => {
    const seen = readSeenRun();
    const restartedNow = seen !== undefined && seen.run !== snapshot.run;
    if (restartedNow) setRestarted(true);
    writeSeenRun({ run: snapshot.run, restarted: restartedNow || seen?.restarted === true });
    return snapshot;
  }, []);
  const conversation = useQuery({
    queryKey: conversationKey,
    queryFn: () => fetchConversation(conversationId).then(noteRun),
  });
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const [freshConversation] = useState(() => newMessageId().slice(2, 14));
  const logRef = useRef<HTMLElement>(null);
  const inputId = useId();
  const headingId = useId();

  /** Keeps the newest snapshot (a POST's answer and the event stream may arrive in any order). */
  const receive = useCallback(
    (snapshot: ConversationSnapshot) => {
      noteRun(snapshot);
      queryClient.setQueryData<ConversationSnapshot>(conversationKey, (current) =>
        current !== undefined && current.run === snapshot.run && current.version > snapshot.version
          ? current
          : snapshot,
      );
    },
    [queryClient, noteRun],
  );
  useEffect(
    () =>
      followConversation(
        conversationId,
        receive,
        (callId) => {
          void queryClient.invalidateQueries({ queryKey: callQueryKey(callId), exact: true });
        },
        // The stream dropped, or is back: the header says so now, not at its next read.
        () => void queryClient.invalidateQueries({ queryKey: statusKey }),
      ),
    [receive, queryClient],
  );

  const messages = conversation.data?.messages ?? [];

  // Results that arrive while this page is open are read out; those already there are not.
  const announced = useRef<Set<string> | undefined>(undefined);
  useEffect(() => {
    if (conversation.data === undefined) return;
    const results = conversation.data.messages.filter(
      (message): message is ToolMessage & { result: NonNullable<ToolMessage['result']> } =>
        message.kind === 'tool' && message.result !== undefined,
    );
    if (announced.current === undefined) {
      announced.current = new Set(results.map((message) => message.id));
      return;
    }
    for (const message of results) {
      if (announced.current.has(message.id)) continue;
      announced.current.add(message.id);
      setAnnouncement(`${SERVER_NAME}: ${message.result.text}`);
    }
  }, [conversation.data]);

  // Bring the newest exchange into view: what the person said, at the top, and the reply under it.
  const count = messages.length;
  useEffect(() => {
    if (count === 0) return;
    const items = logRef.current?.querySelectorAll('.chat-message');
    items?.[items.length - 2]?.scrollIntoView({ block: 'start', behavior: motion() });
  }, [count]);

  const ask = async (text: string, tool?: ToolName) => {
    setSending(true);
    setSendError(undefined);
    // Going on, the person has read the restart notice.
    setRestarted(false);
    const seen = readSeenRun();
    if (seen?.restarted) writeSeenRun({ ...seen, restarted: false });
    try {
      receive(
        await postMessage(conversationId, {
          id: newMessageId(),
          text,
          ...(tool === undefined ? {} : { tool }),
        }),
      );
      return true;
    } catch (error) {
      setSendError(error instanceof Error ? error.message : String(error));
      return false;
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text === '') return;
    if (await ask(text)) setDraft('');
  };

  const ready = reachable && conversation.data !== undefined;
  const last = messages[messages.length - 1];

  return (
    <div className="chat-app">
      <header className="chat-header">
        <div className="chat-header-inner">
          <h1>Chat demo</h1>
          <p
            className="chat-connection"
            data-status={status.isError ? 'error' : (status.data?.status ?? 'connecting')}
          >
            {status.isError ? (
              `Could not reach the Demo server: ${status.error.message}`
            ) : status.data === undefined ? (
              'Connecting to the Demo server…'
            ) : status.data.status === 'ready' ? (
              <>
                Connected to the Demo server ·{' '}
                {/* A date breaks at its hyphens: the version stays on one line. */}
                <span className="chat-version">MCP {status.data.protocolVersion}</span>
              </>
            ) : (
              `Could not reach the Demo server: ${status.data.error}`
            )}
          </p>
          <a className="chat-new" href={`?c=${freshConversation}`}>
            New conversation
          </a>
        </div>
      </header>
      <main className="chat-main">
        <section className="chat-log" aria-labelledby={headingId} ref={logRef}>
          <h2 id={headingId} className="visually-hidden">
            Conversation
          </h2>
          <ol className="chat-messages">
            <li className="chat-message" data-from="assistant">
              <p className="visually-hidden">Assistant:</p>
              <p className="chat-bubble">{WELCOME}</p>
            </li>
            {messages.map((message) => (
              <li key={message.id} className="chat-message" data-from={message.from}>
                <p className="visually-hidden">{message.from === 'user' ? 'You said:' : 'Assistant:'}</p>
                <Message message={message} latest={message.id === last?.id} />
              </li>
            ))}
          </ol>
          {restarted ? (
            <p className="chat-notice" role="status">
              The Demo server restarted. This conversation lived in its memory, so it starts again here: the
              messages and questions from before the restart are gone.
            </p>
          ) : null}
          {conversation.error ? (
            <p className="chat-error" role="alert">
              The conversation could not be loaded: {conversation.error.message}
            </p>
          ) : null}
        </section>
        <form className="chat-composer" aria-label="Ask the assistant" onSubmit={onSubmit}>
          <fieldset className="chat-suggestions">
            <legend className="visually-hidden">Suggested actions</legend>
            {ACTIONS.map((action) => (
              <button
                key={action.tool}
                type="button"
                className="chat-suggestion"
                // Not `disabled` while a message is on its way: that would drop the focus of the
                // button just pressed to the page.
                disabled={!ready}
                aria-disabled={sending || undefined}
                onClick={() => {
                  if (!sending) void ask(action.prompt, action.tool);
                }}
              >
                {action.prompt}
              </button>
            ))}
          </fieldset>
          {sendError === undefined ? null : (
            <p className="chat-error" role="alert">
              Your message could not be sent: {sendError}
            </p>
          )}
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
            <button type="submit" className="chat-send" disabled={!ready || sending || draft.trim() === ''}>
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

function Message({ message, latest }: { message: ChatMessage; latest: boolean }) {
  if (message.kind === 'text') return <p className="chat-bubble">{message.text}</p>;
  return <ToolCall message={message} latest={latest} />;
}

/**
 * An assistant message that calls a tool: what it is doing, then the card, which shows the rounds,
 * the progress, the receipt and the tool's result (one owner: the page repeats none of it).
 */
function ToolCall({ message, latest }: { message: ToolMessage; latest: boolean }) {
  const introRef = useRef<HTMLParagraphElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const latestRef = useRef(latest);
  latestRef.current = latest;
  const asking = message.status === 'input-required';

  // The card grows when a round arrives: then bring it into view, if it is the newest message.
  useEffect(() => {
    if (!asking || !latestRef.current) return;
    const timer = setTimeout(
      () => introRef.current?.scrollIntoView({ block: 'start', behavior: motion() }),
      80,
    );
    return () => clearTimeout(timer);
  }, [asking]);

  const resultText = message.result?.text;
  useEffect(() => {
    if (resultText !== undefined && latestRef.current) {
      cardRef.current?.scrollIntoView({ block: 'end', behavior: motion() });
    }
  }, [resultText]);

  return (
    <div className="chat-tool">
      <p className="chat-bubble" ref={introRef}>
        {message.intro}
      </p>
      <div ref={cardRef} className="chat-card">
        <InputRequestCard
          source={callSource(message)}
          headingLevel={3}
          messages={TOOL_MESSAGES[message.tool]}
        />
      </div>
    </div>
  );
}

/** Smooth scrolling, unless the person asked for less motion. */
function motion(): ScrollBehavior {
  return matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
