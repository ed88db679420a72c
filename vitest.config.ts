import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { chromiumBrowser } from './chromium.config.ts';
import { ownRealm } from './test/own-realm.ts';

/** Settings the jsdom projects share. */
const jsdom = {
  environment: 'jsdom',
  // Whole-card flows type into dozens of fields with user-event; on a loaded 2-core machine that
  // can pass 5 s. Time itself is faked where a test is about time.
  testTimeout: 20_000,
  // A zone with an offset, so date-time answers prove they carry the person's offset.
  env: { TZ: 'Europe/Berlin' },
  // Vitest runs projects of one group side by side; the Chromium projects come after.
  sequence: { groupOrder: 0 },
} as const;

/** The jsdom projects: every file once plainly, every React file again under <StrictMode>. */
function jsdomProjects(name: string, include: string, setupFile: string): TestProjectInlineConfiguration[] {
  const exclude = ['test/browser/**'];
  return [
    {
      extends: true,
      test: {
        ...jsdom,
        name,
        include: [include],
        exclude: [...exclude, ...ownRealm],
        setupFiles: [setupFile],
        isolate: false,
      },
    },
    {
      extends: true,
      test: {
        ...jsdom,
        name: `${name} (own realm)`,
        include: ownRealm.filter((glob) => (include.endsWith('tsx') ? glob.endsWith('.tsx') : true)),
        exclude,
        setupFiles: [setupFile],
      },
    },
  ];
}

/** The Chromium projects (each with `maxWorkers: 1`: one page at a time) run after the jsdom ones. */
const chromiumGroup = { groupOrder: 1 } as const;

export default defineConfig({
  plugins: [react()],
  test: {
    // Both cores for the whole run (Vitest's default leaves one idle on a 2-core machine): the
    // jsdom files are most of it, and four jsdom projects run side by side. A cap per project
    // would let them start 8 workers on 2 cores, which measured twice as slow. Waits are long
    // enough for a loaded machine (setup.ts), and time is faked where a test is about time.
    maxWorkers: 2,
    projects: [
      ...jsdomProjects('unit', 'test/**/*.test.{ts,tsx}', 'test/setup.ts'),
      // Every test that renders React runs a second time under <StrictMode>.
      ...jsdomProjects('unit-strict', 'test/**/*.test.tsx', 'test/setup-strict.ts'),
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.{ts,tsx}'],
          setupFiles: ['test/browser/setup.ts'],
          browser: chromiumBrowser(),
          sequence: chromiumGroup,
          maxWorkers: 1,
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook' })],
        // The first story of a file waits for Vite to compile its imports (10–14 s on a loaded
        // 2-core machine): time to load, not a slow story.
        test: {
          name: 'storybook',
          setupFiles: ['test/storybook/setup.ts'],
          browser: chromiumBrowser(),
          testTimeout: 30_000,
          sequence: chromiumGroup,
          maxWorkers: 1,
        },
      },
    ],
  },
});
