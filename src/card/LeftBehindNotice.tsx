'use client';
import { useId } from 'react';
import type { ReceiptEntry } from '../core/receipt.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { CopyText } from './CopyText.js';
import { AnswerRow } from './Receipt.js';
import { serverText } from './serverText.js';

/** Props of {@link LeftBehindNotice}. */
export interface LeftBehindNoticeProps {
  /** From the session's snapshot: `carried.leftBehind`. */
  fields: ReceiptEntry['fields'];
  messages: InputRequestMessages;
}

/**
 * What this person entered into a round that a newer one replaced before they sent it, where the
 * new questions have no place for it: kept on screen, to read and copy, instead of dropped. Open
 * at first; the person closes it when done (a native disclosure: no state of ours, no focus to move).
 *
 * @selector [data-part="left-behind"] the notice; [data-part="left-behind-answers"] its list; [data-part="left-behind-answer"] one earlier answer
 * @selector button[data-action="copy-left-behind"]
 */
export function LeftBehindNotice({ fields, messages }: LeftBehindNoticeProps) {
  const id = useId();
  const collect = () => ({
    text: fields.map((field) => `${field.label}: ${messages.receiptValue(field.value)}`).join('\n'),
    words: messages.leftBehindCopied,
  });
  return (
    // Named by its disclosure's short title; the sentence above is read as its first line, once.
    <section data-part="left-behind" aria-labelledby={`${id}-title`}>
      <p>{messages.leftBehind}</p>
      <details open>
        <summary id={`${id}-title`}>{messages.leftBehindDetails}</summary>
        <dl data-part="left-behind-answers">
          {fields.map((field, index) => (
            <AnswerRow
              // Two earlier requests may have had a field of the same name.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the round
              key={index}
              part="left-behind-answer"
              field={field}
              text={messages.receiptValue(field.value)}
              textCut={messages.textCut}
              serverWords={serverText}
            />
          ))}
        </dl>
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
