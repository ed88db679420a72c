'use client';
import { createElement, type Ref, useId, useMemo } from 'react';
import type { FieldSpec } from '../core/model.js';
import { type AnsweredRequestMessages, englishAnsweredMessages } from '../i18n/messages.js';
import { type InputRequestPartData, suspensionOfPart } from './part.js';

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
}: AnsweredInputRequestProps) {
  const messages = useMemo(() => ({ ...englishAnsweredMessages, ...overrides }), [overrides]);
  const request = useMemo(() => suspensionOfPart(data).requests[0], [data]);
  const headingId = `${useId()}-heading`;
  const ending = data.status === 'answered' ? (data.answer?.action ?? 'accept') : data.status;
  const endingKind = ending === 'pending' ? 'accept' : ending;
  const fields = request?.kind === 'form' ? request.fields : [];
  const content = data.answer?.content ?? {};
  const hidden = new Set(data.answer?.hidden ?? []);
  const shown = fields.filter((field) => Object.hasOwn(content, field.name) || hidden.has(field.name));

  return (
    <article
      ref={rootRef}
      className="irc-card irc-answered"
      data-part="answered-request"
      data-ending={endingKind}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <header data-part="header">
        {createElement(
          `h${headingLevel}`,
          { id: headingId, 'data-part': 'heading' },
          data.serverName ? messages.askedBy(data.serverName) : messages.askedByUnknown,
        )}
        {data.toolName ? <p data-part="tool">{messages.viaTool(data.toolName)}</p> : null}
      </header>
      {request ? <p data-part="message">{request.message}</p> : null}
      <p data-part="ending">{messages.ending(endingKind, data.outcome?.action)}</p>
      {shown.length > 0 ? (
        <dl data-part="answers" aria-label={messages.answers}>
          {shown.map((field) => (
            <div key={field.name} data-part="answer">
              <dt>{field.title ?? field.name}</dt>
              <dd>
                {hidden.has(field.name)
                  ? messages.hidden
                  : displayValue(
                      field,
                      Object.hasOwn(content, field.name) ? content[field.name] : undefined,
                      messages,
                    )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </article>
  );
}

/** A value as a person reads it: option labels for choices, Yes/No for booleans. */
function displayValue(field: FieldSpec, value: unknown, messages: AnsweredRequestMessages): string {
  if (field.kind === 'boolean') return value === true ? messages.yes : messages.no;
  if (field.kind === 'single-select' || field.kind === 'multi-select') {
    const values = Array.isArray(value) ? value : [value];
    return values
      .map((item) => field.options.find((option) => option.value === item)?.label ?? String(item))
      .join(', ');
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  return value === undefined || value === null ? '' : String(value);
}
