// A cold first mount: this page's bundle holds one option (and React, when the option uses
// it), loaded from a URL no earlier page used, so its code is parsed, compiled and run for the
// first time here. React is passed in by the entry, so the raw DOM page does not carry it.
import type { ReactElement } from 'react';
import type { BenchOption } from '../options/types.ts';
import { CONTROL_SELECTOR } from './dom.ts';
import { makeSchema } from './schema.ts';

interface ColdGlobals {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => number;
  yieldTask: () => Promise<void>;
}

export interface ReactParts {
  createRoot: (container: Element) => { render(element: ReactElement): void };
  flushSync: (run: () => void) => void;
}

/** Bundle evaluation: from the bundle's responseEnd to the first line of the entry. */
function evaluationMs(entryStart: number): number {
  const bundle = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/cold-')) as
    | PerformanceResourceTiming
    | undefined;
  return bundle ? entryStart - bundle.responseEnd : Number.NaN;
}

export function coldMain(option: BenchOption | undefined, entryStart: number, react?: ReactParts): void {
  const B = (window as unknown as { __bench: ColdGlobals }).__bench;
  const params = new URLSearchParams(location.search);
  const n = Number(params.get('n') ?? 100);
  const expected = Number(params.get('controls') ?? 0);
  const report = (value: unknown) => {
    (window as unknown as { __cold: unknown }).__cold = value;
  };
  const run = async () => {
    await new Promise<void>((resolve) => B.setTimeout(resolve, 200));
    const evaluation = evaluationMs(entryStart);
    if (!option) {
      report({ evaluation });
      return;
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = react && option.render ? react.createRoot(container) : undefined;
    const prepared = option.prepare(makeSchema(n), () => {});
    (window as unknown as { gc?: () => void }).gc?.();
    await B.yieldTask();
    // The profiling pages (`?profile`): a CPU profile of the timed region only, where the code
    // runs for the first time (its parse, compile and first calls), for the report.
    const profile = params.has('profile');
    if (profile) console.profile('cold');
    const t0 = B.now();
    if (root && react && option.render) {
      const render = option.render;
      react.flushSync(() => root.render(render(prepared)));
    } else option.mount?.(container, prepared);
    for (let i = 0; i < 1000 && container.querySelectorAll(CONTROL_SELECTOR).length < expected; i++) {
      await B.yieldTask();
    }
    const t1 = B.now();
    if (profile) console.profileEnd('cold');
    void container.offsetHeight;
    const t2 = B.now();
    report({
      evaluation,
      mount: t1 - t0,
      layout: t2 - t0,
      controls: container.querySelectorAll(CONTROL_SELECTOR).length,
    });
  };
  if (document.readyState === 'complete') void run();
  else addEventListener('load', () => void run(), { once: true });
}
