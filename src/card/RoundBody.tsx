'use client';
import { memo, type ReactNode, useCallback, useEffect, useRef } from 'react';
import type { CarriedRequest } from '../core/carry-over.js';
import { describeFailure } from '../core/failure.js';
import {
  answerCompletesRound,
  answersLocked,
  canRetry,
  roundView,
  STATE_TRAITS,
  sectionPhaseOf,
  unansweredKeys,
} from '../core/lifecycle.js';
import {
  contentLanguageOf,
  type ElicitResult,
  type InputRequest,
  type InputResponse,
  isElicitResult,
  roundTooLarge,
  type Suspension,
} from '../core/model.js';
import type { SessionSnapshot } from '../core/session.js';
import { useInputRequestCard } from './context.js';
import { FailureNotice } from './FailureNotice.js';
import { FormRequestSection } from './FormRequestSection.js';
import { HostAnsweredSection } from './HostAnsweredSection.js';
import { LeftBehindNotice } from './LeftBehindNotice.js';
import { LinkRequestSection } from './LinkRequestSection.js';
import { RestartNotice } from './RestartNotice.js';
import { SectionStatus } from './SectionStatus.js';
import { StillWaitingSection } from './StillWaitingSection.js';
import { ServerLanguageProvider } from './serverText.js';
import { UnsupportedRequestSection } from './UnsupportedRequestSection.js';

/** Props of {@link RoundBody}. */
export interface RoundBodyProps {
  suspension: Suspension;
  /** The session's snapshot of the round. */
  snapshot: SessionSnapshot;
}

/**
 * The questions of one round: progress (in a round of several), one section per request, and
 * the error of a failed send with Try again. Every answer goes to the card's session.
 */
