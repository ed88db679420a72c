'use client';
import { type ReactNode, useContext, useEffect, useId, useRef } from 'react';
import type { ElicitResult, UrlRequest } from '../core/model.js';
import { shownName, shownWithEllipsis } from '../core/shown-text.js';
import type { LinkWarning, RegistrableDomainFinder } from '../core/url.js';
import { useLinkRequest } from '../hooks/useLinkRequest.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { Actions } from './Actions.js';
import { CardContext } from './context.js';
import { idList, QuestionPosition, questionPositionId } from './QuestionPosition.js';
import { RefusalButton } from './RefusalButton.js';
import { SectionQuestionId } from './SectionStatus.js';
import { shownProse, useServerText } from './serverText.js';

/** Props of {@link LinkRequestSection}. */
export interface LinkRequestSectionProps {
  request: UrlRequest;
  answer: ElicitResult | undefined;
  locked: boolean;
  /**
   * The server asked to wait before the next send (HTTP `Retry-After`): Done, Decline and Cancel
   * are disabled until then, while Open still opens the page. The send failure says why.
   */
  held?: boolean;
  onAnswer: (result: ElicitResult) => void;
  messages: InputRequestMessages;
  status?: ReactNode;
  /**
   * The round closed without taking its answers (it expired, or closed elsewhere after they were
   * refused): the message, the URL and its site stay to read; nothing opens or answers.
   */
  readOnly?: boolean;
  /**
   * Where the emphasised registrable domain starts. Defaults to the card's `registrableDomain`,
   * else the full Public Suffix List, loaded lazily (the whole host is emphasised until it arrives).
   */
  registrableDomain?: RegistrableDomainFinder;
  /**
   * This request's place in its round, counting from 1. With a `total` over 1 the section shows
   * "Question 2 of 3" above the message, and its accessible name starts with it.
   */
  position?: number;
  /** How many requests the round holds. A round of one (or none given) shows no position. */
  total?: number;
}

/**
 * A URL-mode request: the message, the full URL as text with its host emphasised, a warning
 * line for each suspicious trait, and Open / Decline / Cancel.
 *
 * Nothing is fetched or prefetched, and the URL is never a link element. It opens only when
 * Open is clicked, in a new top-level context with `noopener,noreferrer`. The section then
 * waits: **Done** answers `accept` (in URL mode, the person consented to open it) and **Cancel**
 * answers `cancel`. An MCP 2025 request ({@link UrlRequest.acceptOnOpen}) is answered `accept` by
 * Open itself, since there the click is the consent and the server waits for nothing else. URLs other than `http:`/`https:` are refused with their reason and get no
 * Open button at all.
 *
 * @selector [data-part="request"][data-kind="url"]
 * @selector [data-openable] present when the URL is a web address; [data-refused] when it is not
 * @selector [data-waiting] present after Open, until the request is answered
 * @selector [data-part="url"] the full URL (`dir="ltr"`), cut into [data-part="url-before" | "url-host" | "url-after"];
 *   inside the host, [data-part="url-subdomain"] and the emphasised [data-part="url-domain"]
 * @selector [data-part="site"] the line naming the host; [data-part="warnings"] > [data-part="warning"][data-warning]
 * @selector [data-part="hint" | "waiting" | "refusal"] the line under the URL
 * @selector [data-part="question-position"] "Question 2 of 3", in a round of several requests
 */
