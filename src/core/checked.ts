/**
 * Contents a form checked as it built them (with the card's checker, which may be the host's):
 * the session sends them without checking again. Others (a headless `respond`, `submit` or
 * `answer`) are checked before they leave. A module of its own, so that a card whose forms check
 * their content does not load the checker up front for the session's sake.
 */
const checkedContents = new WeakSet<object>();

/** Marks `content` as checked against its request's schema by the form that built it. */
export function markChecked(content: object): void {
  checkedContents.add(content);
}

/** True when a form checked `content` as it built it. */
export function wasChecked(content: object): boolean {
  return checkedContents.has(content);
}
