'use client';
import { createElement, type Ref, useId, useMemo, useSyncExternalStore } from 'react';
import { AnswerRow, OpenAgain } from '../card/Receipt.js';
import { serverTextIn, shownProse, withServerText } from '../card/serverText.js';
import { contentLanguageOf } from '../core/model.js';
import { answeredByOpening, receiptFieldsOf } from '../core/receipt.js';
import { visibleName } from '../core/shown-text.js';
import { formatDateTimeAsWritten, formatReceiptValue, textDirection } from '../i18n/format.js';
import { type AnsweredRequestMessages, englishAnsweredMessages } from '../i18n/messages.js';
import { answerOfPart, type InputRequestPartData, suspensionOfPart, toldOfPart } from './part.js';

/** Props of {@link AnsweredInputRequest} (and of any component that replaces it). */
export interface AnsweredInputRequestProps {
  /** The part's data; its `status` is not `pending`. */
  data: InputRequestPartData;
  /** Words, merged over English. */
  messages?: Partial<AnsweredRequestMessages>;
  /** Level of the heading, like the card's. @default 3 */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** The root element, so focus can move to the summary when it replaces the card in use. */
  rootRef?: Ref<HTMLElement>;
  /** Added to the root's classes, like the card's (e.g. `irc-dark`). */
  className?: string;
}

/**
 * The closed summary of an input request that no longer waits: who asked and what, how it
 * ended (accepted, declined, cancelled, timed out, or stopped with the chat, and what the
 * server was told), and the answered values, with secret fields shown as hidden. Server text
 * is rendered as text only.
 *
 * @selector [data-part="answered-request"] the root `<article>`, with `data-ending`
 * @example
 * ```tsx
 * <AnsweredInputRequest data={part.data} />
 * ```
 */
export function AnsweredInputRequest({
  data,
  messages: overrides,
  headingLevel = 3,
  rootRef,
  className,
}: AnsweredInputRequestProps) {
  const messages = useMemo(() => ({ ...englishAnsweredMessages, ...overrides }), [overrides]);
  const suspension = useMemo(() => suspensionOfPart(data), [data]);
  const request = suspension.requests[0];
  // A summary rendered on a server shows date-times as written (a server's time zone is not the
  // reader's); once hydrated, in the reader's, as the card's field showed them.
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  // A name of only invisible characters names nobody, as on the card.
  const server = visibleName(data.serverName);
  const tool = visibleName(data.toolTitle) ?? visibleName(data.toolName);
  const headingId = `${useId()}-heading`;
  // The part is data from storage: its answer is read totally, never trusted to be well-formed.
  const answer = useMemo(() => answerOfPart(data), [data]);
  const ending = data.status === 'answered' ? (answer?.action ?? 'accept') : data.status;
  const endingKind =
    ending === 'pending'
      ? 'accept'
      : // Opening the link answered it, as the card's receipt says: the step itself goes on there.
        ending === 'accept' && answeredByOpening(request)
        ? 'opened'
        : ending;
  // The same fields, values and secret rule as the card's receipt, in the messages' locale.
  const content = answer?.content;
  const shown =
    request?.kind === 'form' && endingKind === 'accept' && content !== undefined
      ? receiptFieldsOf(request.fields, content, new Set(answer?.hidden))
      : [];
  const serverWords = serverTextIn(contentLanguageOf(request, suspension.contentLanguage));

  return (
    <article
      ref={rootRef}
      className={className ? `irc-card irc-answered ${className}` : 'irc-card irc-answered'}
      data-part="answered-request"
      // As the card: its words in the messages' language and direction.
      lang={messages.locale}
      dir={textDirection(messages.locale)}
      data-ending={endingKind}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <header data-part="header">
        {createElement(
          `h${headingLevel}`,
          { id: headingId, 'data-part': 'heading' },
          // Names are isolated inside the sentence, as on the card, and cut past 300 characters.
          server ? withServerText(messages.askedBy, server) : messages.askedByUnknown,
        )}
        {tool ? <p data-part="tool">{withServerText(messages.viaTool, tool)}</p> : null}
      </header>
      {request ? (
        <p data-part="message" {...serverWords}>
          {shownProse(request.message ?? '', messages)}
        </p>
      ) : null}
      <p data-part="ending">{messages.ending(endingKind, toldOfPart(data))}</p>
      {endingKind === 'opened' ? <OpenAgain requests={suspension.requests} messages={messages} /> : null}
      {shown.length > 0 ? (
        <dl data-part="answers" aria-label={messages.answers}>
          {shown.map((field) => (
            <AnswerRow
              key={field.name}
              part="answer"
              field={field}
              text={
                field.value.kind === 'date-time' && !hydrated
                  ? formatDateTimeAsWritten(messages.locale, field.value.value)
                  : formatReceiptValue(messages.locale, field.value, messages)
              }
              words={messages}
              serverWords={serverWords}
            />
          ))}
        </dl>
      ) : null}
    </article>
  );
}

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;
