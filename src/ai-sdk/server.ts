/**
 * `input-request-cards/ai-sdk/server`: the server half of the AI SDK bridge. Framework-free (no
 * React); runs wherever the AI SDK's MCP client runs: Node, Next.js route handlers, any Fetch server.
 *
 * - {@link createInputRequestBridge}: the `onElicitationRequest` handler that shows MCP
 *   `elicitation/create` requests in the chat as `data-input-request` parts, and the answer route.
 * - {@link createMemoryAnswerStore} (one process) and {@link createRedisAnswerStore} (many instances).
 */
export type {
  BridgeElicitationRequest,
  BridgeElicitResult,
  ChatInputRequestOptions,
  ChatInputRequests,
  InputRequestBridge,
  InputRequestBridgeOptions,
  InputRequestChunk,
  InputRequestWriter,
} from './bridge.js';
export { createInputRequestBridge } from './bridge.js';
export type {
  AnswerSummary,
  BridgeOutcome,
  InputRequestDataPart,
  InputRequestDataTypes,
  InputRequestPartData,
  InputRequestStatus,
  SecretRule,
} from './part.js';
export {
  INPUT_REQUEST_DATA_NAME,
  INPUT_REQUEST_PART_TYPE,
  isInputRequestPart,
  OUTCOME_META_KEY,
  summarizeAnswer,
  suspensionOfPart,
} from './part.js';
export type { RedisAnswerStoreOptions, RedisCommandClient, RedisSubscriberClient } from './redis-store.js';
export { createRedisAnswerStore } from './redis-store.js';
export type {
  AnswerErrorBody,
  AnswerErrorCode,
  AnswerRequestBody,
  AuthorizeAnswer,
} from './route.js';
export type {
  DeliveryStatus,
  MemoryAnswerStoreOptions,
  PendingAnswer,
  PendingAnswerStore,
  PendingRequest,
} from './store.js';
export { createMemoryAnswerStore } from './store.js';
