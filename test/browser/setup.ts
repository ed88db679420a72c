import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { failOnConsole } from '../support/console.ts';

afterEach(() => {
  cleanup();
  // Each test is a fresh tab: no drafts, no remembered sent rounds from the test before.
  sessionStorage.clear();
});

// As in jsdom (test/setup.ts): a console error or warning in Chromium fails the test. Armed before
// every test, since a test may restore the spies it made (look.browser.test.tsx restores all).
beforeEach(failOnConsole);
