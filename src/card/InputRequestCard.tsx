'use client';
import type { QueryClient } from '@tanstack/react-query';
import {
  createElement,
  forwardRef,
  type RefObject,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { RequestAnswerers } from '../core/answerers.js';
import type { DraftStore } from '../core/draft.js';
import { describeFailure } from '../core/failure.js';
import { describeValue } from '../core/json.js';
import type { RoundLedger } from '../core/ledger.js';
import { type PollPolicy, questionsForPerson, roundView, STATE_TRAITS, taskRuns } from '../core/lifecycle.js';
import { misuseError, roundProblem } from '../core/misuse.js';
import type { FieldSpec, FormRequest, Suspension } from '../core/model.js';
import { outcomeOf, receiptOf, shownResultOf } from '../core/receipt.js';
import type { SessionSnapshot } from '../core/session.js';
import { shownName, shownWithEllipsis, visibleName } from '../core/shown-text.js';
import type { InputRequestSource } from '../core/source.js';
import { type ResumeFunction, staticSource } from '../core/static-source.js';
import type { RegistrableDomainFinder } from '../core/url.js';
import type { AnswerChecker, FieldError } from '../core/validate.js';
import { useLiveCopy } from '../hooks/useLiveCopy.js';
import { type RoundBinding, useRoundSession } from '../hooks/useRoundSession.js';
import { isolated, textDirection } from '../i18n/format.js';
import { englishMessages, type InputRequestMessages } from '../i18n/messages.js';
import { announceOpenedRound } from './announcer.js';
import { earlierBurstGuard } from './clickBurst.js';
import type { InputRequestComponents } from './components.js';
import { CardContext, type InputRequestCardContext } from './context.js';
import { TimeLeftNotice } from './Deadline.js';
import { FailureNotice } from './FailureNotice.js';
import type { FormLayout } from './FormSteps.js';
import { PassiveCopy } from './PassiveCopy.js';
import { Receipt } from './Receipt.js';
import { RoundBody } from './RoundBody.js';
import { StopTask } from './StopTask.js';
import { serverText, withServerText } from './serverText.js';
import { TaskProgress } from './TaskProgress.js';
import { TaskResult } from './TaskResult.js';

/** Props every card takes, whatever feeds it. */
export interface InputRequestCardCommonProps {
  /** Any built-in string, replaced. */
  messages?: Partial<InputRequestMessages>;
  /** Checks answers before they leave; defaults to `validateAnswer` (no eval, CSP-safe). `ajvAnswerChecker` from `input-request-cards/ajv` uses ajv. */
  checker?: AnswerChecker;
  /** Turns a validation error into the text shown under its field. Defaults to `messages.fieldError`. */
  formatError?: (error: FieldError, field: FieldSpec) => string;
  /**
   * Level of the card's heading, to fit the page outline.
   * @default 3
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Added to the root element's class list. */
  className?: string;
  /**
   * Moves focus to the card's heading when it first appears: for a card added above a chat
   * composer, so a keyboard user does not need a dozen Shift+Tabs to reach it. (Or call `focus()`
   * on the card's `ref`.)
   */
  autoFocus?: boolean;
  /**
   * Tells screen readers when a question opens on this card ("New question from GitHub."), in
   * the page's one polite live region, once per round: focus stays where the person is (the chat
   * composer), so without it they would not know. Set `false` when the card sits inside a live
   * region of your own, such as a transcript with `role="log"`, which already reads new cards.
   * @default true
   */
  announce?: boolean;
  /**
   * Which fields to treat as secrets (masked, never stored, never logged) besides those core
   * already flags: the server's `secret`, and `looksSecret` (passwords, keys, tokens, PINs, payment data).
   */
  isSecret?: (field: FieldSpec, request: FormRequest) => boolean;
  /** Parts to replace with your own components (each gets the built-in part's props). */
  components?: InputRequestComponents;
  /**
   * Where sent rounds are remembered (no secrets): after a reload a sent round shows as answered,
   * and a send the reload cut off is retried under its own idempotency key. `sessionStorage` by
   * default; `false` for none.
   */
  ledger?: RoundLedger | false;
  /**
   * How long a send may take before the card says it could not be confirmed; a source's own
   * `resumeTimeoutMs` wins. @default 30000
   */
  resumeTimeoutMs?: number;
  /**
   * Where link requests emphasise the registrable domain of a host. Defaults to the full Public
   * Suffix List, loaded lazily with the first link (the whole host is emphasised until then).
   */
  registrableDomain?: RegistrableDomainFinder;
  /**
   * Host answers for requests no form can answer, keyed by MCP method: `sampling/createMessage`
   * and `roots/list`. A request with an answerer is answered without a form; the card says so.
   */
  answerers?: RequestAnswerers;
  /**
   * Your own time limit for answers (epoch ms or ISO 8601), e.g. your request timeout
   * (`startedAt + timeoutMs`): the card counts down to the earlier of it and the source's
   * `deadline` (a Tasks `ttlMs` counts too). Read when the card first shows the task.
   */
  deadline?: string | number;
  /**
   * How form requests show their fields. `'form'`: all at once. `'steps'`: one at a time with
   * "Step k of N", Next / Back (Enter goes on), each field checked before the next, then a
   * review of every answer with Accept; Decline and Cancel stay on every step. The answer sent is
   * the same as the form's. An expired round shows every field, to read and copy.
   * @default 'form'
   * @example
   * ```tsx
   * <InputRequestCard source={source} layout="steps" />
   * ```
   */
  layout?: FormLayout;
  /**
   * Asks before Decline or Cancel lets go of a form that holds what the person entered (none of it
   * is sent): the buttons give way to "Say no to this question? Nothing you entered here is sent." with
   * the refusal to confirm and Keep editing (Escape), so a slip does not throw typing away. A form
   * left as it opened is refused at once. Stop task, which ends the whole task, always asks
   * ("Stop the whole task? …", Keep it running). `false` refuses and stops at once always.
   * @default true
   * @example
   * ```tsx
   * <InputRequestCard source={source} confirmRefusal={false} />
   * ```
   */
  confirmRefusal?: boolean;
  /**
   * What to call this card's place when the same round is shown twice, in words that fit
   * "Being answered in …" (e.g. "the side panel"). Only one copy of a round is live; the others
   * say where it is being answered and offer "Answer here".
   */
  placeName?: string;
}

/** A card for one round you already have: `suspension` + `resume`. */
export interface StaticInputRequestCardProps extends InputRequestCardCommonProps {
  /** The round of questions to show, from `parseSuspension`. */
  suspension: Suspension;
  /**
   * Sends the answers: called once per round with every response, keyed like the requests.
   * While it runs the card is busy; when it rejects, the error shows and every typed value stays.
   */
  resume: ResumeFunction;
  /** Keeps half-typed values across reloads. Off unless given. */
  drafts?: DraftStore;
  source?: never;
}

/** A card that follows a task through its whole life: `source`. */
export interface LiveInputRequestCardProps extends InputRequestCardCommonProps {
  /** The task to follow and answer (see `InputRequestSource`). */
  source: InputRequestSource;
  /** The TanStack QueryClient, when the card is not inside a `<QueryClientProvider>`. */
  queryClient?: QueryClient;
  /** Where half-typed answers survive a reload: `sessionStorage` by default, `false` for none. */
  drafts?: DraftStore | false;
  /** How polling starts and backs off. */
  poll?: PollPolicy;
  /** How long a replaced round stays on screen before the newer one shows. @default 900 */
  replaceDelayMs?: number;
  suspension?: never;
  resume?: never;
}

/** Props of {@link InputRequestCard}: either a round and a resume function, or a live source. */
export type InputRequestCardProps = StaticInputRequestCardProps | LiveInputRequestCardProps;

/**
 * A card that answers the questions a tool asks: each form request as a form, each link
 * request as a link to open, each request it cannot answer with its reason, all with
 * Accept / Decline / Cancel. Server text is rendered as text, never as HTML.
 *
 * Give it a round (`suspension` + `resume`), or a `source` and it follows the task itself:
 * loading, working, asking, sending, answered, answered elsewhere, replaced by a newer round,
 * expired, completed, failed or cancelled — surviving reloads with drafts. Both run the same
 * session: every card of one task shares one send, so a round is answered once.
 *
 * @selector [data-part="card"] the root `<article>` (a card is a self-contained item of a chat or feed, not a landmark)
 * @selector [data-part="task-cancelled"] the line that says the task was cancelled (or that the person stopped waiting); a task stopped here says it in the receipt's "Stopped by you." alone
 * @selector [data-state] the lifecycle state (`input-required`, `submitting`, `answered`, `expired`, …)
 * @selector [data-error] present while the last send failed
 * @example
 * ```tsx
 * // One round you already have:
 * <InputRequestCard suspension={parseSuspension(result)} resume={(responses) => retry(responses)} />
 * // A task to follow:
 * <InputRequestCard source={createHttpSource({ stateUrl, resumeUrl })} />
 * ```
 */
export const InputRequestCard = forwardRef<InputRequestCardHandle, InputRequestCardProps>(
  function InputRequestCard(props, ref) {
    // Before any session exists: a card that cannot render must leave none behind for the page.
    checkCardProps(props);
    const source = useCardSource(props);
    const live = props.source !== undefined;
    // Options left undefined count as not given all the way down, so each is passed as it is.
    const controller = useRoundSession(source, {
      queryClient: live ? props.queryClient : undefined,
      // A round you hold keeps no drafts unless given a store; a followed task uses sessionStorage.
      drafts: props.drafts ?? (live ? undefined : false),
      poll: (live && props.poll) || undefined,
      replaceDelayMs: live ? props.replaceDelayMs : undefined,
      isSecret: props.isSecret,
      answerers: props.answerers,
      ledger: props.ledger,
      resumeTimeoutMs: props.resumeTimeoutMs,
      deadline: props.deadline,
    });
    const { messages: overrides, checker, formatError, components, registrableDomain } = props;
    const layout = props.layout ?? 'form';
    const confirmRefusal = props.confirmRefusal ?? true;
    // Most cards keep the built-in words: no copy of them per card then.
    const messages = useMemo(
      () => (overrides ? { ...englishMessages, ...overrides } : englishMessages),
      [overrides],
    );
    const context = useMemo<InputRequestCardContext>(
      () => ({
        session: controller.session,
        messages,
        components: components ?? {},
        checker,
        formatError: formatError ?? messages.fieldError,
        registrableDomain,
        layout,
        confirmRefusal,
      }),
      [
        controller.session,
        messages,
        components,
        checker,
        formatError,
        registrableDomain,
        layout,
        confirmRefusal,
      ],
    );
    const { state, suspension, snapshot } = controller;
    // Once the session has a round it keeps one; a card that never had one (a finished task from
    // a chat's history) takes no part in live copies and measures nothing.
    const hasRound = suspension !== undefined;
    // One live copy of a round per page (and across tabs): the others say where it is answered.
    const copy = useLiveCopy(controller.session, props.placeName, hasRound);
    const cardRef = useRef<HTMLElement>(null);
    const headingRef = useRef<HTMLHeadingElement>(null);
    const outcomeRef = useRef<HTMLParagraphElement>(null);
    const focusInside = useRef(false);
    /** A mouse press inside the card that no focus or blur has followed yet. */
    const pressedInside = useRef(false);
    const headingId = `${useId()}-heading`;

    useImperativeHandle(ref, () => ({ focus: () => headingRef.current?.focus() }), []);

    // Hosts that add a card for keyboard users can give it focus (a new card above the composer).
    // biome-ignore lint/correctness/useExhaustiveDependencies: only when the card first appears.
    useEffect(() => {
      if (props.autoFocus) headingRef.current?.focus();
    }, []);

    // Focus never drops to <body> under the person's hands: when the part that held it closes,
    // locks or is replaced, it goes to what replaced it — the receipt's first line, or the card's
    // heading for a new round or while sending. A card that merely changes elsewhere leaves focus alone.
    const receiptShown = outcomeOf(snapshot) !== undefined;
    const receiptWasShown = useRef(receiptShown);
    const roundId = suspension?.id;
    // How a closed round's news is said: focus moved to the receipt's first line says its outcome
    // as it lands, and the status region then adds only what that line does not say ("Your answer
    // reached the server."); the region saying it too, in other words, was the news twice. Which
    // one speaks is known once the effect below has moved focus (or not): until then, the region
    // waits, empty. A card that mounts closed says it in its region, unheard.
    // Decided per round and state: a later round of the task closes anew, wherever focus is then.
    const closing = `${roundId}/${state}`;
    const [closingSaid, setClosingSaid] = useState(() =>
      receiptShown ? { closing, byFocus: false } : undefined,
    );
    const closingUndecided = receiptShown && closingSaid?.closing !== closing;
    const saidByFocus = receiptShown && closingSaid?.byFocus === true;
    // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked on every change of state or round.
    useEffect(() => {
      const receiptAppeared = receiptShown && !receiptWasShown.current;
      receiptWasShown.current = receiptShown;
      const movedToOutcome = focusInside.current && moveFocus(receiptAppeared);
      if (receiptShown)
        setClosingSaid((said) => (said?.closing === closing ? said : { closing, byFocus: movedToOutcome }));
    }, [state, roundId, receiptShown, copy.live]);
    /** Gives focus a home after a change under it; true when that is the receipt's first line. */
    function moveFocus(receiptAppeared: boolean): boolean {
      const active = document.activeElement;
      // Focus on an element outside this card was put there by the person: another card's field,
      // the chat's composer. (A click on the page's text blurs to nothing, which leaves
      // focusInside set: the card could not tell they went on elsewhere.) Taking it would send
      // the rest of their typing nowhere.
      if (active && active !== document.body && !cardRef.current?.contains(active)) {
        focusInside.current = false;
        return false;
      }
      const lost =
        !active || active === document.body || (active instanceof HTMLElement && active.matches(':disabled'));
      // A field the person is typing in that stays (read-only, to copy from) keeps focus when the
      // round closes around it (answered elsewhere, expired): moved mid-word, the rest of what
      // they type goes nowhere, and the status region says what happened.
      const typing = !lost && active instanceof HTMLElement && active.matches(TEXT_ENTRY);
      if (receiptAppeared && outcomeRef.current && !typing) {
        outcomeRef.current.focus();
        return true;
      }
      if (lost) headingRef.current?.focus();
      return false;
    }

    // A question that opens where the person is not (focus stays in the composer) is said in the
    // page's live region: once per round, by the copy that is answered, never for one already over.
    // Only the words are read when it is said. Only questions for the person count: a round that
    // asks nothing (the server still waits, e.g. for a link step: a "still waiting" reply every few
    // seconds would say "New question" each time) or only what the app answers by itself (its
    // sampling) is no question, until an answerer fails and the person must say no to it.
    const questions = suspension === undefined ? 0 : questionsForPerson(suspension, snapshot.hostAnswers);
    const announce = props.announce !== false && state === 'input-required' && copy.live && questions > 0;
    // biome-ignore lint/correctness/useExhaustiveDependencies: said when a round opens; the words are read then.
    useEffect(() => {
      const page = cardRef.current?.ownerDocument;
      if (!announce || suspension === undefined || !page) return;
      const asker = visibleName(suspension.serverName);
      const { carried } = snapshot;
      // A re-ask only when it asks nothing new: a new question beside it is said as new.
      const askedAgain =
        carried?.reason === 'reask' &&
        suspension.requests.every((request) => carried.requests[request.key]?.askedAgain === true);
      // Not said if it closes, or the card goes, before it was (StrictMode's second run says it);
      // no longer said once it closes after.
      return announceOpenedRound(page, {
        roundId: suspension.id,
        questions,
        asker: asker === undefined ? undefined : isolated(shownName(asker)),
        say: messages.announceNewQuestions,
        ...(askedAgain ? { askedAgain: { say: messages.announceAskedAgain } } : {}),
        // Said with the opening, as its notice appears with the words in it: a round that opens in
        // its last minute, and what a replaced round held that this one does not ask.
        ...afterOpening(snapshot, messages),
        lang: messages.locale,
        dir: textDirection(messages.locale),
      });
    }, [announce, roundId]);

    // A form taller than the window keeps its actions in reach (the theme makes the row sticky only
    // then, so it never covers a short card's own content). DOM sync only: an attribute, no render.
    // Measured in an animation frame, before paint: mounting never forces a layout of the page,
    // and the attribute (which resizes the card) never changes inside the observer's callback.
    // Only a card with a round has actions to keep in reach.
    useEffect(() => {
      const card = cardRef.current;
      if (!hasRound || !card || typeof ResizeObserver === 'undefined') return;
      let frame = 0;
      const measure = () => {
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(() =>
          card.toggleAttribute('data-tall', card.getBoundingClientRect().height > window.innerHeight),
        );
      };
      const observer = new ResizeObserver(measure);
      observer.observe(card);
      window.addEventListener('resize', measure);
      measure();
      return () => {
        cancelAnimationFrame(frame);
        observer.disconnect();
        window.removeEventListener('resize', measure);
      };
    }, [hasRound]);

    const { outcome, entries } = receiptOf(snapshot);
    const result = shownResultOf(snapshot);
    const traits = STATE_TRAITS[state];
    // Also after the round closed, read-only, when it holds answers this person gave that were not taken.
    const view = roundView(snapshot);
    const showRound = suspension !== undefined && view !== undefined;
    const readOnlyRound = showRound && view === 'read-only';
    const passive = !copy.live && (traits.acceptsAnswers || state === 'submitting');
    // One copy of a round on a page speaks for it (its status, its time left): two saying each
    // step at once is one voice too many. A copy whose live one is in another tab speaks here.
    const spokenByAnother = !copy.live && copy.elsewhere === 'page';
    const Result = components?.TaskResult ?? TaskResult;
    const working =
      state === 'loading' ||
      state === 'working' ||
      (snapshot.taskStatus === 'working' && state === 'answered');
    // A read of the task's state failed, and the card still follows it (it keeps trying).
    const readFailed = snapshot.fetchError !== undefined && (working || state === 'input-required');
    // How the task ended, when it has: its result, or that it was cancelled or failed.
    const taskEnd = (
      <>
        {result !== undefined ? <Result result={result} messages={messages} /> : null}
        {state === 'cancelled' && !stoppedTaskHere(snapshot) ? (
          // The live region says it too, but only to screen readers: this is the line people see.
          <p data-part="task-cancelled">{cancelledText(snapshot, messages)}</p>
        ) : null}
        {state === 'failed' ? (
          <p data-part="task-failure" role="alert" {...serverText}>
            {messages.failed(
              snapshot.error === undefined ? undefined : shownWithEllipsis(snapshot.error, 'prose'),
            )}
          </p>
        ) : null}
      </>
    );
    return (
      <CardContext.Provider value={context}>
        <article
          ref={cardRef}
          className={props.className ? `irc-card ${props.className}` : 'irc-card'}
          data-part="card"
          // The card's own words are in the messages' language and laid out in its direction: an
          // English card in a right-to-left page reads left to right, an Arabic one right to left.
          lang={messages.locale}
          dir={textDirection(messages.locale)}
          data-state={state}
          {...(outcome ? { 'data-outcome': outcome } : {})}
          {...(snapshot.sendError !== undefined && state === 'input-required' ? { 'data-error': '' } : {})}
          aria-labelledby={headingId}
          // Any button of the card, a host's own components' too, may appear under the pointer
          // in the middle of a double click: the rest of that burst presses nothing.
          onClickCapture={earlierBurstGuard.onClickCapture}
          onMouseDownCapture={(event) => {
            earlierBurstGuard.onMouseDownCapture(event);
            // A press inside the card: Safari and Firefox on macOS focus no button on a click,
            // so the field blurs to nothing; that is no leaving (see onBlur).
            pressedInside.current = true;
          }}
          // No aria-busy: the card's status region is inside it, and screen readers may hold back
          // what a busy region says until it is not busy, when "Sending your answer…" is over. The
          // status says the card is busy instead.
          onFocus={() => {
            focusInside.current = true;
            pressedInside.current = false;
          }}
          onBlur={(event) => {
            // Focus that leaves for somewhere else on the page is the person's choice; focus that
            // falls to nothing because the element went away (or was disabled) is the card's to
            // put back. Focus that falls to nothing from an element still there is the person's
            // too: a click on the page's text. Which one it was shows once the change is done.
            const to = event.relatedTarget;
            const pressed = pressedInside.current;
            pressedInside.current = false;
            if (to instanceof Node) {
              if (!cardRef.current?.contains(to)) focusInside.current = false;
              return;
            }
            // Pressed inside the card (its text, or a button the browser does not focus): still
            // the card's.
            if (pressed) return;
            const left = event.target;
            queueMicrotask(() => {
              if (
                left.isConnected &&
                !left.matches(':disabled') &&
                !cardRef.current?.contains(left.ownerDocument.activeElement)
              ) {
                focusInside.current = false;
              }
            });
          }}
        >
          <CardHeader
            id={headingId}
            headingRef={headingRef}
            suspension={suspension}
            // Before a round (or without one) the source may still know who asks.
            asker={suspension ?? askerOf(source)}
            askedBefore={snapshot.askedBefore === true}
            headingLevel={props.headingLevel ?? 3}
            messages={messages}
            // The question is over: answered (here or elsewhere), expired, or the task ended. A
            // replaced round is not: a newer question is on its way.
            over={traits.dropsDrafts && state !== 'superseded'}
          />
          {state === 'input-required' && snapshot.timeLeft ? (
            <TimeLeftNotice timeLeft={snapshot.timeLeft} messages={messages} quiet={spokenByAnother} />
          ) : null}
          {/* Seen, not only heard: what the card shows (a question, the task at work) may be behind. */}
          {readFailed ? (
            <p data-part="read-failure">{readFailureText(snapshot.fetchError, messages)}</p>
          ) : null}
          {/* Still loading, a failed read is all there is to say: no progress of a task not yet read. */}
          {working && !(readFailed && state === 'loading') ? (
            <TaskProgress
              progress={snapshot.progress}
              message={state === 'loading' ? messages.loading : snapshot.message}
              since={snapshot.workingSince}
              messages={messages}
            />
          ) : null}
          {outcome ? (
            <Receipt
              ref={outcomeRef}
              outcome={outcome}
              entries={entries}
              requests={suspension?.requests ?? []}
              messages={messages}
              confirmedLate={snapshot.confirmedLate === true}
              {...(suspension?.contentLanguage ? { contentLanguage: suspension.contentLanguage } : {})}
            />
          ) : null}
          {/* A round shown to read comes after how the task ended: what happened first, then
              the values that were not used, to copy. */}
          {readOnlyRound ? taskEnd : null}
          {showRound && passive ? (
            <PassiveCopy
              elsewhere={copy.elsewhere}
              placeName={copy.placeName}
              onAnswerHere={copy.claim}
              messages={messages}
            />
          ) : showRound ? (
            <RoundBody key={suspension.id} suspension={suspension} snapshot={snapshot} />
          ) : null}
          {readOnlyRound ? null : taskEnd}
          {controller.stop && taskRuns(snapshot) && state !== 'loading' ? (
            <div data-part="task-actions">
              {/* A closed question with Stop task alone would not say that anything still runs. */}
              {(state === 'expired' || state === 'answered-elsewhere') && !snapshot.stopping ? (
                <p data-part="task-goes-on">{messages.taskGoesOn(state)}</p>
              ) : null}
              <StopTask
                stopping={snapshot.stopping === true}
                confirmRefusal={confirmRefusal}
                onStop={() => void controller.stop?.().catch(() => {})}
                // The round and where it stands (a send that goes and fails leaves it open).
                shownBeside={`${roundId}/${state === 'submitting' ? 'input-required' : state}`}
                messages={messages}
              />
            </div>
          ) : null}
          {snapshot.stopError !== undefined && !traits.settled ? (
            <FailureNotice
              failure={describeFailure(snapshot.stopError)}
              text={messages.stopFailed}
              part="stop-error"
            />
          ) : null}
          <div data-part="status" role="status">
            {spokenByAnother || closingUndecided
              ? ''
              : saidByFocus
                ? newsBeyondOutcome(controller, messages)
                : statusText(controller, messages)}
          </div>
        </article>
      </CardContext.Provider>
    );
  },
);

/** What {@link InputRequestCard} exposes through `ref`. */
export interface InputRequestCardHandle {
  /** Moves focus to the card's heading, e.g. when a new card appears for a keyboard user. */
  focus(): void;
}

/**
 * The `resume` functions of the cards that show each round object: those mounted, oldest first
 * (the first shown is the live copy), and the last one's when none is. A card mounted again for a
 * round finds the session its first card left (held by the round object), whose source calls
 * through this: the card shown now, with the function it is given now (a new closure over the
 * chat, a fresh token), never one of a card that is gone while another shows the round.
 */
interface RoundResumes {
  mounted: { current: ResumeFunction | undefined }[];
  last: { current: ResumeFunction | undefined } | undefined;
}
const resumesOfRound = new WeakMap<Suspension, RoundResumes>();

function resumesOf(suspension: Suspension): RoundResumes {
  let resumes = resumesOfRound.get(suspension);
  if (!resumes) {
    resumes = { mounted: [], last: undefined };
    resumesOfRound.set(suspension, resumes);
  }
  return resumes;
}

/** Where a person types: text boxes, text areas and drop-downs (not buttons, checkboxes or radios). */
const TEXT_ENTRY =
  'textarea, select, input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"])';

/** What the announcement of a round that opens says after it: the time left, what was kept. */
function afterOpening(snapshot: SessionSnapshot, messages: InputRequestMessages): { afterwards?: string } {
  const said = [
    snapshot.carried?.leftBehind.length ? messages.leftBehind : undefined,
    snapshot.timeLeft?.urgent ? messages.timeLeft(snapshot.timeLeft) : undefined,
  ].filter((sentence) => sentence !== undefined);
  return said.length > 0 ? { afterwards: said.join(' ') } : {};
}

/** A developer's mistake in the card's words or checker, named with the fix. */
function checkCardProps(props: InputRequestCardProps): void {
  const { messages, checker, suspension, source, resume } = props;
  if (suspension === undefined && source === undefined) {
    throw misuseError(
      '<InputRequestCard>',
      'either `source` (a task it follows) or `suspension` with `resume` (a round you hold)',
      'it was given neither',
    );
  }
  if (suspension !== undefined && source !== undefined) {
    throw misuseError(
      '<InputRequestCard>',
      'either `source` (a task it follows) or `suspension` with `resume` (a round you hold)',
      'it was given both; drop one',
    );
  }
  if (suspension !== undefined && resume === undefined) {
    throw misuseError(
      '<InputRequestCard suspension>',
      '`resume`, the function that sends the answers (such as (answers) => resumeTask(id, answers))',
      'there is none, so Accept could not send anything',
    );
  }
  if (messages !== undefined && (messages === null || typeof messages !== 'object')) {
    throw misuseError(
      '<InputRequestCard messages>',
      'an object of words (such as germanMessages)',
      `it is ${describeValue(messages)}`,
    );
  }
  const wrongComponent = componentsProblem(props.components);
  if (wrongComponent) {
    throw misuseError(
      '<InputRequestCard components>',
      `an object of components named ${COMPONENT_NAMES.join(', ')}`,
      wrongComponent,
    );
  }
  if (checker !== undefined && typeof checker !== 'function') {
    throw misuseError(
      '<InputRequestCard checker>',
      'a function (such as validateAnswer)',
      `it is ${describeValue(checker)}`,
    );
  }
  // Plain JavaScript would otherwise render an <h7>, or silently ignore the layout. (Not the
  // deadline: it often comes from a server or a store, and one that names no time is none.)
  for (const [prop, fits, needs] of CHECKED_VALUES) {
    const value = props[prop];
    if (value != null && !fits(value as never)) {
      throw misuseError(`<InputRequestCard ${prop}>`, needs, `it is ${describeValue(value)}`);
    }
  }
}

/** Props whose values plain JavaScript can get wrong: each with its test and what it needs. */
const CHECKED_VALUES: [keyof InputRequestCardProps, (value: never) => boolean, string][] = [
  // `headingLevel="3"` (a JSX string) made an <h3> before this check: still does.
  ['headingLevel', (level: number) => [2, 3, 4, 5, 6].includes(Number(level)), '2, 3, 4, 5 or 6'],
  ['layout', (layout: string) => layout === 'form' || layout === 'steps', '"form" or "steps"'],
  // `confirmRefusal="false"` would be a string that reads as true.
  ['confirmRefusal', (confirm: unknown) => typeof confirm === 'boolean', 'true or false'],
];

/** The parts `components` may replace: a misspelt name would otherwise be silently ignored. */
const COMPONENT_NAMES = Object.keys({
  FormRequest: true,
  LinkRequest: true,
  UnsupportedRequest: true,
  Field: true,
  SectionStatus: true,
  TaskResult: true,
} satisfies Record<keyof InputRequestComponents, true>);

function componentsProblem(components: unknown): string | undefined {
  if (components === undefined) return undefined;
  if (components === null || typeof components !== 'object' || Array.isArray(components))
    return `it is ${describeValue(components)}`;
  for (const [name, component] of Object.entries(components)) {
    if (!COMPONENT_NAMES.includes(name)) return `"${name}" is none of them`;
    // A function component or class, or what memo, forwardRef and lazy return.
    const isComponent =
      typeof component === 'function' ||
      (typeof component === 'object' && component !== null && '$$typeof' in component);
    // Nothing given (undefined or null) keeps the built-in part.
    if (component != null && !isComponent) return `${name} is ${describeValue(component)}`;
  }
  return undefined;
}

/** The card's source: the given one, or a round you hold turned into one (same session path). */
function useCardSource(props: InputRequestCardProps): InputRequestSource {
  const { source, suspension, resume } = props;
  // Checked once per round object: the card reads it as parseSuspension made it.
  const roundWrong = useMemo(
    () => (suspension === undefined ? undefined : roundProblem(suspension)),
    [suspension],
  );
  if (roundWrong) {
    throw misuseError('<InputRequestCard suspension>', 'a round from parseSuspension(wire)', roundWrong);
  }
  if (resume !== undefined && typeof resume !== 'function') {
    throw new TypeError(
      `input-request-cards: <InputRequestCard resume> must be a function that sends the answers, but it is ${typeof resume}.`,
    );
  }
  const resumeRef = useRef(resume);
  useEffect(() => {
    resumeRef.current = resume;
  }, [resume]);
  // This card's function counts for its round while it is mounted (an effect: the list is the
  // page's, outside React, and a render that never commits must not join it).
  useEffect(() => {
    if (!suspension) return;
    const resumes = resumesOf(suspension);
    resumes.mounted.push(resumeRef);
    return () => {
      resumes.mounted = resumes.mounted.filter((ref) => ref !== resumeRef);
      resumes.last = resumeRef;
    };
  }, [suspension]);
  const held = useMemo(
    () =>
      suspension
        ? staticSource(suspension, (responses, context) => {
            const resumes = resumesOf(suspension);
            const current = (resumes.mounted[0] ?? resumes.last ?? resumeRef).current;
            if (!current)
              return Promise.reject(new Error('input-request-cards: the card has no `resume` prop.'));
            return current(responses, context);
          })
        : undefined,
    [suspension],
  );
  // checkCardProps made sure there is one of them.
  return (source ?? held) as InputRequestSource;
}

/**
 * Why the task's state could not be read: no answer at all ("Could not reach the server"), or an
 * answer that is no state (a 404, a sign-in page), which a person or their admin can act on.
 */
function readFailureText(fetchError: unknown, messages: InputRequestMessages): string {
  const failure = describeFailure(fetchError);
  return failure.code === 'network' ? messages.connectionLost : messages.stateReadFailed(failure);
}

/**
 * What the status region adds to the receipt's first line once focus moved there (that line says
 * the outcome as focus lands): only what it does not say.
 */
function newsBeyondOutcome(controller: RoundBinding, messages: InputRequestMessages): string {
  const { state, snapshot } = controller;
  if (state === 'answered') return snapshot.confirmedLate ? messages.answerReachedServer : '';
  if (state === 'answered-elsewhere' || state === 'expired' || stoppedTaskHere(snapshot)) return '';
  return statusText(controller, messages);
}

function statusText(controller: RoundBinding, messages: InputRequestMessages): string {
  const { state, snapshot } = controller;
  switch (state) {
    case 'loading':
      return snapshot.fetchError ? readFailureText(snapshot.fetchError, messages) : messages.loading;
    case 'working':
      if (snapshot.fetchError) return readFailureText(snapshot.fetchError, messages);
      // The visible line is cut; so is what the live region reads.
      return snapshot.message === undefined ? messages.working : shownWithEllipsis(snapshot.message, 'prose');
    case 'input-required':
      if (snapshot.fetchError) return readFailureText(snapshot.fetchError, messages);
      if (snapshot.waiting) return snapshot.waiting.link ? messages.stillWaiting : messages.waitingForServer;
      // A round that opens is said in the page's live region (announceOpenedRound), not here.
      return '';
    case 'submitting':
      if (snapshot.waiting) return snapshot.waiting.link ? messages.stillWaiting : messages.waitingForServer;
      return snapshot.sendSlow ? messages.submittingSlowly : messages.submitting;
    case 'answered': {
      // A decline, a cancel or a link opened is no answer a person would call "sent": the region
      // says what the receipt says.
      const outcome = outcomeOf(snapshot);
      const own = outcome === 'declined' || outcome === 'cancelled' || outcome === 'opened';
      if (snapshot.confirmedLate) {
        return own
          ? `${messages.outcome(outcome)} ${messages.answerReachedServer}`
          : messages.answerReachedServer;
      }
      return own ? messages.outcome(outcome) : messages.answered;
    }
    case 'answered-elsewhere':
    case 'expired': {
      // How the round closed is the core's one decision (outcomeOf). Where this person's answer
      // may have gone out (refused as stale, or unconfirmed) the region says what the receipt
      // says, never "not sent"; otherwise its own, longer sentence.
      const outcome = outcomeOf(snapshot);
      if (outcome === 'answered-elsewhere') return messages.answeredElsewhere;
      if (outcome === 'expired' || outcome === undefined) return messages.expired;
      return messages.outcome(outcome);
    }
    case 'superseded':
      return messages.superseded;
    case 'completed':
      return messages.completed;
    case 'failed':
      // The visible failure line is an alert, which screen readers hear at once: said once.
      return '';
    case 'cancelled':
      // Stopped here: the receipt's "Stopped by you." is all the card shows, and all it says.
      return stoppedTaskHere(snapshot) ? messages.outcome('stopped') : cancelledText(snapshot, messages);
  }
}

/** Who the source says asks; nobody when it cannot say (its `asker` throws): a name is no reason to fail. */
function askerOf(
  source: InputRequestSource,
): ReturnType<NonNullable<InputRequestSource['asker']>> | undefined {
  try {
    return source.asker?.();
  } catch {
    return undefined;
  }
}

/**
 * The person stopped the task here (Stop task): the receipt's first line, "Stopped by you.", says
 * it, and "The task was stopped." under it would say it again. (Stopped waiting for a round that
 * holds none, the line under it says what the receipt's does not: no task was stopped.)
 */
function stoppedTaskHere(snapshot: SessionSnapshot): boolean {
  return outcomeOf(snapshot) === 'stopped' && !snapshot.stoppedWaiting;
}

/** How a cancelled card says it ended: the task was cancelled, or the person stopped waiting. */
function cancelledText(snapshot: SessionSnapshot, messages: InputRequestMessages): string {
  return snapshot.stoppedWaiting ? messages.stoppedWaiting : messages.cancelled;
}

/** Who asks: the server's name as the heading, the tool's title (or name) under it. */
function CardHeader({
  id,
  headingRef,
  suspension,
  asker,
  headingLevel,
  messages,
  over,
  askedBefore,
}: {
  id: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  suspension: Suspension | undefined;
  /** Who asks: the round's names, or the source's before any round. */
  asker: Pick<Suspension, 'serverName' | 'toolName' | 'toolTitle'> | undefined;
  /** The task's state says an answer closed one of its rounds, though this card shows none. */
  askedBefore: boolean;
  headingLevel: number;
  messages: InputRequestMessages;
  over: boolean;
}) {
  const tool = visibleName(asker?.toolTitle) ?? visibleName(asker?.toolName);
  const server = visibleName(asker?.serverName);
  return (
    <header data-part="header">
      {createElement(
        `h${headingLevel}`,
        { id, ref: headingRef, tabIndex: -1, 'data-part': 'heading' },
        // Server names are isolated inside the host's sentence: a right-to-left or overriding
        // name cannot reorder the words around it.
        // Without a round nothing was asked (yet): the card follows a task. Unless the task's
        // state says a round was answered (elsewhere): then that question is over.
        suspension === undefined && !askedBefore
          ? server
            ? withServerText(messages.taskFrom, server)
            : messages.taskOfUnknown
          : server
            ? withServerText(over || !suspension ? messages.askedByClosed : messages.askedBy, server)
            : over || !suspension
              ? messages.askedByUnknownClosed
              : messages.askedByUnknown,
      )}
      {tool ? <p data-part="tool">{withServerText(messages.viaTool, tool)}</p> : null}
    </header>
  );
}
