// End-to-end checks in real Chromium against the built Storybook: what only a whole page can
// show, such as a reload. Builds Storybook, serves it on 127.0.0.1, drives it with
// playwright-core, and ends with `N passed, N failed`.
import { buildStorybook, launchChromium, startPreview } from '../../scripts/storybook-preview.mjs';
import { check, failOutside, finish } from '../support/node-suite.mjs';
import { storedTextsOf } from '../support/stored-texts.mjs';

const port = 6108;
let browser;
let preview;
try {
  buildStorybook();
  preview = await startPreview(port);
  const base = preview.origin;
  browser = await launchChromium();

  await check(
    'a reload mid-form brings typed values back, but never the secret',
    async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const url = `${base}/iframe.html?id=card-lifecycle--survives-reload&viewMode=story`;
      await page.goto(url);
      const note = page.getByRole('textbox', { name: /Note/ });
      await note.waitFor({ timeout: 20000 });
      await note.fill('Half-typed before the reload');
      const recipient = page.getByRole('textbox', { name: /Recipient/ });
      await recipient.fill('boss@example.com');
      const code = page.getByLabel(/One-time code/).and(page.locator('input'));
      await code.fill('987654');
      await page.getByRole('heading').click();
      // Drafts are written after a short pause in typing.
      await page.waitForTimeout(600);
      // Read as stored texts: a random idempotency key could hold the digits by chance.
      const stored = storedTextsOf(await page.evaluate(() => Object.entries(sessionStorage)));
      if (stored.some((text) => text.includes('987654')))
        throw new Error('the secret reached sessionStorage');

      await page.reload();
      await note.waitFor({ timeout: 20000 });
      const values = {
        note: await note.inputValue(),
        recipient: await recipient.inputValue(),
        code: await code.inputValue(),
      };
      const expected = { note: 'Half-typed before the reload', recipient: 'boss@example.com', code: '' };
      if (JSON.stringify(values) !== JSON.stringify(expected)) {
        throw new Error(`after reload: ${JSON.stringify(values)}, expected ${JSON.stringify(expected)}`);
      }
      await context.close();
    },
    { verbose: true },
  );

  // Production React only: there, each option's blur used to count as leaving the group.
  await check(
    'Tab between the options of a checkbox group shows no error; Tab out of the group does',
    async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${base}/iframe.html?id=card-field-types--every-kind&viewMode=story`);
      const cheese = page.getByRole('checkbox', { name: 'cheese' });
      await cheese.waitFor({ timeout: 20000 });
      await cheese.focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.waitForTimeout(300);
      const errorsWithin = await page.locator('[data-part="error"]').count();
      if (errorsWithin !== 0) throw new Error(`${errorsWithin} error(s) while still in the group`);
      await page.keyboard.press('Tab');
      await page.getByText('Choose at least 1 option.').waitFor({ timeout: 5000 });
      await context.close();
    },
    { verbose: true },
  );
} catch (error) {
  failOutside('e2e setup', error);
} finally {
  await browser?.close();
  preview?.stop();
}

finish();
