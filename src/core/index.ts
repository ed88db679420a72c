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
export type { DraftStore } from './draft.js';
export { createStorageDraftStore, draftKey, draftValues, restoreDraft } from './draft.js';
export type { CardState, Lifecycle, LifecycleEvent, PollPolicy } from './lifecycle.js';
export {
  acceptsAnswers,
  deadlineOf,
  initialLifecycle,
  isSettled,
  lifecycleReducer,
  pollDelay,
} from './lifecycle.js';
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
  InputResponse,
  InputResponses,
  JsonValue,
  MultiSelectFieldSpec,
  NumberFieldSpec,
  RequestedSchema,
  RootsResult,
  SamplingResult,
  SchemaProblem,
  SingleSelectFieldSpec,
  Suspension,
  SuspensionDialect,
  SuspensionMeta,
  TextFieldSpec,
  UnsupportedRequest,
  UrlRequest,
} from './model.js';
export { isElicitResult } from './model.js';
export {
  FLAT_LIMITS,
  FLAT_REQUEST_KEY,
  PENDING_INPUT_REQUEST_KEY,
  toFlatInputResponses,
} from './parse/flat.js';
export { HOST_PAYLOAD_TYPE } from './parse/host.js';
export { LONE_ELICITATION_KEY, parseSuspension } from './parse/index.js';
export { readTaskState } from './parse/tasks.js';
export { URL_ELICITATION_REQUIRED_CODE } from './parse/url-required.js';
export type { RoundEvent, RoundState, RoundStatus } from './round.js';
export { initialRoundState, roundReducer, unansweredKeys } from './round.js';
export type { SchemaAnalysis } from './schema.js';
export { analyzeRequestedSchema, MAX_FIELDS } from './schema.js';
export { looksSecret } from './secret.js';
export type {
  InputRequestSource,
  InputRequestState,
  ResumeOutcome,
  SourceResumeContext,
  TaskStatus,
} from './source.js';
export { isStaleRoundError, StaleRoundError } from './source.js';
export type {
  CheckLinkOptions,
  LinkCheck,
  LinkParts,
  LinkWarning,
  LinkWarningKind,
  RegistrableDomainFinder,
} from './url.js';
export { checkLink, loadPublicSuffixList, mixedScripts, toUnicodeHostname } from './url.js';
export type { AnswerCheck, AnswerChecker, FieldError } from './validate.js';
export { prepareAnswerValidator, validateAnswer } from './validate.js';
