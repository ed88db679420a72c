// Starts an example's Vite dev server (`examples/<name>`, which also serves its API and MCP server)
// for scripts and tests: `startExample(name, port, env)` resolves once the page answers, with
// `origin`, `stop()` (the whole process group) and the server's stderr.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

/** Starts the example in its own process group, so stopping it stops Vite and everything it spawned. */
export async function startExample(name, port, env = {}) {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(
    'npx',
    [
      'vite',
      '--config',
      `examples/${name}/vite.config.ts`,
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], detached: true, env: { ...process.env, ...env } },
  );
  let errors = '';
  server.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  /** Stops the example; the promise settles once its process is gone (and the port free). */
  const stop = () => {
    if (server.exitCode !== null || server.signalCode !== null) return exited;
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    return exited;
  };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stop();
      process.exit(1);
    });
  }
  for (let attempt = 0; attempt < 150; attempt++) {
    if (server.exitCode !== null) {
      throw new Error(
        `input-request-cards: the ${name} example exited (${server.exitCode}): ${errors.trim()}`,
      );
    }
    try {
      if ((await fetch(`${origin}/`)).ok) return { origin, stop, errors: () => errors };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error(`input-request-cards: the ${name} example did not start on ${origin}: ${errors.trim()}`);
}