export function RoundBody({ suspension, snapshot }: RoundBodyProps) {
  const { session, messages, components } = useInputRequestCard();
  const Status = components.SectionStatus ?? SectionStatus;
  // A card mounted again within a server's wait did not see the send fail: the failure that asked
  // to wait still explains why nothing can be sent yet.
  const sendError = snapshot.sendError ?? snapshot.retryHeldBy;
  const failed = sendError !== undefined && snapshot.state === 'input-required';
  const total = suspension.requests.length;
  const answeredCount = total - unansweredKeys(suspension, snapshot.answers).length;
  // A send that may have arrived keeps its answers as sent: shown locked, with Try again.
  const keptAsSent = answersLocked(snapshot);
  const locked = !STATE_TRAITS[snapshot.state].acceptsAnswers || keptAsSent;
  // The answer a request shows as given. After a failed send every section is editable again (the
  // kept answers still back "Try again"), unless the send may have arrived: then they show as sent.
  const shownAnswer = (key: string) =>
    (!failed || keptAsSent) && Object.hasOwn(snapshot.answers, key) ? snapshot.answers[key] : undefined;
  // Closed without this person's answers (expired, or closed elsewhere after a refused send): every
  // value stays readable and copyable.
  const readOnly = roundView(snapshot) === 'read-only';
  const phase = sectionPhaseOf(snapshot);
  // Whether a request's answer sends the round (or, after a failed send, stays out of sight: no
  // section shows one then). Only then does a refusal ask before it drops what was entered;
  // before that a refusal shows as "Declined" with Change answer.
  const hostFailed = (key: string) => snapshot.hostAnswers[key]?.status === 'failed';
  const answerSends = (key: string) =>
    (failed && !keptAsSent) || answerCompletesRound(suspension, snapshot.answers, key, hostFailed);
  const retryRef = useRef<HTMLButtonElement>(null);

  // A send disables the button that started it; when the send fails, give focus a sensible
  // home instead of leaving it on <body>.
  useEffect(() => {
    if (!failed) return;
    const active = document.activeElement;
    const retry = retryRef.current;
    // Also when focus is still in this card (on Accept): Try again is now its one primary
    // action, and focusing it scrolls the notice into view, which a phone's sticky row would
    // otherwise leave below the fold.
    if (!active || active === document.body || retry?.closest('[data-part="card"]')?.contains(active))
      // While the server asks to wait (Retry-After), Try again is disabled and cannot take focus:
      // the notice that says how long takes it.
      (retry?.disabled ? retry.closest<HTMLElement>('[data-part="send-error"]') : retry)?.focus();
  }, [failed]);

  // The wait is over: focus still on the notice that said how long goes to Try again, now enabled.
  const held = snapshot.retryAt !== undefined;
  useEffect(() => {
    const retry = retryRef.current;
    if (held || !retry || retry.disabled) return;
    if (document.activeElement === retry.closest('[data-part="send-error"]')) retry.focus();
  }, [held]);

  // Answering one request of several disables the button that answered it, and focus would
  // fall to <body>: it goes to that request's Change button instead. Change goes away once
  // pressed: focus then goes to the first control of the request, open again.
  const movedFrom = useRef<{ section: Element; to: 'change' | 'first-control' } | null>(null);
  const answerRequest = useCallback(
    (key: string, result: InputResponse) => {
      const section = document.activeElement?.closest('[data-part="request"]');
      movedFrom.current = section ? { section, to: 'change' } : null;
      void session.answer(key, result)?.catch(() => {});
    },
    [session],
  );
  const changeAnswer = useCallback(
    (key: string) => {
      const section = document.activeElement?.closest('[data-part="request"]');
      movedFrom.current = section ? { section, to: 'first-control' } : null;
      session.withdraw(key);
    },
    [session],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the answer (or its withdrawal) has been rendered.
  useEffect(() => {
    const moved = movedFrom.current;
    movedFrom.current = null;
    const active = document.activeElement;
    // Chromium drops focus from a disabled button only at its next rendering step.
    const lost = !active || active === document.body || !active.isConnected || active.matches(':disabled');
    if (!moved || !lost) return;
    const target =
      moved.to === 'change'
        ? moved.section.querySelector<HTMLElement>('[data-part="change"]')
        : moved.section.querySelector<HTMLElement>(
            'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled)',
          );
    target?.focus();
  }, [answeredCount]);

  const expired = snapshot.state === 'expired';
  const restart =
    expired && snapshot.canRestart ? (
      <RestartNotice
        // The backend refused the round's answers as stale: also after a reload, when the error
        // itself is gone and the ledger remembers the refusal.
        stateRefused={snapshot.refusedAsStale === true}
        restarting={snapshot.restarting}
        restartError={snapshot.restartError}
        onRestart={() => void session.restart().catch(() => {})}
        messages={messages}
      />
    ) : null;

  // What a round replaced before it was sent held that this one has no place for: above it, in
  // every layout of the round.
  const leftBehind =
    snapshot.carried && snapshot.carried.leftBehind.length > 0 ? (
      <LeftBehindNotice fields={snapshot.carried.leftBehind} messages={messages} />
    ) : null;

  // A failed send, with its one primary action: Try again (same answers, same idempotency key).
  const failure = failed ? describeFailure(sendError) : undefined;
  const sendFailure = failure ? (
    <FailureNotice
      // While the server asks to wait, Try again is disabled: the notice takes focus (see above).
      takesFocus={held}
      // Once the server's wait is over the notice no longer asks to wait; the changed alert says
      // so to screen readers too.
      failure={held ? { ...failure, retryAt: snapshot.retryAt } : { ...failure, retryAfterMs: undefined }}
      text={
        snapshot.sendUncertain
          ? (shown) => messages.sendUncertain(shown, keptAsSent, messages.retry)
          : (shown) => messages.sendFailed(shown, canRetry(snapshot) ? 'retry' : 'accept', messages.accept)
      }
      action={
        // After a reload mid-send the session knows the send (its key) but not the answers
        // (secrets are never remembered): the form, refilled from the draft, sends them again
        // with Accept under the same key; a Try again here would have nothing to send. So after
        // an edit that withdrew the answer that failed.
        !canRetry(snapshot) ? undefined : (
          <button
            type="button"
            ref={retryRef}
            data-action="retry"
            // The server asked to wait (Retry-After): the notice says how long; a click before
            // then would do nothing.
            disabled={held}
            onClick={() => void session.retry().catch(() => {})}
          >
            {messages.retry}
          </button>
        )
      }
      part="send-error"
    />
  ) : null;

  const sending =
    snapshot.state === 'submitting' ? (
      <p data-part="sending" {...(snapshot.sendSlow ? { 'data-slow': '' } : {})}>
        <span data-part="spinner" aria-hidden="true" />
        {snapshot.sendSlow ? messages.submittingSlowly : messages.submitting}
      </p>
    ) : null;

  // A round that asks nothing: the server waits (for a link step, or to shed load). Nothing to
  // answer; the session tries again with backoff.
  if (total === 0) {
    return snapshot.state === 'input-required' || snapshot.state === 'submitting' ? (
      <>
        <StillWaitingSection
          waiting={snapshot.waiting}
          checking={snapshot.state === 'submitting'}
          onCheckNow={() => void session.retry().catch(() => {})}
          onCancel={() => void session.cancelRound().catch(() => {})}
          messages={messages}
        />
        {sendFailure}
      </>
    ) : (
      restart
    );
  }

  // A round that asks more than a card shows: one refusal, whose Decline or Cancel answers every
  // request of the round at once.
  const tooLarge = roundTooLarge(suspension);
  if (tooLarge) {
    const Unsupported = components.UnsupportedRequest ?? UnsupportedRequestSection;
    // Its requests are answered together, so the first one's answer is the round's.
    const first = suspension.requests[0] as InputRequest;
    const response = shownAnswer(first.key);
    return (
      <>
        {restart}
        {leftBehind}
        <Unsupported
          request={tooLarge}
          answer={isElicitResult(response) ? response : undefined}
          locked={locked}
          held={held}
          onAnswer={(result) =>
            void (result.action === 'cancel' ? session.cancelRound() : session.declineRound()).catch(() => {})
          }
          messages={messages}
        />
        {sending}
        {sendFailure}
      </>
    );
  }

  return (
    <>
      {snapshot.carried?.reason === 'restart' && !locked ? (
        <p data-part="started-again">{messages.startedAgain}</p>
      ) : null}
      {leftBehind}
      {restart}
      {/* A round shown read-only was not answered: no count of answers that were never taken. */}
      {total > 1 && !readOnly ? (
        <p data-part="progress">
          <progress value={answeredCount} max={total} aria-label={messages.progress(answeredCount, total)} />{' '}
          {/* Seen, not read: the bar's name already says it. */}
          <span aria-hidden="true">{messages.progress(answeredCount, total)}</span>
        </p>
      ) : null}
      {suspension.requests.map((request, index) => {
        const response = shownAnswer(request.key);
        // A host answerer's result (sampling, roots) reads as accepted in the round's progress.
        const answer: ElicitResult | undefined = isElicitResult(response)
          ? response
          : response
            ? { action: 'accept' }
            : undefined;
        const status =
          total > 1 ? (
            <Status
              answer={answer}
              phase={phase}
              canChange={!locked}
              onChange={() => changeAnswer(request.key)}
              messages={messages}
            />
          ) : null;
        return (
          <ServerLanguageProvider
            key={request.key}
            value={contentLanguageOf(request, suspension.contentLanguage)}
          >
            <RequestSection
              key={request.key}
              request={request}
              answer={answer}
              locked={locked}
              status={status}
              hostAnswer={snapshot.hostAnswers[request.key]}
              carried={
                snapshot.carried?.reason === 'reask' ? snapshot.carried.requests[request.key] : undefined
              }
              onAnswer={answerRequest}
              readOnly={readOnly}
              held={held}
              position={index + 1}
              total={total}
              answerSends={answerSends(request.key)}
            />
          </ServerLanguageProvider>
        );
      })}
      {sending}
      {sendFailure}
    </>
  );
}

interface RequestSectionProps {
  request: InputRequest;
  answer: ElicitResult | undefined;
  locked: boolean;
  status: ReactNode;
  hostAnswer: SessionSnapshot['hostAnswers'][string] | undefined;
  /** What this request carries from the round before, when the server asks it again. */
  carried: CarriedRequest | undefined;
  onAnswer: (key: string, result: InputResponse) => void;
  /** The round expired: forms stay readable and copyable. */
  readOnly: boolean;
  /** The server asked to wait (Retry-After): the buttons that answer are disabled until then. */
  held: boolean;
  /** Which request of the round this is, from 1, and of how many: "Question 2 of 3" in a round of several. */
  position: number;
  total: number;
  /** No other request of the round waits for an answer: this one's sends the round. */
  answerSends: boolean;
}

/** One request, rendered by its kind's part (or the host's replacement from `components`). */
const RequestSection = memo(function RequestSection({
  request,
  answer,
  locked,
  status,
  hostAnswer,
  carried,
  onAnswer,
  readOnly,
  held,
  position,
  total,
  answerSends,
}: RequestSectionProps) {
  const { messages, components } = useInputRequestCard();
  const answerThis = useCallback(
    (result: InputResponse) => onAnswer(request.key, result),
    [onAnswer, request.key],
  );
  const common = { answer, locked, held, readOnly, onAnswer: answerThis, messages, status, position, total };
  switch (request.kind) {
    case 'form': {
      const Form = components.FormRequest ?? FormRequestSection;
      return (
        <Form request={request} {...common} answerSends={answerSends} {...(carried ? { carried } : {})} />
      );
    }
    case 'url': {
      const Link = components.LinkRequest ?? LinkRequestSection;
      return <Link request={request} {...common} />;
    }
    case 'host':
      return <HostAnsweredSection request={request} hostAnswer={hostAnswer} {...common} />;
    case 'unsupported': {
      const Unsupported = components.UnsupportedRequest ?? UnsupportedRequestSection;
      return <Unsupported request={request} {...common} />;
    }
  }
});
