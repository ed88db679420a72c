import { isAbsolute } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The package's entry modules, one line each. Every source module they reach is emitted as its
 * own file under the same path (`src/core/url.ts` → `dist/core/url.js`), so a bundler keeps only
 * the modules an app imports and each React module keeps its own `'use client'`. A new entry is
 * one line here plus its `exports` entry in package.json (test/package/built-package.mjs checks
 * that the two agree).
 */
// biome-ignore format: one entry per line, so adding one is a one-line change.
export const entries = [
  'src/index.ts',
  'src/core/index.ts',
  'src/mcp/index.ts',
  'src/testing/index.ts',
  'src/ajv/index.ts',
  'src/ai-sdk/index.ts',
  'src/ai-sdk/server.ts',
];

/**
 * Every bare import stays an import: peers must never be bundled (two copies of React or
 * TanStack Query break hosts), and regular dependencies are the package manager's to dedupe.
 * Only the package's own modules (relative or already-resolved absolute paths) are built.
 */
function external(id: string): boolean {
  return !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0');
}

export default defineConfig({
  // public/ holds the MSW worker for Storybook and the browser tests, not package files.
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: { entry: entries, formats: ['es'] },
    rolldownOptions: {
      external,
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
      },
      // Each React module starts with 'use client' and, as its own output file, keeps it at
      // the top (test/package/built-package.mjs checks it); the bundler's generic warning about
      // module-level directives is noise here.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});
