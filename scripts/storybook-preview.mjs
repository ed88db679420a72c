// Shared by the end-to-end run and the screenshot script: build Storybook, serve the static
// build on 127.0.0.1, and launch Debian's Chromium the way this machine allows.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Builds Storybook into storybook-static (unless `reuse` and a build exists). */
export function buildStorybook({ reuse = false } = {}) {
  if (reuse && existsSync('storybook-static/iframe.html')) return;
  const result = spawnSync(
    'npx',
    ['storybook', 'build', '--disable-telemetry', '--quiet', '-o', 'storybook-static'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
    },
  );
  if (result.status !== 0)
    throw new Error('input-request-cards: `storybook build` failed (see its output above).');
}

/** Serves storybook-static on 127.0.0.1:`port`; resolves once it answers. Call `stop()` when done. */
export async function startPreview(port) {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(
    'npx',
    [
      'vite',
      'preview',
      '--outDir',
      'storybook-static',
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  const stop = () => {
    if (server.exitCode !== null) return;
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  for (let attempt = 0; attempt < 150; attempt++) {
    if (server.exitCode !== null)
      throw new Error(`input-request-cards: the preview server exited (${server.exitCode}).`);
    try {
      if ((await fetch(`${origin}/iframe.html`)).ok) return { origin, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error(`input-request-cards: the Storybook preview did not start on ${origin}.`);
}

/** Launches headless Chromium with the flags this closed network needs. */
export function launchChromium() {
  if (!existsSync(executablePath)) {
    throw new Error(
      `input-request-cards: no Chromium at ${executablePath}. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
