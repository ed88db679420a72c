import type { MouseEvent } from 'react';

/** Buttons that had a click of their own: the first of a burst, or one from the keyboard (`detail` 0). */
const clickedHere = new WeakSet<Element>();

/**
 * A capture-phase click handler for a button, or a row of them, that can appear under the
 * pointer in the middle of a double (or triple) click: a question in place of the button just
 * pressed, the buttons that come back in place of that question (Keep editing, Keep it running),
 * Change answer in place of a Decline that just recorded, Done in place of Open. `detail` counts
 * the clicks of one burst; a later click of a burst (`detail` over 1) on a button that has had
 * no first click of its own began on what was there before, and is dropped (no action, no form
 * submit). A new single click always goes through, and so does a double click that begins on
 * the button.
 */
export function ignoreEarlierBurst(event: MouseEvent): void {
  const button = (event.target as Element).closest('button');
  if (!button) return;
  if (event.detail < 2) clickedHere.add(button);
  else if (!clickedHere.has(button)) {
    event.preventDefault();
    event.stopPropagation();
  }
}
