'use client';
import type { InputRequestMessages } from '../i18n/messages.js';

/** Props of {@link RefusalButton}. */
export interface RefusalButtonProps {
  /** `decline`: the person said no. `cancel`: the person dismissed the question without choosing. */
  action: 'decline' | 'cancel';
  disabled: boolean;
  onAnswer: (result: { action: 'decline' | 'cancel' }) => void;
  messages: InputRequestMessages;
  /** Runs before the answer is given (e.g. to drop a pending draft save). */
  onBeforeAnswer?: () => void;
  /** The id of the question it answers, in a round of several (each "Decline" then says which). */
  describedBy?: string | undefined;
}

/**
 * Decline or Cancel: the two ways out MCP requires on every request, whatever its kind.
 *
 * @selector button[data-action="decline"], button[data-action="cancel"]
 */
export function RefusalButton({
  action,
  disabled,
  onAnswer,
  messages,
  onBeforeAnswer,
  describedBy,
}: RefusalButtonProps) {
  return (
    <button
      type="button"
      data-action={action}
      disabled={disabled}
      aria-describedby={describedBy}
      onClick={() => {
        onBeforeAnswer?.();
        onAnswer({ action });
      }}
    >
      {action === 'decline' ? messages.decline : messages.cancel}
    </button>
  );
}
