'use client';
import { useId, useMemo } from 'react';
import type { StillWaiting } from '../core/session.js';
import { checkLink } from '../core/url.js';
import { openCheckedLink } from '../hooks/useLinkRequest.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { Actions } from './Actions.js';
import { serverText, shownProse } from './serverText.js';

/** Props of {@link StillWaitingSection}. */
export interface StillWaitingSectionProps {
  /** What the session knows of the wait: how many tries, the link the server most likely waits for. */
  waiting: StillWaiting | undefined;
  /** True while a try is on its way. */
  checking: boolean;
  /** Tries again now instead of waiting out the backoff. */
  onCheckNow: () => void;
  /** Stops waiting: no further try goes out. */
  onCancel: () => void;
  messages: InputRequestMessages;
}

/**
 * A round that asks nothing — only a state to send back (MCP "still waiting", or load shedding):
 * "Waiting for you to finish…" with the link the person opened before (and "Open again", for a
 * person who closed its page too soon), a note that the card tries again by itself (with
 * backoff), "Check now" and Cancel.
 *
 * @selector [data-part="still-waiting"] the section; [data-checking] while a try is on its way
 * @selector [data-part="waiting-context"] the earlier link request's message and site
 */
export function StillWaitingSection({
  waiting,
  checking,
  onCheckNow,
  onCancel,
  messages,
}: StillWaitingSectionProps) {
  const id = useId();
  const link = waiting?.link;
  const check = useMemo(() => (link ? checkLink(link.url) : undefined), [link]);
  const site = check?.openable ? `${check.parts.subdomain}${check.parts.domain}` : undefined;
  return (
    <section
      data-part="still-waiting"
      {...(checking ? { 'data-checking': '' } : {})}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
    >
      <p id={`${id}-title`} data-part="waiting-title">
        <span data-part="spinner" aria-hidden="true" />
        {link ? messages.stillWaiting : messages.waitingForServer}
      </p>
      {link ? (
        <div data-part="waiting-context">
          {link.message ? (
            <p data-part="message" {...serverText}>
              {shownProse(link.message, messages)}
            </p>
          ) : null}
          {site ? (
            <p data-part="site">
              {messages.linkSite}{' '}
              <bdi data-part="site-host" dir="ltr" translate="no">
                {site}
              </bdi>
            </p>
          ) : null}
        </div>
      ) : null}
      <p id={`${id}-hint`} data-part="waiting-hint">
        {messages.stillWaitingHint}
      </p>
      <Actions>
        {check?.openable ? (
          // A person who closed the page before finishing there gets it back: the same link,
          // opened as before (a new top-level context, no opener, no referrer).
          <button type="button" data-action="open-again" onClick={() => openCheckedLink(check)}>
            {messages.openAgain}
          </button>
        ) : null}
        <button
          type="button"
          data-action="check-now"
          aria-disabled={checking || undefined}
          onClick={() => {
            if (!checking) onCheckNow();
          }}
        >
          {messages.checkNow}
        </button>
        <button type="button" data-action="cancel" onClick={onCancel}>
          {messages.cancel}
        </button>
      </Actions>
    </section>
  );
}
