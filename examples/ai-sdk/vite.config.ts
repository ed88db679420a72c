// The AI SDK example (`npm run example:ai-sdk`): the useChat app, its chat routes and its MCP
// server on one localhost port.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { aiSdkExample } from './server/vite-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const repository = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), aiSdkExample()],
  publicDir: false,
  clearScreen: false,
  server: {
    host: '127.0.0.1',
    fs: { allow: [repository] },
  },
});
