import { defineConfig } from 'vite';

// Everything the package depends on stays an import: peers must never be bundled (two
// copies of React or TanStack Query break hosts). ajv and ajv-formats are optional peers that
// only the `./ajv` entry imports.
const external = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^@tanstack\//,
  /^react-hook-form/,
  /^ajv/,
  /^@modelcontextprotocol\//,
  /^msw($|\/)/,
];

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: {
        index: 'src/index.ts',
        core: 'src/core/index.ts',
        testing: 'src/testing/index.ts',
        mcp: 'src/mcp/index.ts',
        ajv: 'src/ajv/index.ts',
        'ai-sdk': 'src/ai-sdk/index.ts',
        'ai-sdk-server': 'src/ai-sdk/server.ts',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external,
      // src/index.ts starts with 'use client' and it survives at the top of dist/index.js
      // (checked by test/package/built-package.mjs); the bundler's generic warning is noise.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});
