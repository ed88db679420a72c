'use client';
import { useEffect, useRef, useState } from 'react';
import type { InputRequestMessages } from '../i18n/messages.js';
import { RefusalQuestion } from './RefusalQuestion.js';

/** Props of {@link StopTask}. */
export interface StopTaskProps {
  /** The stop this page asked for is on its way: the button says so and takes no press. */
  stopping: boolean;
  /** Ask first ("Stop the whole task? …", Keep it running), as the card's `confirmRefusal` says. */
  confirmRefusal: boolean;
  /** Stops the task (the source's `cancel`). */
  onStop: () => void;
  /**
   * What the button stands beside, as a key: the round on screen and where it stands. The
   * question belongs to the key it was asked beside, so it closes when that changes (the round
   * closed elsewhere or expired, a new round, the task at work again) and never outlives what it
   * asked about, wherever focus went meanwhile.
   */
  shownBeside: string;
  messages: InputRequestMessages;
}

/**
 * Stop task: ends the whole task, not only its question, so it asks first in place of the button
 * (the words say what it does), with Keep it running focused; `confirmRefusal: false` stops at once.
 * Focus comes back to the button after either answer: "Stopping the task…" while it goes.
 *
 * @selector button[data-action="stop-task"] the button (`aria-disabled` while stopping)
 * @selector [data-part="actions"][data-confirming="stop-task"] the row while it asks
 */
export function StopTask({ stopping, confirmRefusal, onStop, shownBeside, messages }: StopTaskProps) {
  // Derived, not reset by an effect: a question asked beside another state is no longer open.
  const [askedBeside, setAskedBeside] = useState<string>();
  const asking = askedBeside === shownBeside;
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Set by an answer to the question, whose row goes: focus would otherwise drop to <body>.
  const backToButton = useRef(false);
  useEffect(() => {
    if (asking || !backToButton.current) return;
    backToButton.current = false;
    buttonRef.current?.focus();
  }, [asking]);

  if (asking) {
    const answered = () => {
      backToButton.current = true;
      setAskedBeside(undefined);
    };
    return (
      <RefusalQuestion
        action="stop-task"
        disabled={false}
        onConfirm={() => {
          answered();
          onStop();
        }}
        onKeepEditing={answered}
        messages={messages}
      />
    );
  }
  return (
    <button
      ref={buttonRef}
      type="button"
      data-action="stop-task"
      aria-disabled={stopping || undefined}
      onClick={() => {
        if (stopping) return;
        if (confirmRefusal) setAskedBeside(shownBeside);
        else onStop();
      }}
    >
      {stopping ? messages.stopping : messages.stopTask}
    </button>
  );
}
