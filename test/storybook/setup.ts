import { beforeEach, vi } from 'vitest';

// As in jsdom and the Chromium tests: a console error or warning while a story renders and plays
// fails that story's test (React warnings, our dev warnings, an unhandled request). Only here, in
// `npm test`: someone browsing Storybook sees the console as it is.
const consoleAsMade = { error: console.error, warn: console.warn };
beforeEach(() => {
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleAsMade[level].apply(console, args);
      throw new Error(`console.${level} was called: ${args.map(String).join(' ')}`);
    });
  }
});
