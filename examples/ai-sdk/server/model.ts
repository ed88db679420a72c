/**
 * The example's "model": the AI SDK's own scripted test model (`MockLanguageModelV4` from
 * `ai/test`), so the example runs with no network and no API key. It reads the last user message
 * and calls the matching MCP tool; after the tool returns, it reports the tool's result.
 */
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

type Prompt = Parameters<MockLanguageModelV4['doStream']>[0]['prompt'];

/** What the assistant does for a message: call a tool (with a time limit for answers), or explain. */
export interface Plan {
  tool: 'book_meeting' | 'delete_file' | 'quick_poll';
  input: Record<string, unknown>;
  /** How long the person has to answer this tool's question. */
  timeoutMs?: number;
}

export const QUICK_POLL_TIMEOUT_MS = 5_000;

export const HELP =
  'I can book a meeting, delete a file, or run a quick lunch poll (answer within 5 seconds). ' +
  'Try one of the buttons below.';

/** The plan for a user message: keywords choose the tool. */
export function planFor(text: string): Plan | undefined {
  const said = text.toLowerCase();
  if (/\b(meeting|book|room)\b/.test(said)) return { tool: 'book_meeting', input: {} };
  if (/\b(delete|remove|file)\b/.test(said)) return { tool: 'delete_file', input: { file: 'old-notes.txt' } };
  if (/\b(poll|lunch|quick)\b/.test(said))
    return { tool: 'quick_poll', input: {}, timeoutMs: QUICK_POLL_TIMEOUT_MS };
  return undefined;
}

const USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

function reply(id: string, words: string) {
  return {
    stream: convertArrayToReadableStream([
      { type: 'stream-start' as const, warnings: [] },
      { type: 'text-start' as const, id },
      { type: 'text-delta' as const, id, delta: words },
      { type: 'text-end' as const, id },
      { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: undefined }, usage: USAGE },
    ]),
  };
}

/** The text of the newest user message in a prompt. */
function lastUserText(prompt: Prompt): string {
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index];
    if (message?.role === 'user') {
      return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
    }
  }
  return '';
}

/** The text blocks of an MCP tool result, as the model sees it. */
function resultText(output: unknown): string {
  const value = (output as { type?: string; value?: unknown }).value;
  const blocks = Array.isArray(value) ? value : ((value as { content?: unknown })?.content ?? []);
  return (Array.isArray(blocks) ? blocks : [])
    .map((block: { type?: string; text?: string }) => (block.type === 'text' ? (block.text ?? '') : ''))
    .join(' ');
}

export function createScriptedModel(): MockLanguageModelV4 {
  let calls = 0;
  return new MockLanguageModelV4({
    provider: 'scripted',
    modelId: 'ai-sdk-example',
    doStream: async ({ prompt }) => {
      calls += 1;
      const last = prompt.at(-1);
      if (last?.role === 'tool') {
        const said = last.content
          .map((part) => (part.type === 'tool-result' ? resultText(part.output) : ''))
          .join(' ');
        return reply(`reply-${calls}`, `Done. ${said}`);
      }
      const plan = planFor(lastUserText(prompt));
      if (plan === undefined) return reply(`reply-${calls}`, HELP);
      return {
        stream: convertArrayToReadableStream([
          { type: 'stream-start' as const, warnings: [] },
          {
            type: 'tool-call' as const,
            toolCallId: `call-${calls}`,
            toolName: plan.tool,
            input: JSON.stringify(plan.input),
          },
          {
            type: 'finish' as const,
            finishReason: { unified: 'tool-calls' as const, raw: undefined },
            usage: USAGE,
          },
        ]),
      };
    },
  });
}
