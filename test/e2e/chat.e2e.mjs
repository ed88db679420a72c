// End-to-end checks of the chat demo (`npm start`): starts its Vite dev server, which also serves
// the chat API and the demo MCP server on the same 127.0.0.1 port, and drives real Chromium
// through every promise the demo makes: a conversation that lives on the server (reload, a second
// tab, "answered elsewhere"), a re-ask with the server's reason, the unanswerable fallback, a tool
// that runs as a task, a link that keeps the round waiting, and the long task. Each check asserts
// what the person sees (by role and text) and what the server got (`GET /api/debug/received`,
// served with CHAT_DEMO_DEBUG=1). Ends with `N passed, N failed`.
import { startExample } from '../../scripts/start-example.mjs';
import { launchChromium } from '../../scripts/storybook-preview.mjs';
import { failOutside, finish, check as runCheck } from '../support/node-suite.mjs';
import { storedTextsOf } from '../support/stored-texts.mjs';

const port = Number(process.env.CHAT_E2E_PORT ?? 5199);
/** CHAT_E2E_ONLY=<words>: run only the checks whose names contain them (while working on one). */
const only = process.env.CHAT_E2E_ONLY;
/** CHAT_E2E_REPEAT=<n>: run each check n times (hunting a flaky one). */
const repeat = Number(process.env.CHAT_E2E_REPEAT ?? 1);
async function check(name, body, options) {
  if (only && !name.includes(only)) return;
  for (let round = 1; round < repeat; round++) await checkOnce(name, body, options);
  await checkOnce(name, body, options);
}

async function checkOnce(name, body, options) {
  const since = Date.now();
  await runCheck(
    name,
    async () => {
      try {
        await body();
      } catch (error) {
        // What each open tab shows, to tell a slow server from a wrong screen.
        const shown = await Promise.all(context.pages().map(describePage));
        // The suite prints the stack, which already holds the message: add the tabs to both.
        if (error instanceof Error) {
          error.message += `\n${shown.join('\n')}`;
          error.stack = `${error.stack}\n${shown.join('\n')}`;
        }
        throw error;
      }
    },
    options,
  );
  // The pages of a check close after it, passed or failed; the context stays, with its cache.
  await Promise.all(context.pages().map((page) => page.close()));
  console.log(`    (${((Date.now() - since) / 1000).toFixed(1)} s)`);
}
const origin = `http://127.0.0.1:${port}`;
const TIMEOUT = 15_000;

/** A page's address, its cards' states and its newest message, for a failure's report. */
async function describePage(page) {
  try {
    const states = await page
      .locator('article[data-state]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-state')));
    const last = (await newest(page).textContent({ timeout: 1000 })) ?? '';
    return `    tab ${page.url()}: cards ${JSON.stringify(states)}; newest message: ${JSON.stringify(last.slice(0, 400))}`;
  } catch (error) {
    return `    tab ${page.url()}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
}

let conversations = 0;
/** A conversation of its own for each check (`?c=<id>`), so checks never see each other's calls. */
/** Resolves once nothing answers at `origin` any more. */
async function untilDown(at) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(`${at}/`);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${at} still answers after the demo server was stopped`);
}

const freshConversation = () => `e2e-${process.pid}-${++conversations}`;

/**
 * Opens the demo on a conversation in a new page (a tab: its own sessionStorage) of `context`,
 * and waits until the demo server is connected. The checks share one browser context, so the
 * app's modules come from its HTTP cache after the first page.
 */
