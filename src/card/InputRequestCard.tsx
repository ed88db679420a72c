'use client';
import type { QueryClient } from '@tanstack/react-query';
import { createElement, type ReactNode, type RefObject, useEffect, useId, useMemo, useRef } from 'react';
import type { RequestAnswerers } from '../core/answerers.js';
import type { DraftStore } from '../core/draft.js';
import { describeFailure } from '../core/failure.js';
import type { RoundLedger } from '../core/ledger.js';
import { type CardState, type PollPolicy, STATE_TRAITS } from '../core/lifecycle.js';
import type { FieldSpec, FormRequest, Suspension } from '../core/model.js';
import type { InputRequestSource } from '../core/source.js';
import { type ResumeFunction, staticSource } from '../core/static-source.js';
import type { RegistrableDomainFinder } from '../core/url.js';
import type { AnswerChecker, FieldError } from '../core/validate.js';
import { type InputRequestController, useRoundSession } from '../hooks/useRoundSession.js';
import { englishMessages, type InputRequestMessages } from '../i18n/messages.js';
import type { InputRequestComponents } from './components.js';
import { CardContext, type InputRequestCardContext } from './context.js';
import { FailureNotice } from './FailureNotice.js';
import { RoundBody } from './RoundBody.js';

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
  /** How long a send may take before the card says it could not be confirmed. @default 30000 */
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
export function InputRequestCard(props: InputRequestCardProps) {
  const source = useCardSource(props);
  const live = props.source !== undefined;
  const controller = useRoundSession(source, {
    ...(live && props.queryClient ? { queryClient: props.queryClient } : {}),
    // A round you hold keeps no drafts unless given a store; a followed task uses sessionStorage.
    ...(props.drafts !== undefined ? { drafts: props.drafts } : live ? {} : { drafts: false as const }),
    ...(live && props.poll ? { poll: props.poll } : {}),
    ...(live && props.replaceDelayMs !== undefined ? { replaceDelayMs: props.replaceDelayMs } : {}),
    ...(props.isSecret ? { isSecret: props.isSecret } : {}),
    ...(props.answerers ? { answerers: props.answerers } : {}),
    ...(props.ledger === undefined ? {} : { ledger: props.ledger }),
    ...(props.resumeTimeoutMs === undefined ? {} : { resumeTimeoutMs: props.resumeTimeoutMs }),
  });
  const { messages: overrides, checker, formatError, components, registrableDomain } = props;
  const messages = useMemo(() => ({ ...englishMessages, ...overrides }), [overrides]);
  const context = useMemo<InputRequestCardContext>(
    () => ({
      session: controller.session,
      messages,
      components: components ?? {},
      checker,
      formatError: formatError ?? messages.fieldError,
      registrableDomain,
    }),
    [controller.session, messages, components, checker, formatError, registrableDomain],
  );
  const { state, suspension, snapshot } = controller;
  const cardRef = useRef<HTMLElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  // When the part that held focus closes or locks, focus goes to the notice that says why,
  // never to <body>; when a card merely appears, focus stays where the person is.
  useEffect(() => {
    if (!STATE_TRAITS[state].closesRound) return;
    const active = document.activeElement;
    const focusLost = !active || active === document.body;
    const focusInside = active instanceof HTMLElement && cardRef.current?.contains(active);
    const focusOnDisabled = active instanceof HTMLElement && active.matches(':disabled');
    if (focusLost || (focusInside && focusOnDisabled)) statusRef.current?.focus();
  }, [state]);

  const showRound = suspension !== undefined && STATE_TRAITS[state].showsRound;
  return (
    <CardContext.Provider value={context}>
      <CardFrame
        cardRef={cardRef}
        statusRef={statusRef}
        state={state}
        failed={snapshot.sendError !== undefined && state === 'input-required'}
        suspension={suspension}
        headingLevel={props.headingLevel ?? 3}
        className={props.className}
        messages={messages}
        statusText={statusText(controller, messages, live)}
      >
        {showRound ? <RoundBody key={suspension.id} suspension={suspension} snapshot={snapshot} /> : null}
        {state === 'completed' && typeof snapshot.result === 'string' ? (
          <p data-part="result">{snapshot.result}</p>
        ) : null}
        {controller.stop && !STATE_TRAITS[state].settled && state !== 'loading' ? (
          <div data-part="task-actions">
            <button
              type="button"
              data-action="stop-task"
              disabled={snapshot.stopping}
              onClick={() => void controller.stop?.().catch(() => {})}
            >
              {snapshot.stopping ? messages.stopping : messages.stopTask}
            </button>
          </div>
        ) : null}
        {snapshot.stopError !== undefined && !STATE_TRAITS[state].settled ? (
          <FailureNotice
            failure={describeFailure(snapshot.stopError)}
            text={messages.stopFailed}
            part="stop-error"
          />
        ) : null}
      </CardFrame>
    </CardContext.Provider>
  );
}

