import { createElement, type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import type { ElicitResult, FieldSpec, InputRequest, Suspension } from '../core/model.js';
import type { AnswerChecker, FieldError } from '../core/validate.js';
import { type ResumeFunction, useRoundResponses } from '../hooks/useRoundResponses.js';
import { englishMessages, type InputRequestMessages } from '../i18n/messages.js';
import { FormRequestSection } from './FormRequestSection.js';
import { LinkRequestSection } from './LinkRequestSection.js';
import { SectionStatus } from './SectionStatus.js';
import { UnsupportedRequestSection } from './UnsupportedRequestSection.js';

/** Props of {@link InputRequestCard}. */
export interface InputRequestCardProps {
  /** The round of questions to show, from `parseSuspension`. */
  suspension: Suspension;
  /**
   * Sends the answers: called once per round with every response, keyed like the requests.
   * While it runs the card is busy; when it rejects, the error shows and every typed value stays.
   */
  resume: ResumeFunction;
  /** Any built-in string, replaced. */
  messages?: Partial<InputRequestMessages>;
  /** Checks answers before they leave; defaults to ajv. Pass a direct checker under a strict CSP. */
  checker?: AnswerChecker;
  /** Turns a validation error into the text shown under its field (e.g. to translate it). */
  formatError?: (error: FieldError, field: FieldSpec) => string;
  /**
   * Level of the card's heading, to fit the page outline.
   * @default 3
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Added to the root element's class list. */
  className?: string;
}

/**
 * A card that answers one round of questions from a tool: each form request as a form, each
 * link request as a link to open, each request it cannot answer with its reason — all with
 * Accept / Decline / Cancel. Server text is rendered as text, never as HTML.
 *
 * @selector [data-part="card"] the root `<section>`
 * @selector [data-state] `input-required` | `submitting` | `answered`
 * @selector [data-error] present while the last send failed
 * @example
 * ```tsx
 * const suspension = parseSuspension(result, { serverName: 'Calendar', toolName: 'book_meeting' });
 * <InputRequestCard
 *   suspension={suspension}
 *   resume={(responses) => client.request({ method: 'tools/call', params: { ...params, inputResponses: responses, requestState: suspension.requestState } })}
 * />
 * ```
 */
export function InputRequestCard({
  suspension,
  resume,
  messages: messageOverrides,
  checker,
  formatError,
  headingLevel = 3,
  className,
}: InputRequestCardProps) {
  const messages = useMemo(() => ({ ...englishMessages, ...messageOverrides }), [messageOverrides]);
  const id = useId();
  const headingId = `${id}-heading`;
  const round = useRoundResponses({ suspension, resume });
  const locked = round.status !== 'input-required';
  const failed = round.error !== undefined;
  const total = suspension.requests.length;
  const answeredCount = total - round.pending.length;
  const retryRef = useRef<HTMLButtonElement>(null);

  // A send disables the button that started it; when the send fails, give focus a sensible
  // home instead of leaving it on <body>.
  useEffect(() => {
    if (!failed) return;
    const active = document.activeElement;
    if (!active || active === document.body) retryRef.current?.focus();
  }, [failed]);

  const statusText =
    round.status === 'submitting'
      ? messages.submitting
      : round.status === 'answered'
        ? messages.answered
        : '';

  return (
    <section
      className={className ? `irc-card ${className}` : 'irc-card'}
      data-part="card"
      data-state={round.status}
      {...(failed ? { 'data-error': '' } : {})}
      aria-labelledby={headingId}
      aria-busy={round.status === 'submitting' || undefined}
    >
      <header data-part="header">
        {createElement(
          `h${headingLevel}`,
          { id: headingId, 'data-part': 'heading' },
          suspension.serverName ? messages.askedBy(suspension.serverName) : messages.askedByUnknown,
        )}
        {suspension.toolName ? <p data-part="tool">{messages.viaTool(suspension.toolName)}</p> : null}
        {total > 1 ? (
          <p data-part="progress">
            <progress
              value={answeredCount}
              max={total}
              aria-label={messages.progress(answeredCount, total)}
            />{' '}
            {messages.progress(answeredCount, total)}
          </p>
        ) : null}
      </header>
      {suspension.requests.map((request) => {
        // After a failed send every section is editable again; the kept responses still back "Try again".
        const answer =
          !failed && Object.hasOwn(round.responses, request.key) ? round.responses[request.key] : undefined;
        const common = {
          answer,
          locked,
          onAnswer: (result: ElicitResult) => round.answer(request.key, result),
          messages,
          status:
            total > 1 ? (
              <SectionStatus
                answer={answer}
                canChange={!locked}
                onChange={() => round.reopen(request.key)}
                messages={messages}
              />
            ) : null,
        };
        return (
          <RequestSection
            key={request.key}
            request={request}
            common={common}
            checker={checker}
            formatError={formatError ?? messages.fieldError}
          />
        );
      })}
      <div data-part="status" role="status">
        {statusText}
      </div>
      {failed ? (
        <div data-part="send-error" role="alert">
          <p>{messages.sendFailed(describeError(round.error))}</p>
          <button type="button" ref={retryRef} data-action="retry" onClick={round.retry}>
            {messages.retry}
          </button>
        </div>
      ) : null}
    </section>
  );
}

interface RequestSectionProps {
  request: InputRequest;
  common: {
    answer: ElicitResult | undefined;
    locked: boolean;
    onAnswer: (result: ElicitResult) => void;
    messages: InputRequestMessages;
    status: ReactNode;
  };
  checker: AnswerChecker | undefined;
  formatError: ((error: FieldError, field: FieldSpec) => string) | undefined;
}

function RequestSection({ request, common, checker, formatError }: RequestSectionProps) {
  switch (request.kind) {
    case 'form':
      return (
        <FormRequestSection
          request={request}
          {...common}
          {...(checker ? { checker } : {})}
          {...(formatError ? { formatError } : {})}
        />
      );
    case 'url':
      return <LinkRequestSection request={request} {...common} />;
    case 'unsupported':
      return <UnsupportedRequestSection request={request} {...common} />;
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'unknown error';
}
