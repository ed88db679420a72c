'use client';

import type { QueryClient } from '@tanstack/react-query';
import { createElement, type ReactNode, type RefObject, useEffect, useId, useMemo, useRef } from 'react';
import type { DraftStore } from '../core/draft.js';
import type { CardState, PollPolicy } from '../core/lifecycle.js';
import type { FieldSpec, FormRequest, Suspension } from '../core/model.js';
import type { InputRequestSource } from '../core/source.js';
import type { AnswerChecker, FieldError } from '../core/validate.js';
import { type InputRequestController, useInputRequest } from '../hooks/useInputRequest.js';
import { type ResumeFunction, useRoundResponses } from '../hooks/useRoundResponses.js';
import { englishMessages, type InputRequestMessages } from '../i18n/messages.js';
import type { RequestAnswerers } from './answerers.js';
import type { InputRequestComponents } from './components.js';
import { RoundBody } from './RoundBody.js';

/** Props every card takes, whatever feeds it. */
export interface InputRequestCardCommonProps {
  /** Any built-in string, replaced. */
  messages?: Partial<InputRequestMessages>;
  /** Checks answers before they leave; defaults to ajv. Pass a direct checker under a strict CSP. */
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
   * Which fields to treat as secrets (masked, never stored, never logged) besides those the
   * server flagged. @default looksSecret (passwords, keys, tokens, PINs, payment data)
   */
  isSecret?: (field: FieldSpec, request: FormRequest) => boolean;
  /** Parts to replace with your own components (each gets the built-in part's props). */
  components?: InputRequestComponents;
  /**
   * Host answers for requests no form can answer: `sampling/createMessage` and `roots/list`.
   * A request with an answerer is answered without a form; the card says so.
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
 * expired, completed, failed or cancelled — surviving reloads with drafts.
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
  return props.source ? <LiveCard {...props} /> : <StaticCard {...(props as StaticInputRequestCardProps)} />;
}

function useMessages(overrides: Partial<InputRequestMessages> | undefined): InputRequestMessages {
  return useMemo(() => ({ ...englishMessages, ...overrides }), [overrides]);
}

function StaticCard({
  suspension,
  resume,
  messages: overrides,
  checker,
  formatError,
  headingLevel = 3,
  className,
  drafts,
  isSecret,
  components,
  answerers,
}: StaticInputRequestCardProps) {
  const messages = useMessages(overrides);
  const round = useRoundResponses({ suspension, resume });
  useEffect(() => {
    if (round.status === 'answered') drafts?.removeRound(suspension.id);
  }, [round.status, drafts, suspension.id]);
  const statusText =
    round.status === 'submitting'
      ? messages.submitting
      : round.status === 'answered'
        ? messages.answered
        : '';
  return (
    <CardFrame
      state={round.status}
      failed={round.error !== undefined}
      suspension={suspension}
      headingLevel={headingLevel}
      className={className}
      messages={messages}
      statusText={statusText}
    >
      <RoundBody
        suspension={suspension}
        round={round}
        messages={messages}
        formatError={formatError ?? messages.fieldError}
        {...(checker ? { checker } : {})}
        {...(drafts ? { drafts } : {})}
        {...(isSecret ? { isSecret } : {})}
        {...(components ? { components } : {})}
        {...(answerers ? { answerers } : {})}
      />
    </CardFrame>
  );
}

const CLOSING_STATES: ReadonlySet<CardState> = new Set([
  'answered-elsewhere',
  'superseded',
  'expired',
  'completed',
  'failed',
  'cancelled',
]);

function LiveCard({
  source,
  queryClient,
  drafts: draftOption,
  poll,
  replaceDelayMs,
  messages: overrides,
  checker,
  formatError,
  headingLevel = 3,
  className,
  isSecret,
  components,
  answerers,
}: LiveInputRequestCardProps) {
  const messages = useMessages(overrides);
  const controller = useInputRequest(source, {
    ...(queryClient ? { queryClient } : {}),
    ...(draftOption === undefined ? {} : { drafts: draftOption }),
    ...(poll ? { poll } : {}),
    ...(replaceDelayMs === undefined ? {} : { replaceDelayMs }),
  });
  const { state, suspension, lifecycle } = controller;
  const cardRef = useRef<HTMLElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  // When the part that held focus closes or locks, focus goes to the notice that says why,
  // never to <body>; when a card merely appears, focus stays where the person is.
  useEffect(() => {
    if (!CLOSING_STATES.has(state)) return;
    const active = document.activeElement;
    const focusLost = !active || active === document.body;
    const focusInside = active instanceof HTMLElement && cardRef.current?.contains(active);
    const focusOnDisabled = active instanceof HTMLElement && active.matches(':disabled');
    if (focusLost || (focusInside && focusOnDisabled)) statusRef.current?.focus();
  }, [state]);

  const showRound = suspension !== undefined && state !== 'answered-elsewhere' && !isTaskEnd(state);
  return (
    <CardFrame
      cardRef={cardRef}
      statusRef={statusRef}
      state={state}
      failed={lifecycle.sendError !== undefined && state === 'input-required'}
      suspension={suspension}
      headingLevel={headingLevel}
      className={className}
      messages={messages}
      statusText={liveStatusText(controller, messages)}
    >
      {showRound ? (
        <LiveRound
          key={suspension.id}
          suspension={suspension}
          controller={controller}
          messages={messages}
          formatError={formatError ?? messages.fieldError}
          checker={checker}
          isSecret={isSecret}
          components={components}
          answerers={answerers}
        />
      ) : null}
      {state === 'completed' && typeof lifecycle.result === 'string' ? (
        <p data-part="result">{lifecycle.result}</p>
      ) : null}
    </CardFrame>
  );
}

function LiveRound({
  suspension,
  controller,
  messages,
  formatError,
  checker,
  isSecret,
  components,
  answerers,
}: {
  suspension: Suspension;
  controller: InputRequestController;
  messages: InputRequestMessages;
  formatError: (error: FieldError, field: FieldSpec) => string;
  checker: AnswerChecker | undefined;
  isSecret: ((field: FieldSpec, request: FormRequest) => boolean) | undefined;
  components: InputRequestComponents | undefined;
  answerers: RequestAnswerers | undefined;
}) {
  const round = useRoundResponses({ suspension, resume: controller.respond });
  const locked = controller.state !== 'input-required' && controller.state !== 'submitting';
  return (
    <RoundBody
      suspension={suspension}
      round={round}
      locked={locked}
      messages={messages}
      formatError={formatError}
      {...(checker ? { checker } : {})}
      {...(isSecret ? { isSecret } : {})}
      {...(components ? { components } : {})}
      {...(answerers ? { answerers } : {})}
      {...(controller.drafts && controller.state === 'input-required' ? { drafts: controller.drafts } : {})}
    />
  );
}

function isTaskEnd(state: CardState): boolean {
  return state === 'completed' || state === 'failed' || state === 'cancelled';
}

function liveStatusText(controller: InputRequestController, messages: InputRequestMessages): string {
  const { state, lifecycle } = controller;
  switch (state) {
    case 'loading':
      return lifecycle.fetchError ? messages.connectionLost : messages.loading;
    case 'working':
      return lifecycle.message ?? messages.working;
    case 'input-required':
      return lifecycle.fetchError ? messages.connectionLost : messages.newRequest;
    case 'submitting':
      return messages.submitting;
    case 'answered':
      return messages.answered;
    case 'answered-elsewhere':
      return messages.answeredElsewhere;
    case 'superseded':
      return messages.superseded;
    case 'expired':
      return messages.expired;
    case 'completed':
      return messages.completed;
    case 'failed':
      return messages.failed(lifecycle.error);
    case 'cancelled':
      return messages.cancelled;
  }
}

interface CardFrameProps {
  state: string;
  failed: boolean;
  suspension: Suspension | undefined;
  headingLevel: number;
  className: string | undefined;
  messages: InputRequestMessages;
  statusText: string;
  children: ReactNode;
  cardRef?: RefObject<HTMLElement | null>;
  statusRef?: RefObject<HTMLDivElement | null>;
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
      aria-busy={state === 'submitting' || state === 'loading' || undefined}
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
