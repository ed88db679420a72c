/**
 * The page's side of the chat API (see `shared/api.ts`): reading and following the conversation,
 * adding to it, and one card source per tool call. The page never talks MCP: the demo server's
 * assistant makes every tool call, and each card reads and answers its call's rounds over REST
 * with `createHttpSource`.
 */
import { createHttpSource, type InputRequestSource } from '../../../src/index.ts';
import type { ConversationSnapshot, NewMessage, ServerStatus, ToolMessage } from '../shared/api.ts';

export const SERVER_NAME = 'Demo server';

/** The conversation this page shows: `?c=<id>`, or the shared default one. */
export function conversationIdFromLocation(): string {
  const id = new URLSearchParams(location.search).get('c');
  return id !== null && /^[A-Za-z0-9_-]{1,80}$/.test(id) ? id : 'demo';
}

async function readJson<T>(response: Response): Promise<T> {
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: string } | undefined;
    throw new Error(body?.error ?? `HTTP ${response.status}`);
  }
  return (await response.json()) as T;
}

export const fetchStatus = (): Promise<ServerStatus> => fetch('/api/status').then(readJson<ServerStatus>);

export const fetchConversation = (id: string): Promise<ConversationSnapshot> =>
  fetch(`/api/conversations/${id}`).then(readJson<ConversationSnapshot>);

export const postMessage = (id: string, message: NewMessage): Promise<ConversationSnapshot> =>
  fetch(`/api/conversations/${id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
  }).then(readJson<ConversationSnapshot>);

/** The last version of each call this page saw, and whether it can be stopped now. */
const callVersions = new Map<string, number>();
const stoppable = new Map<string, boolean>();

/** The cache key of a call's state: every card of the call shares it. */
export const callQueryKey = (callId: string) => ['chat-demo', 'call', callId] as const;

/**
 * Follows the conversation with server-sent events: every snapshot goes to `onSnapshot`, and
 * `onCallChanged` hears of every call that changed, so its cards read the call again at once
 * (they also poll, backing off, in case an event is lost). `onConnectionChanged` hears when the
 * stream drops and when it is back.
 */
export function followConversation(
  id: string,
  onSnapshot: (snapshot: ConversationSnapshot) => void,
  onCallChanged: (callId: string) => void,
  onConnectionChanged: () => void,
) {
  const events = new EventSource(`/api/conversations/${id}/events`);
  let lost = false;
  events.onmessage = (event: MessageEvent<string>) => {
    const snapshot = JSON.parse(event.data) as ConversationSnapshot;
    onSnapshot(snapshot);
    for (const message of snapshot.messages) {
      if (message.kind !== 'tool') continue;
      stoppable.set(message.callId, message.stoppable);
      if (callVersions.get(message.callId) !== message.version || lost) {
        callVersions.set(message.callId, message.version);
        onCallChanged(message.callId);
      }
    }
    if (lost) onConnectionChanged();
    lost = false;
  };
  // EventSource reconnects by itself; after a gap, every card reads its state again.
  events.onerror = () => {
    if (!lost) onConnectionChanged();
    lost = true;
  };
  return () => events.close();
}

const sources = new Map<string, InputRequestSource>();

/**
 * The card's source for a tool call, made once per call: `createHttpSource` on the call's REST
 * endpoints, able to stop the call while the server says it can (a running task, a wait for a
 * sign-in).
 */
export function callSource(message: ToolMessage): InputRequestSource {
  const { callId } = message;
  let source = sources.get(callId);
  if (source === undefined) {
    const http = createHttpSource({
      stateUrl: `/api/calls/${callId}`,
      resumeUrl: `/api/calls/${callId}/resume`,
      serverName: SERVER_NAME,
      // Named before any round is seen: a tab that opens the chat later still says which tool.
      toolName: message.tool,
      queryKey: callQueryKey(callId),
    });
    source = {
      ...http,
      // Read on every render of the card: "Stop task" shows exactly while the server can stop.
      get cancel() {
        if (stoppable.get(callId) !== true) return undefined;
        return async (signal: AbortSignal) => {
          const response = await fetch(`/api/calls/${callId}/cancel`, { method: 'POST', signal });
          if (!response.ok) throw new Error(`Stopping failed: HTTP ${response.status}`);
        };
      },
    };
    sources.set(callId, source);
  }
  stoppable.set(callId, message.stoppable);
  return source;
}
