// End-to-end checks of the AI SDK example (`npm run example:ai-sdk`): starts its Vite dev server,
// which also serves the chat routes and the MCP server on the same 127.0.0.1 port, and drives real
// Chromium through a `useChat` app whose scripted model (the AI SDK's test model) calls MCP tools
// that ask, over real HTTP. Ends with `N passed, N failed`.
import { startExample } from '../../scripts/start-example.mjs';
import { launchChromium } from '../../scripts/storybook-preview.mjs';
import { check, failOutside, finish } from '../support/node-suite.mjs';

const port = Number(process.env.AI_SDK_E2E_PORT ?? 5197);
const origin = `http://127.0.0.1:${port}`;
/** How long a turn that no page follows waits for one before it stops (30 s in the example). */
const UNFOLLOWED_GRACE_MS = 3000;

/** Opens a new chat (a fresh id in the address) in a fresh context. */
async function openChat(browser) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(origin);
  await page.getByRole('button', { name: 'Book a meeting room' }).waitFor({ timeout: 20000 });
  return { context, page, problems };
}

const newest = (page) => page.locator('.chat-message').last();

const started = Date.now();
let browser;
let example;
try {
  example = await startExample('ai-sdk', port, {
    AI_SDK_EXAMPLE_UNFOLLOWED_GRACE_MS: String(UNFOLLOWED_GRACE_MS),
  });
  browser = await launchChromium();

  await check(
    'ask → card in the chat → answer → the tool result in the next assistant message; a reload shows the answer closed',
    async () => {
      const { context, page, problems } = await openChat(browser);
      await page.getByRole('button', { name: 'Book a meeting room' }).click();
      const reply = newest(page);
      const card = reply.getByRole('article', { name: /^Team tools (is asking|asked)$/ });
      await card.getByText('What should I book?').waitFor({ timeout: 15000 });
      // The MCP tool's title, not its name.
      await card.locator('[data-part="tool"]', { hasText: 'Tool: Book a meeting' }).waitFor();
      await card.getByLabel(/^Date/).fill('2026-12-07');
      await card.getByRole('radio', { name: 'South room' }).check();
      await card.getByRole('button', { name: 'Accept' }).click();

      const result =
        'Done. Booked “Planning” on 2026-12-07 in the South room for 4 people, with a video link.';
      await reply.getByText(result).waitFor({ timeout: 15000 });
      const summary = reply.getByRole('article', { name: 'Team tools asked' });
      await summary.getByText('You answered.').waitFor({ timeout: 5000 });
      if ((await reply.getByRole('button', { name: 'Accept' }).count()) !== 0) {
        throw new Error('the answered request still shows its Accept button');
      }

      // The chat id is in the address; the server persisted the messages with the answered part.
      await page.reload();
      const again = newest(page);
      await again.getByText(result).waitFor({ timeout: 15000 });
      const closed = again.getByRole('article', { name: 'Team tools asked' });
      await closed.getByText('You answered.').waitFor({ timeout: 5000 });
      const answers = closed.getByLabel('Your answers');
      const rows = await answers
        .locator('div')
        .evaluateAll((items) =>
          items.map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent]),
        );
      const expected = [
        ['Title', 'Planning'],
        // Worded as the card's receipt words it (the summary's locale is English here).
        ['Date', 'December 7, 2026'],
        ['Room', 'South room'],
        ['Attendees', '4'],
        ['Add a video link', 'Yes'],
      ];
      if (JSON.stringify(rows) !== JSON.stringify(expected)) {
        throw new Error(`answered values after reload: ${JSON.stringify(rows)}`);
      }
      if ((await page.getByRole('button', { name: 'Accept' }).count()) !== 0) {
        throw new Error('after the reload an Accept button is back');
      }
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
      await context.close();
    },
    { verbose: true },
  );

  await check(
    'a reload mid-question brings the question back with what was typed, and its answer reaches the tool',
    async () => {
      const { context, page, problems } = await openChat(browser);
      await page.getByRole('button', { name: 'Book a meeting room' }).click();
      const card = newest(page).getByRole('article', { name: /^Team tools (is asking|asked)$/ });
      await card.getByText('What should I book?').waitFor({ timeout: 15000 });
      await card.getByLabel(/^Title/).fill('Reload review');
      await card.getByLabel(/^Date/).fill('2026-12-08');
      // The page goes away while the question is open; the reloaded page follows the same turn.
      await page.reload();
      const again = newest(page).getByRole('article', { name: /^Team tools (is asking|asked)$/ });
      await again.getByText('What should I book?').waitFor({ timeout: 15000 });
      const title = await again.getByLabel(/^Title/).inputValue();
      const date = await again.getByLabel(/^Date/).inputValue();
      if (title !== 'Reload review' || date !== '2026-12-08') {
        throw new Error(`after the reload the card holds ${JSON.stringify({ title, date })}`);
      }
      await again.getByRole('radio', { name: 'South room' }).check();
      await again.getByRole('button', { name: 'Accept' }).click();
      const result =
        'Done. Booked “Reload review” on 2026-12-08 in the South room for 4 people, with a video link.';
      await page.getByText(result).waitFor({ timeout: 15000 });
      // One reply, told once: the resumed turn replaces the one the page had, never adds to it.
      if ((await page.getByText(result).count()) !== 1) throw new Error('the result shows twice');
      if ((await page.getByText('What should I book?').count()) !== 1) {
        throw new Error('the question shows twice');
      }
      if (await page.getByText('Something went wrong', { exact: false }).count()) {
        throw new Error('the chat shows "Something went wrong"');
      }
      // And the turn was saved whole: another reload shows the answer closed.
      await page.reload();
      await newest(page).getByText(result).waitFor({ timeout: 15000 });
      await newest(page).getByText('You answered.').waitFor({ timeout: 5000 });
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
      await context.close();
    },
    { verbose: true },
  );

  await check(
    'a page closed mid-question: once no page follows the chat, the server is told cancel (aborted), the tool result is kept, and the chat goes on',
    async () => {
      const { context, page } = await openChat(browser);
      await page.getByRole('button', { name: 'Book a meeting room' }).click();
      const card = newest(page).getByRole('article', { name: /^Team tools (is asking|asked)$/ });
      await card.getByText('What should I book?').waitFor({ timeout: 15000 });
      const address = page.url();
      await context.close();
      // Nobody follows the chat for the grace period (shortened for this test): the turn stops.
      await new Promise((resolve) => setTimeout(resolve, UNFOLLOWED_GRACE_MS + 1500));
      const later = await browser.newContext({ viewport: { width: 1024, height: 900 } });
      const back = await later.newPage();
      const problems = [];
      back.on('pageerror', (error) => problems.push(error.message));
      await back.goto(address);
      await newest(back)
        .getByText('The chat stopped before an answer, so the server was told: cancelled.')
        .waitFor({ timeout: 15000 });
      await back
        .getByText(
          'Done. No meeting booked: the chat stopped before an answer (the chat told the server: cancel).',
        )
        .waitFor({ timeout: 15000 });
      // The next turn works: a saved tool call without its result would fail every later message.
      await back.getByRole('button', { name: 'Delete old-notes.txt' }).click();
      const next = newest(back).getByRole('article', { name: /^Team tools (is asking|asked)$/ });
      await next.getByRole('checkbox', { name: /Yes, delete old-notes\.txt/ }).check({ timeout: 15000 });
      await next.getByRole('button', { name: 'Accept' }).click();
      await newest(back).getByText('Done. Deleted old-notes.txt.').waitFor({ timeout: 15000 });
      if (await back.getByText('Something went wrong', { exact: false }).count()) {
        throw new Error('the chat shows "Something went wrong"');
      }
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
      await later.close();
    },
    { verbose: true },
  );

  await check(
    "a suggestion pressed with the keyboard keeps its focus, and the question's card scrolls into view",
    async () => {
      const { context, page, problems } = await openChat(browser);
      await page.setViewportSize({ width: 1024, height: 600 });
      // One answered question first, so the next card arrives below the fold.
      await page.getByRole('button', { name: 'Delete old-notes.txt' }).click();
      const first = newest(page).getByRole('article', { name: /^Team tools (is asking|asked)$/ });
      await first.getByRole('button', { name: 'Decline' }).click({ timeout: 15000 });
      await newest(page).getByText('Done.', { exact: false }).first().waitFor({ timeout: 15000 });
      // The turn has ended once the suggestions take presses again (the reply may still stream).
      await page.waitForFunction(
        () => !document.querySelector('.chat-suggestion')?.hasAttribute('aria-disabled'),
        null,
        { timeout: 15000 },
      );
      const suggestion = page.getByRole('button', { name: 'Book a meeting room' });
      await suggestion.focus();
      await page.keyboard.press('Enter');
      const card = newest(page).getByRole('article', { name: /^Team tools (is asking|asked)$/ });
      const accept = card.getByRole('button', { name: 'Accept' });
      await accept.waitFor({ timeout: 15000 });
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      if (focused !== 'Book a meeting room') throw new Error(`focus is on ${JSON.stringify(focused)}`);
      // Scrolled to: Accept shows inside the conversation, not behind the message box.
      await page.waitForFunction(
        () => {
          const log = document.querySelector('.chat-log').getBoundingClientRect();
          const buttons = [
            ...document.querySelectorAll('.chat-message:last-child [data-part="actions"] button'),
          ];
          const box = buttons.find((button) => button.textContent === 'Accept')?.getBoundingClientRect();
          return box !== undefined && box.top >= log.top && box.bottom <= log.bottom;
        },
        null,
        { timeout: 5000 },
      );
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
      await context.close();
    },
    { verbose: true },
  );

  await check(
    'a confirm: ticking the box and accepting deletes the file',
    async () => {
      const { context, page, problems } = await openChat(browser);
      await page.getByRole('button', { name: 'Delete old-notes.txt' }).click();
      const reply = newest(page);
      const card = reply.getByRole('article', { name: /^Team tools (is asking|asked)$/ });
      await card.getByRole('checkbox', { name: /Yes, delete old-notes\.txt/ }).check({ timeout: 15000 });
      await card.getByRole('button', { name: 'Accept' }).click();
      await reply.getByText('Done. Deleted old-notes.txt.').waitFor({ timeout: 15000 });
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
      await context.close();
    },
    { verbose: true },
  );

  await check(
    'a bridge timeout shows on the card and reaches the MCP server as a stated cancel (timed-out)',
    async () => {
      const { context, page, problems } = await openChat(browser);
      await page.getByRole('button', { name: 'Quick lunch poll' }).click();
      const reply = newest(page);
      const card = reply.getByRole('article', { name: /^Team tools (is asking|asked)$/ });
      await card.getByText('Lunch order closes soon. What would you like?').waitFor({ timeout: 15000 });
      // Nobody answers: after 5 s the bridge answers the server itself, and says so.
      const summary = reply.getByRole('article', { name: 'Team tools asked' });
      await summary
        .getByText('No answer came in time, so the server was told: cancelled.')
        .waitFor({ timeout: 15000 });
      // The tool's own words prove what reached the MCP server: cancel, with the reason.
      await reply
        .getByText(
          'Done. No lunch ordered: nobody answered in time (the chat told the server: cancel, timed-out).',
        )
        .waitFor({ timeout: 10000 });
      await page.reload();
      await newest(page)
        .getByText('No answer came in time, so the server was told: cancelled.')
        .waitFor({ timeout: 15000 });
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
      await context.close();
    },
    { verbose: true },
  );
} catch (error) {
  failOutside('AI SDK example e2e setup', error);
} finally {
  await browser?.close();
  example?.stop();
}

console.log(`  (AI SDK example e2e took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
finish();
