import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  // Each test is a fresh tab: no drafts, no remembered sent rounds from the test before.
  sessionStorage.clear();
});

// As in jsdom (test/setup.ts): a console error or warning in Chromium fails the test. Armed before
// every test, since a test may restore the spies it made (look.browser.test.tsx restores all).
const consoleAsMade = { error: console.error, warn: console.warn };
beforeEach(() => {
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleAsMade[level].apply(console, args);
      throw new Error(`console.${level} was called: ${args.map(String).join(' ')}`);
    });
  }
});
