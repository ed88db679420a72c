import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Each test is a fresh tab: no drafts, no remembered sent rounds from the test before.
  sessionStorage.clear();
});
