'use client';
import { useEffect, useRef, useState } from 'react';
import type { InputRequestMessages } from '../i18n/messages.js';
import { ignoreEarlierBurst } from './clickBurst.js';
import { RefusalQuestion } from './RefusalQuestion.js';

/** Props of {@link StopTask}. */
export interface StopTaskProps {
  /** The stop this page asked for is on its way: the button says so and takes no press. */
  stopping: boolean;
  /** Ask first ("Stop the whole task? …", Keep it running), as the card's `confirmRefusal` says. */
  confirmRefusal: boolean;
  /** Stops the task (the source's `cancel`). */
  onStop: () => void;
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
export function StopTask({ stopping, confirmRefusal, onStop, messages }: StopTaskProps) {
  const [asking, setAsking] = useState(false);
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
      setAsking(false);
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
      // Back in place of its question: the rest of a double click on Keep it running asks nothing.
      onClickCapture={ignoreEarlierBurst}
      onClick={() => {
        if (stopping) return;
        if (confirmRefusal) setAsking(true);
        else onStop();
      }}
    >
      {stopping ? messages.stopping : messages.stopTask}
    </button>
  );
}
