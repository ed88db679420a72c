import type { TimeLeft } from '../core/deadline.js';
import { type Failure, refusedByServer, withoutWait } from '../core/failure.js';
import type { SectionPhase } from '../core/lifecycle.js';
import type { FieldSpec, InputRequest, UnsupportedRequest } from '../core/model.js';
import type { ReceiptValue, RoundOutcome } from '../core/receipt.js';
import type { FieldError } from '../core/validate.js';
import {
  failureWait,
  formatDuration,
  formatNumber,
  formatReceiptValue,
  isolated,
  scriptNames,
} from './format.js';

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
  /**
   * Heading once the question is over (answered, answered elsewhere, expired, or the task ended),
   * as a chat history shows it: the server is no longer asking.
   */
  askedByClosed: (serverName: string) => string;
  /** The same, when nobody is named. */
  askedByUnknownClosed: string;
  /**
   * Heading of a card that follows a task before it has asked anything, or that ended without
   * asking: nobody is asking, and no server is named yet.
   */
  taskOfUnknown: string;
  /** Heading of a task that has asked nothing (yet), when its source knows who asks. */
  taskFrom: (serverName: string) => string;
  /** Line under the heading naming the tool. */
  viaTool: (toolName: string) => string;
  accept: string;
  decline: string;
  cancel: string;
  /**
   * Asked in place of the buttons when Decline or Cancel is pressed on a form that holds what the
   * person entered (none of it is sent), and in place of Stop task when it is pressed: what the
   * refusal does. Its own button then confirms it, beside {@link InputRequestMessages.keepEditing}
   * (or {@link InputRequestMessages.keepTaskRunning} for `'stop-task'`).
   */
  refusalQuestion: (action: 'decline' | 'cancel' | 'stop-task') => string;
  /** Beside the confirming Decline or Cancel: back to the form, everything entered still there. */
  keepEditing: string;
  /** Beside the confirming Stop task: the task goes on. */
  keepTaskRunning: string;
  /** Shown while the answers are being sent. */
  submitting: string;
  /** Lifecycle: a send that has taken more than a few seconds, still on its way. */
  submittingSlowly: string;
  /** Shown once the resume function accepted the answers. */
  answered: string;
  /**
   * Shown when sending failed; the typed values are kept. `failure.code` says what kind of
   * failure it was (`network`, `timeout`, `http` with `status`, `refused`, `unknown`); the raw
   * `failure.detail` is shown only behind the {@link InputRequestMessages.failureDetails} disclosure.
   * `next` is what sends again: `'retry'`, the Try again beside it, or `'accept'` once an edit took
   * that answer back (Accept sends what is on screen; there is no Try again). `acceptLabel` is the
   * Accept button's text (`messages.accept`, which a host may have renamed), for the words that
   * point at it.
   */
  sendFailed: (failure: Failure, next?: 'retry' | 'accept', acceptLabel?: string) => string;
  /**
   * Shown when a send could not be confirmed (no answer in time, the connection dropped, the page
   * was left mid-send): the answer may have arrived. A second send goes under the same idempotency
   * key, so a backend that keeps them drops the copy.
   * `keptAsSent` is true while the answers stay as they were sent (the card shows them locked,
   * with Try again); false after a reload, when the form asks for them again. `retryLabel` is the
   * Try again button's text (`messages.retry`), for the words that point at it.
   */
  sendUncertain: (failure: Failure, keptAsSent: boolean, retryLabel?: string) => string;
  /** Shown when an answer that could not be confirmed turned out to have reached the server. */
  answerReachedServer: string;
  /** After server text cut short (a huge message or description): how many characters are not shown. */
  textCut: (count: number) => string;
  /** Summary of the disclosure that holds a failure's raw detail, for whoever needs it. */
  failureDetails: string;
  retry: string;
  /** The control that stops the whole task (when the source can), beside the round's own Cancel. */
  stopTask: string;
  /**
   * Beside Stop task once the question closed while the task runs on: it expired (the task may go
   * on without this person's answer) or was answered elsewhere (it goes on with that answer).
   */
  taskGoesOn: (closedAs: 'expired' | 'answered-elsewhere') => string;
  /** Shown while the stop request is on its way. */
  stopping: string;
  /** Shown when the task could not be stopped. */
  stopFailed: (failure: Failure) => string;
  /**
   * Read after the label of a required group of checkboxes (which has no `aria-required`; other
   * controls say it themselves, and their label only shows the `*`).
   */
  required: string;
  /** Label of a field whose schema gives neither a title nor a name. */
  unnamedField: string;
  /** First entry of a drop-down with nothing chosen yet. */
  choose: string;
  /**
   * Shown on a section of a round of several requests once it has its answer. `phase` says where
   * the round stands: `waiting` for the other requests' answers, `sending` every answer, or
   * `not-used`: the round closed without taking them (it expired, was answered elsewhere or
   * replaced), and the card shows it read-only; `unconfirmed`: it closed while a send of them
   * could not be confirmed (they may have arrived), read-only too.
   */
  sectionAnswered: (action: 'accept' | 'decline' | 'cancel', phase: SectionPhase) => string;
  changeAnswer: string;
  /** Progress in a round of several requests. */
  progress: (answered: number, total: number) => string;
  /**
   * The line above each request of a round of several requests: which question it is (`position`
   * counts from 1) of how many. Each section's accessible name starts with it, so a screen reader
   * moving from form to form hears where it is. A round of one request shows none.
   */
  questionPosition: (position: number, total: number) => string;
  /** Heading of the reason an unsupported request cannot be answered. */
  cannotAnswer: string;
  /** The same heading over a round of more questions than a card shows (`too-many-requests`), which stand as one. */
  cannotAnswerAll: string;
  /**
   * Why a request cannot be answered here. `request.reasonCode` says which case it is
   * (`sampling`, `roots`, `unknown-method`, `schema`, `file`, …) and `request.reasonParams`
   * carries what the wording needs (`method`, `mode`, `count`, `limit`, `detail`).
   */
  unsupportedReason: (request: UnsupportedRequest) => string;
  /**
   * The question of a form whose server wrote none (a flat field list without a message):
   * `labels` are the fields' labels, or their names, in order.
   */
  additionalInputRequired: (labels: readonly string[]) => string;
  /** Summary of the list of problems behind an unsupported request. */
  problemDetails: (count: number) => string;
  /** Link request: opens the URL. */
  openLink: string;
  /** Opens a URL the card warns about (`linkInsecure`, `linkCredentials`, …): no longer the primary action. */
  openAnyway: string;
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
  /**
   * Link request warning: an internationalised (`xn--`) host; how it reads and its real ASCII
   * address. Both are the server's text: set them in as directional isolates (U+2068 … U+2069),
   * so a right-to-left host cannot reorder the sentence around it.
   */
  linkPunycode: (unicode: string, ascii: string) => string;
  /**
   * Link request warning: a host label mixes scripts. `scripts` are ISO 15924 codes
   * (`Latn`, `Cyrl`, …); `Intl.DisplayNames` with `type: 'script'` names them. `unicode` is the
   * server's host, set in as a directional isolate.
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
  /**
   * Secret field where Decline cannot be pressed (a round shown read-only, an answer on its way,
   * a wait the server asked for): the warning's first part.
   */
  secretWarningClosed: string;
  /** A request the host app answers by itself (e.g. sampling): while its answerer runs. */
  answeringAutomatically: string;
  /** A request the host app answered by itself. */
  answeredAutomatically: string;
  /** The host app's own answer failed; `detail` says why. The person can still decline or cancel. */
  automaticAnswerFailed: (failure: Failure) => string;
  /** Lifecycle: the task's state is being fetched. */
  loading: string;
  /** Lifecycle: the task runs and asks nothing right now. */
  working: string;
  /** Lifecycle: the round was answered in another window, tab or by someone else. */
  answeredElsewhere: string;
  /** Lifecycle: a newer round replaced the one shown. */
  superseded: string;
  /**
   * The same round is shown twice on this page and the other copy is the live one; `placeName`
   * is the name the host gave that copy's place (the card's `placeName` prop), if any.
   */
  answeringElsewhere: (placeName?: string) => string;
  /** The same round is being answered in another tab of this app. */
  answeringInAnotherTab: string;
  /** The button that makes this copy of the round the one being answered. */
  answerHere: string;
  /**
   * Said to screen readers when questions appear (in the page's live region, once per round):
   * `count` questions opened together; `serverName` is who asks them all, when one server is
   * named for all of them (isolated, cut).
   */
  announceNewQuestions: (count: number, serverName: string | undefined) => string;
  /**
   * Attention: said (politely, once) when the server asks again what the person answered; its
   * reason is above the form. `serverName` as in `announceNewQuestions`.
   */
  announceAskedAgain: (serverName: string | undefined) => string;
  /** Lifecycle: the round's deadline passed or the server no longer accepts answers. */
  expired: string;
  /** Lifecycle: the task finished. */
  completed: string;
  /** Lifecycle: the task failed; `detail` is the server's reason, when known. */
  failed: (detail: string | undefined) => string;
  /** Lifecycle: the task was cancelled. */
  cancelled: string;
  /** Lifecycle: the task's state could not be fetched (no answer at all); it will be tried again. */
  connectionLost: string;
  /**
   * Lifecycle: the server answered the read of the task's state, but with an error status or
   * something unreadable (a 404, a sign-in page): `failure` says which; it will be tried again.
   */
  stateReadFailed: (failure: Failure) => string;
  /**
   * The locale the messages are written for (BCP 47): it formats numbers, dates and times, and the
   * card carries it as `lang` and lays itself out in its direction (`dir="rtl"` for `ar`, `he`, …).
   */
  locale: string;
  /** The first line of a closed card: how the round ended (`receiptOf(…).outcome`). */
  outcome: (outcome: RoundOutcome) => string;
  /** Summary of the disclosure that re-reads what was answered. */
  receiptDetails: string;
  /**
   * What a receipt says for a request that was not answered with a form: declined, cancelled, a
   * link opened (`url` accept), answered by the app (`host`).
   */
  receiptAction: (action: 'accept' | 'decline' | 'cancel', kind: InputRequest['kind']) => string;
  /** One answered value in a receipt, formatted for this locale (option titles, yes/no, dates). */
  receiptValue: (value: ReceiptValue) => string;
  /** Heading of a completed task's result. */
  resultHeading: string;
  /** A completed task whose result says the tool failed (MCP `isError: true`). */
  resultFailed: string;
  /** Summary of the disclosure holding a result's structured data. */
  resultDetails: string;
  /** A task at work: how far it has come (`total` when known). */
  taskProgress: (progress: number, total: number | undefined) => string;
  /** A task at work, with no progress known: for how long (seconds). */
  workingFor: (seconds: number) => string;
  /**
   * How long the round still accepts answers (`timeLeft.value` whole `timeLeft.unit`s, rounded
   * down; `0` in the last minute). Announced politely when it changes, assertively in the last minute.
   */
  timeLeft: (timeLeft: TimeLeft) => string;
  /** An expired round: copies what the person typed (never secrets) as text. */
  copyAnswers: string;
  /** Said once the answers are on the clipboard. */
  answersCopied: string;
  /** After {@link InputRequestMessages.answersCopied} when a secret field held something: it was not copied. */
  secretsNotCopied: string;
  /** Copy answers of a closed form that holds no answer to copy (none, or only secrets): the question alone went. */
  questionCopied: string;
  /** Copy answers of a closed form with no question text and nothing typed: nothing was copied. */
  nothingToCopy: string;
  /** The clipboard refused: the answers are shown as selected text to copy by hand. */
  copyFailed: string;
  /**
   * A round replaced before this person sent their answers, whose new questions have no place for
   * some of what they entered (`carried.leftBehind`): said above what is kept to read and copy.
   */
  leftBehind: string;
  /** The disclosure that holds what was entered before (open at first). */
  leftBehindDetails: string;
  /** Copies what was entered before, as "Label: value" lines. */
  copyLeftBehind: string;
  /** Said once what was entered before is on the clipboard. */
  leftBehindCopied: string;
  /**
   * Step-by-step layout: where the person is (`current` of `total` fields). A step, not a
   * question: the question is the request the steps answer.
   */
  step: (current: number, total: number) => string;
  /** Step-by-step layout: to the next step (Enter does the same). */
  next: string;
  /** Step-by-step layout: to the step before. */
  back: string;
  /** Step-by-step layout: heading of the last step, every answer listed before Accept. */
  reviewHeading: string;
  /** Step-by-step layout: visible text of the control that goes back to one answer from the review. */
  edit: string;
  /** Step-by-step layout: accessible name of that control, naming the field. */
  editAnswer: (fieldLabel: string) => string;
  /**
   * A field the answer leaves out: in the step-by-step review, and in an empty field of a form
   * shown read-only (its placeholder, or an empty drop-down's option).
   */
  notAnswered: string;
  /**
   * The text under a field that failed validation, from the checker's codes: `error.keyword` and
   * `error.params` say what failed (e.g. `minLength` with `{ limit: 3 }`), `field` is the field.
   * Every keyword `validateAnswer` reports: `required`, `minLength`, `maxLength`, `minimum`,
   * `maximum`, `integer`, `minItems`, `maxItems`, `uniqueItems`, `enum`, `format`
   * (`params.format`: `email`, `uri`, `date`, `date-time`) and `type` (`params.type`: `string`,
   * `number`, `boolean`, `array`, `object`); `skippedLocalTime` (`params.offsetBefore`,
   * `params.offsetAfter`) for a date-time the clocks skipped in the person's time zone;
   * `unsafeInteger` (`params.limit`) for a whole number too large to send exactly; anything else
   * (another checker's keyword) gets a catch-all.
   */
  fieldError: (error: FieldError, field: FieldSpec) => string;
  /**
   * Said (politely, once) when a check fails where focus already is, e.g. Enter in an empty
   * required field: the field's label and its error, as `fieldError` words it.
   */
  checkFailedHere: (fieldLabel: string, error: string) => string;
  /** Re-ask: the mark on a field the server asks again (also the field's accessible description). */
  askedAgain: string;
  /** Re-ask: the line above the server's message when it asks again for something already answered. */
  askedAgainReason: string;
  /**
   * Re-ask: said when the person's earlier answers were filled in again, in a form with a secret
   * field (secrets never are: the person enters them again).
   */
  askedAgainKept: string;
  /** Re-ask: said when the person's earlier answers were filled in again, in a form with no secret field. */
  askedAgainKeptNoSecrets: string;
  /**
   * Shown above a form that opened with what the person typed before (a reload) and has a secret
   * field: secrets are never kept.
   */
  draftKept: string;
  /** Start again: shown above the new round, whose form holds the earlier answers again. */
  startedAgain: string;
  /** A round that asks nothing, after a link the person opened: the server waits for that step. */
  stillWaiting: string;
  /** A round that asks nothing, with no link before it: the server asked to come back later. */
  waitingForServer: string;
  /** A round that asks nothing: how the card goes on (it tries again by itself, less and less often). */
  stillWaitingHint: string;
  /** A round that asks nothing: the control that tries again now instead of waiting. */
  checkNow: string;
  /** After Cancel on a round that asks nothing: the card stopped trying; nothing more is sent. */
  stoppedWaiting: string;
  /** An expired round whose state the server refused (MCP "Invalid or expired requestState"). */
  stateRefused: string;
  /** The control that issues the request anew after its round expired. */
  startAgain: string;
  /** What "Start again" does (its accessible description). */
  startAgainHint: string;
  /** Shown while the request is issued anew. */
  restarting: string;
  /** Shown when issuing the request anew failed; pressing Start again tries once more. */
  restartFailed: (failure: Failure) => string;
}

