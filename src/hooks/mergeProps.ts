import type { Ref, RefCallback } from 'react';

type Props = Record<string, unknown>;

/**
 * Merges the library's prop bag with a consumer's own props, so neither loses: event handlers
 * (`on…`) are both called (ours first), `aria-describedby` ids and `className`s are joined, refs
 * are both set; for anything else the consumer's value wins.
 */
export function mergeProps<Ours extends Props, Theirs extends Props>(
  ours: Ours,
  theirs?: Theirs,
): Ours & Theirs {
  if (!theirs) return ours as Ours & Theirs;
  const merged: Props = { ...ours };
  for (const key of Object.keys(theirs)) {
    const mine = ours[key];
    const their = theirs[key];
    if (their === undefined) continue;
    if (/^on[A-Z]/.test(key) && typeof mine === 'function' && typeof their === 'function') {
      merged[key] = (...args: unknown[]) => {
        (mine as (...a: unknown[]) => unknown)(...args);
        return (their as (...a: unknown[]) => unknown)(...args);
      };
    } else if ((key === 'aria-describedby' || key === 'className') && typeof mine === 'string') {
      merged[key] = [mine, their].filter(Boolean).join(' ');
    } else if (key === 'ref' && mine !== undefined) {
      merged[key] = mergeRefs(mine as Ref<unknown>, their as Ref<unknown>);
    } else {
      merged[key] = their;
    }
  }
  return merged as Ours & Theirs;
}

function mergeRefs<T>(...refs: Ref<T>[]): RefCallback<T> {
  return (value) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(value);
      else if (ref) (ref as { current: T | null }).current = value;
    }
  };
}
