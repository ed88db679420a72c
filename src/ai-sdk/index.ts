export { germanAnsweredMessages } from '../i18n/de.js';
export type { AnsweredRequestEnding, AnsweredRequestMessages } from '../i18n/messages.js';
export { englishAnsweredMessages } from '../i18n/messages.js';
/**
 * `input-request-cards/ai-sdk`: the browser half of the AI SDK bridge. Renders the
 * `data-input-request` parts the server bridge (`input-request-cards/ai-sdk/server`) writes into
 * `useChat` messages: a card while the request waits, a closed summary once it ended.
 */
export type { AnsweredInputRequestProps } from './AnsweredInputRequest.js';
export { AnsweredInputRequest } from './AnsweredInputRequest.js';
export type { InputRequestPartProps } from './InputRequestPart.js';
export { InputRequestPart } from './InputRequestPart.js';
export type {
  AnswerSummary,
  BridgeOutcome,
  InputRequestDataPart,
  InputRequestDataTypes,
  InputRequestPartData,
  InputRequestStatus,
} from './part.js';
export {
  INPUT_REQUEST_DATA_NAME,
  INPUT_REQUEST_PART_TYPE,
  isInputRequestPart,
  OUTCOME_META_KEY,
  suspensionOfPart,
} from './part.js';
export type { PostAnswerOptions } from './post-answer.js';
export { AnswerNotDeliveredError, DEFAULT_ANSWER_API, postInputRequestAnswer } from './post-answer.js';
