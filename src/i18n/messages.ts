import type { FieldSpec, UnsupportedRequest } from '../core/model.js';
import type { FieldError } from '../core/validate.js';
import { formatNumber, scriptNames } from './format.js';

/**
 * Every built-in string the cards show. Pass a partial object as the `messages` prop to
 * translate or reword any of them; functions receive the values to place.
 *
 * @example
 * ```tsx
 * <InputRequestCard messages={{ accept: 'Send', decline: 'No thanks' }} … />
 * ```
 */
export interface InputRequestMessages {
  /** Heading when the server's name is known. */
  askedBy: (serverName: string) => string;
  /** Heading when nobody is named. */
  askedByUnknown: string;
  /** Line under the heading naming the tool. */
  viaTool: (toolName: string) => string;
  accept: string;
  decline: string;
  cancel: string;
  /** Shown while the answers are being sent. */
  submitting: string;
  /** Shown once the resume function accepted the answers. */
  answered: string;
  /** Shown when sending failed; the typed values are kept. */
  sendFailed: (detail: string) => string;
  retry: string;
  /** Marker read after a required field's label. */
  required: string;
  /** Label of a field whose schema gives neither a title nor a name. */
  unnamedField: string;
  /** First entry of a drop-down with nothing chosen yet. */
  choose: string;
  /** Shown on a section that has its answer while others in the round still need one. */
  sectionAnswered: (action: 'accept' | 'decline' | 'cancel') => string;
  changeAnswer: string;
  /** Progress in a round of several requests. */
  progress: (answered: number, total: number) => string;
  /** Heading of the reason an unsupported request cannot be answered. */
  cannotAnswer: string;
  /**
   * Why a request cannot be answered here. `request.reasonCode` says which case it is
   * (`sampling`, `roots`, `unknown-method`, `schema`, …); `request.reason` is the English text.
   */
  unsupportedReason: (request: UnsupportedRequest) => string;
  /** Summary of the list of problems behind an unsupported request. */
  problemDetails: (count: number) => string;
  /** Link request: opens the URL. */
  openLink: string;
  /** Link request: the person finished on the other page. */
  done: string;
  /** Link request: hint under the URL. */
  linkOpensIn: string;
  /** Link request: warning for URLs this card refuses to open. */
  linkRefused: (scheme: string) => string;
  /** Link request: why a URL that is no valid address at all cannot be opened. */
  linkInvalid: string;
  /** Link request: label in front of the host the link goes to. */
  linkSite: string;
  /** Link request: shown after Open, while the person works in the other tab. */
  linkWaiting: (doneLabel: string) => string;
  /** Link request: opens the URL once more from the waiting state. */
  openAgain: string;
  /** Link request warning: plain `http:`. */
  linkInsecure: string;
  /** Link request warning: a user name or password before the host (`user:pass@`). */
  linkCredentials: string;
  /** Link request warning: the host is a bare IP address. */
  linkIpAddress: string;
  /** Link request warning: an internationalised (`xn--`) host; how it reads and its real ASCII address. */
  linkPunycode: (unicode: string, ascii: string) => string;
  /**
   * Link request warning: a host label mixes scripts. `scripts` are ISO 15924 codes
   * (`Latn`, `Cyrl`, …); `Intl.DisplayNames` with `type: 'script'` names them.
   */
  linkMixedScript: (unicode: string, scripts: string[]) => string;
  /** Secret field: visible text of the toggle while the value is hidden. */
  show: string;
  /** Secret field: visible text of the toggle while the value is shown. */
  hide: string;
  /** Secret field: accessible name of the toggle while the value is hidden. */
  showSecret: (fieldLabel: string) => string;
  /** Secret field: accessible name of the toggle while the value is shown. */
  hideSecret: (fieldLabel: string) => string;
  /** Secret field: warning next to the field; `declineLabel` is the Decline button's text. */
  secretWarning: (declineLabel: string) => string;
  /** A request the host app answers by itself (e.g. sampling): while its answerer runs. */
  answeringAutomatically: string;
  /** A request the host app answered by itself. */
  answeredAutomatically: string;
  /** The host app's own answer failed; `detail` says why. The person can still decline or cancel. */
  automaticAnswerFailed: (detail: string) => string;
  /** Lifecycle: the task's state is being fetched. */
  loading: string;
  /** Lifecycle: the task runs and asks nothing right now. */
  working: string;
  /** Lifecycle: the round was answered in another window, tab or by someone else. */
  answeredElsewhere: string;
  /** Lifecycle: a newer round replaced the one shown. */
  superseded: string;
  /** Lifecycle: a new round appeared (announced in the live region). */
  newRequest: string;
  /** Lifecycle: the round's deadline passed or the server no longer accepts answers. */
  expired: string;
  /** Lifecycle: the task finished. */
  completed: string;
  /** Lifecycle: the task failed; `detail` is the server's reason, when known. */
  failed: (detail: string | undefined) => string;
  /** Lifecycle: the task was cancelled. */
  cancelled: string;
  /** Lifecycle: the task's state could not be fetched; it will be tried again. */
  connectionLost: string;
  /**
   * The text under a field that failed validation. `error.keyword` and `error.params` say what
   * failed (e.g. `minLength` with `{ limit: 3 }`); `error.message` is the English default.
   * Every keyword `validateAnswer` reports: `required`, `minLength`, `maxLength`, `minimum`,
   * `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `minItems`, `maxItems`, `uniqueItems`,
   * `format` (`params.format`), `integer`, `multipleOf` (`params.multipleOf`), `enum`, `type`
   * (`params.type`); and `skippedLocalTime` (`params.offsetBefore`, `params.offsetAfter`) for a
   * date-time the clocks skipped in the person's time zone; anything else is a catch-all.
   */
  fieldError: (error: FieldError, field: FieldSpec) => string;
}

