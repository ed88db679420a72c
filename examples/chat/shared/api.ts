/**
 * The demo's chat API, as the page and the demo server both see it. The conversation lives on
 * the server; the page reads it (`GET /api/conversations/:id`), follows it (server-sent events on
 * `GET /api/conversations/:id/events`) and adds to it (`POST /api/conversations/:id/messages`).
 * Each tool call's rounds are served to the cards by `GET /api/calls/:id` and answered with
 * `POST /api/calls/:id/resume` (the `HttpTaskStateBody` shape that `createHttpSource` reads).
 */
import type { ToolName } from './actions.ts';

/** Where a tool call is, as the conversation shows it. */
export type CallStatus = 'working' | 'input-required' | 'completed' | 'failed' | 'cancelled';

export interface TextMessage {
  id: string;
  from: 'user' | 'assistant';
  kind: 'text';
  /** Plain text (the person's words, or the assistant's); rendered as text, never HTML. */
  text: string;
}

export interface ToolMessage {
  id: string;
  from: 'assistant';
  kind: 'tool';
  tool: ToolName;
  /** What the assistant says before the card. */
  intro: string;
  /** The tool call behind the card: `/api/calls/<callId>`. */
  callId: string;
  status: CallStatus;
  /** Grows with every change of the call, so a page knows when to read its state again. */
  version: number;
  /** The tool's result: its text blocks, joined (server text), for the page's announcement. */
  result?: { text: string; isError: boolean };
  /** Why the call failed. */
  error?: string;
  /** Whether the call can be stopped now (a running task, or a wait for a sign-in). */
  stoppable: boolean;
}

export type ChatMessage = TextMessage | ToolMessage;

export interface ConversationSnapshot {
  id: string;
  /**
   * The demo server's run. Conversations live in its memory, so a restart starts every one again:
   * a new run, and versions from 0.
   */
  run: string;
  /** Grows with every change of the conversation. */
  version: number;
  messages: ChatMessage[];
}

/** `GET /api/status`: whether the demo server's MCP client is connected. */
export type ServerStatus = { status: 'ready'; protocolVersion: string } | { status: 'error'; error: string };

/** `POST /api/conversations/:id/messages`. */
export interface NewMessage {
  /** A client-made id: the same id twice adds the message once. */
  id: string;
  text: string;
  /** The tool a quick-action button asks for; free text is read by the assistant. */
  tool?: ToolName;
}
