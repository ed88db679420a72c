import type { FieldSpec } from '../core/model.js';
import type { FieldError } from '../core/validate.js';

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
  problemDetails: (count) => (count === 1 ? 'Show the problem' : `Show the ${count} problems`),
  openLink: 'Open link',
  done: 'Done',
  linkOpensIn: 'Opens in a new browser tab. Check the address before you continue.',
  linkRefused: (scheme) => `This link uses "${scheme}", which is not a web address, so it cannot be opened.`,
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
  fieldError: (error) => error.message,
};
