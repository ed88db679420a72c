// A form completes under a strict Content-Security-Policy. Bundles a page from the BUILT package
// (dist/, so run `npm run build` first) with esbuild, in memory, serves it from 127.0.0.1 with
// `Content-Security-Policy: script-src 'self'` (no 'unsafe-eval', no inline script), and drives
// real Chromium: the README's usage (`parseSuspension` + `<InputRequestCard suspension resume>`),
// filled by role and label, checked, and accepted. Ends with `N passed, N failed`.
//
// A second page passes the ajv checker instead, to prove the policy really bites: there the
// browser must report a violation and no answer may leave.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { launchChromium } from '../../scripts/storybook-preview.mjs';
import { check, failOutside, finish } from '../support/node-suite.mjs';

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'dist');
const POLICY = "script-src 'self'";

const wire = {
  resultType: 'input_required',
  inputRequests: {
    booking: {
      method: 'elicitation/create',
      params: {
        message: 'Book the meeting?',
        requestedSchema: {
          type: 'object',
          properties: {
            title: { type: 'string', title: 'Meeting title', minLength: 2 },
            email: { type: 'string', title: 'Organizer email', format: 'email' },
            attendees: { type: 'integer', title: 'Attendees', minimum: 1, maximum: 50 },
            budget: { type: 'number', title: 'Budget' },
            day: { type: 'string', title: 'Day', format: 'date' },
            room: {
              type: 'string',
              title: 'Room',
              oneOf: [
                { const: 'a', title: 'Room A' },
                { const: 'b', title: 'Room B', description: 'Has a projector' },
              ],
            },
            extras: {
              type: 'array',
              title: 'Extras',
              items: {
                anyOf: [
                  { const: 'coffee', title: 'Coffee' },
                  { const: 'snacks', title: 'Snacks' },
                ],
              },
              uniqueItems: true,
            },
            remote: { type: 'boolean', title: 'Remote' },
          },
          required: ['title', 'email', 'attendees', 'room'],
        },
      },
    },
  },
};

/** The page's script: the README's usage; `withAjv` passes the ajv checker instead of the default. */
function appSource(withAjv) {
  return `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { InputRequestCard, parseSuspension } from ${JSON.stringify(join(dist, 'index.js'))};
${withAjv ? `import { ajvAnswerChecker } from ${JSON.stringify(join(dist, 'ajv', 'index.js'))};` : ''}

const report = (path, body) =>
  fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
document.addEventListener('securitypolicyviolation', (event) => {
  report('/violation', { directive: event.violatedDirective, blocked: event.blockedURI });
});

async function resume(inputResponses) {
  const response = await report('/resume', { inputResponses });
  if (!response.ok) throw new Error('HTTP ' + response.status);
}

const suspension = parseSuspension(${JSON.stringify(wire)}, { serverName: 'Calendar' });
createRoot(document.getElementById('root')).render(
  createElement(InputRequestCard, { suspension, resume${withAjv ? ', checker: ajvAnswerChecker' : ''} }),
);
`;
}

const html = (script) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CSP</title>` +
  `<link rel="icon" href="data:,"><link rel="stylesheet" href="/styles.css"></head>` +
  `<body><main id="root"></main><script type="module" src="/${script}"></script></body></html>`;

async function bundle(withAjv) {
  const result = await build({
    stdin: { contents: appSource(withAjv), resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** Serves the two pages with the strict policy and records what the pages post back. */
function serve(files) {
  const posts = { resume: [], violation: [] };
  const server = createServer((request, response) => {
    if (request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        posts[request.url.slice(1)]?.push(JSON.parse(body));
        response.writeHead(204).end();
      });
      return;
    }
    const file = files[request.url];
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file.type, 'content-security-policy': POLICY }).end(file.body);
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () =>
      done({ server, posts, origin: `http://127.0.0.1:${server.address().port}` }),
    );
  });
}

/** Opens a page and collects everything it writes to the console and every uncaught error. */
async function open(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const console = [];
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => console.push(`uncaught: ${error.message}`));
  await page.goto(url);
  await page.getByRole('button', { name: 'Accept' }).waitFor({ timeout: 15000 });
  return { context, page, console };
}