export function LinkRequestSection({
  request,
  answer,
  locked,
  held = false,
  onAnswer,
  messages,
  status,
  readOnly = false,
  registrableDomain,
  position,
  total,
}: LinkRequestSectionProps) {
  const id = useId();
  const inert = readOnly || locked || answer !== undefined;
  const card = useContext(CardContext);
  const finder = registrableDomain ?? card?.registrableDomain;
  const {
    link,
    waiting,
    open: openLink,
    done,
  } = useLinkRequest({
    request,
    onAnswer,
    locked: inert,
    held,
    session: card?.session,
    registrableDomain: finder,
  });
  const doneRef = useRef<HTMLButtonElement>(null);
  const moveFocusToDone = useRef(false);

  // The Open button goes away once clicked; Done (a new element, so screen readers announce it
  // with its description) takes its place and its focus, so a person coming back from the
  // other tab lands on the button that finishes the request.
  useEffect(() => {
    if (!waiting || !moveFocusToDone.current) return;
    moveFocusToDone.current = false;
    doneRef.current?.focus();
  }, [waiting]);

  const ids = {
    message: `${id}-message`,
    site: `${id}-site`,
    hint: `${id}-hint`,
    waiting: `${id}-waiting`,
    refusal: `${id}-refusal`,
    warning: (position: number) => `${id}-warning${position}`,
  };

  const open = () => {
    if (!waiting) moveFocusToDone.current = true;
    openLink();
  };
  // Held (Retry-After): Open still opens the page, but nothing answers until the wait is over.
  const answering = inert || held;
  const positionId = questionPositionId(id, position, total);
  // In a round of several requests (which shows each one's status) its buttons are described by
  // its place ("Question 2 of 3") and its question too: "Cancel" three times over says nothing of
  // which question it answers.
  const question = idList(positionId, status && request.message.trim() !== '' ? ids.message : undefined);
  const refusal = { disabled: answering, onAnswer, messages, describedBy: question };
  const positionLine = (
    <QuestionPosition id={positionId} position={position} total={total} messages={messages} />
  );
  const decline = <RefusalButton action="decline" {...refusal} />;
  const cancel = <RefusalButton action="cancel" {...refusal} />;

  if (!link.openable) {
    // A refused URL is shown for what it is, not to be judged: its start is enough.
    const shown = shownName(request.url);
    return (
      <LinkFrame
        state={{ 'data-refused': '' }}
        answer={answer}
        messageId={ids.message}
        positionId={positionId}
        positionLine={positionLine}
        said={request.message.trim() !== ''}
        message={shownProse(request.message, messages)}
        status={status}
      >
        <p data-part="url" dir="ltr" translate="no">
          {shown}
        </p>
        <p id={ids.refusal} data-part="refusal">
          {link.reason === 'invalid' ? messages.linkInvalid : messages.linkRefused(link.scheme)}
        </p>
        {readOnly ? null : (
          <Actions>
            {decline}
            {cancel}
          </Actions>
        )}
      </LinkFrame>
    );
  }

  const { parts, warnings } = link;
  const warningIds = warnings.map((_, position) => ids.warning(position));
  const host = (
    <>
      {parts.subdomain ? <span data-part="url-subdomain">{parts.subdomain}</span> : null}
      <strong data-part="url-domain">{parts.domain}</strong>
    </>
  );

  return (
    <LinkFrame
      state={{ 'data-openable': '', ...(waiting ? { 'data-waiting': '' } : {}) }}
      answer={answer}
      messageId={ids.message}
      positionId={positionId}
      positionLine={positionLine}
      said={request.message.trim() !== ''}
      message={shownProse(request.message, messages)}
      status={status}
    >
      <p data-part="url" dir="ltr" translate="no">
        <span data-part="url-before">{withBreaks(parts.beforeHost)}</span>
        <span data-part="url-host">{host}</span>
        {/* The path is cut like prose; the host, what the person judges, is always whole. */}
        <span data-part="url-after">{withBreaks(shownWithEllipsis(parts.afterHost, 'prose'))}</span>
      </p>
      <p id={ids.site} data-part="site">
        {messages.linkSite}{' '}
        <bdi data-part="site-host" dir="ltr" translate="no">
          {host}
        </bdi>
      </p>
      {warnings.length > 0 ? (
        <ul data-part="warnings">
          {warnings.map((warning, position) => (
            <li key={warning.kind} id={ids.warning(position)} data-part="warning" data-warning={warning.kind}>
              {warningText(warning, messages)}
            </li>
          ))}
        </ul>
      ) : null}
      {/* Closed: no line about opening, and no buttons, as on a closed form. */}
      {readOnly ? null : waiting ? (
        <p id={ids.waiting} data-part="waiting">
          {messages.linkWaiting(messages.done)}
        </p>
      ) : (
        <p id={ids.hint} data-part="hint">
          {messages.linkOpensIn}
        </p>
      )}
      {readOnly ? null : (
        <Actions>
          {waiting ? (
            <>
              <button
                key="done"
                type="button"
                ref={doneRef}
                data-action="done"
                disabled={answering}
                aria-describedby={idList(ids.waiting, question)}
                onClick={done}
              >
                {messages.done}
              </button>
              <button
                type="button"
                data-action="open-again"
                disabled={inert}
                aria-describedby={idList(ids.site, ...warningIds, question)}
                onClick={open}
              >
                {messages.openAgain}
              </button>
              {cancel}
            </>
          ) : (
            <>
              <button
                key="open"
                type="button"
                data-action="open"
                // A link the card warns about is no primary action: the warnings argue against it.
                {...(warnings.length > 0 ? { 'data-warned': '' } : {})}
                disabled={inert}
                aria-describedby={idList(ids.site, ...warningIds, ids.hint, question)}
                onClick={open}
              >
                {warnings.length > 0 ? messages.openAnyway : messages.openLink}
              </button>
              {decline}
              {cancel}
            </>
          )}
        </Actions>
      )}
    </LinkFrame>
  );
}

/** What every link request shows first, openable or refused: the server's message and the section's status. */
function LinkFrame({
  state,
  answer,
  messageId,
  positionId,
  positionLine,
  message,
  said,
  status,
  children,
}: {
  state: Record<string, string>;
  answer: ElicitResult | undefined;
  messageId: string;
  /** Set in a round of several requests: the "Question 2 of 3" line's id, first in the name. */
  positionId: string | undefined;
  /** That line ({@link QuestionPosition}), above the message. */
  positionLine: ReactNode;
  message: ReactNode;
  /** Whether the message says anything (an empty one describes nothing). */
  said: boolean;
  status: ReactNode;
  children: ReactNode;
}) {
  const text = useServerText();
  return (
    <fieldset
      data-part="request"
      data-kind="url"
      {...state}
      {...(answer ? { 'data-answered': answer.action } : {})}
      aria-labelledby={idList(positionId, messageId)}
    >
      {positionLine}
      <p id={messageId} data-part="message" {...text}>
        {message}
      </p>
      {/* Change answer is described by its place and the question, when it says anything. */}
      <SectionQuestionId.Provider value={idList(positionId, said ? messageId : undefined)}>
        {status}
      </SectionQuestionId.Provider>
      {children}
    </fieldset>
  );
}

/** The text with a line-break opportunity after each `/ ? & = #`, so a long URL wraps at its seams. */
function withBreaks(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let offset = 0;
  for (const piece of text.split(/(?<=[/?&=#])/)) {
    if (offset > 0) nodes.push(<wbr key={`break-${offset}`} />);
    nodes.push(piece);
    offset += piece.length;
  }
  return nodes;
}

function warningText(warning: LinkWarning, messages: InputRequestMessages): string {
  switch (warning.kind) {
    case 'insecure':
      return messages.linkInsecure;
    case 'credentials':
      return messages.linkCredentials;
    case 'ip-address':
      return messages.linkIpAddress;
    case 'punycode':
      return messages.linkPunycode(warning.unicode, warning.ascii);
    case 'mixed-script':
      return messages.linkMixedScript(warning.unicode, warning.scripts);
  }
}
