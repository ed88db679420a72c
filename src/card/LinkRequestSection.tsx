import { type ReactNode, useId } from 'react';
import type { ElicitResult, UrlRequest } from '../core/model.js';
import { checkLink } from '../core/url.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { Actions } from './Actions.js';

/** Props of {@link LinkRequestSection}. */
export interface LinkRequestSectionProps {
  request: UrlRequest;
  answer: ElicitResult | undefined;
  locked: boolean;
  onAnswer: (result: ElicitResult) => void;
  messages: InputRequestMessages;
  status?: ReactNode;
}

/**
 * A URL-mode request: the message, the full URL as text, and Open / Decline / Cancel.
 * The link opens only on a click, in a new top-level context with `noopener,noreferrer`;
 * Open answers `accept`, which in URL mode means the person consented to open it.
 *
 * @selector [data-part="request"][data-kind="url"]
 * @selector [data-openable] present when the URL is a web address
 */
export function LinkRequestSection({
  request,
  answer,
  locked,
  onAnswer,
  messages,
  status,
}: LinkRequestSectionProps) {
  const id = useId();
  const link = checkLink(request.url);
  const inert = locked || answer !== undefined;
  return (
    <section
      data-part="request"
      data-kind="url"
      {...(link.openable ? { 'data-openable': '' } : {})}
      {...(answer ? { 'data-answered': answer.action } : {})}
      aria-labelledby={`${id}-message`}
    >
      <p id={`${id}-message`} data-part="message">
        {request.message}
      </p>
      {status}
      <p data-part="url">
        <code>{request.url}</code>
      </p>
      <p data-part="hint">{link.openable ? messages.linkOpensIn : messages.linkRefused(link.scheme)}</p>
      <Actions>
        {link.openable ? (
          <button
            type="button"
            data-action="open"
            disabled={inert}
            onClick={() => {
              window.open(link.href, '_blank', 'noopener,noreferrer');
              onAnswer({ action: 'accept' });
            }}
          >
            {messages.openLink}
          </button>
        ) : null}
        <button
          type="button"
          data-action="decline"
          disabled={inert}
          onClick={() => onAnswer({ action: 'decline' })}
        >
          {messages.decline}
        </button>
        <button
          type="button"
          data-action="cancel"
          disabled={inert}
          onClick={() => onAnswer({ action: 'cancel' })}
        >
          {messages.cancel}
        </button>
      </Actions>
    </section>
  );
}