/** English, the default. */
export const englishMessages: InputRequestMessages = {
  askedBy: (serverName) => `${serverName} is asking`,
  askedByUnknown: 'A tool is asking',
  viaTool: (toolName) => `Tool: ${toolName}`,
  accept: 'Accept',
  decline: 'Decline',
  cancel: 'Cancel',
  submitting: 'Sending your answer…',
  answered: 'Answer sent.',
  sendFailed: (detail) =>
    `Your answer could not be sent: ${detail}. Everything you typed is kept; try again.`,
  retry: 'Try again',
  required: 'required',
  unnamedField: 'Unnamed field',
  choose: 'Choose…',
  sectionAnswered: (action) =>
    action === 'accept'
      ? 'Accepted — waiting for the other questions.'
      : action === 'decline'
        ? 'Declined.'
        : 'Cancelled.',
  changeAnswer: 'Change answer',
  progress: (answered, total) => `${answered} of ${total} answered`,
  cannotAnswer: 'This request cannot be answered here',
  unsupportedReason: (request) => request.reason,
  problemDetails: (count) => (count === 1 ? 'Show the problem' : `Show the ${count} problems`),
  openLink: 'Open link',
  done: 'Done',
  linkOpensIn: 'Opens in a new browser tab. Check the address before you continue.',
  linkRefused: (scheme) => `This link uses "${scheme}", which is not a web address, so it cannot be opened.`,
  linkInvalid: 'This is not a valid web address, so it cannot be opened.',
  linkSite: 'Site:',
  linkWaiting: (doneLabel) => `Finish in the new tab, then press ${doneLabel}.`,
  openAgain: 'Open again',
  linkInsecure:
    'This address is not encrypted (http). Others on the network could read or change the page and what you type into it.',
  linkCredentials:
    'This address has a user name or password in front of the site name. That is unusual, and often used to hide where a link really goes.',
  linkIpAddress: 'This address is a bare IP address instead of a name, so you cannot tell whose site it is.',
  linkPunycode: (unicode, ascii) =>
    `The site name uses international characters: it reads "${unicode}", but its real address is ${ascii}. Look-alike letters are a common trick.`,
  linkMixedScript: (unicode, scripts) =>
    `"${unicode}" mixes letters from different alphabets (${scriptNames('en', scripts)}), a common way to imitate a well-known name.`,
  show: 'Show',
  hide: 'Hide',
  showSecret: (fieldLabel) => `Show ${fieldLabel}`,
  hideSecret: (fieldLabel) => `Hide ${fieldLabel}`,
  secretWarning: (declineLabel) =>
    `Careful: MCP forbids servers to ask for passwords, API keys or payment details in a form. If you did not expect this question, press ${declineLabel}.`,
  answeringAutomatically: 'Answering in this app…',
  answeredAutomatically: 'Answered by this app.',
  automaticAnswerFailed: (detail) =>
    `This app could not answer it by itself: ${detail}. You can still decline or cancel.`,
  loading: 'Loading the request…',
  working: 'Working… nothing to answer right now.',
  answeredElsewhere: 'Answered elsewhere. This request is closed.',
  superseded: 'A newer request replaced this one.',
  newRequest: 'A new request needs your answer.',
  expired: 'This request expired. Your answers were not sent.',
  completed: 'Done.',
  failed: (detail) => (detail ? `The task failed: ${detail}` : 'The task failed.'),
  cancelled: 'The task was cancelled.',
  connectionLost: 'Could not reach the server. Trying again…',
  fieldError: (error) => englishFieldError(error),
};

/**
 * English text for a validation error. Keywords with a number are worded here so the number is
 * formatted with `Intl.NumberFormat` (10,000 rather than 10000); the rest keep the checker's own
 * English message.
 */
function englishFieldError(error: FieldError): string {
  const limit = error.params.limit;
  const n = (value: unknown) => formatNumber('en', value);
  const count = (value: unknown, noun: string) => `${n(value)} ${noun}${value === 1 ? '' : 's'}`;
  switch (error.keyword) {
    case 'minLength':
      return `Enter at least ${count(limit, 'character')}.`;
    case 'maxLength':
      return `Enter at most ${count(limit, 'character')}.`;
    case 'minimum':
      return `Enter a number of at least ${n(limit)}.`;
    case 'maximum':
      return `Enter a number of at most ${n(limit)}.`;
    case 'exclusiveMinimum':
      return `Enter a number greater than ${n(limit)}.`;
    case 'exclusiveMaximum':
      return `Enter a number less than ${n(limit)}.`;
    case 'minItems':
      return `Choose at least ${count(limit, 'option')}.`;
    case 'maxItems':
      return `Choose at most ${count(limit, 'option')}.`;
    case 'multipleOf':
      return `Enter a multiple of ${n(error.params.multipleOf)}.`;
    case 'skippedLocalTime':
      return `This time does not exist here: the clocks go forward that night (UTC${error.params.offsetBefore} to UTC${error.params.offsetAfter}). Choose a time before or after.`;
    default:
      return error.message;
  }
}
