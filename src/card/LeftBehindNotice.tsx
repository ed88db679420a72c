'use client';
import { Fragment, useId } from 'react';
import type { LeftBehindField } from '../core/carry-over.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { CopyText } from './CopyText.js';
import { AnswerRow } from './Receipt.js';
import { serverText } from './serverText.js';

/** Props of {@link LeftBehindNotice}. */
export interface LeftBehindNoticeProps {
  /** From the session's snapshot: `carried.leftBehind`. */
  fields: readonly LeftBehindField[];
  messages: InputRequestMessages;
}

/**
 * What this person entered into a round that a newer one replaced before they sent it, where the
 * new questions have no place for it: kept on screen, to read and copy, instead of dropped. Open
 * at first; the person closes it when done (a native disclosure: no state of ours, no focus to move).
 *
 * @selector [data-part="left-behind"] the notice; [data-part="left-behind-question"] the question a list answered (when the values answered more than one); [data-part="left-behind-answers"] a list; [data-part="left-behind-answer"] one earlier answer
 * @selector button[data-action="copy-left-behind"]
 */
export function LeftBehindNotice({ fields, messages }: LeftBehindNoticeProps) {
  const id = useId();
  const groups = byQuestion(fields);
  // One question only: the list needs no heading (the notice's sentence says what it is).
  const headed = groups.length > 1;
  const collect = () => ({
    text: groups
      .map(({ question, rows }) =>
        [
          ...(headed && question !== undefined ? [question] : []),
          ...rows.map((field) => `${field.label}: ${messages.receiptValue(field.value)}`),
        ].join('\n'),
      )
      .join('\n\n'),
    words: messages.leftBehindCopied,
  });
  return (
    // Named by its disclosure's short title; the sentence above is read as its first line, once.
    <section data-part="left-behind" aria-labelledby={`${id}-title`}>
      <p>{messages.leftBehind}</p>
      <details open>
        <summary id={`${id}-title`}>{messages.leftBehindDetails}</summary>
        {groups.map(({ question, rows }, group) => (
          // Fixed for the round; two runs apart may ask the same words.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={group}>
            {!headed || question === undefined ? null : (
              <p data-part="left-behind-question" {...serverText}>
                {question}
              </p>
            )}
            <dl data-part="left-behind-answers">
              {rows.map((field, index) => (
                <AnswerRow
                  // Two earlier requests may have had a field of the same name.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the round
                  key={index}
                  part="left-behind-answer"
                  field={field}
                  text={messages.receiptValue(field.value)}
                  words={messages}
                  serverWords={serverText}
                />
              ))}
            </dl>
          </Fragment>
        ))}
        <CopyText
          action="copy-left-behind"
          label={messages.copyLeftBehind}
          collect={collect}
          messages={messages}
        />
      </details>
    </section>
  );
}

/**
 * The fields in runs of one question (by its words: the same words twice in a row read as one
 * question), each headed by the question it answered when there is more than one run.
 */
function byQuestion(fields: readonly LeftBehindField[]): QuestionGroup[] {
  const groups: QuestionGroup[] = [];
  for (const field of fields) {
    const last = groups.at(-1);
    if (last && last.question === field.question) last.rows.push(field);
    else groups.push({ question: field.question, rows: [field] });
  }
  return groups;
}

interface QuestionGroup {
  question: string | undefined;
  rows: LeftBehindField[];
}
