'use client';
import { useId } from 'react';
import { readTaskResult } from '../core/receipt.js';
import { SHOWN_TEXT_LIMITS } from '../core/shown-text.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { serverText, shownProse } from './serverText.js';

/** Props of {@link TaskResult}. */
export interface TaskResultProps {
  /** The task's final result, as the source reported it. Untrusted. */
  result: unknown;
  messages: InputRequestMessages;
}

/**
 * A completed task's result: MCP `content` text blocks as text (never HTML), `structuredContent`
 * (or any other structure) behind a disclosure, and an MCP tool error (`isError: true`) said as a
 * failure, not as success. Replace it through the card's `components.TaskResult` to render results
 * your own way.
 *
 * @example
 * ```tsx
 * const MyResult = (props: TaskResultProps) => (
 *   <div className="my-result"><TaskResult {...props} /></div>
 * );
 * <InputRequestCard source={source} components={{ TaskResult: MyResult }} />;
 * ```
 *
 * @selector [data-part="result"][data-error] the result; present `data-error` when the tool failed
 */
export function TaskResult({ result, messages }: TaskResultProps) {
  const id = useId();
  const view = readTaskResult(result);
  if (!view) return null;
  const shown = withinProseLimit(view.texts);
  return (
    <section
      data-part="result"
      aria-labelledby={`${id}-heading`}
      {...(view.isError ? { 'data-error': '' } : {})}
    >
      <p id={`${id}-heading`} data-part="result-heading">
        {view.isError ? messages.resultFailed : messages.resultHeading}
      </p>
      {shown.texts.map((text, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: text blocks have no identity but their order.
        <p key={index} data-part="result-text" {...serverText}>
          {shownProse(text, messages)}
        </p>
      ))}
      {shown.leftOut > 0 ? <p data-part="result-text">{messages.textCut(shown.leftOut)}</p> : null}
      {view.structured !== undefined ? (
        <details data-part="result-details">
          <summary>{messages.resultDetails}</summary>
          <pre {...serverText}>{shownProse(describeStructure(view.structured), messages)}</pre>
        </details>
      ) : null}
    </section>
  );
}

/** The most text blocks a result shows, however short: empty ones cost layout too. */
const MAX_SHOWN_BLOCKS = 100;

/**
 * The text blocks a result shows: each is cut like prose, and once they reach the prose limit
 * together (or {@link MAX_SHOWN_BLOCKS}), the blocks after are only counted (`leftOut`, in
 * characters), however many a server sends.
 */
function withinProseLimit(texts: readonly string[]): { texts: readonly string[]; leftOut: number } {
  let length = 0;
  let count = 0;
  while (count < texts.length && count < MAX_SHOWN_BLOCKS && length < SHOWN_TEXT_LIMITS.prose) {
    length += texts[count]?.length ?? 0;
    count += 1;
  }
  if (count === texts.length) return { texts, leftOut: 0 };
  let leftOut = 0;
  for (const text of texts.slice(count)) leftOut += text.length;
  return { texts: texts.slice(0, count), leftOut };
}

/** Structure as indented JSON text (never markup); what JSON cannot hold is said, not thrown. */
function describeStructure(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
