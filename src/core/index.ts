/**
 * `input-request-cards/core`: the framework-free protocol model, schema check, answer
 * validation and the session that owns a round. No React here; usable in Node, workers, Server
 * Components and any UI framework.
 */
export { buildAcceptContent, fromLocalDateTimeInput, toLocalDateTimeInput } from './answer.js';
export type { AnswererContext, HostMethod, RequestAnswerers } from './answerers.js';
export type { CarriedRequest, CarryOverReason, LeftBehindField, RoundCarryOver } from './carry-over.js';
export type { TimeLeft } from './deadline.js';
export type { DraftStore, DraftValues } from './draft.js';
export { createStorageDraftStore } from './draft.js';
export type { Failure, FailureCode } from './failure.js';
export { describeFailure } from './failure.js';
export type { RoundLedger, SentRound } from './ledger.js';
export { createStorageLedger } from './ledger.js';
export type { CardState, Lifecycle, PollPolicy, SectionPhase, StateTraits } from './lifecycle.js';
export {
  answersLocked,
  canRetry,
  roundView,
  STATE_TRAITS,
  sectionPhaseOf,
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
  HostRequest,
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
  UnsupportedReasonCode,
  UnsupportedRequest,
  UrlRequest,
} from './model.js';
export { isElicitResult, MAX_REQUESTS, roundTooLarge } from './model.js';
export { toFlatInputResponses } from './parse/flat.js';
export { parseSuspension } from './parse/index.js';
export { readTaskState } from './parse/tasks.js';
export type { PendingInputRequest, PendingInputRequestCallbacks, PendingSettlement } from './pending.js';
export { pendingInputRequests, watchPendingInputRequests } from './pending.js';
export { pollDelay } from './poll.js';
export type { LiveCopyState } from './presence.js';
export type { ReceiptEntry, ReceiptValue, RoundOutcome } from './receipt.js';
export { outcomeOf, receiptOf } from './receipt.js';
export type { SchemaAnalysis, SchemaRefusal } from './schema.js';
export {
  analyzeRequestedSchema,
  MAX_DEFAULT_LENGTH,
  MAX_FIELDS,
  MAX_OPTIONS,
  MAX_OPTIONS_PER_FIELD,
} from './schema.js';
export { looksSecret } from './secret.js';
export type {
  HostAnswerStatus,
  InputRequestSession,
  InputRequestSessionOptions,
  SessionSnapshot,
  TaskFeed,
  TaskFeedSink,
  TypedValues,
} from './session.js';
export { createInputRequestSession } from './session.js';
export type { ShownTextKind } from './shown-text.js';
export { SHOWN_TEXT_LIMITS, shownName, shownText } from './shown-text.js';
export type {
  InputRequestSource,
  InputRequestState,
  ResumeOutcome,
  SourceResumeContext,
  TaskStatus,
} from './source.js';
export { isStaleRoundError, StaleRoundError } from './source.js';
export type { ResumeFunction } from './static-source.js';
export { staticSource } from './static-source.js';
export type {
  CheckLinkOptions,
  LinkCheck,
  LinkParts,
  LinkWarning,
  LinkWarningKind,
  RegistrableDomainFinder,
} from './url.js';
export { checkLink, loadPublicSuffixList } from './url.js';
export type { AnswerCheck, AnswerChecker, FieldError } from './validate.js';
export { validateAnswer } from './validate.js';
