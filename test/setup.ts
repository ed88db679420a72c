import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { failOnConsole } from './support/console.ts';

// Each test file is a fresh page. Most jsdom files share their worker with the files before them
// (isolate: false, vitest.config.ts), which keeps jsdom, React and Testing Library loaded; what a
// page holds is made new here: the library's own modules (its registry of sessions, its tab link,
// its sweeps) load again for this file, and the document starts empty.
vi.resetModules();
if (typeof document !== 'undefined') {
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.title = '';
}
globalThis.sessionStorage?.clear();
globalThis.localStorage?.clear();
// Testing Library's settings outlive a file too: say plainly which mode this file renders in
// (setup-strict.ts turns StrictMode on after this).
configure({ reactStrictMode: false });

// Cards load their TanStack side on first use (a card for a round you hold never does); having it
// up front lets tests on a fake clock follow a task without waiting for a module to load.
const { registerLiveBinding } = await import('../src/hooks/liveBinding.ts');
const { liveBinding } = await import('../src/live/binding.ts');
const { loadPublicSuffixList } = await import('../src/core/url.ts');
registerLiveBinding(liveBinding);

// findBy* and waitFor give up after 5 s instead of Testing Library's 1 s: on a loaded 2-core CI
// machine a real MCP server or MSW round trip can take longer than 1 s, and a wait that would
// pass a moment later must not fail the run. It changes how long a test waits, never what it checks.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Each test is a fresh tab: no drafts, no remembered sent rounds from the test before, and no
  // words of its cards left in the page's live region (announcer.ts makes a new one when asked).
  globalThis.sessionStorage?.clear();
  if (typeof document !== 'undefined') document.querySelector('[data-input-request-announcer]')?.remove();
});

// The card loads the Public Suffix List lazily on its first link; loaded here, as the README
// tells app tests to, so no highlight update lands after a test has ended.
beforeAll(async () => {
  await loadPublicSuffixList();
});

// A console error or warning fails the test, from the file's first line, and again before every
// test (a test that restores its own console spy, as secret.test.tsx does, cannot disarm it).
failOnConsole();
beforeEach(failOnConsole);

// The next file in this worker starts from the real window and clock: a spy a test left on
// `window.open`, or fake timers a failed test left running, end with the file.
afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
