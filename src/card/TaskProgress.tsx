'use client';
import { useEffect, useState } from 'react';
import type { TaskProgress as Progress } from '../core/source.js';
import type { InputRequestMessages } from '../i18n/messages.js';
import { serverText, shownProse } from './serverText.js';

/** Props of {@link TaskProgress}. */
export interface TaskProgressProps {
  /** How far the task has come, when the source knows. */
  progress: Progress | undefined;
  /** The server's status line (MCP Tasks `statusMessage`). Untrusted. */
  message: string | undefined;
  /** Since when (epoch ms) the task has worked, for the elapsed time when no progress is known. */
  since: number | undefined;
  messages: InputRequestMessages;
}

/**
 * What the card shows while the task works: the server's status line, and a determinate progress
 * bar when progress and total are known, otherwise an indeterminate one with the elapsed time.
 * Not a live region of its own: the card announces changes politely, at most every few seconds.
 *
 * @selector [data-part="progress"][data-determinate]
 */
export function TaskProgress({ progress, message, since, messages }: TaskProgressProps) {
  const seconds = useElapsedSeconds(progress ? undefined : since);
  const determinate = progress?.total !== undefined && progress.total > 0;
  // Nothing to count from (the card is still loading the task): no "Working… 0:00" under it.
  const label =
    progress !== undefined
      ? messages.taskProgress(progress.progress, progress.total)
      : since === undefined
        ? undefined
        : messages.workingFor(seconds);
  return (
    <div data-part="task-progress" {...(determinate ? { 'data-determinate': '' } : {})}>
      {message || progress?.message ? (
        <p data-part="task-message" {...serverText}>
          {shownProse(progress?.message ?? message ?? '', messages)}
        </p>
      ) : null}
      <progress
        {...(determinate ? { value: progress.progress, max: progress.total } : {})}
        aria-label={label ?? message ?? messages.working}
      />
      {label === undefined ? null : (
        <p data-part="task-progress-label" aria-hidden="true">
          {label}
        </p>
      )}
    </div>
  );
}

/** Whole seconds since `since`, ticking once a second while `since` is set (a display clock). */
function useElapsedSeconds(since: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === undefined ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}