async function fillValidAnswer(page) {
  await page.getByRole('textbox', { name: /Meeting title/ }).fill('Weekly sync');
  await page.getByRole('textbox', { name: /Organizer email/ }).fill('ada@example.com');
  await page.getByRole('spinbutton', { name: /Attendees/ }).fill('3');
  await page.getByRole('spinbutton', { name: /Budget/ }).fill('12.5');
  await page.getByLabel(/^Day/).fill('2026-03-02');
  await page.getByRole('radio', { name: /Room B/ }).check();
  await page.getByRole('checkbox', { name: 'Coffee' }).check();
  await page.getByRole('checkbox', { name: 'Snacks' }).check();
  await page.getByRole('checkbox', { name: /Remote/ }).check();
}

/** Lets posts from the page arrive (they are sent after the event that caused them). */
const settle = () => new Promise((done) => setTimeout(done, 300));

let browser;
let site;
try {
  if (!existsSync(join(dist, 'index.js')) || !existsSync(join(dist, 'ajv', 'index.js'))) {
    throw new Error('input-request-cards: dist/ is missing or old; run `npm run build` first.');
  }
  const [app, appWithAjv] = await Promise.all([bundle(false), bundle(true)]);
  site = await serve({
    '/': { type: 'text/html', body: html('app.js') },
    '/ajv.html': { type: 'text/html', body: html('app-ajv.js') },
    '/app.js': { type: 'text/javascript', body: app },
    '/app-ajv.js': { type: 'text/javascript', body: appWithAjv },
    '/styles.css': { type: 'text/css', body: readFileSync(join(dist, 'styles.css')) },
  });
  browser = await launchChromium();

  await check(
    `under "${POLICY}" a form is checked, accepted, and resume receives the typed content; no console output, no violation`,
    async () => {
      const { context, page, console } = await open(browser, `${site.origin}/`);
      await fillValidAnswer(page);
      await page.getByRole('textbox', { name: /Organizer email/ }).fill('not-an-email');
      await page.getByRole('button', { name: 'Accept' }).click();
      // The default checker ran (no eval) and refused the email: the error shows, nothing is sent.
      await page.getByText('Enter a valid email address.').waitFor({ timeout: 5000 });
      await settle();
      assert.deepEqual(site.posts.resume, []);

      await page.getByRole('textbox', { name: /Organizer email/ }).fill('ada@example.com');
      await page.getByRole('button', { name: 'Accept' }).click();
      await page.getByText('You answered.').waitFor({ timeout: 5000 });
      await settle();
      assert.deepEqual(site.posts.resume, [
        {
          inputResponses: {
            booking: {
              action: 'accept',
              content: {
                title: 'Weekly sync',
                email: 'ada@example.com',
                attendees: 3,
                budget: 12.5,
                day: '2026-03-02',
                room: 'b',
                extras: ['coffee', 'snacks'],
                remote: true,
              },
            },
          },
        },
      ]);
      assert.deepEqual(site.posts.violation, [], 'no Content-Security-Policy violation');
      assert.deepEqual(console, [], 'nothing written to the console');
      await context.close();
    },
    { verbose: true },
  );

  await check(
    'control: the same page with the ajv checker is refused by the policy and sends nothing',
    async () => {
      site.posts.resume.length = 0;
      site.posts.violation.length = 0;
      const { context, page } = await open(browser, `${site.origin}/ajv.html`);
      await fillValidAnswer(page);
      await page.getByRole('button', { name: 'Accept' }).click();
      await settle();
      await settle();
      assert.ok(
        site.posts.violation.some(
          (violation) => violation.directive.startsWith('script-src') && violation.blocked === 'eval',
        ),
        `expected an eval violation, got ${JSON.stringify(site.posts.violation)}`,
      );
      assert.deepEqual(site.posts.resume, []);
      await context.close();
    },
  );
} catch (error) {
  failOutside('strict CSP setup', error);
} finally {
  await browser?.close();
  site?.server.close();
}
finish();
