// End-to-end checks of the chat demo (`npm start`): starts its Vite dev server, which also serves
// the demo MCP server on the same 127.0.0.1 port, and drives real Chromium through three flows,
// over real HTTP to a real `@modelcontextprotocol/server` 2.4. Ends with `N passed, N failed`.
import { spawn } from 'node:child_process';
import { launchChromium } from '../../scripts/storybook-preview.mjs';
import { check, failOutside, finish } from '../support/node-suite.mjs';

const port = Number(process.env.CHAT_E2E_PORT ?? 5199);
const origin = `http://127.0.0.1:${port}`;

/** Starts the demo in its own process group, so stopping it stops Vite and everything it spawned. */
async function startDemo() {
  const server = spawn(
    'npx',
    [
      'vite',
      '--config',
      'examples/chat/vite.config.ts',
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let errors = '';
  server.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const stop = () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
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
      throw new Error(`the demo server exited (${server.exitCode}): ${errors.trim()}`);
    }
    try {
      if ((await fetch(`${origin}/`)).ok) return { stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error(`the demo did not start on ${origin}: ${errors.trim()}`);
}

/** Opens the demo in a fresh context and waits until its MCP client is connected. */
async function openDemo(browser) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(origin);
  await page.getByText('Connected to the Demo server').waitFor({ timeout: 20000 });
  return { context, page, problems };
}

/** The newest message in the conversation (the assistant's reply with the card). */
const newest = (page) => page.locator('.chat-message').last();

const started = Date.now();
let browser;
let demo;
try {
  demo = await startDemo();
  browser = await launchChromium();

  await check(
    'approve and send: a typed note is accepted and "Sent to team@…" appears',
    async () => {
      const { context, page, problems } = await openDemo(browser);
      await page.getByRole('button', { name: 'Approve and send the weekly report' }).click();
      const reply = newest(page);
      const card = reply.getByRole('article', { name: 'Demo server is asking' });
      await card.getByRole('textbox', { name: /Recipient/ }).waitFor({ timeout: 10000 });
      const recipient = await card.getByRole('textbox', { name: /Recipient/ }).inputValue();
      if (recipient !== 'team@example.com') throw new Error(`recipient default is "${recipient}"`);
      await card.getByRole('textbox', { name: /Note/ }).fill('Numbers look good');
      await card.getByRole('checkbox', { name: /Yes, send it now/ }).check();
      await card.getByRole('button', { name: 'Accept' }).click();
      await reply
        .getByText('Sent to team@example.com: the weekly report with the note “Numbers look good”.')
        .waitFor({ timeout: 10000 });
      const state = await card.getAttribute('data-state');
      if (state !== 'completed') throw new Error(`card state is "${state}", expected "completed"`);
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
      await context.close();
    },
    { verbose: true },
  );

  await check(
    'long task: works, asks twice (both rounds answered), then shows its result',
    async () => {
      const { context, page, problems } = await openDemo(browser);
      await page.getByRole('textbox', { name: 'Message' }).fill('please run the long task');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const reply = newest(page);
      await reply.getByText('Working on it…', { exact: false }).waitFor({ timeout: 5000 });
      await reply.getByText('Which dataset should I crunch?', { exact: false }).waitFor({ timeout: 10000 });
      await reply.getByRole('radio', { name: 'Web analytics' }).check();
      await reply.getByRole('button', { name: 'Accept' }).click();
      await reply.getByText('Answer sent. Working on it…').waitFor({ timeout: 5000 });
      await reply.getByText('Publish the summary?', { exact: false }).waitFor({ timeout: 10000 });
      const publish = reply.getByRole('checkbox', { name: /Publish the summary/ });
      if (!(await publish.isChecked())) throw new Error('the publish default (true) is not checked');
      await reply.getByRole('button', { name: 'Accept' }).click();
      await reply
        .getByText('Done: summarised 58,301 rows of “web” and published it to the team dashboard.')
        .waitFor({ timeout: 10000 });
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
      await context.close();
    },
    { verbose: true },
  );

  await check(
    'connect account: Open shows the sign-in page in a new tab, Done connects',
    async () => {
      const { context, page, problems } = await openDemo(browser);
      await page.getByRole('button', { name: 'Connect my calendar account' }).click();
      const reply = newest(page);
      await reply.getByText(`http://localhost:${port}/demo-auth`).waitFor({ timeout: 10000 });
      const opened = context.waitForEvent('page', { timeout: 10000 });
      await reply.getByRole('button', { name: /Open/ }).click();
      const tab = await opened;
      await tab.getByRole('heading', { name: 'Account connected' }).waitFor({ timeout: 10000 });
      const openerless = await tab.evaluate(() => window.opener === null);
      if (!openerless) throw new Error('the sign-in tab can reach window.opener');
      await tab.close();
      await reply.getByRole('button', { name: 'Done' }).click();
      await reply.getByText('Your calendar account is connected.').waitFor({ timeout: 10000 });
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
      await context.close();
    },
    { verbose: true },
  );
} catch (error) {
  failOutside('chat demo e2e setup', error);
} finally {
  await browser?.close();
  demo?.stop();
}

console.log(`  (chat demo e2e took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
finish();
