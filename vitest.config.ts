import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chromiumBrowser } from './chromium.config.ts';

/** Settings the jsdom projects share. */
const jsdom = {
  environment: 'jsdom',
  // Whole-card flows type into dozens of fields with user-event; on a loaded 2-core machine that
  // can pass 5 s. Time itself is faked where a test is about time.
  testTimeout: 20_000,
  // A zone with an offset, so date-time answers prove they carry the person's offset.
  env: { TZ: 'Europe/Berlin' },
  // Both cores (Vitest's default leaves one idle on a 2-core machine): the jsdom files are most
  // of the run. Waits are long enough for a loaded machine (setup.ts), and time is faked where a
  // test is about time. The Chromium projects keep one page at a time.
  maxWorkers: 2,
  // Vitest runs projects of one group side by side; the Chromium projects come after.
  sequence: { groupOrder: 0 },
} as const;

/** The Chromium projects: one page at a time, after the jsdom ones. */
const chromiumGroup = { groupOrder: 1 } as const;

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...jsdom,
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/browser/**'],
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...jsdom,
          // Every test that renders React runs a second time under <StrictMode>.
          name: 'unit-strict',
          include: ['test/**/*.test.tsx'],
          exclude: ['test/browser/**'],
          setupFiles: ['test/setup-strict.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.{ts,tsx}'],
          setupFiles: ['test/browser/setup.ts'],
          browser: chromiumBrowser(),
          sequence: chromiumGroup,
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook' })],
        // The first story of a file waits for Vite to compile its imports (10–14 s on a loaded
        // 2-core machine): time to load, not a slow story.
        test: { name: 'storybook', browser: chromiumBrowser(), testTimeout: 30_000, sequence: chromiumGroup },
      },
    ],
  },
});
