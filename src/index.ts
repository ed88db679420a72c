/**
 * `input-request-cards`: React cards and headless hooks that answer the questions tools ask
 * while they run. This barrel carries no `'use client'` of its own: the React modules it
 * re-exports do, so a Server Component may import `parseSuspension` from here.
 */
export type { HttpSourceOptions, HttpTaskStateBody } from './adapters/http.js';
export { createHttpSource } from './adapters/http.js';
export type { ActionsProps } from './card/Actions.js';
export type { InputRequestComponents } from './card/components.js';
export type { InputRequestCardContext } from './card/context.js';
export { useInputRequestCard } from './card/context.js';
export type { FailureNoticeProps } from './card/FailureNotice.js';
export type { FieldProps } from './card/Field.js';
export { Field } from './card/Field.js';
export type { FormRequestSectionProps } from './card/FormRequestSection.js';
export { FormRequestSection } from './card/FormRequestSection.js';
export type { FormLayout } from './card/FormSteps.js';
export type { HostAnsweredSectionProps } from './card/HostAnsweredSection.js';
export { HostAnsweredSection } from './card/HostAnsweredSection.js';
export type {
  InputRequestCardCommonProps,
  InputRequestCardHandle,
  InputRequestCardProps,
  LiveInputRequestCardProps,
  StaticInputRequestCardProps,
} from './card/InputRequestCard.js';
export { InputRequestCard } from './card/InputRequestCard.js';
export type { LinkRequestSectionProps } from './card/LinkRequestSection.js';
export { LinkRequestSection } from './card/LinkRequestSection.js';
export type { PassiveCopyProps } from './card/PassiveCopy.js';
export type { RefusalButtonProps } from './card/RefusalButton.js';
export type { RoundBodyProps } from './card/RoundBody.js';
export type { SectionStatusProps } from './card/SectionStatus.js';
export { SectionStatus } from './card/SectionStatus.js';
export type { TaskResultProps } from './card/TaskResult.js';
export { TaskResult } from './card/TaskResult.js';
export type { UnsupportedRequestSectionProps } from './card/UnsupportedRequestSection.js';
export { UnsupportedRequestSection } from './card/UnsupportedRequestSection.js';
export type { AnswererContext, RequestAnswerers } from './core/answerers.js';
export type { TimeLeft } from './core/deadline.js';
export type { DraftStore, DraftValues } from './core/draft.js';
export { createStorageDraftStore } from './core/draft.js';
export type { Failure, FailureCode } from './core/failure.js';
export type { RoundLedger, SentRound } from './core/ledger.js';
export { createStorageLedger } from './core/ledger.js';
export type { CardState, PollPolicy, SectionPhase } from './core/lifecycle.js';
export type {
  ElicitContent,
  ElicitResult,
  FieldOption,
  FieldSpec,
  FormRequest,
  HostRequest,
  InputRequest,
  InputResponse,
  InputResponses,
  Suspension,
  UnsupportedRequest,
  UrlRequest,
} from './core/model.js';
export { parseSuspension } from './core/parse/index.js';
export type { ReceiptEntry, ReceiptValue, RoundOutcome } from './core/receipt.js';
export type { InputRequestSession, SessionSnapshot } from './core/session.js';
export type {
  InputRequestSource,
  InputRequestState,
  ResumeOutcome,
  SourceResumeContext,
  TaskStatus,
} from './core/source.js';
export { isStaleRoundError, StaleRoundError } from './core/source.js';
export type { ResumeFunction } from './core/static-source.js';
export { staticSource } from './core/static-source.js';
export type { LinkCheck } from './core/url.js';
export type { AnswerChecker, FieldError } from './core/validate.js';
export type { InputRequestController, UseInputRequestOptions } from './hooks/useInputRequest.js';
export { useInputRequest } from './hooks/useInputRequest.js';
export type { LinkRequestControl, UseLinkRequestOptions } from './hooks/useLinkRequest.js';
export { useLinkRequest } from './hooks/useLinkRequest.js';
export type {
  PendingInputRequest,
  PendingInputRequestCallbacks,
  PendingSettlement,
} from './hooks/usePendingInputRequests.js';
export { usePendingInputRequests } from './hooks/usePendingInputRequests.js';
export type { FieldControl, RequestFieldProps, UseRequestFieldOptions } from './hooks/useRequestField.js';
export { useRequestField } from './hooks/useRequestField.js';
export type {
  FailedCheck,
  RequestForm,
  RequestFormControl,
  UseRequestFormOptions,
} from './hooks/useRequestForm.js';
export { useRequestForm } from './hooks/useRequestForm.js';
export { germanMessages } from './i18n/de.js';
export type { InputRequestMessages } from './i18n/messages.js';
export { englishMessages } from './i18n/messages.js';
export type { InputRequestQueryOptions } from './live/queryOptions.js';
export { inputRequestQueryOptions } from './live/queryOptions.js';
