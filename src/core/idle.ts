/** When {@link whenIdle} runs its task at the latest, and where the platform has no idle callback. */
export interface IdleTiming {
  /** Run by then even if the page never goes idle (ms). */
  timeout: number;
  /** Where there is no `requestIdleCallback` (Safari, Node): run after this long (ms). */
  otherwiseAfter: number;
}

/**
 * Runs `task` when the page is idle: work that must not follow a person's action in the same
 * task (warming a checker after a mount, keeping a round's receipt after a send). Returns the
 * function that cancels it.
 *
 * @example
 * const cancel = whenIdle(() => prepare(schema), { timeout: 2000, otherwiseAfter: 50 });
 */
export function whenIdle(task: () => void, { timeout, otherwiseAfter }: IdleTiming): () => void {
  const idle = globalThis as {
    requestIdleCallback?: (run: () => void, options: { timeout: number }) => number;
    cancelIdleCallback?: (handle: number) => void;
  };
  if (typeof idle.requestIdleCallback === 'function') {
    const handle = idle.requestIdleCallback(task, { timeout });
    return () => idle.cancelIdleCallback?.(handle);
  }
  const handle = setTimeout(task, otherwiseAfter);
  return () => clearTimeout(handle);
}
