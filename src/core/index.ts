/**
 * `input-request-cards/core`: the framework-free protocol model, schema check and answer
 * validation. No React here; usable in Node, workers and any UI framework.
 */
export type { RawFieldValue, RawFormValues } from './answer.js';
export {
  buildAcceptContent,
  fieldKey,
  fromLocalDateTimeInput,
  initialRawValues,
  toLocalDateTimeInput,
} from './answer.js';
export type {
  BooleanFieldSpec,
  ContentValue,
  ElicitContent,
  ElicitResult,
  FieldKind,
  FieldOption,
  FieldSpec,
  FormRequest,
  InputRequest,
  InputResponses,
  JsonValue,
  MultiSelectFieldSpec,
  NumberFieldSpec,
  RequestedSchema,
  SchemaProblem,
  SingleSelectFieldSpec,
  Suspension,
  SuspensionMeta,
  TextFieldSpec,
  UnsupportedRequest,
  UrlRequest,
} from './model.js';
export { LONE_ELICITATION_KEY, parseSuspension } from './parse/index.js';
export type { RoundEvent, RoundState, RoundStatus } from './round.js';
export { initialRoundState, roundReducer, unansweredKeys } from './round.js';
export type { SchemaAnalysis } from './schema.js';
export { analyzeRequestedSchema, MAX_FIELDS } from './schema.js';
export type { LinkCheck } from './url.js';
export { checkLink } from './url.js';
export type { AnswerCheck, AnswerChecker, FieldError } from './validate.js';
export { prepareAnswerValidator, validateAnswer } from './validate.js';
