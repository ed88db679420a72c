'use client';
import { useEffect, useRef, useState } from 'react';
import type { InputRequestMessages } from '../i18n/messages.js';

/** What a copy button puts on the clipboard, and what its status says once it did. */
export interface CopiedText {
  text: string;
  words: string;
}

/**
 * A button that copies plain text, with a status line that says what it copied. Where the
 * clipboard refuses, the text is shown selected, to copy by hand; with no text at all, the status
 * says there was nothing to copy.
 */
export function CopyText({
  action,
  label,
  collect,
  messages,
  describedBy,
}: {
  action: string;
  label: string;
  /** Read at the click: what the controls hold then. */
  collect: () => CopiedText;
  messages: InputRequestMessages;
  describedBy?: string | undefined;
}) {
  const [outcome, setOutcome] = useState<
    { copied: true; words: string; press: number } | { copied: false; text: string; press: number }
  >();
  const fallbackRef = useRef<HTMLTextAreaElement>(null);
  const presses = useRef(0);
  const manual = outcome?.copied === false;

  useEffect(() => {
    if (!manual) return;
    fallbackRef.current?.focus();
    fallbackRef.current?.select();
  }, [manual]);

  const copy = () => {
    const { text, words } = collect();
    // Each press is said, also a second one with the same words (see the status below); counted
    // apart from the outcome, which a press while the clipboard still writes has not seen yet.
    presses.current += 1;
    const press = presses.current;
    if (text === '') {
      setOutcome({ copied: true, words: messages.nothingToCopy, press });
      return;
    }
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    const refused = () => setOutcome({ copied: false, text, press });
    if (!clipboard) refused();
    else clipboard.writeText(text).then(() => setOutcome({ copied: true, words, press }), refused);
  };

  return (
    <div data-part="actions">
      <button type="button" data-action={action} aria-describedby={describedBy} onClick={copy}>
        {label}
      </button>
      <p data-part="copy-status" role="status">
        {/* A new node per press: the same words written over themselves change nothing a screen
            reader hears, and a second Copy would be met with silence. */}
        {outcome ? (
          <span key={outcome.press}>{outcome.copied ? outcome.words : messages.copyFailed}</span>
        ) : (
          ''
        )}
      </p>
      {manual ? (
        <textarea
          ref={fallbackRef}
          data-part="copy-text"
          readOnly
          aria-label={label}
          value={outcome.text}
          rows={Math.min(8, outcome.text.split('\n').length)}
        />
      ) : null}
    </div>
  );
}