/** English, the default. */
export const englishMessages: InputRequestMessages = {
  askedBy: (serverName) => `${serverName} is asking`,
  askedByUnknown: 'A tool is asking',
  askedByClosed: (serverName) => `${serverName} asked`,
  askedByUnknownClosed: 'A tool asked',
  taskOfUnknown: 'Task from a tool',
  taskFrom: (serverName) => `Task from ${serverName}`,
  viaTool: (toolName) => `Tool: ${toolName}`,
  accept: 'Accept',
  decline: 'Decline',
  cancel: 'Cancel',
  refusalQuestion: (action) =>
    action === 'decline'
      ? 'Say no to this question? Nothing you entered here is sent.'
      : action === 'cancel'
        ? 'Close this question without an answer? Nothing you entered here is sent.'
        : 'Stop the whole task? The tool stops working on it.',
  keepEditing: 'Keep editing',
  keepTaskRunning: 'Keep it running',
  submitting: 'Sending your answer…',
  submittingSlowly: 'Still sending your answer: the server is taking a while. Everything you typed is kept.',
  answered: 'Answer sent.',
  // While the server's Retry-After holds the buttons, "try again" would ask for what cannot be done yet.
  sendFailed: (failure, next = 'retry', acceptLabel = 'Accept') =>
    `${
      failure.code === 'refused'
        ? // A reply that is no answer (a sign-in page, a proxy's error page) did not take it, as far as anyone can tell.
          'The server replied with something this app cannot read, so your answer was probably not taken.'
        : refusedByServer(failure)
          ? // It arrived and was turned down: "could not be sent" would be untrue.
            `The server did not accept your answer (error\u00a0${failure.status ?? '?'}).${englishWait(failure)}`
          : `Your answer could not be sent: ${englishFailure(failure)}`
    } Everything you typed is kept${
      // While the server's wait holds the buttons, the words point at neither.
      failure.retryAfterMs !== undefined
        ? ''
        : next === 'accept'
          ? `. ${acceptLabel} sends what is on screen now`
          : '; try again'
    }.`,
  sendUncertain: (failure, keptAsSent, retryLabel = 'Try again') =>
    `Your answer may or may not have arrived: ${
      failure.code === 'network'
        ? // "Could not be reached" would say it did not arrive.
          'the connection broke before the server confirmed it. Check your connection.'
        : refusedByServer(failure)
          ? // The last try was turned down; an earlier one is what may have arrived.
            `an earlier try was never confirmed, and the server refused the last one (error\u00a0${failure.status}).`
          : englishFailure(failure)
    } ${
      keptAsSent
        ? `It stays as you sent it: ${retryLabel} sends the same answer, marked as a repeat,`
        : 'Everything you typed is kept; what you send next is marked as a repeat,'
    } so a server that already has your answer can ignore it.`,
  answerReachedServer: 'Your answer reached the server.',
  textCut: (count) =>
    `(${formatNumber('en', count)} more ${count === 1 ? 'character' : 'characters'} not shown)`,
  failureDetails: 'Details',
  retry: 'Try again',
  stopTask: 'Stop task',
  taskGoesOn: (closedAs) =>
    closedAs === 'expired'
      ? 'The task may go on without your answer.'
      : 'The task goes on with the answer given elsewhere.',
  stopping: 'Stopping the task…',
  stopFailed: (failure) => `The task could not be stopped: ${englishFailure(failure)}`,
  required: 'required',
  unnamedField: 'Unnamed field',
  choose: 'Choose…',
  sectionAnswered: (action, phase) => {
    const chosen = action === 'accept' ? 'Accepted' : action === 'decline' ? 'Declined' : 'Cancelled';
    if (phase === 'not-used') return `${chosen}, but the question closed first.`;
    if (phase === 'unconfirmed') return `${chosen} — it is not known whether it arrived.`;
    return phase === 'waiting' && action === 'accept'
      ? `${chosen} — waiting for the other questions.`
      : `${chosen}.`;
  },
  changeAnswer: 'Change answer',
  progress: (answered, total) => `${formatNumber('en', answered)} of ${formatNumber('en', total)} answered`,
  questionPosition: (position, total) =>
    `Question ${formatNumber('en', position)} of ${formatNumber('en', total)}`,
  cannotAnswer: 'This question cannot be answered here',
  cannotAnswerAll: 'These questions cannot be answered here',
  unsupportedReason: (request) => {
    const params = request.reasonParams ?? {};
    switch (request.reasonCode) {
      case 'sampling':
        return 'The server asks this app to run a language model (sampling). This app cannot do that here; you can decline or cancel.';
      case 'roots':
        return 'The server asks which folders it may access (roots). This app cannot do that here; you can decline or cancel.';
      case 'unknown-method':
        return params.method === undefined
          ? 'The server sent a kind of question this app does not know how to answer. You can decline or cancel.'
          : `The server sent a “${isolated(params.method)}” request, which this app does not know how to answer. You can decline or cancel.`;
      case 'unknown-mode':
        return params.mode === undefined
          ? 'The server asked in a way this app does not support. You can decline or cancel.'
          : `The server asked in “${isolated(params.mode)}” mode, which this app does not support. You can decline or cancel.`;
      case 'schema':
        return 'This form uses features this app cannot show safely, so it cannot be filled in here. You can decline or cancel.';
      case 'too-many-fields':
        return params.count === undefined || params.limit === undefined
          ? 'The server asked for too many values at once. You can decline or cancel.'
          : `The server asked for ${formatNumber('en', params.count)} values at once; this app shows at most ${formatNumber('en', params.limit)} in this kind of question. You can decline or cancel.`;
      case 'too-many-options':
        return 'This form offers more options than this app can show at once. You can decline or cancel.';
      case 'duplicate-key':
        return 'The server sent the same question twice, so this copy cannot be answered. You can decline or cancel.';
      case 'missing-link':
        return 'The server says a link must be opened to continue, but it did not send the link. You can cancel and try again later.';
      case 'file':
        return 'This form asks for a file, which this app cannot send. You can decline or cancel.';
      case 'answerer-failed':
        return `This app could not answer it by itself: ${params.detail ?? 'unknown error'}. You can still decline or cancel.`;
      case 'too-many-requests':
        return params.count === undefined || params.limit === undefined
          ? 'The server asked too many questions at once. You can decline or cancel them all.'
          : `The server asked ${formatNumber('en', params.count)} questions at once; this app shows at most ${formatNumber('en', params.limit)} together. You can decline or cancel them all.`;
      default:
        return 'The server sent a question this app cannot read. You can decline or cancel.';
    }
  },
  additionalInputRequired: (labels) => `Additional input required: ${labels.join(', ')}.`,
  problemDetails: (count) =>
    count === 1 ? 'Details: 1 problem' : `Details: ${formatNumber('en', count)} problems`,
  openLink: 'Open link',
  openAnyway: 'Open anyway',
  done: 'Done',
  linkOpensIn: 'Opens in a new browser tab. Check the address before you continue.',
  linkRefused: (scheme) => `This link uses “${scheme}”, which is not a web address, so it cannot be opened.`,
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
    `The site name uses international characters: it reads “${isolated(unicode)}”, but its real address is ${isolated(ascii)}. Look-alike letters are a common trick.`,
  linkMixedScript: (unicode, scripts) =>
    `“${isolated(unicode)}” mixes letters from different alphabets (${scriptNames('en', scripts)}), a common way to imitate a well-known name.`,
  show: 'Show',
  hide: 'Hide',
  showSecret: (fieldLabel) => `Show ${fieldLabel}`,
  hideSecret: (fieldLabel) => `Hide ${fieldLabel}`,
  secretWarning: (declineLabel) =>
    `Careful: servers must never ask for passwords, API keys or payment details in a form. If you did not expect this question, press ${declineLabel}.`,
  secretWarningClosed:
    'Careful: servers must never ask for passwords, API keys or payment details in a form.',
  answeringAutomatically: 'Answering in this app…',
  answeredAutomatically: 'Answered by this app.',
  automaticAnswerFailed: (failure) =>
    `This app could not answer it by itself: ${englishFailure(failure)} You can still decline or cancel.`,
  loading: 'Loading the question…',
  working: 'Working… nothing to answer right now.',
  answeredElsewhere: 'Answered elsewhere. This question is closed.',
  superseded: 'A newer question replaced this one.',
  answeringElsewhere: (placeName) =>
    placeName ? `Being answered in ${placeName}.` : 'Being answered in another place on this page.',
  answeringInAnotherTab: 'Being answered in another tab.',
  answerHere: 'Answer here',
  announceAskedAgain: (serverName) =>
    serverName
      ? `${serverName} asks again. Its reason is above the form.`
      : 'Asked again. The reason is above the form.',
  announceNewQuestions: (count, serverName) =>
    count > 1
      ? serverName
        ? `${formatNumber('en', count)} new questions from ${serverName}.`
        : `${formatNumber('en', count)} new questions need your answer.`
      : serverName
        ? `New question from ${serverName}.`
        : 'A new question needs your answer.',
  expired: 'This question expired. Your answers were not sent.',
  completed: 'Done.',
  failed: (detail) => (detail ? `The task failed: ${detail}` : 'The task failed.'),
  cancelled: 'The task was stopped.',
  connectionLost: 'Could not reach the server. Trying again…',
  stateReadFailed: (failure) =>
    `Could not get the task’s state: ${englishFailure(withoutWait(failure))} Trying again…`,
  locale: 'en',
  outcome: (outcome) => {
    switch (outcome) {
      case 'accepted':
      case 'answered':
        return 'You answered.';
      case 'opened':
        return 'You opened the link. Continue on the page that opened.';
      case 'declined':
        return 'You declined.';
      case 'cancelled':
        return 'You cancelled.';
      case 'answered-elsewhere':
        return 'Answered elsewhere. Nothing was sent from here.';
      case 'answered-elsewhere-first':
        return 'Answered elsewhere first. Your answer was not used.';
      case 'expired':
        return 'Expired — nothing was sent.';
      case 'expired-unconfirmed':
        return 'Expired — it is not known whether your answer arrived in time.';
      case 'closed-unconfirmed':
        return 'Closed — your answer may be the one that closed it; its arrival was never confirmed.';
      case 'refused':
        return 'Your answer was not used: this question had already closed.';
      case 'stopped':
        // The task, or only the wait for a round that holds none (an MCP retry): the line under
        // it says which.
        return 'Stopped by you.';
    }
  },
  receiptDetails: 'What you answered',
  receiptAction: (action, kind) =>
    action === 'decline'
      ? 'Declined'
      : action === 'cancel'
        ? 'Cancelled'
        : kind === 'url'
          ? 'Opened the link'
          : kind === 'host'
            ? 'Answered by this app'
            : 'Accepted',
  receiptValue: (value) => formatReceiptValue('en', value, { yes: 'Yes', no: 'No', hidden: 'Hidden' }),
  resultHeading: 'Result',
  resultFailed: 'The tool reported an error.',
  resultDetails: 'Result data',
  taskProgress: (progress, total) =>
    total === undefined
      ? `Working… ${formatNumber('en', progress)} done`
      : `Working… ${formatNumber('en', progress)} of ${formatNumber('en', total)}`,
  workingFor: (seconds) => `Working… ${formatDuration(seconds)}`,
  timeLeft: ({ unit, value }) =>
    value === 0
      ? 'Less than a minute left to answer.'
      : `${formatNumber('en', value)} ${unit}${value === 1 ? '' : 's'} left to answer.`,
  copyAnswers: 'Copy answers',
  answersCopied: 'Answers copied.',
  secretsNotCopied: 'Hidden values were left out.',
  questionCopied: 'Question copied.',
  nothingToCopy: 'There is nothing to copy.',
  copyFailed: 'Copying did not work here. Select the text below and copy it.',
  leftBehind:
    'The question changed before you sent your answers, and no longer asks for some of what you entered.',
  leftBehindDetails: 'What you entered before',
  copyLeftBehind: 'Copy what you entered',
  leftBehindCopied: 'What you entered is copied.',
  step: (current, total) => `Step ${formatNumber('en', current)} of ${formatNumber('en', total)}`,
  next: 'Next',
  back: 'Back',
  reviewHeading: 'Check your answers',
  edit: 'Change',
  editAnswer: (fieldLabel) => `Change ${fieldLabel}`,
  notAnswered: 'Not answered',
  fieldError: (error, field) => englishFieldError(error, field),
  checkFailedHere: (fieldLabel, error) => `${fieldLabel}: ${error}`,
  askedAgain: 'Asked again',
  askedAgainReason: 'The server asked again. Its reason:',
  askedAgainKept:
    'Your earlier answers are filled in. Passwords and other hidden values are never kept; enter them again.',
  askedAgainKeptNoSecrets: 'Your earlier answers are filled in.',
  draftKept:
    'What you typed before is back. Passwords and other hidden values are never kept; enter them again.',
  startedAgain: 'Started again. Your earlier answers are filled in; check them, then answer again.',
  stillWaiting: 'Waiting for you to finish…',
  waitingForServer: 'Waiting for the server…',
  stillWaitingHint: 'This is checked again automatically, less often the longer it takes.',
  checkNow: 'Check now',
  stoppedWaiting: 'You stopped waiting. Nothing more is sent for this question.',
  stateRefused:
    'The server no longer accepts answers to this question; it has expired or is no longer valid. Your answers were not used.',
  startAgain: 'Start again',
  startAgainHint: 'Asks the server again from the start. Your answers are filled in again.',
  restarting: 'Starting again…',
  restartFailed: (failure) => `Could not start again: ${englishFailure(failure)}`,
};

