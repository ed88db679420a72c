// `npm run screenshots`: pictures of key stories at phone, tablet and desktop sizes, in
// docs/screenshots/. Builds Storybook into storybook-static/ (pass --reuse to keep an existing
// build), serves it on 127.0.0.1:6007 with `vite preview`, opens each story in Chromium (one
// fresh browser context per story, so no state leaks between them), waits for its play function
// to finish, and saves one PNG per story and size. The server stops at the end, also on errors.
//
// Chromium: CHROMIUM_PATH, or /usr/bin/chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const staticDir = join(root, 'storybook-static');
const outDir = join(root, 'docs', 'screenshots');
const port = 6007;
const origin = `http://127.0.0.1:${port}`;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const sizes = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'desktop', width: 1280, height: 900 },
];

/**
 * The stories to picture: `file` names the PNG (`<file>-<size>.png`), `colorScheme` is what the
 * page reports as the system preference, `after` runs in the page once the story has played.
 */
const shots = [
  { file: 'form-light', id: 'card-look-and-feel--light' },
  { file: 'form-dark', id: 'card-look-and-feel--dark', colorScheme: 'dark' },
  { file: 'system-dark', id: 'card-look-and-feel--system-theme', colorScheme: 'dark' },
  { file: 'link-https', id: 'card-link-request--https' },
  { file: 'link-warnings-dark', id: 'card-look-and-feel--dark-link-warnings', colorScheme: 'dark' },
  { file: 'link-waiting', id: 'card-link-request--after-open-waiting' },
  { file: 'secret', id: 'card-secret-fields--masked' },
  { file: 'rtl', id: 'card-look-and-feel--right-to-left' },
  { file: 'german', id: 'card-look-and-feel--german' },
  {
    file: 'hundred-fields',
    id: 'card-look-and-feel--hundred-fields',
    after: () => {
      document.querySelectorAll('input')[60]?.scrollIntoView({ block: 'center' });
    },
  },
];

function run(command, args) {
  process.stdout.write(`▶ ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  if (result.status !== 0) throw new Error(`input-request-cards: \`${command} ${args.join(' ')}\` failed`);
}

async function waitForServer(server, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error('input-request-cards: vite preview exited before it served anything');
    try {
      const response = await fetch(`${origin}/iframe.html`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`input-request-cards: nothing answered on ${origin} within ${timeoutMs / 1000} s`);
}

/** Resolves once Storybook has rendered the story and run its play function. */
async function waitForStory(page) {
  await page.waitForFunction(
    () => {
      const phase = window.__STORYBOOK_PREVIEW__?.currentRender?.phase;
      return phase === 'completed' || phase === 'finished' || phase === 'errored' || phase === 'aborted';
    },
    undefined,
    { timeout: 30_000, polling: 100 },
  );
  const phase = await page.evaluate(() => window.__STORYBOOK_PREVIEW__?.currentRender?.phase);
  if (phase === 'errored' || phase === 'aborted') throw new Error(`story ended in phase "${phase}"`);
  await page.evaluate(() => document.fonts.ready);
}

async function main() {
  if (!existsSync(executablePath)) {
    throw new Error(
      `input-request-cards: no Chromium at ${executablePath}; set CHROMIUM_PATH or install chromium`,
    );
  }
  const reuse = process.argv.includes('--reuse') && existsSync(join(staticDir, 'iframe.html'));
  if (!reuse) run('npx', ['storybook', 'build', '--disable-telemetry', '--quiet', '-o', 'storybook-static']);
  mkdirSync(outDir, { recursive: true });

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
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  const stopServer = () => {
    if (server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', stopServer);

  let browser;
  const failures = [];
  try {
    await waitForServer(server);
    browser = await chromium.launch({
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    for (const shot of shots) {
      const context = await browser.newContext({
        colorScheme: shot.colorScheme ?? 'light',
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
        viewport: { width: sizes[0].width, height: sizes[0].height },
      });
      try {
        const page = await context.newPage();
        const pageErrors = [];
        page.on('pageerror', (error) => pageErrors.push(error.message));
        for (const size of sizes) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await page.goto(`${origin}/iframe.html?id=${shot.id}&viewMode=story`, { waitUntil: 'load' });
          await waitForStory(page);
          if (shot.after) await page.evaluate(shot.after);
          await page.waitForTimeout(150);
          const path = join(outDir, `${shot.file}-${size.name}.png`);
          await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
          process.stdout.write(
            `  ${shot.id} @ ${size.width}×${size.height} → docs/screenshots/${shot.file}-${size.name}.png\n`,
          );
        }
        if (pageErrors.length > 0) failures.push(`${shot.id}: ${pageErrors.join('; ')}`);
      } catch (error) {
        failures.push(`${shot.id}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser?.close();
    stopServer();
  }
  if (failures.length > 0) {
    process.stderr.write(`\n${failures.length} story(ies) failed:\n  ${failures.join('\n  ')}\n`);
    process.exit(1);
  }
  process.stdout.write(`\n${shots.length * sizes.length} screenshots in docs/screenshots/\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
