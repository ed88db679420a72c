import { type MockInstance, vi } from 'vitest';

/**
 * Makes the page's navigation say its HTML arrived at `arrivedAt` (epoch ms, this page's clock),
 * as Chromium's `PerformanceNavigationTiming.responseStart` does. jsdom has no navigation entry.
 * Returns the spy; restore it when the test ends.
 */
export function pageArrivingAt(arrivedAt: number): MockInstance<Performance['getEntriesByType']> {
  return vi
    .spyOn(performance, 'getEntriesByType')
    .mockImplementation((type: string) =>
      type === 'navigation'
        ? ([{ responseStart: arrivedAt - performance.timeOrigin }] as unknown as PerformanceEntryList)
        : [],
    );
}