/** The server's Retry-After, as a sentence after a failure; empty without one. */
function englishWait(failure: Failure): string {
  const wait = failureWait('en', failure);
  return wait === undefined
    ? ''
    : ` The server asked to wait ${wait.wait}${wait.until === undefined ? '' : `, until ${wait.until},`} before trying again.`;
}

/** A failure in plain English, by its code; never the raw message. */
function englishFailure(failure: Failure): string {
  switch (failure.code) {
    case 'network':
      return 'the server could not be reached. Check your connection.';
    case 'timeout':
      return 'the server did not answer in time.';
    case 'http':
      return failure.status !== undefined && failure.status >= 500
        ? // The number stays with its word when the line breaks.
          `the server had a problem (error\u00a0${failure.status}).${englishWait(failure)}`
        : `the server refused (error\u00a0${failure.status ?? '?'}).${englishWait(failure)}`;
    case 'stale':
      return 'the server no longer accepts answers to this question.';
    case 'refused':
      return 'the server sent a reply this app cannot read.';
    case 'interrupted':
      return 'the page was closed or reloaded while your answer was on its way.';
    case 'unknown':
      return 'something went wrong.';
  }
}

/** English text for a validation error; numbers are formatted with `Intl.NumberFormat('en')`. */
function englishFieldError(error: FieldError, field: FieldSpec): string {
  const { params } = error;
  const limit = params.limit;
  const n = (value: unknown) => formatNumber('en', value);
  const count = (value: unknown, noun: string) => `${n(value)} ${noun}${value === 1 ? '' : 's'}`;
  switch (error.keyword) {
    case 'required':
      return 'This field is required.';
    case 'minLength':
      return `Enter at least ${count(limit, 'character')}.`;
    case 'maxLength':
      return `Enter at most ${count(limit, 'character')}.`;
    case 'minimum':
      return `Enter a number of at least ${n(limit)}.`;
    case 'maximum':
      return `Enter a number of at most ${n(limit)}.`;
    case 'integer':
      return 'Enter a whole number.';
    case 'minItems':
      return `Choose at least ${count(limit, 'option')}.`;
    case 'maxItems':
      return `Choose at most ${count(limit, 'option')}.`;
    case 'uniqueItems':
      return 'Choose each option only once.';
    case 'enum':
      return 'Choose one of the listed options.';
    case 'format':
      return englishFormatError(params.format);
    case 'type':
      return englishTypeError(params.type, field);
    case 'skippedLocalTime':
      return `This time does not exist here: the clocks go forward that night (UTC${params.offsetBefore} to UTC${params.offsetAfter}). Choose a time before or after.`;
    case 'badInput':
      return field.kind === 'date'
        ? 'Enter the full date.'
        : field.kind === 'date-time'
          ? 'Enter the full date and time.'
          : field.kind === 'integer'
            ? 'Enter a whole number in digits, such as 12.'
            : 'Enter a number in digits, such as 12 or 3.5.';
    case 'unsafeInteger':
      return `This number has too many digits to send exactly. Enter a whole number from ${n(-(limit as number))} to ${n(limit)}.`;
    default:
      return 'Check this value.';
  }
}

