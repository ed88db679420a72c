/**
 * `input-request-cards/mcp`: adapters between `@modelcontextprotocol/client` and the cards.
 * Framework-free (no React): each adapter turns an MCP way of asking into an `InputRequestSource`,
 * an `elicitation/create` handler, or a headless answer.
 *
 * - MCP 2026-07-28 multi round-trip requests (`input_required` + retry): {@link createMcpRetrySource}
 * - MCP Tasks extension (`tasks/get`, `tasks/update`, `tasks/cancel`): {@link createMcpTaskSource}
 * - A tool call that may answer plainly, with rounds, or with a task: {@link createMcpToolSource}
 * - Honest client capabilities (what the host renders): {@link clientCapabilitiesFor}
 * - MCP 2025 `elicitation/create` requests: {@link createElicitationHandler}, {@link createElicitationQueue}
 * - No person at all (tests, tools): {@link answerRound}, {@link createHeadlessAnswerer}, {@link answerUntilDone}
 * - Request timeouts that stop while a person answers: {@link createRequestTimeouts}
 */
export type { RenderedInputKinds } from './capabilities.js';
export {
  CLIENT_CAPABILITIES_META_KEY,
  capabilitiesMeta,
  clientCapabilitiesFor,
  TASKS_EXTENSION,
} from './capabilities.js';
export type { McpClient } from './client.js';
export { tolerateMissingResultType } from './client.js';
export type {
  ElicitationCallback,
  ElicitationHandler,
  ElicitationHandlerOptions,
  ElicitationPrompt,
  ElicitationQueue,
} from './elicitation.js';
export { createElicitationHandler, createElicitationQueue } from './elicitation.js';
export type { AnswerPolicy, AnswerUntilDoneOptions, HeadlessAnswerer } from './headless.js';
export { answerRequest, answerRound, answerUntilDone, createHeadlessAnswerer } from './headless.js';
export type { McpCallClient } from './past-sdk.js';
export type { McpRetryMethod, McpRetrySourceOptions } from './retry-source.js';
export { createMcpRetrySource } from './retry-source.js';
export type { McpTaskSourceOptions } from './task-source.js';
export { createMcpTaskSource } from './task-source.js';
export type {
  McpProgress,
  RequestTimeoutOptions,
  RequestTimeouts,
  RunOptions,
  TimedRequestOptions,
} from './timeouts.js';
export { createRequestTimeouts } from './timeouts.js';
export type { McpToolSourceOptions } from './tool-source.js';
export { createMcpToolSource } from './tool-source.js';
