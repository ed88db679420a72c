'use client';
import { useId } from 'react';
import { describeFailure } from '../core/failure.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { FailureNotice } from './FailureNotice.js';

/** Props of {@link RestartNotice}. */
export interface RestartNoticeProps {
  /** True when the server refused the round's state (invalid or expired), not a deadline. */
  stateRefused: boolean;
  /** True while the request is issued anew. */
  restarting: boolean;
  /** Why the last restart failed, if it did. */
  restartError: unknown;
  /** Issues the request anew (the session's `restart`). */
  onRestart: () => void;
  messages: InputRequestMessages;
}

/**
 * An expired round that can be started over: why it expired (the server refused its state, or
 * its time ran out) and "Start again", which issues the request anew with the person's answers
 * filled in again.
 *
 * @selector [data-part="restart"] the notice; [data-action="start-again"] its button
 */
export function RestartNotice({
  stateRefused,
  restarting,
  restartError,
  onRestart,
  messages,
}: RestartNoticeProps) {
  const id = useId();
  return (
    <div data-part="restart" {...(restarting ? { 'data-restarting': '' } : {})}>
      {stateRefused ? <p data-part="restart-reason">{messages.stateRefused}</p> : null}
      <p id={`${id}-hint`} data-part="restart-hint">
        {restarting ? messages.restarting : messages.startAgainHint}
      </p>
      <button
        type="button"
        data-action="start-again"
        aria-describedby={`${id}-hint`}
        aria-disabled={restarting || undefined}
        onClick={() => {
          if (!restarting) onRestart();
        }}
      >
        {messages.startAgain}
      </button>
      {restartError !== undefined && !restarting ? (
        <FailureNotice
          failure={describeFailure(restartError)}
          text={messages.restartFailed}
          part="restart-error"
        />
      ) : null}
    </div>
  );
}
