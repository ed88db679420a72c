/**
 * The example's chat routes, as Fetch handlers (`Request → Response`), the way a Next.js route
 * handler would write them:
 *
 * - `POST /api/chat`: one `useChat` turn. The scripted model calls a tool on the MCP server
 *   through the AI SDK's MCP client; the tool's questions reach the browser through the bridge.
 * - `GET /api/chat/:id/stream`: the chat's running turn again, for a page that reloaded mid-turn
 *   (`useChat({ resume: true })`), so an open question comes back (`running-turns.ts`).
 * - `POST /api/input-requests`: the answer route, `bridge.handleAnswer`.
 * - `GET /api/chats/:id`: the chat's persisted messages, so a reload shows every part again.
 */
import { createMCPClient, ElicitationRequestSchema } from '@ai-sdk/mcp';
import {
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  stepCountIs,
  streamText,
  type UIMessage,
} from 'ai';
import type { InputRequestDataTypes } from '../../../src/ai-sdk/server.ts';
import { createInputRequestBridge, type InputRequestBridge } from '../../../src/ai-sdk/server.ts';
import { createScriptedModel, planFor } from './model.ts';
import { createRunningTurns } from './running-turns.ts';

/** The messages of this app: text, MCP tool calls, and the bridge's input-request parts. */
export type ChatMessage = UIMessage<unknown, InputRequestDataTypes>;

export interface ChatRoutes {
  chat: (request: Request) => Promise<Response>;
  resume: (chatId: string, request: Request) => Response;
  answer: (request: Request) => Promise<Response>;
  history: (chatId: string) => ChatMessage[];
  bridge: InputRequestBridge;
}

export function createChatRoutes(options: {
  mcpUrl: () => string;
  timeoutMs?: number;
  /** How long a running turn waits for a page to follow it again before it tells the server the chat stopped. */
  unfollowedGraceMs?: number;
}): ChatRoutes {
  const bridge = createInputRequestBridge({ timeoutMs: options.timeoutMs ?? 10 * 60_000 });
  const running = createRunningTurns({ graceMs: options.unfollowedGraceMs ?? 30_000 });
  // Persisted server-side (in memory here; a database in an app), so a reload shows every part.
  const chats = new Map<string, ChatMessage[]>();

  async function chat(request: Request): Promise<Response> {
    const { id, messages } = (await request.json()) as { id: string; messages: ChatMessage[] };
    const lastUser = messages.findLast((message) => message.role === 'user');
    const said = lastUser?.parts.map((part) => (part.type === 'text' ? part.text : '')).join(' ') ?? '';
    const plan = planFor(said);
    chats.set(id, messages);
    const turn = running.start(id, request);

    const stream = createUIMessageStream<ChatMessage>({
      originalMessages: messages,
      execute: async ({ writer }) => {
        const mcp = await createMCPClient({
          transport: { type: 'http', url: options.mcpUrl() },
          capabilities: { elicitation: {} },
        });
        const asks = bridge.forChat({
          chatId: id,
          writer,
          serverName: mcp.serverInfo.title ?? mcp.serverInfo.name,
          // Not `request.signal`, which aborts on a reload: the reloaded page follows the turn
          // again and answers. Only a chat no page follows any more tells the server `cancel`.
          signal: turn.stopped,
          ...(plan?.timeoutMs === undefined ? {} : { timeoutMs: plan.timeoutMs }),
        });
        mcp.onElicitationRequest(ElicitationRequestSchema, asks.onElicitationRequest);
        const result = streamText({
          model: createScriptedModel(),
          tools: asks.tools(await mcp.tools()),
          messages: await convertToModelMessages(messages),
          stopWhen: stepCountIs(3),
          // No `abortSignal`: a page that goes away mid-question must not cut the turn between a
          // tool call and its result. The bridge tells the server the chat stopped (its
          // `signal`), the tool answers, and the turn ends as it should.
          onFinish: () => mcp.close(),
          // A failed step never reaches onFinish (onAbort would need an abortSignal, left out above).
          onError: () => mcp.close(),
        });
        writer.merge(result.toUIMessageStream());
      },
      onEnd: ({ messages: all }) => {
        chats.set(id, all);
      },
    });
    return createUIMessageStreamResponse({
      stream,
      // A copy of the stream read to its end on the server, so the turn finishes and `onEnd`
      // saves it even on a host that cancels the response when the page goes away (a saved tool
      // call without its result fails every later turn: AI_MissingToolResultsError), and kept
      // for a page that reloads mid-turn.
      consumeSseStream: ({ stream: copy }) => turn.record(copy),
    });
  }

  return {
    chat,
    resume: (chatId, request) => running.resume(chatId, request),
    answer: (request) => bridge.handleAnswer(request),
    history: (chatId) => chats.get(chatId) ?? [],
    bridge,
  };
}