function englishFormatError(format: unknown): string {
  switch (format) {
    case 'email':
      return 'Enter a valid email address.';
    case 'uri':
      return 'Enter a valid web address (for example https://example.com).';
    case 'date':
      return 'Enter a valid date (YYYY-MM-DD).';
    case 'date-time':
      return 'Enter a valid date and time.';
    default:
      return 'Enter a value in the expected format.';
  }
}

function englishTypeError(type: unknown, field: FieldSpec): string {
  if (field.kind === 'multi-select' && type === 'array') return 'Choose from the listed options.';
  if (field.kind === 'single-select' || field.kind === 'multi-select')
    return 'Choose one of the listed options.';
  switch (type) {
    case 'number':
    case 'integer':
      return 'Enter a number.';
    case 'boolean':
      return 'Choose yes or no.';
    case 'array':
      return 'Choose from the listed options.';
    case 'string':
      return 'Enter text.';
    case 'object':
      return 'This answer is not a set of fields; it cannot be sent.';
    default:
      return 'Enter a value of the right kind.';
  }
}

/**
 * How an AI SDK input request ended: the person's action, or what the bridge did without one.
 * `opened`: the person opened the link of an MCP 2025 URL request, which answers it `accept`
 * (`UrlRequest.acceptOnOpen`); the step goes on in the page that opened.
 */
