export type { HttpSourceOptions, HttpTaskStateBody } from './adapters/http.js';
export { createHttpSource, readHttpTaskState } from './adapters/http.js';
export type { ActionsProps } from './card/Actions.js';
export { Actions } from './card/Actions.js';
export type { AnsweredByHostSectionProps } from './card/AnsweredByHostSection.js';
export { AnsweredByHostSection } from './card/AnsweredByHostSection.js';
export type { AnswererContext, RequestAnswerers } from './card/answerers.js';
export type { InputRequestComponents } from './card/components.js';
export type { FieldProps } from './card/Field.js';
export { Field } from './card/Field.js';
export type { FormRequestSectionProps } from './card/FormRequestSection.js';
export { FormRequestSection } from './card/FormRequestSection.js';
export type {
  InputRequestCardCommonProps,
  InputRequestCardProps,
  LiveInputRequestCardProps,
  StaticInputRequestCardProps,
} from './card/InputRequestCard.js';
export { InputRequestCard } from './card/InputRequestCard.js';
export type { LinkRequestSectionProps } from './card/LinkRequestSection.js';
export { LinkRequestSection } from './card/LinkRequestSection.js';
export type { RefusalButtonProps } from './card/RefusalButton.js';
export { RefusalButton } from './card/RefusalButton.js';
export type { RoundBodyProps } from './card/RoundBody.js';
export { RoundBody } from './card/RoundBody.js';
export type { SectionStatusProps } from './card/SectionStatus.js';
export { SectionStatus } from './card/SectionStatus.js';
export type { UnsupportedRequestSectionProps } from './card/UnsupportedRequestSection.js';
export { UnsupportedRequestSection } from './card/UnsupportedRequestSection.js';
/**
 * `input-request-cards`: React cards and headless hooks that answer the questions tools ask
 * while they run. The framework-free model is re-exported, so one import serves a React app.
 */
export * from './core/index.js';
export type { InputRequestQueryOptions } from './hooks/inputRequestQueryOptions.js';
export { inputRequestQueryOptions } from './hooks/inputRequestQueryOptions.js';
export type { InputRequestController, UseInputRequestOptions } from './hooks/useInputRequest.js';
export { useInputRequest } from './hooks/useInputRequest.js';
export type {
  FieldControl,
  RequestFieldProps,
  UseRequestFieldOptions,
} from './hooks/useRequestField.js';
export { fieldControl, RADIO_GROUP_MAX_OPTIONS, useRequestField } from './hooks/useRequestField.js';
export type { RequestForm, UseRequestFormOptions } from './hooks/useRequestForm.js';
export { useRequestForm } from './hooks/useRequestForm.js';
export type {
  ResumeContext,
  ResumeFunction,
  RoundResponses,
  UseRoundResponsesOptions,
} from './hooks/useRoundResponses.js';
export { useRoundResponses } from './hooks/useRoundResponses.js';
export { germanMessages } from './i18n/de.js';
export { formatNumber, scriptNames } from './i18n/format.js';
export type { InputRequestMessages } from './i18n/messages.js';
export { englishMessages } from './i18n/messages.js';
