'use client';
import type { InputRequestMessages } from '../i18n/messages.js';

/**
 * The id of a section's "Question 2 of 3" line, or nothing when it shows none (a round of one, a
 * section used on its own).
 */
export function questionPositionId(
  idPrefix: string,
  position: number | undefined,
  total: number | undefined,
): string | undefined {
  return position !== undefined && total !== undefined && total > 1 ? `${idPrefix}-position` : undefined;
}

/**
 * The line above a request in a round of several: which question it is, of how many. The
 * section's accessible name starts with it (`aria-labelledby`), so it is heard as the form is
 * entered, before the server's question. Nothing renders in a round of one.
 *
 * @selector [data-part="question-position"]
 */
export function QuestionPosition({
  id,
  position,
  total,
  messages,
}: {
  /** From {@link questionPositionId}, for the section's `aria-labelledby`. */
  id?: string;
  position: number | undefined;
  total: number | undefined;
  messages: InputRequestMessages;
}) {
  if (position === undefined || total === undefined || total < 2) return null;
  return (
    <p id={id} data-part="question-position">
      {messages.questionPosition(position, total)}
    </p>
  );
}

/**
 * Ids for `aria-labelledby` or `aria-describedby`, in order, leaving out those not rendered;
 * `undefined` when none is left, so no empty attribute is written.
 */
export function idList(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
