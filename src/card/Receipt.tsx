'use client';
import { forwardRef, useId } from 'react';
import { contentLanguageOf, type InputRequest } from '../core/model.js';
import type { ReceiptEntry, RoundOutcome } from '../core/receipt.js';
import { checkLink } from '../core/url.js';
import { openCheckedLink } from '../hooks/useLinkRequest.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import {
  additionalInputText,
  type CutWords,
  serverText,
  serverTextIn,
  shownAnswer,
  shownProse,
} from './serverText.js';

/** Props of {@link Receipt}. */
export interface ReceiptProps {
  outcome: RoundOutcome;
  /** Each request of the round and what was answered (empty when this person did not answer). */
  entries: ReceiptEntry[];
  /** The round's requests, for the words of a question whose server wrote none. */
  requests: readonly InputRequest[];
  messages: InputRequestMessages;
  /** True when a send that could not be confirmed turned out to have reached the server. */
  confirmedLate?: boolean;
  /** The language of the round's server text (`Suspension.contentLanguage`), when known. */
  contentLanguage?: string;
}

/**
 * What a closed round says: how it ended, first ("You answered.", "You declined.", "You opened
 * the link. …", "Answered elsewhere…", "Expired — nothing was sent."), and behind a disclosure
 * each question with the
 * answer given — option titles, not values; secrets hidden; fields left out stay out. Made from the
 * session (and, after a reload, from its record of sent rounds), never from stored secrets.
 *
 * @selector [data-part="receipt"][data-outcome] the receipt; [data-part="outcome"] its first line (focusable
 *   with `tabIndex=-1`, so focus lands there when the round closes under the person's hands)
 * @selector [data-part="receipt-details"] the disclosure; [data-part="receipt-entry"][data-action] one request
 * @selector [data-part="receipt-answer"][data-kind] one answer ([data-long]: typed text of more than 60 characters, laid out under its label)
 */
export const Receipt = forwardRef<HTMLParagraphElement, ReceiptProps>(function Receipt(
  { outcome, entries, requests, messages, confirmedLate, contentLanguage },
  outcomeRef,
) {
  const id = useId();
  return (
    // No accessible name, so no region landmark: several receipts on one page (two copies of a
    // round, two rounds answered alike) would be landmarks of the same name. The outcome is its first line.
    <section data-part="receipt" data-outcome={outcome}>
      <p id={`${id}-outcome`} data-part="outcome" tabIndex={-1} ref={outcomeRef}>
        {messages.outcome(outcome)}
        {confirmedLate ? <span data-part="confirmed-late"> {messages.answerReachedServer}</span> : null}
      </p>
      {outcome === 'opened' ? <OpenAgain requests={requests} messages={messages} /> : null}
      {entries.length > 0 ? (
        <details data-part="receipt-details">
          <summary>{messages.receiptDetails}</summary>
          {entries.map((entry) => {
            const request = requests.find((candidate) => candidate.key === entry.key);
            const question =
              request?.kind === 'form' && request.messageCode === 'additional-input'
                ? additionalInputText(request, messages)
                : entry.message;
            // The server's words (question, labels, option titles) in the server's language.
            const serverWords = serverTextIn(contentLanguageOf(request, contentLanguage));
            return (
              <div key={entry.key} data-part="receipt-entry" data-action={entry.action}>
                {question ? (
                  <p
                    data-part="receipt-question"
                    {...(question === entry.message ? serverWords : serverText)}
                  >
                    {question === entry.message ? shownProse(question, messages) : question}
                  </p>
                ) : null}
                {entry.fields.length > 0 ? (
                  <dl data-part="receipt-answers">
                    {entry.fields.map((field) => (
                      <AnswerRow
                        key={field.name}
                        part="receipt-answer"
                        field={field}
                        text={messages.receiptValue(field.value)}
                        words={messages}
                        serverWords={serverWords}
                      />
                    ))}
                  </dl>
                ) : (
                  <p data-part="receipt-action">{messages.receiptAction(entry.action, entry.kind)}</p>
                )}
                {/* Why a request was refused without a form: it could not be shown here. */}
                {entry.kind === 'unsupported' ? (
                  <p data-part="receipt-reason">{messages.cannotAnswer}</p>
                ) : null}
              </div>
            );
          })}
        </details>
      ) : null}
    </section>
  );
});

/**
 * Open again, for a link answered by opening it (an MCP 2025 request): the round is closed, but a
 * tab that never opened (a blocked pop-up) or was closed too soon must not leave the person
 * without the way back. It only opens; the answer was given. A link with warnings gets none. The
 * card's receipt and the AI SDK's summary both show it.
 */
export function OpenAgain({
  requests,
  messages,
}: {
  requests: readonly InputRequest[];
  messages: Pick<InputRequestMessages, 'openAgain'>;
}) {
  // Not a link the card warned about: its address and warnings went with the section, and
  // reopening it blind is what the warnings argued against.
  const links = requests.flatMap((request) => {
    const link = request.kind === 'url' ? checkLink(request.url) : undefined;
    return link?.openable && link.warnings.length === 0 ? [{ key: request.key, link }] : [];
  });
  if (links.length === 0) return null;
  return (
    <div data-part="actions">
      {links.map(({ key, link }) => (
        <button key={key} type="button" data-action="open-again" onClick={() => openCheckedLink(link)}>
          {messages.openAgain}
        </button>
      ))}
    </div>
  );
}

/** Characters past which a typed answer is laid out under its label, across the card. */
const LONG_ANSWER = 60;

/**
 * One answered field of a receipt (and of the AI SDK summary): its label, and its value in the
 * reader's words. The label and option titles are the server's words (`serverWords`: `dir`, and
 * `lang` when known); typed text takes its direction from itself; numbers, dates and yes/no are
 * the reader's. Typed text is read back as {@link shownAnswer} says.
 */
export function AnswerRow({
  part,
  field,
  text,
  words,
  serverWords,
}: {
  part: string;
  field: ReceiptEntry['fields'][number];
  text: string;
  /** How many characters of a long typed answer are not shown (`messages.textCut`), in their language. */
  words: CutWords;
  serverWords: { dir: 'auto'; lang?: string };
}) {
  return (
    // A long typed answer reads as a paragraph, under its label (`data-long`), not squeezed into
    // the value column beside it.
    <div
      data-part={part}
      data-kind={field.value.kind}
      {...(field.value.kind === 'text' && text.length > LONG_ANSWER && { 'data-long': '' })}
    >
      <dt {...serverWords}>{field.label}</dt>
      {/* The value takes its direction from its own text inside an isolate, while the cell keeps
          the card's: an English value in a right-to-left card still lines up with its label. */}
      <dd>
        {field.value.kind === 'options' || field.value.kind === 'text' ? (
          <span {...(field.value.kind === 'options' ? serverWords : serverText)}>
            {shownAnswer(field.value, text, words)}
          </span>
        ) : (
          shownAnswer(field.value, text, words)
        )}
      </dd>
    </div>
  );
}