export type AnsweredRequestEnding = 'accept' | 'opened' | 'decline' | 'cancel' | 'timed-out' | 'cancelled';

/**
 * The words of `input-request-cards/ai-sdk`: the closed summary of an answered request, and why
 * the answer route refused an answer. Pass a partial object as the `answeredMessages` prop.
 *
 * @example
 * ```tsx
 * <InputRequestPart part={part} answeredMessages={{ hidden: '(not shown)' }} />
 * ```
 */
export interface AnsweredRequestMessages {
  /**
   * The locale the messages are written for (BCP 47): it formats numbers, dates and lists of
   * options, and the summary carries it as `lang` and lays itself out in its direction.
   */
  locale: string;
  /** Heading when the server's name is known (as on the card). */
  askedBy: (serverName: string) => string;
  /** Heading when nobody is named. */
  askedByUnknown: string;
  /** Line under the heading naming the tool. */
  viaTool: (toolName: string) => string;
  /**
   * How the request ended. `told` is what the bridge answered the server when nobody answered
   * (`timed-out`, `cancelled`).
   */
  ending: (ending: AnsweredRequestEnding, told: 'cancel' | 'decline' | undefined) => string;
  /** Label of the list of answered values. */
  answers: string;
  /** Reopens a link answered by opening it (an MCP 2025 request); it answers nothing. */
  openAgain: string;
  /** In place of a secret field's value, which is never kept. */
  hidden: string;
  /** After server text cut short (a huge message): how many characters are not shown. */
  textCut: (count: number) => string;
  yes: string;
  no: string;
  /**
   * Why an answer could not be delivered (shown inside the card's `sendFailed`). `code` is the
   * route's `error.code` (`unknown-request`, `not-waiting`, …) or undefined; `status` the HTTP status.
   */
  sendError: (code: string | undefined, status: number) => string;
}

