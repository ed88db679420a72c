/**
 * Test files that need a realm of their own: they load the library a second time
 * (`vi.resetModules`) to play a second tab or a fresh page, listen on the process-wide
 * `BroadcastChannel`, count the page's timers (an earlier file's sweep may still be pending), or
 * run in the node environment. Every other jsdom file shares its worker's module cache with the
 * files before it (`isolate: false`, vitest.config.ts): loading jsdom, React and Testing Library
 * once per worker instead of once per file halves the jsdom run on a 2-core machine. Each file
 * still starts as a fresh page (test/setup.ts). `test/support/own-realm.test.ts` checks that every
 * file that needs it is listed.
 */
export const ownRealm = [
  'test/card/tabs.test.tsx',
  'test/card/hydration.test.tsx',
  'test/card/server-requests.test.tsx',
  'test/card/unmount.test.tsx',
  'test/ai-sdk/*.test.ts',
  'test/core/{deadline,draft-keys,parse-hostile,secret,session,session-faults,session.property,hostile,file-fields}.test.ts',
  'test/mcp/*.test.ts',
];
