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
}

/**
 * Decline or Cancel: the two ways out MCP requires on every request, whatever its kind.
 *
 * @selector button[data-action="decline"], button[data-action="cancel"]
 */
export function RefusalButton({ action, disabled, onAnswer, messages, onBeforeAnswer }: RefusalButtonProps) {
  return (
    <button
      type="button"
      data-action={action}
      disabled={disabled}
      onClick={() => {
        onBeforeAnswer?.();
        onAnswer({ action });
      }}
    >
      {action === 'decline' ? messages.decline : messages.cancel}
    </button>
  );
}
