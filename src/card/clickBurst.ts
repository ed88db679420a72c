import type { MouseEvent } from 'react';

/** Buttons that had a click of their own: the first of a burst, or one from the keyboard (`detail` 0). */
const clickedHere = new WeakSet<Element>();

/**
 * Capture-phase handlers for a button, or a row of them, that can appear under the pointer in
 * the middle of a double (or triple) click: a question in place of the button just pressed, the
 * buttons that come back in place of that question (Keep editing, Keep it running), Change answer
 * in place of a Decline that just recorded, Done in place of Open, the next step's Next. `detail`
 * counts the presses and clicks of one burst; a later one (`detail` over 1) on a button that has
 * had no first click of its own began on what was there before. Its click is dropped (no action,
 * no form submit), and its press does not take focus from where the first click's action put it
 * (the next step's field, a question). A new single click always goes through, and so does a
 * double click that begins on the button. Spread on the element: `<div {...earlierBurstGuard}>`.
 */
export const earlierBurstGuard = {
  onMouseDownCapture(event: MouseEvent): void {
    if (event.detail > 1 && !hadOwnClick(event)) event.preventDefault();
  },
  onClickCapture(event: MouseEvent): void {
    const button = (event.target as Element).closest('button');
    if (!button) return;
    if (event.detail < 2) clickedHere.add(button);
    else if (!clickedHere.has(button)) {
      event.preventDefault();
      event.stopPropagation();
    }
  },
};

/** Whether the button under this event had a click of its own (no button: nothing to guard). */
function hadOwnClick(event: MouseEvent): boolean {
  const button = (event.target as Element).closest('button');
  return !button || clickedHere.has(button);
}