/** English words of `input-request-cards/ai-sdk`. */
export const englishAnsweredMessages: AnsweredRequestMessages = {
  locale: 'en',
  askedBy: (serverName) => `${serverName} asked`,
  askedByUnknown: 'A tool asked',
  viaTool: (toolName) => `Tool: ${toolName}`,
  ending: (ending, told) => {
    const toldWord = told === 'decline' ? 'declined' : 'cancelled';
    switch (ending) {
      // The same words as the card's receipt.
      case 'accept':
        return 'You answered.';
      case 'opened':
        return 'You opened the link. Continue on the page that opened.';
      case 'decline':
        return 'You declined.';
      case 'cancel':
        return 'You cancelled.';
      case 'timed-out':
        return `No answer came in time, so the server was told: ${toldWord}.`;
      case 'cancelled':
        return `The chat stopped before an answer, so the server was told: ${toldWord}.`;
    }
  },
  answers: 'Your answers',
  openAgain: 'Open again',
  hidden: 'Hidden',
  textCut: (count) =>
    `(${formatNumber('en', count)} more ${count === 1 ? 'character' : 'characters'} not shown)`,
  yes: 'Yes',
  no: 'No',
  sendError: (code, status) => {
    switch (code) {
      case 'unknown-request':
        return 'this question is no longer open';
      case 'not-waiting':
        return 'the server stopped waiting for the answer';
      case 'already-answered':
        return 'this question was already answered';
      case 'forbidden':
        return 'this chat may not answer this question';
      case 'invalid-answer':
        return 'the server found a problem with the answer';
      default:
        return `the server answered with status ${status}`;
    }
  },
};
