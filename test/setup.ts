import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadPublicSuffixList } from '../src/core/url.ts';
import { registerLiveBinding } from '../src/hooks/liveBinding.ts';
import { liveBinding } from '../src/live/binding.ts';

// Cards load their TanStack side on first use (a card for a round you hold never does); having it
// up front lets tests on a fake clock follow a task without waiting for a module to load.
registerLiveBinding(liveBinding);

// findBy* and waitFor give up after 5 s instead of Testing Library's 1 s: on a loaded 2-core CI
// machine a real MCP server or MSW round trip can take longer than 1 s, and a wait that would
// pass a moment later must not fail the run. It changes how long a test waits, never what it checks.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Each test is a fresh tab: no drafts, no remembered sent rounds from the test before.
  globalThis.sessionStorage?.clear();
});

// The card loads the Public Suffix List lazily on its first link; loaded here, as the README
// tells app tests to, so no highlight update lands after a test has ended.
beforeAll(async () => {
  await loadPublicSuffixList();
});

// A test that logs an error or warning is a failing test: React's act() warnings,
// key warnings and our own dev warnings all point at real defects.
for (const level of ['error', 'warn'] as const) {
  const original = console[level];
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    original(...args);
    throw new Error(`console.${level} was called: ${args.map(String).join(' ')}`);
  });
}