/** The card's source: the given one, or a round you hold turned into one (same session path). */
function useCardSource(props: InputRequestCardProps): InputRequestSource {
  const { source, suspension, resume } = props;
  const resumeRef = useRef(resume);
  useEffect(() => {
    resumeRef.current = resume;
  }, [resume]);
  const held = useMemo(
    () =>
      suspension
        ? staticSource(suspension, (responses, context) => {
            const current = resumeRef.current;
            if (!current)
              return Promise.reject(new Error('input-request-cards: the card has no `resume` prop.'));
            return current(responses, context);
          })
        : undefined,
    [suspension],
  );
  const chosen = source ?? held;
  if (!chosen) {
    throw new Error(
      'input-request-cards: <InputRequestCard> needs either `source`, or `suspension` and `resume`.',
    );
  }
  return chosen;
}

function statusText(
  controller: InputRequestController,
  messages: InputRequestMessages,
  live: boolean,
): string {
  const { state, snapshot } = controller;
  switch (state) {
    case 'loading':
      return snapshot.fetchError ? messages.connectionLost : messages.loading;
    case 'working':
      return snapshot.message ?? messages.working;
    case 'input-required':
      if (snapshot.fetchError) return messages.connectionLost;
      return live ? messages.newRequest : '';
    case 'submitting':
      return messages.submitting;
    case 'answered':
      return snapshot.confirmedLate ? messages.answerReachedServer : messages.answered;
    case 'answered-elsewhere':
      return messages.answeredElsewhere;
    case 'superseded':
      return messages.superseded;
    case 'expired':
      return messages.expired;
    case 'completed':
      return messages.completed;
    case 'failed':
      return messages.failed(snapshot.error);
    case 'cancelled':
      return messages.cancelled;
  }
}

interface CardFrameProps {
  state: CardState;
  failed: boolean;
  suspension: Suspension | undefined;
  headingLevel: number;
  className: string | undefined;
  messages: InputRequestMessages;
  statusText: string;
  children: ReactNode;
  cardRef: RefObject<HTMLElement | null>;
  statusRef: RefObject<HTMLDivElement | null>;
}

/** The card's root: who asks, the body, and the live region that announces changes. */
function CardFrame({
  state,
  failed,
  suspension,
  headingLevel,
  className,
  messages,
  statusText,
  children,
  cardRef,
  statusRef,
}: CardFrameProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  return (
    <article
      ref={cardRef}
      className={className ? `irc-card ${className}` : 'irc-card'}
      data-part="card"
      data-state={state}
      {...(failed ? { 'data-error': '' } : {})}
      aria-labelledby={headingId}
      aria-busy={STATE_TRAITS[state].busy || undefined}
    >
      <header data-part="header">
        {createElement(
          `h${headingLevel}`,
          { id: headingId, 'data-part': 'heading' },
          suspension?.serverName ? messages.askedBy(suspension.serverName) : messages.askedByUnknown,
        )}
        {suspension?.toolName ? <p data-part="tool">{messages.viaTool(suspension.toolName)}</p> : null}
      </header>
      {children}
      <div data-part="status" role="status" ref={statusRef} tabIndex={-1}>
        {statusText}
      </div>
    </article>
  );
}
