// `npm run screenshots`: pictures of key stories at phone, tablet and desktop sizes, in
// docs/screenshots/. Builds Storybook into storybook-static/ (pass --reuse to keep an existing
// build, --only=a,b for a few shots), serves it on 127.0.0.1:6007 with `vite preview`, opens each
// story in Chromium (one fresh browser context per story, so no state leaks between them), waits for its play function
// to finish, and saves one PNG per story and size. The server stops at the end, also on errors.
//
// Chromium: CHROMIUM_PATH, or /usr/bin/chromium.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildStorybook, launchChromium, startPreview } from './storybook-preview.mjs';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, 'docs', 'screenshots');
const port = 6007;

const sizes = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'desktop', width: 1280, height: 900 },
];

/**
 * The stories to picture: `file` names the PNG (`<file>-<size>.png`), `colorScheme` is what the
 * page reports as the system preference, `after` runs in the page once the story has played,
 * `keys` are typed with the real keyboard after it (a label, or a button to press, and the keys),
 * `sizes` limits the sizes (names from `sizes` above), `fullPage` takes the whole page, not the window.
 */
const shots = [
  { file: 'form-light', id: 'card-look-and-feel--light' },
  { file: 'form-dark', id: 'card-look-and-feel--dark', colorScheme: 'dark' },
  { file: 'system-dark', id: 'card-look-and-feel--system-theme', colorScheme: 'dark' },
  { file: 'link-https', id: 'card-link-request--https' },
  { file: 'link-warnings-dark', id: 'card-look-and-feel--dark-link-warnings', colorScheme: 'dark' },
  { file: 'link-waiting', id: 'card-link-request--after-open-waiting' },
  { file: 'state-read-failed', id: 'card-lifecycle--state-read-failed', sizes: ['phone'] },
  {
    file: 'state-read-failed-dark',
    id: 'card-lifecycle--state-read-failed',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  { file: 'link-2025-opened', id: 'card-link-request--mcp-2025-open-accepts', sizes: ['phone'] },
  {
    file: 'link-2025-opened-dark',
    id: 'card-link-request--mcp-2025-open-accepts',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  { file: 'secret', id: 'card-secret-fields--masked' },
  // A number and a date the browser cannot read, refused under each field with how to write it.
  ...['light', 'dark'].map((scheme) => ({
    file: scheme === 'dark' ? 'unreadable-number-date-dark' : 'unreadable-number-date',
    id: 'card-field-types--unreadable-number-and-date',
    colorScheme: scheme,
    sizes: ['phone'],
    keys: [{ label: 'Guests', keys: '12e' }, { label: 'Day', keys: '03' }, { button: 'Accept' }],
  })),
  // A secret's error under its control, above the warning; a form back from a draft says its secret did not come back.
  {
    file: 'secret-error-dark',
    id: 'card-secret-fields--dark-with-error',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  { file: 'secret-back-after-reload', id: 'card-secret-fields--back-after-reload', sizes: ['phone'] },
  {
    file: 'secret-back-after-reload-dark',
    id: 'card-secret-fields--back-after-reload',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  { file: 'rtl', id: 'card-look-and-feel--right-to-left' },
  { file: 'german', id: 'card-look-and-feel--german', fullPage: true },
  { file: 'receipt', id: 'card-outcomes--accepted' },
  { file: 'receipt-dark', id: 'card-outcomes--accepted-dark', colorScheme: 'dark' },
  { file: 'receipt-rtl', id: 'card-outcomes--accepted-right-to-left' },
  { file: 'send-failed', id: 'card-outcomes--send-failed' },
  { file: 'send-failed-dark', id: 'card-outcomes--send-failed-dark', colorScheme: 'dark' },
  { file: 'closed-unconfirmed', id: 'card-outcomes--closed-unconfirmed', sizes: ['phone'] },
  {
    file: 'closed-unconfirmed-dark',
    id: 'card-outcomes--closed-unconfirmed',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  {
    file: 'deadline-expired-several-unconfirmed',
    id: 'card-deadlines--expired-several-after-unconfirmed-send',
    sizes: ['phone'],
  },
  {
    file: 'deadline-expired-several-unconfirmed-dark',
    id: 'card-deadlines--expired-several-after-unconfirmed-send',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  { file: 'server-asked-to-wait', id: 'card-states--server-asked-to-wait' },
  { file: 'stopped-by-you', id: 'card-outcomes--stopped', sizes: ['phone'] },
  // Decline on a form with something entered asks first, in place of the buttons.
  { file: 'refusal-question', id: 'card-states--decline-after-typing', sizes: ['phone', 'desktop'] },
  // Stop task ends the whole task: it asks first, in place of the button.
  { file: 'stop-question', id: 'card-outcomes--stop-task-asks-first', sizes: ['phone', 'desktop'] },
  {
    file: 'stop-question-dark',
    id: 'card-outcomes--stop-task-asks-first',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  {
    file: 'refusal-question-dark',
    id: 'card-states--decline-after-typing',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  { file: 'stopped-by-you-dark', id: 'card-outcomes--stopped', colorScheme: 'dark', sizes: ['phone'] },
  { file: 'replaced-while-typing', id: 'card-lifecycle--replaced-while-typing', sizes: ['phone', 'desktop'] },
  {
    file: 'replaced-two-questions',
    id: 'card-lifecycle--replaced-while-typing-two-questions',
    sizes: ['phone'],
  },
  {
    file: 'replaced-two-questions-dark',
    id: 'card-lifecycle--replaced-while-typing-two-questions',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  {
    file: 'replaced-while-typing-dark',
    id: 'card-lifecycle--replaced-while-typing',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  { file: 'edited-after-failed-send', id: 'card-states--edited-after-failed-send', sizes: ['phone'] },
  {
    file: 'edited-after-failed-send-dark',
    id: 'card-states--edited-after-failed-send',
    sizes: ['phone'],
    colorScheme: 'dark',
  },
  {
    file: 'server-asked-to-wait-dark',
    id: 'card-states--server-asked-to-wait',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  { file: 'expired', id: 'card-outcomes--expired' },
  { file: 'elsewhere-result', id: 'card-outcomes--answered-elsewhere-with-result' },
  {
    file: 'elsewhere-result-dark',
    id: 'card-outcomes--answered-elsewhere-with-result-dark',
    colorScheme: 'dark',
  },
  // Someone else answered first: this person's Accept was refused, what they typed stays to copy.
  { file: 'elsewhere-first', id: 'card-lifecycle--answered-elsewhere-first', fullPage: true },
  {
    file: 'elsewhere-first-dark',
    id: 'card-lifecycle--answered-elsewhere-first',
    colorScheme: 'dark',
    sizes: ['phone'],
    fullPage: true,
  },
  // The task was cancelled first: the refused answer was not used, what was typed stays to copy.
  {
    file: 'refused-cancelled',
    id: 'card-lifecycle--refused-task-cancelled',
    sizes: ['phone'],
    fullPage: true,
  },
  {
    file: 'refused-cancelled-dark',
    id: 'card-lifecycle--refused-task-cancelled',
    colorScheme: 'dark',
    sizes: ['phone'],
    fullPage: true,
  },
  // Expired while typing, then the task failed: how it ended, above what was typed.
  {
    file: 'expired-then-failed',
    id: 'card-lifecycle--expired-then-task-failed',
    sizes: ['phone'],
    fullPage: true,
  },
  {
    file: 'expired-then-failed-dark',
    id: 'card-lifecycle--expired-then-task-failed',
    colorScheme: 'dark',
    sizes: ['phone'],
    fullPage: true,
  },
  // Answered elsewhere while typing: what was typed stays to read and copy.
  {
    file: 'elsewhere-while-typing',
    id: 'card-lifecycle--answered-elsewhere-while-typing',
    sizes: ['phone'],
    fullPage: true,
  },
  {
    file: 'elsewhere-while-typing-dark',
    id: 'card-lifecycle--answered-elsewhere-while-typing',
    colorScheme: 'dark',
    sizes: ['phone'],
    fullPage: true,
  },
  { file: 'result', id: 'card-outcomes--result' },
  { file: 'progress', id: 'card-outcomes--progress' },
  { file: 'cancelled', id: 'card-lifecycle--cancelled' },
  // Hostile sizes: a megabyte of text is cut; 10,000 questions are one refusal; a long answer is cut in its receipt.
  { file: 'huge-message', id: 'card-states--huge-message', sizes: ['phone'] },
  { file: 'too-many-questions', id: 'card-states--too-many-questions', sizes: ['phone', 'desktop'] },
  {
    file: 'receipt-long-answer',
    id: 'card-outcomes--accepted-long-note',
    sizes: ['phone', 'desktop'],
    fullPage: true,
  },
  {
    file: 'receipt-long-answer-dark',
    id: 'card-outcomes--accepted-long-note',
    colorScheme: 'dark',
    sizes: ['phone'],
    fullPage: true,
  },
  // The AI SDK part's closed summary (input-request-cards/ai-sdk).
  { file: 'ai-sdk-answered', id: 'ai-sdk-input-request-part--answered' },
  // Its card after the route refused the answer: someone else's came first.
  {
    file: 'ai-sdk-refused',
    id: 'ai-sdk-input-request-part--refused-already-answered',
    sizes: ['phone'],
    fullPage: true,
  },
  {
    file: 'ai-sdk-answered-dark',
    id: 'ai-sdk-input-request-part--answered-dark',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  // Our card beside Radix Themes and shadcn/ui (docs/LOOK.md): desktop only, the whole page.
  { file: 'comparison-light', id: 'card-comparison--light', sizes: ['desktop'], fullPage: true },
  {
    file: 'comparison-dark',
    id: 'card-comparison--dark',
    colorScheme: 'dark',
    sizes: ['desktop'],
    fullPage: true,
  },
  { file: 'steps-options', id: 'card-step-by-step--options-step' },
  { file: 'steps-error', id: 'card-step-by-step--step-error' },
  { file: 'deadline-countdown', id: 'card-deadlines--countdown' },
  { file: 'deadline-expired', id: 'card-deadlines--expired-copy-answers' },
  {
    file: 'expired-after-unconfirmed-send',
    id: 'card-deadlines--expired-after-unconfirmed-send',
    sizes: ['phone'],
  },
  {
    file: 'expired-after-unconfirmed-send-dark',
    id: 'card-deadlines--expired-after-unconfirmed-send',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  // A round of several requests expired half answered: "Accepted, but the question closed first.", no count.
  { file: 'deadline-expired-several', id: 'card-deadlines--expired-several-requests', fullPage: true },
  {
    file: 'deadline-expired-several-dark',
    id: 'card-deadlines--expired-several-requests',
    colorScheme: 'dark',
    sizes: ['phone'],
    fullPage: true,
  },
  { file: 'same-round-twice', id: 'attention-waiting-on-you--same-round-twice-moved' },
  { file: 'stopped-waiting', id: 'card-rounds-that-talk-back--stopped-waiting', sizes: ['phone'] },
  {
    file: 'stopped-waiting-dark',
    id: 'card-rounds-that-talk-back--stopped-waiting',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  { file: 'send-unconfirmed', id: 'card-outcomes--send-unconfirmed', sizes: ['phone'] },
  // A send past 5 s says it is still on its way.
  { file: 'sending-slowly', id: 'card-states--sending-slowly', sizes: ['phone'] },
  { file: 'sending-slowly-dark', id: 'card-states--sending-slowly', colorScheme: 'dark', sizes: ['phone'] },
  {
    file: 'send-unconfirmed-dark',
    id: 'card-outcomes--send-unconfirmed',
    colorScheme: 'dark',
    sizes: ['phone'],
  },
  { file: 're-ask', id: 'card-rounds-that-talk-back--re-ask', fullPage: true },
  { file: 're-ask-dark', id: 'card-rounds-that-talk-back--re-ask', colorScheme: 'dark', sizes: ['phone'] },
  { file: 'german-chrome-english-server', id: 'card-language-and-direction--german-chrome-english-server' },
  {
    file: 'rtl-chrome-english-server',
    id: 'card-language-and-direction--right-to-left-chrome-english-server',
  },
  {
    file: 'english-card-rtl-page',
    id: 'card-language-and-direction--english-card-in-right-to-left-page',
    sizes: ['phone'],
  },
  { file: 'bidi-override-name', id: 'card-language-and-direction--bidi-override-server-name' },
  {
    file: 'hundred-fields',
    id: 'card-look-and-feel--hundred-fields',
    after: () => {
      document.querySelectorAll('input')[60]?.scrollIntoView({ block: 'center' });
    },
  },
];

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

/** `--only=form-light,receipt`: just those shots (by file name), e.g. to look at one change. */
const only = process.argv
  .find((argument) => argument.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

async function main() {
  buildStorybook({ reuse: process.argv.includes('--reuse') });
  mkdirSync(outDir, { recursive: true });
  const preview = await startPreview(port);
  const origin = preview.origin;

  let browser;
  const failures = [];
  try {
    browser = await launchChromium();
    for (const shot of shots.filter(({ file }) => !only || only.includes(file))) {
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
        for (const size of sizes.filter(({ name }) => !shot.sizes || shot.sizes.includes(name))) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await page.goto(`${origin}/iframe.html?id=${shot.id}&viewMode=story`, { waitUntil: 'load' });
          await waitForStory(page);
          if (shot.after) await page.evaluate(shot.after);
          for (const step of shot.keys ?? []) {
            if (step.button) {
              await page.getByRole('button', { name: step.button }).click();
              continue;
            }
            await page.getByLabel(step.label).focus();
            await page.keyboard.type(step.keys);
          }
          await page.waitForTimeout(150);
          if (shot.fullPage) {
            // The whole page as a screen that tall shows it: a sticky part (a long form's Accept
            // row) then sits where it ends, not over the middle where the first screen ended.
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            if (height > size.height) {
              await page.setViewportSize({ width: size.width, height });
              await page.waitForTimeout(150);
            }
          }
          const path = join(outDir, `${shot.file}-${size.name}.png`);
          await page.screenshot({
            path,
            animations: 'disabled',
            caret: 'hide',
            fullPage: shot.fullPage ?? false,
          });
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
    preview.stop();
  }
  if (failures.length > 0) {
    process.stderr.write(`\n${failures.length} story(ies) failed:\n  ${failures.join('\n  ')}\n`);
    process.exit(1);
  }
  process.stdout.write('\nscreenshots in docs/screenshots/\n');
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