async function openChat(context, conversation) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${origin}/?c=${conversation}`);
  await page.getByText('Connected to the Demo server').waitFor({ timeout: 20_000 });
  return { page, problems };
}

/** The newest message in the conversation (the assistant's reply with the card). */
const newest = (page) => page.locator('.chat-message').last();

/**
 * Text as a person sees it in `scope`: the card's live region (`[data-part="status"]`, visually
 * hidden) repeats some lines for screen readers, so it is left out.
 */
const shown = (scope, text, options) =>
  scope.getByText(text, options).and(scope.locator(':not([data-part="status"])'));

/** What reached the demo server: `answers` (each POST to a call's resume URL) and `mcp` (the tools). */
async function received() {
  const response = await fetch(`${origin}/api/debug/received`);
  if (!response.ok) throw new Error(`GET /api/debug/received answered ${response.status}`);
  return response.json();
}

/** The tool call id of the newest tool message of a conversation (from the server). */
async function lastCallId(conversation) {
  const snapshot = await (await fetch(`${origin}/api/conversations/${conversation}`)).json();
  const call = snapshot.messages.findLast((message) => message.kind === 'tool');
  if (call === undefined) throw new Error(`conversation ${conversation} has no tool call`);
  return call.callId;
}

/** The answers that reached a call's resume URL and were processed (replays of a key left out). */
async function answersOf(callId) {
  const { answers } = await received();
  return answers.filter((answer) => answer.callId === callId && !answer.replayed);
}

function expectEqual(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

function expectTrue(condition, what) {
  if (!condition) throw new Error(what);
}

async function expectState(card, expected) {
  const deadline = Date.now() + TIMEOUT;
  let state;
  while (Date.now() < deadline) {
    state = await card.getAttribute('data-state');
    if (state === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`card state is "${state}", expected "${expected}"`);
}

async function expectStateIn(card, states) {
  const deadline = Date.now() + TIMEOUT;
  let state;
  while (Date.now() < deadline) {
    state = await card.getAttribute('data-state');
    if (states.includes(state)) return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`card state is "${state}", expected one of ${states.join(', ')}`);
}

/**
 * Records, in the page, every `data-state` a card takes and which of `phrases` it ever showed: a
 * state may be brief (a fast server, a loaded machine), and polling from here could miss it.
 * Read the record with `card.evaluate(() => window.__cardHistory)`.
 */
function recordHistory(card, phrases = [ELSEWHERE]) {
  return card.evaluate((element, watched) => {
    const history = { states: [element.getAttribute('data-state')], seen: [] };
    window.__cardHistory = history;
    const look = () => {
      const state = element.getAttribute('data-state');
      if (history.states.at(-1) !== state) history.states.push(state);
      for (const phrase of watched) {
        if (!history.seen.includes(phrase) && element.textContent.includes(phrase)) history.seen.push(phrase);
      }
    };
    new MutationObserver(look).observe(element, {
      attributes: true,
      attributeFilter: ['data-state'],
      childList: true,
      subtree: true,
      characterData: true,
    });
  }, phrases);
}

/**
 * Records, in the page, which of `phrases` the conversation ever showed as a person sees it (the
 * visually hidden live region `[data-part="status"]` left out), from now on: read the record with
 * `page.evaluate(() => window.__conversationSeen)`.
 */
function recordConversationPhrases(page, phrases) {
  return page.evaluate((watched) => {
    const seen = [];
    window.__conversationSeen = seen;
    const visibleText = () => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let text = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement?.closest('[data-part="status"]')) text += node.data;
      }
      return text;
    };
    new MutationObserver(() => {
      const text = visibleText();
      for (const phrase of watched) if (!seen.includes(phrase) && text.includes(phrase)) seen.push(phrase);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, phrases);
}

// Said by the receipt's first line ("Answered elsewhere. Nothing was sent from here.") where focus
// was in the card, else by its status region ("Answered elsewhere. This question is closed.").
const ELSEWHERE = 'Answered elsewhere.';
const history = (card) => card.evaluate(() => window.__cardHistory);

/** The approval card's four controls, by role and name. */
function approvalControls(card) {
  return {
    recipient: card.getByRole('textbox', { name: /Recipient/ }),
    note: card.getByRole('textbox', { name: /Note/ }),
    code: card.getByRole('textbox', { name: /One-time code/ }),
    confirm: card.getByRole('checkbox', { name: /Yes, send it now/ }),
  };
}

const started = Date.now();
let browser;
let context;
let demo;
try {
  demo = await startExample('chat', port, { CHAT_DEMO_DEBUG: '1' });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1024, height: 800 } });

  await check(
    "a quick action pressed with the keyboard keeps its focus, and its card takes the message's whole width",
    async () => {
      const { page, problems } = await openChat(context, freshConversation());
      await page.waitForFunction(() => document.querySelector('.chat-suggestion')?.disabled === false);
      const action = page.getByRole('button', { name: 'Book a meeting' });
      await action.focus();
      await page.keyboard.press('Enter');
      const card = newest(page).getByRole('article', { name: /^Demo server (is asking|asked)$/ });
      await card.getByRole('button', { name: 'Accept' }).waitFor({ timeout: TIMEOUT });
      // While the message was on its way the button stayed focusable: focus never fell to <body>.
      expectEqual(
        await page.evaluate(() => document.activeElement?.textContent),
        'Book a meeting',
        'the focused element',
      );
      // A short form is as wide as any card (the message's width, up to the card's own limit), not
      // as wide as its own content.
      const widths = await newest(page).evaluate((message) => {
        const card = message.querySelector('.irc-card');
        const limit = Number.parseFloat(getComputedStyle(card).maxInlineSize);
        const tool = message.querySelector('.chat-tool').getBoundingClientRect().width;
        const expected = Number.isNaN(limit) ? tool : Math.min(tool, limit);
        return { card: card.getBoundingClientRect().width, expected };
      });
      expectTrue(
        Math.abs(widths.card - widths.expected) < 1,
        `the card is ${widths.card} px wide, not ${widths.expected} px`,
      );
      expectEqual(problems, [], 'page errors');
      await page.close();
    },
  );

  await check(
    "book a meeting: a title of only spaces is no title, and a weekend is asked again with the server's reason",
    async () => {
      const { page, problems } = await openChat(context, freshConversation());
      await page.waitForFunction(() => document.querySelector('.chat-suggestion')?.disabled === false);
      await page.getByRole('button', { name: 'Book a meeting' }).click();
      const card = newest(page).getByRole('article', { name: /^Demo server (is asking|asked)$/ });
      const title = card.getByRole('textbox', { name: /Title/ });
      await title.fill('   ');
      await card.getByLabel(/^Date/).fill('2026-12-12');
      await card.getByRole('button', { name: 'Accept' }).click();
      // The card asks for a title itself: nothing goes to the server.
      await shown(card, 'This field is required.').waitFor({ timeout: TIMEOUT });
      expectTrue(
        await title.evaluate((element) => element === document.activeElement),
        'the title has focus',
      );
      await title.fill('Planning');
      await card.getByRole('button', { name: 'Accept' }).click();
      // A Saturday is a date to JSON Schema: the server asks again, with its reason, and the answers stay.
      await shown(card, '2026-12-12 is a Saturday, and the office is closed at weekends.', {
        exact: false,
      }).waitFor({
        timeout: TIMEOUT,
      });
      expectEqual(await title.inputValue(), 'Planning', 'the title after the re-ask');
      // The booking asks for nothing hidden: no password to enter again.
      await shown(card, 'Your earlier answers are filled in.', { exact: true }).waitFor({ timeout: TIMEOUT });
      await card.getByLabel(/^Date/).fill('2026-12-10');
      await card.getByRole('button', { name: 'Accept' }).click();
      await shown(newest(page), 'Booked “Planning” on 2026-12-10', { exact: false }).waitFor({
        timeout: TIMEOUT,
      });
      expectEqual(problems, [], 'page errors');
      await page.close();
    },
  );

  await check(
    'on a phone, a tall card keeps its actions flush with the bottom of the conversation',
    async () => {
      const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
      try {
        const { page, problems } = await openChat(phone, freshConversation());
        await page.getByRole('button', { name: 'Approve and send the weekly report' }).click();
        const card = newest(page).getByRole('article', { name: /^Demo server (is asking|asked)$/ });
        await card.locator('[data-part="actions"]').first().waitFor({ timeout: TIMEOUT });
        await page.locator('.irc-card[data-tall]').waitFor({ timeout: TIMEOUT });
        // Measured once the conversation has finished scrolling to the new card.
        const gap = await page.evaluate(async () => {
          const measure = () => {
            const log = document.querySelector('.chat-log').getBoundingClientRect();
            const row = document.querySelector('.irc-card[data-tall] [data-part="actions"]');
            return log.bottom - row.getBoundingClientRect().bottom;
          };
          const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
          let last = Number.NaN;
          for (let frames = 0; frames < 120; frames++) {
            await frame();
            const now = measure();
            if (now === last) return now;
            last = now;
          }
          return last;
        });
        // Stuck to the scroller's bottom edge: no strip of the form showing below the buttons.
        expectTrue(Math.abs(gap) < 1, `the actions end ${gap} px above the conversation's bottom`);
        // The protocol version is a date: it never breaks at its hyphens.
        // One line: every box of its text starts at the same height.
        const lines = await page
          .locator('.chat-version')
          .evaluate((element) => new Set([...element.getClientRects()].map((box) => box.top)).size);
        expectEqual(lines, 1, 'lines of the protocol version');
        expectEqual(problems, [], 'page errors');
      } finally {
        await phone.close();
      }
    },
  );

  await check(
    'approval re-asks with its reason: an unticked box comes back as a new round, same fields, then sends',
    async () => {
      const conversation = freshConversation();
      const { page, problems } = await openChat(context, conversation);
      await page.getByRole('button', { name: 'Approve and send the weekly report' }).click();
      const card = newest(page).getByRole('article', { name: /^Demo server (is asking|asked)$/ });
      let fields = approvalControls(card);
      await fields.code.waitFor({ timeout: TIMEOUT });
      expectEqual(await fields.recipient.inputValue(), 'team@example.com', 'the recipient default');
      await fields.note.fill('Numbers look good');
      await fields.code.fill('135790');
      await card.getByRole('button', { name: 'Accept' }).click(); // the box is left unticked

      // The server's reason, as the new round's message, and the same four fields again.
      await card
        .getByText('Not sent: the confirmation box was not ticked. Please tick “Yes, send it now” to send.')
        .waitFor({ timeout: TIMEOUT });
      await expectState(card, 'input-required');
      fields = approvalControls(card);
      for (const control of Object.values(fields)) await control.waitFor({ timeout: TIMEOUT });
      expectEqual(await fields.code.inputValue(), '', 'the secret after the re-ask');
      // The person's earlier answers come back (never the code), and the card says why it asks.
      expectEqual(await fields.note.inputValue(), 'Numbers look good', 'the note after the re-ask');
      await card.getByText('The server asked again. Its reason:').waitFor({ timeout: TIMEOUT });
      await card
        .getByText(
          'Your earlier answers are filled in. Passwords and other hidden values are never kept; enter them again.',
        )
        .waitFor({ timeout: TIMEOUT });
      await fields.code.fill('135790');
      await fields.confirm.check();
      await card.getByRole('button', { name: 'Accept' }).click();
      await newest(page)
        .getByText('Sent to team@example.com: the weekly report with the note “Numbers look good”.')
        .waitFor({ timeout: TIMEOUT });
      await expectState(card, 'completed');

      const answers = await answersOf(await lastCallId(conversation));
      expectEqual(
        answers.map((answer) => answer.inputResponses.approval.content.confirm),
        [false, true],
        'the confirm box in the two answers the server got',
      );
      expectEqual(
        answers.map((answer) => answer.status),
        [200, 200],
        'the statuses of the two answers',
      );
      expectTrue(answers[0].suspendedAt !== answers[1].suspendedAt, 'the re-ask is a new round');
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
    },
    { verbose: true },
  );

  await check(
    'reload mid-form restores the conversation, the open card and its typed values, never the one-time code; a reload after the answer keeps its receipt',
    async () => {
      const conversation = freshConversation();
      const { page, problems } = await openChat(context, conversation);
      await page.getByRole('button', { name: 'Approve and send the weekly report' }).click();
      const card = newest(page).getByRole('article', { name: /^Demo server (is asking|asked)$/ });
      let fields = approvalControls(card);
      await fields.code.waitFor({ timeout: TIMEOUT });
      await fields.recipient.fill('bob@example.com');
      await fields.note.fill('Half-typed');
      await fields.code.fill('864209');
      // Drafts are written a moment after typing (sessionStorage, per round).
      await page.waitForFunction(() =>
        Object.values(sessionStorage).some((value) => value.includes('Half-typed')),
      );
      // Read as stored texts: a random idempotency key could hold the digits by chance.
      const stored = storedTextsOf(await page.evaluate(() => Object.entries(sessionStorage)));
      expectTrue(
        !stored.some((text) => text.includes('864209')),
        `the one-time code reached sessionStorage: ${JSON.stringify(stored)}`,
      );

      await page.reload();
      await page.getByText('Connected to the Demo server').waitFor({ timeout: 20_000 });
      await page
        .getByRole('listitem')
        .filter({ hasText: 'You said:' })
        .getByText('Approve and send the weekly report')
        .waitFor({ timeout: TIMEOUT });
      await page
        .getByText('I’ll send the weekly report. The server needs your approval first:')
        .waitFor({ timeout: TIMEOUT });
      fields = approvalControls(card);
      await fields.code.waitFor({ timeout: TIMEOUT });
      await expectState(card, 'input-required');
      expectEqual(await fields.recipient.inputValue(), 'bob@example.com', 'the recipient after reload');
      expectEqual(await fields.note.inputValue(), 'Half-typed', 'the note after reload');
      expectEqual(await fields.code.inputValue(), '', 'the one-time code after reload');

      await fields.code.fill('864209');
      await fields.confirm.check();
      // The answer's response is the tool's result. Readings of the call (the conversation's event
      // makes the page read it at once) wait until that response is in: the card goes from sending
      // straight to the result, with no reading in between that says the round was answered.
      let answerIn;
      const answered = new Promise((resolve) => {
        answerIn = resolve;
      });
      const callState = /\/api\/calls\/[^/?]+(\?.*)?$/;
      await page.route(callState, async (route) => {
        await answered;
        await route.continue();
      });
      await page.route('**/api/calls/*/resume', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response });
        answerIn();
      });
      await card.getByRole('button', { name: 'Accept' }).click();
      await newest(page)
        .getByText('Sent to bob@example.com: the weekly report with the note “Half-typed”.')
        .waitFor({ timeout: TIMEOUT });
      await page.unrouteAll({ behavior: 'wait' });
      const answers = await answersOf(await lastCallId(conversation));
      expectEqual(
        answers.map((answer) => answer.inputResponses),
        [
          {
            approval: {
              action: 'accept',
              content: { recipient: 'bob@example.com', note: 'Half-typed', code: '864209', confirm: true },
            },
          },
        ],
        'what the server got',
      );

      // The answer's response was the tool's result. Reloaded, the card still says who asked and
      // that this person answered, with the result under it.
      await page.reload();
      await page.getByText('Connected to the Demo server').waitFor({ timeout: 20_000 });
      const reloaded = newest(page).getByRole('article');
      await expectState(reloaded, 'completed');
      await shown(reloaded, 'Sent to bob@example.com: the weekly report with the note “Half-typed”.', {
        exact: false,
      }).waitFor({ timeout: TIMEOUT });
      expectEqual(
        await reloaded.getByRole('heading', { level: 3 }).textContent(),
        'Demo server asked',
        'the heading after a reload',
      );
      await shown(reloaded, 'You answered.').waitFor({ timeout: TIMEOUT });
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
    },
    { verbose: true },
  );

  await check(
    'a second tab shows the same conversation; one tab at a time answers ("Answer here" takes over with the typed note), and the answer closes the other as "answered elsewhere"',
    async () => {
      // Two pages of one context: one storage origin, each tab with its own sessionStorage.
      const conversation = freshConversation();
      const first = await openChat(context, conversation);
      const second = await openChat(context, conversation);
      const before = (await received()).mcp.length;
      await first.page.getByRole('button', { name: 'Approve and send the weekly report' }).click();
      // The second tab never clicked anything: the message and its card arrive from the server.
      await second.page
        .getByRole('listitem')
        .filter({ hasText: 'You said:' })
        .getByText('Approve and send the weekly report')
        .waitFor({ timeout: TIMEOUT });
      // One live copy per round across the tabs: whichever card showed the round first has it
      // (tab A below); the other (tab B) says where the round is answered and offers to take over.
      const cardIn = (tab) =>
        newest(tab.page).getByRole('article', { name: /^Demo server (is asking|asked)$/ });
      const passiveIn = (tab) => cardIn(tab).getByText('Being answered in another tab.');
      let tabA;
      let tabB;
      for (const deadline = Date.now() + TIMEOUT; !tabA; ) {
        if (await passiveIn(second).count()) [tabA, tabB] = [first, second];
        else if (await passiveIn(first).count()) [tabA, tabB] = [second, first];
        else if (Date.now() > deadline)
          throw new Error('neither tab says the round is answered in the other');
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const cardA = cardIn(tabA);
      const cardB = cardIn(tabB);
      await cardB.getByRole('button', { name: 'Answer here' }).click();
      const fieldsB = approvalControls(cardB);
      await fieldsB.note.waitFor({ timeout: TIMEOUT });
      await fieldsB.note.fill('Typed in tab B');

      await recordHistory(cardB);

      // A person takes longer to reach the other tab than a typed draft to travel there (the
      // session writes it after 250 ms, the tab channel posts it 200 ms later).
      await tabB.page.waitForTimeout(1000);
      // Now tab A says so, and taking the round back brings what B typed (never a secret) along.
      await cardA.getByText('Being answered in another tab.').waitFor({ timeout: TIMEOUT });
      await cardA.getByRole('button', { name: 'Answer here' }).click();
      const fieldsA = approvalControls(cardA);
      await fieldsA.code.waitFor({ timeout: TIMEOUT });
      expectEqual(await fieldsA.note.inputValue(), 'Typed in tab B', 'the note that came from tab B');
      await cardB.getByText('Being answered in another tab.').waitFor({ timeout: TIMEOUT });
      await fieldsA.code.fill('112233');
      await fieldsA.confirm.check();
      await cardA.getByRole('button', { name: 'Accept' }).click();
      await newest(tabA.page)
        .getByText('Sent to team@example.com: the weekly report with the note “Typed in tab B”.')
        .waitFor({ timeout: TIMEOUT });
      await expectState(cardA, 'completed');

      // Tab B's card must close as answered elsewhere. Every state it takes is recorded, since a
      // task that completes afterwards may still move it on (see the README of the demo).
      await expectStateIn(cardB, ['answered-elsewhere', 'completed']);
      const seenB = await history(cardB);
      expectTrue(
        seenB.states.includes('answered-elsewhere') && seenB.seen.includes(ELSEWHERE),
        `tab B's card never read "Answered elsewhere": ${JSON.stringify(seenB)}`,
      );
      expectTrue(!seenB.states.includes('submitting'), 'tab B sent an answer');
      // Tab B's card says how its round ended, that nothing was sent from there, and the tool's
      // result (the task may have completed before tab B read it again: no later reading comes).
      expectEqual(await cardB.getAttribute('data-outcome'), 'answered-elsewhere', "tab B's outcome");
      await cardB.getByText('Answered elsewhere. Nothing was sent from here.').waitFor({ timeout: TIMEOUT });
      await cardB
        .getByText('Sent to team@example.com: the weekly report with the note “Typed in tab B”.')
        .waitFor({ timeout: TIMEOUT });
      expectEqual(
        await cardB.getByRole('button', { name: 'Accept' }).count(),
        0,
        'Accept buttons left in tab B',
      );

      const callId = await lastCallId(conversation);
      const answers = await answersOf(callId);
      expectEqual(answers.length, 1, 'answers the server got');
      expectEqual(
        answers[0].inputResponses.approval.content.note,
        'Typed in tab B',
        'the note sent from tab A',
      );
      const mcp = (await received()).mcp.slice(before);
      expectEqual(
        mcp.filter((arrival) => arrival.tool === 'send_report').map((arrival) => arrival.retry),
        [false, true],
        'the call and its answers as the MCP server got them (one retry)',
      );
      const problems = [...tabA.problems, ...tabB.problems];
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
    },
    { verbose: true },
  );

  await check(
    'a lost response: the answer reached the server (answeredKey), so the card never reads "answered elsewhere"',
    async () => {
      const conversation = freshConversation();
      const { page, problems } = await openChat(context, conversation);
      const before = (await received()).mcp.length;
      await page.getByRole('button', { name: 'Approve and send the weekly report' }).click();
      const card = newest(page).getByRole('article', { name: /^Demo server (is asking|asked)$/ });
      const fields = approvalControls(card);
      await fields.code.waitFor({ timeout: TIMEOUT });
      await fields.code.fill('975310');
      await fields.confirm.check();
      await recordHistory(card);
      // The answer reaches the server, but its response never reaches the page.
      await page.route(
        '**/api/calls/*/resume',
        async (route) => {
          await route.fetch();
          await route.abort('connectionreset');
        },
        { times: 1 },
      );
      await card.getByRole('button', { name: 'Accept' }).click();
      await newest(page)
        .getByText('Sent to team@example.com: the weekly report.')
        .waitFor({ timeout: TIMEOUT });
      await expectState(card, 'completed');
      const seen = await history(card);
      expectTrue(
        !seen.states.includes('answered-elsewhere') && seen.seen.length === 0,
        `the card read "answered elsewhere" after its own answer: ${JSON.stringify(seen)}`,
      );
      expectEqual(await card.getByRole('button', { name: 'Try again' }).count(), 0, 'Try again buttons');
      // The receipt says it was this person's answer (whether the server's state or the failed
      // send told the card first decides between "You answered." and "…reached the server.").
      expectEqual(await card.getAttribute('data-outcome'), 'accepted', 'the outcome');
      const callId = await lastCallId(conversation);
      const answers = await answersOf(callId);
      expectEqual(answers.length, 1, 'answers the server got');
      const state = await (await fetch(`${origin}/api/calls/${callId}`)).json();
      expectEqual(state.answeredKey, answers[0].idempotencyKey, 'the answeredKey of the call');
      expectEqual(
        (await received()).mcp
          .slice(before)
          .filter((arrival) => arrival.tool === 'send_report')
          .map((arrival) => arrival.retry),
        [false, true],
        'the call and its answers as the MCP server got them',
      );
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
    },
    { verbose: true },
  );

  await check(
    'the REST layer honours Idempotency-Key: a repeated key gets the first outcome, nothing more',
    async () => {
      // Straight to the API, as a client that lost a response and retries would.
      const conversation = freshConversation();
      const before = (await received()).mcp.length;
      await fetch(`${origin}/api/conversations/${conversation}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'api-1', text: 'send it', tool: 'send_report' }),
      });
      const callId = await lastCallId(conversation);
      let state;
      for (let attempt = 0; attempt < 100; attempt++) {
        state = await (await fetch(`${origin}/api/calls/${callId}`)).json();
        if (state.status === 'input_required') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expectEqual(state.status, 'input_required', 'the call state');
      const post = (key, inputResponses) =>
        fetch(`${origin}/api/calls/${callId}/resume`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({
            inputResponses,
            roundId: `${callId}@${state.suspendedAt}`,
            suspendedAt: state.suspendedAt,
          }),
        }).then(async (response) => ({ status: response.status, body: await response.json() }));
      const answer = {
        approval: {
          action: 'accept',
          content: { recipient: 'team@example.com', code: '424242', confirm: true },
        },
      };
      const first = await post('key-1', answer);
      expectEqual(first.status, 200, 'the first answer');
      expectEqual([first.body.status, first.body.answeredKey], ['completed', 'key-1'], 'the state after it');
      const again = await post('key-1', answer);
      expectEqual(again, first, 'the same key again');
      const other = await post('key-2', { approval: { action: 'decline' } });
      expectEqual(other.status, 409, 'another key on the closed round');
      expectEqual(
        (await received()).mcp
          .slice(before)
          .filter((arrival) => arrival.tool === 'send_report')
          .map((arrival) => arrival.retry),
        [false, true],
        'what the MCP server got (one retry)',
      );
      const answers = (await received()).answers.filter((item) => item.callId === callId);
      expectEqual(
        answers.map((item) => [item.idempotencyKey, item.status, item.replayed]),
        [
          ['key-1', 200, false],
          ['key-1', 200, true],
          ['key-2', 409, false],
        ],
        'the answers the REST layer got',
      );
    },
  );

  await check(
    'a form outside the flat subset shows the fallback, and Decline reaches the server as decline',
    async () => {
      const conversation = freshConversation();
      const { page, problems } = await openChat(context, conversation);
      await page.getByRole('button', { name: 'Add a contact with an address' }).click();
      const card = newest(page).getByRole('article', { name: /^Demo server (is asking|asked)$/ });
      await card.getByText('This question cannot be answered here').waitFor({ timeout: TIMEOUT });
      await card
        .getByText('This form uses features this app cannot show safely', { exact: false })
        .waitFor({ timeout: TIMEOUT });
      await card
        .getByText('Who should I add? Give their name and postal address.')
        .waitFor({ timeout: TIMEOUT });
      expectEqual(await card.getByRole('textbox').count(), 0, 'text boxes in the fallback');
      expectEqual(
        await card.getByRole('button', { name: 'Accept' }).count(),
        0,
        'Accept buttons in the fallback',
      );
      await card.getByRole('button', { name: 'Cancel' }).waitFor({ timeout: TIMEOUT });
      await card.getByRole('button', { name: 'Decline' }).click();
      await newest(page).getByText('No contact added: you declined.').waitFor({ timeout: TIMEOUT });
      const answers = await answersOf(await lastCallId(conversation));
      expectEqual(
        answers.map((answer) => answer.inputResponses),
        [{ contact: { action: 'decline' } }],
        'what the server got',
      );
      const { mcp } = await received();
      const last = mcp.findLast((arrival) => arrival.tool === 'add_contact');
      expectEqual(last?.inputResponses, { contact: { action: 'decline' } }, 'what the MCP tool got');
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
    },
    { verbose: true },
  );

  await check(
    'a tool that runs as a task completes in one card through two rounds (tasks/update twice)',
    async () => {
      const conversation = freshConversation();
      const { page, problems } = await openChat(context, conversation);
      const before = (await received()).mcp.length;
      await page.getByRole('button', { name: 'Prepare the quarterly report (as a task)' }).click();
      const reply = newest(page);
      await reply
        .getByText('Which format should the report have?', { exact: false })
        .waitFor({ timeout: TIMEOUT });
      const card = reply.getByRole('article');
      expectEqual(await card.count(), 1, 'cards in the reply');
      await card.getByRole('button', { name: 'Stop task' }).waitFor({ timeout: TIMEOUT });
      await card.getByRole('radio', { name: 'Slides' }).check();
      await card.getByRole('button', { name: 'Accept' }).click();
      await card.getByText('The report is ready as slides. Who should get it?').waitFor({ timeout: TIMEOUT });
      await card.getByRole('checkbox', { name: 'Sales' }).check();
      await card.getByRole('button', { name: 'Accept' }).click();
      await reply
        .getByText('The Q3 report is ready as slides and shared with Sales, Finance.')
        .waitFor({ timeout: TIMEOUT });
      await expectState(card, 'completed');
      expectEqual(await reply.getByRole('article').count(), 1, 'cards in the reply at the end');

      const mcp = (await received()).mcp
        .slice(before)
        .filter((arrival) => arrival.tool === 'quarterly_report');
      expectEqual(
        mcp.map((arrival) => [arrival.method, arrival.inputResponses ?? null]),
        [
          ['tools/call', null],
          ['tasks/update', { format: { action: 'accept', content: { format: 'slides' } } }],
          ['tasks/update', { share: { action: 'accept', content: { teams: ['Sales', 'Finance'] } } }],
        ],
        'what the MCP server got',
      );
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
    },
    { verbose: true },
  );

  await check(
    'Stop task stops the task (tasks/cancel): the card reads cancelled, and after a reload it is not said to be working',
    async () => {
      const { page, problems } = await openChat(context, freshConversation());
      const before = (await received()).mcp.length;
      await page.getByRole('button', { name: 'Prepare the quarterly report (as a task)' }).click();
      const reply = newest(page);
      const card = reply.getByRole('article');
      await card
        .getByText('Which format should the report have?', { exact: false })
        .waitFor({ timeout: TIMEOUT });
      await card.getByRole('button', { name: 'Stop task' }).click();
      // It ends the whole task: asked first, in place of the button.
      await card
        .getByRole('group', { name: /Stop the whole task\?/ })
        .getByRole('button', { name: 'Stop task' })
        .click();
      await expectState(card, 'cancelled');
      // Said once: "Stopped by you.", not "The task was stopped." again under it.
      await shown(reply, 'Stopped by you.').waitFor({ timeout: TIMEOUT });
      expectEqual(await shown(reply, 'The task was stopped.').count(), 0, 'the stop said twice');
      expectEqual(
        (await received()).mcp
          .slice(before)
          .filter((arrival) => arrival.tool === 'quarterly_report')
          .map((arrival) => arrival.method),
        ['tools/call', 'tasks/cancel'],
        'what the MCP server got',
      );
      // The page comes back to a task that asked nothing of this tab and ended: its heading must not
      // say the server is still at work (the result and the ending say how it went).
      await page.reload();
      await page.getByText('Connected to the Demo server').waitFor({ timeout: 20_000 });
      await expectState(card, 'cancelled');
      await shown(reply, 'The task was stopped.').waitFor({ timeout: TIMEOUT });
      expectEqual(
        await card.getByRole('heading', { level: 3 }).textContent(),
        'Task from Demo server',
        'the heading of the stopped task after a reload',
      );
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
    },
    { verbose: true },
  );

  await check(
    'a link that keeps the round waiting: retried with back-off until Finish on the sign-in page, then done',
    async () => {
      const conversation = freshConversation();
      const { page, problems } = await openChat(context, conversation);
      const before = (await received()).mcp.length;
      await page.getByRole('button', { name: 'Connect my calendar account' }).click();
      const reply = newest(page);
      await reply
        .getByText(`http://localhost:${port}/demo-auth?signin=`, { exact: false })
        .waitFor({ timeout: TIMEOUT });
      const opened = context.waitForEvent('page', { timeout: TIMEOUT });
      await reply.getByRole('button', { name: /Open/ }).click();
      const tab = await opened;
      await tab.getByRole('heading', { name: 'Sign in to the demo calendar' }).waitFor({ timeout: TIMEOUT });
      expectTrue(await tab.evaluate(() => window.opener === null), 'the sign-in tab can reach window.opener');

      await reply.getByRole('button', { name: 'Done' }).click();
      await shown(reply, 'Waiting for you to finish signing in… Press Finish on the sign-in page.').waitFor({
        timeout: TIMEOUT,
      });
      await page.waitForTimeout(2000); // the server keeps retrying the round that asks nothing
      expectEqual(
        await reply.getByText('Your calendar account is connected.').count(),
        0,
        'results before Finish',
      );
      const waiting = (await received()).mcp
        .slice(before)
        .filter((arrival) => arrival.tool === 'connect_account');
      const stateOnly = waiting.filter((arrival) => arrival.retry && arrival.inputResponses === undefined);
      expectTrue(
        stateOnly.length >= 1 && stateOnly.length <= 4,
        `state-only retries in 2 s: ${stateOnly.length} (expected 1 to 4, never a hot loop)`,
      );
      for (let index = 1; index < stateOnly.length; index++) {
        const gap = stateOnly[index].at - stateOnly[index - 1].at;
        expectTrue(gap >= 400, `state-only retries ${gap} ms apart`);
      }

      await tab.getByRole('button', { name: 'Finish' }).click();
      await tab.getByRole('heading', { name: 'Account connected' }).waitFor({ timeout: TIMEOUT });
      await reply.getByText('Your calendar account is connected.').waitFor({ timeout: TIMEOUT });
      await expectState(reply.getByRole('article'), 'completed');
      expectEqual(
        await reply.getByText('Waiting for you to finish signing in…', { exact: false }).count(),
        0,
        'waiting notes after the result',
      );
      const all = (await received()).mcp
        .slice(before)
        .filter((arrival) => arrival.tool === 'connect_account');
      expectEqual(
        all.slice(0, 2).map((arrival) => arrival.inputResponses ?? null),
        [null, { signin: { action: 'accept' } }],
        'the call and the answer the MCP server got',
      );
      expectTrue(
        all.slice(2).every((arrival) => arrival.retry && arrival.inputResponses === undefined),
        'every later retry carries only the state',
      );
      await tab.close();
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
    },
    { verbose: true },
  );

  await check(
    'Stop waiting ends the wait for a sign-in: the card reads cancelled and the retries stop',
    async () => {
      const conversation = freshConversation();
      const { page, problems } = await openChat(context, conversation);
      await page.getByRole('button', { name: 'Connect my calendar account' }).click();
      const reply = newest(page);
      const card = reply.getByRole('article');
      const opened = context.waitForEvent('page', { timeout: TIMEOUT });
      await card.getByRole('button', { name: /Open/ }).click({ timeout: TIMEOUT });
      await (await opened).close();
      await card.getByRole('button', { name: 'Done' }).click();
      await shown(reply, 'Waiting for you to finish signing in…', { exact: false }).waitFor({
        timeout: TIMEOUT,
      });
      await card.getByRole('button', { name: 'Stop waiting' }).click();
      // Asked first, in the demo's words for a sign-in.
      await card
        .getByRole('group', {
          name: 'Stop waiting for the sign-in? Your calendar account will not be connected.',
        })
        .getByRole('button', { name: 'Stop waiting' })
        .click();
      await expectState(card, 'cancelled');
      // Said as what it means here: the sign-in was given up.
      await shown(reply, 'You stopped waiting. Your calendar account is not connected.').waitFor({
        timeout: TIMEOUT,
      });
      const count = () =>
        received().then(({ mcp }) => mcp.filter((arrival) => arrival.tool === 'connect_account').length);
      const stoppedAt = await count();
      await page.waitForTimeout(2500); // longer than the longest back-off step (2 s)
      expectEqual(await count(), stoppedAt, 'MCP retries after Stop waiting');
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
    },
    { verbose: true },
  );

  await check(
    'long task: works, asks twice (both rounds answered), then shows its result',
    async () => {
      const { page, problems } = await openChat(context, freshConversation());
      await page.getByRole('textbox', { name: 'Message' }).fill('please run the long task');
      // The tool warms up for 1.5 s before it asks: recorded in the page from before Send, since
      // polling from here could miss so brief a state on a loaded machine.
      await recordConversationPhrases(page, ['Working on it…']);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const reply = newest(page);
      await reply.getByText('Which dataset should I crunch?', { exact: false }).waitFor({ timeout: TIMEOUT });
      const beforeAsking = await page.evaluate(() => window.__conversationSeen);
      expectTrue(
        beforeAsking.includes('Working on it…'),
        `the card said it was working before the question came: seen ${JSON.stringify(beforeAsking)}`,
      );
      await reply.getByRole('radio', { name: 'Web analytics' }).check();
      const card = reply.getByRole('article');
      await recordHistory(card, ['Answer sent. Working on it…']);
      await reply.getByRole('button', { name: 'Accept' }).click();
      await reply.getByText('Publish the summary?', { exact: false }).waitFor({ timeout: TIMEOUT });
      // While the tool crunched (inside the retry), the card said so.
      const crunching = await history(card);
      expectTrue(
        crunching.states.includes('submitting') && crunching.seen.includes('Answer sent. Working on it…'),
        `the card while the retry ran: ${JSON.stringify(crunching)}`,
      );
      const publish = reply.getByRole('checkbox', { name: /Publish the summary/ });
      expectTrue(await publish.isChecked(), 'the publish default (true) is not checked');
      await reply.getByRole('button', { name: 'Accept' }).click();
      await reply
        .getByText('Done: summarised 58,301 rows of “web” and published it to the team dashboard.')
        .waitFor({ timeout: TIMEOUT });
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
    },
    { verbose: true },
  );

  await check(
    'text picks the tools ("help" lists them all), the quick actions offer each, and New conversation starts empty',
    async () => {
      const { page, problems } = await openChat(context, freshConversation());
      const say = async (text) => {
        await page.getByRole('textbox', { name: 'Message' }).fill(text);
        await page.getByRole('button', { name: 'Send', exact: true }).click();
      };
      await say('help');
      await newest(page)
        .getByText('I can: approve and send the weekly report', { exact: false })
        .waitFor({ timeout: TIMEOUT });
      await say('add my new contact');
      await newest(page)
        .getByText('The address book wants the contact’s details:')
        .waitFor({ timeout: TIMEOUT });
      await say('prepare the quarterly numbers');
      await newest(page)
        .getByText('The Demo server runs this as a background task.', { exact: false })
        .waitFor({ timeout: TIMEOUT });
      const suggestions = page.getByRole('group', { name: 'Suggested actions' }).getByRole('button');
      expectEqual(
        await suggestions.allTextContents(),
        [
          'Approve and send the weekly report',
          'Book a meeting',
          'Connect my calendar account',
          'Run the long task',
          'Add a contact with an address',
          'Prepare the quarterly report (as a task)',
        ],
        'the quick actions',
      );
      await page.getByRole('link', { name: 'New conversation' }).click();
      await page.waitForURL(/\?c=/);
      await page.getByText('Connected to the Demo server').waitFor({ timeout: TIMEOUT });
      // The quick actions are enabled once the conversation has loaded.
      await page.waitForFunction(() => document.querySelector('.chat-suggestion')?.disabled === false);
      expectEqual(
        await page.getByRole('listitem').filter({ hasText: 'You said:' }).count(),
        0,
        'messages in a new one',
      );
      if (problems.length > 0) throw new Error(`page errors: ${problems.join('; ')}`);
    },
    { verbose: true },
  );

  // Last: it restarts the demo server.
  await check(
    'a restart of the demo server is told, instead of the chat emptying without a word',
    async () => {
      const { page, problems } = await openChat(context, freshConversation());
      await page.waitForFunction(() => document.querySelector('.chat-suggestion')?.disabled === false);
      await page.getByRole('button', { name: 'Book a meeting' }).click();
      await newest(page).getByRole('button', { name: 'Accept' }).waitFor({ timeout: TIMEOUT });
      await demo.stop();
      await untilDown(origin);
      // The header says the server went away once the page's stream drops, not at its next read.
      await page.getByText('Could not reach the Demo server').waitFor({ timeout: 8_000 });
      demo = await startExample('chat', port, { CHAT_DEMO_DEBUG: '1' });
      await page.getByText('Connected to the Demo server').waitFor({ timeout: 10_000 });
      // The page hears the new run (on its stream, or on the reload Vite's client makes once its
      // dev server is back) and says what happened.
      const notice = page.getByRole('status').filter({ hasText: 'The Demo server restarted.' });
      await notice.waitFor({ timeout: 20_000 });
      expectEqual(
        await page.getByRole('listitem').filter({ hasText: 'You said:' }).count(),
        0,
        'messages from before the restart',
      );
      // The person goes on: the notice has said its piece.
      await page.waitForFunction(() => document.querySelector('.chat-suggestion')?.disabled === false);
      await page.getByRole('button', { name: 'Book a meeting' }).click();
      await newest(page).getByRole('button', { name: 'Accept' }).waitFor({ timeout: TIMEOUT });
      expectEqual(await notice.count(), 0, 'restart notices once the chat went on');
      expectEqual(problems, [], 'page errors');
      await page.close();
    },
  );
} catch (error) {
  failOutside('chat demo e2e setup', error);
} finally {
  await browser?.close();
  demo?.stop();
}

console.log(`  (chat demo e2e took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
finish();
