// `npm run screenshots:demo`: the chat demo as a person sees it, on a phone and a desktop, in
// docs/screenshots/ (demo-<state>-<size>.png). Starts the demo's dev server on 127.0.0.1:5198,
// asks for the approval tool, pictures the open card, answers it, and pictures the receipt with the
// tool's result. Chromium: CHROMIUM_PATH, or /usr/bin/chromium.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startExample } from './start-example.mjs';
import { launchChromium } from './storybook-preview.mjs';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, 'docs', 'screenshots');
const port = 5198;

const sizes = [
  { name: 'phone', width: 360, height: 780, isMobile: true },
  { name: 'desktop', width: 1280, height: 900, isMobile: false },
];

mkdirSync(outDir, { recursive: true });
let browser;
const { origin, stop } = await startExample('chat', port);
try {
  browser = await launchChromium();
  for (const size of sizes) {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      isMobile: size.isMobile,
      hasTouch: size.isMobile,
      deviceScaleFactor: size.isMobile ? 2 : 1,
    });
    const page = await context.newPage();
    await page.goto(`${origin}/?c=screenshots-${size.name}-${Date.now()}`);
    await page.getByText('Connected to the Demo server').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Approve and send the weekly report' }).click();
    const card = page
      .locator('.chat-message')
      .last()
      .getByRole('article', { name: /^Demo server (is asking|asked)$/ });
    await card.getByLabel(/^One-time code/).waitFor({ timeout: 15_000 });
    await card.getByRole('textbox', { name: /Note/ }).fill('Numbers look good');
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(outDir, `demo-asking-${size.name}.png`) });
    await card.getByLabel(/^One-time code/).fill('135790');
    await card.getByRole('checkbox', { name: /Yes, send it now/ }).check();
    await card.getByRole('button', { name: 'Accept' }).click();
    await card.locator('[data-part="result"]').waitFor({ timeout: 15_000 });
    // The conversation scrolls smoothly to the result: picture it once the scrolling has stopped
    // (a fixed wait caught it halfway on a busy machine).
    await page.evaluate(async () => {
      const log = document.querySelector('.chat-log');
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      let still = 0;
      let last = -1;
      for (let frames = 0; frames < 300 && still < 10; frames++) {
        await frame();
        still = log.scrollTop === last ? still + 1 : 0;
        last = log.scrollTop;
      }
    });
    await page.screenshot({ path: join(outDir, `demo-answered-${size.name}.png`) });
    await context.close();
    console.log(`  ✓ demo-asking-${size.name}.png, demo-answered-${size.name}.png`);
  }
} finally {
  await browser?.close();
  stop();
}
