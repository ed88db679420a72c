// The chat demo (`npm start`): the app, its chat API and its MCP server on one localhost port.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mcpDemoServer } from './server/vite-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const repository = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  // CHAT_DEMO_DEBUG=1 serves GET /api/debug/received, what the end-to-end tests read.
  plugins: [react(), mcpDemoServer({ debug: process.env.CHAT_DEMO_DEBUG === '1' })],
  // The demo needs nothing outside this repository, and never a public directory.
  publicDir: false,
  clearScreen: false,
  server: {
    host: '127.0.0.1',
    fs: { allow: [repository] },
    // Transform the page's modules while the server starts, so the first visit is quick.
    warmup: { clientFiles: ['./src/main.tsx'] },
  },
});
