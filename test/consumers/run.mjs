// Consumer apps: the packed tarball installed into scratch apps, as users install it, and each
// app type-checked and built. Run by `npm test` after the build (it packs dist/ as it is).
//
// - vite-react: Vite + React 19 + TypeScript 7 (`tsc --noEmit`, `vite build`);
// - react-18: the same app with React 18.3, @types/react 18.0, TanStack Query 5.0.0 and
//   react-hook-form 7.55 (the oldest versions the peers allow; 7.55 first exports createFormControl);
// - next-app: a Next.js App Router app (`next build`): a Server Component that imports
//   `parseSuspension` from the root entry and from ./core, and a client page with the card; then
//   `next start` and Chromium answer two cards whose `resume` is a Server Action;
// - types: TypeScript 5.x with `moduleResolution` node16 and bundler, importing every entry,
//   next to msw 3 (./testing with msw 3's own setupServer) and without the MCP SDK;
// - node-only: the tarball alone, as a Node bot installs it: no React comes with it.
//
// To stay fast, the apps share one install (a scratch project whose folders are the apps; each
// resolves packages from the shared node_modules above it). Only React 18 needs its own tree,
// a small install of its own in react-18/. Versions shared with this repository are the ones in
// its node_modules, so npm takes them from its cache (`npm ci` of the repo fills it).
//
// Type-checks run with `skipLibCheck: false` and report the errors in the app's code and in
// this package's declarations; errors inside other libraries' declarations are theirs, not ours
// (react-hook-form 7.55's own types, for one, do not compile against @types/react 18.0).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../scripts/storybook-preview.mjs';
import { check, failOutside, finish } from '../support/node-suite.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const templates = fileURLToPath(new URL('.', import.meta.url));
const jobs = Number(process.env.CONSUMER_JOBS ?? 2);
const keep = process.env.CONSUMER_KEEP === '1';

/** The version of a package installed in this repository, so the scratch install hits the cache. */
function repoVersion(name) {
  return JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')).version;
}

const TS5 = '5.9.3';
const NEXT = '16.4.6';
const MSW3 = '^3.0.5';

/** Starts a command; `output()` is what it has written so far, stdout and stderr together. */
function spawnCollecting(command, args, cwd, env = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return { child, output: () => output };
}

/** Runs a command; resolves with its exit code, combined output and duration. */
function run(command, args, cwd) {
  const started = performance.now();
  return new Promise((resolve) => {
    const { child, output } = spawnCollecting(command, args, cwd);
    child.on('close', (code) =>
      resolve({ code, output: output(), seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const tail = (output, lines = 40) => output.trim().split('\n').slice(-lines).join('\n');

/** Throws with the tail of the output when a command failed. */
async function mustRun(command, args, cwd) {
  const result = await run(command, args, cwd);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.code} in ${cwd}\n${tail(result.output)}`);
  }
  return result;
}

/**
 * Type-checks a project and fails on errors in the app's own files or in this package's
 * declarations (see the top of this file).
 */
async function typeCheck(tsc, project, cwd) {
  const result = await run('node', [tsc, '-p', project, '--pretty', 'false'], cwd);
  const errors = result.output.split('\n').filter((line) => /\): error TS\d+|^error TS\d+/.test(line));
  const ours = errors.filter(
    (line) => !line.includes('node_modules/') || line.includes('node_modules/input-request-cards/'),
  );
  if (ours.length > 0 || (result.code !== 0 && errors.length === 0)) {
    throw new Error(
      `tsc -p ${project} in ${cwd}\n${ours.length > 0 ? ours.join('\n') : tail(result.output)}`,
    );
  }
  return result;
}

const scratch = mkdtempSync(join(tmpdir(), 'irc-consumers-'));
const timings = [];
const started = performance.now();
const timed = (label, seconds) => timings.push(`${label} ${seconds.toFixed(1)} s`);
const pkg = (dependencies, devDependencies = {}, extra = {}) =>
  `${JSON.stringify({ private: true, ...extra, dependencies, devDependencies }, null, 2)}\n`;

let tarball;
try {
  const packed = await mustRun(
    'npm',
    ['pack', '--ignore-scripts', '--silent', '--pack-destination', scratch],
    repo,
  );
  tarball = `file:${join(scratch, packed.output.trim().split('\n').pop())}`;
  timed('pack', packed.seconds);
} catch (error) {
  failOutside('npm pack', error);
  finish();
}

// The shared project: React 19, the newest of everything, msw 3, no MCP SDK.
for (const app of ['vite-react', 'next-app', 'types'])
  cpSync(join(templates, app), join(scratch, app), { recursive: true });
writeFileSync(join(scratch, 'types', 'package.json'), '{ "type": "module" }\n');
writeFileSync(
  join(scratch, 'package.json'),
  pkg(
    {
      'input-request-cards': tarball,
      react: repoVersion('react'),
      'react-dom': repoVersion('react-dom'),
      '@tanstack/react-query': repoVersion('@tanstack/react-query'),
      'react-hook-form': repoVersion('react-hook-form'),
      msw: MSW3,
      next: NEXT,
    },
    {
      '@types/react': repoVersion('@types/react'),
      '@types/react-dom': repoVersion('@types/react-dom'),
      '@types/node': repoVersion('@types/node'),
      vite: repoVersion('vite'),
      '@vitejs/plugin-react': repoVersion('@vitejs/plugin-react'),
      // Next's build needs the TypeScript compiler API, which TS 7 does not offer: TS 5 is
      // `typescript`, TS 7 is installed beside it for the Vite apps.
      typescript: TS5,
      typescript7: `npm:typescript@${repoVersion('typescript')}`,
    },
    { type: 'module' },
  ),
);

// React 18 and the oldest peers, in a tree of their own; tools come from the shared project.
const react18 = join(scratch, 'react-18');
cpSync(join(templates, 'vite-react'), react18, { recursive: true });
writeFileSync(
  join(react18, 'package.json'),
  pkg(
    {
      'input-request-cards': tarball,
      react: '18.3.1',
      'react-dom': '18.3.1',
      '@tanstack/react-query': '5.0.0',
      'react-hook-form': '7.55.0',
    },
    { '@types/react': '18.0.38', '@types/react-dom': '18.0.11' },
    { type: 'module' },
  ),
);

// A Node-only bot: the tarball and nothing else, outside the shared tree (Node would find the
// shared node_modules above it).
const nodeOnly = mkdtempSync(join(tmpdir(), 'irc-node-only-'));
writeFileSync(
  join(nodeOnly, 'package.json'),
  pkg({ 'input-request-cards': tarball }, {}, { type: 'module' }),
);

const installArgs = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
const installs = {};
async function install(name, dir) {
  const result = await run('npm', installArgs, dir);
  timed(`${name}: install`, result.seconds);
  installs[name] = result.code === 0;
  await check(`${name}: npm install of the tarball succeeds`, () => {
    if (result.code !== 0) throw new Error(`npm install exited ${result.code}\n${tail(result.output, 30)}`);
  });
}

/** One named check after its install; skipped as failed when the install failed. */
function step(installName, label, body) {
  return async () =>
    check(label, async () => {
      if (!installs[installName]) throw new Error(`${installName} did not install`);
      const result = await body();
      timed(label, result.seconds);
    });
}

/**
 * Serves the built Next.js app (`next start`) and answers both cards of its /action page in
 * Chromium: one whose `resume` calls a Server Action, one whose `resume` is the Server Action
 * itself. Each action writes what reached the server to a log, read back here.
 */
async function answerThroughServerActions(dir) {
  const started = performance.now();
  const port = Number(process.env.CONSUMER_NEXT_PORT ?? 5391);
  const log = join(dir, 'action-log.jsonl');
  const { child: server, output } = spawnCollecting(
    'node',
    [next, 'start', '-p', String(port), '-H', '127.0.0.1'],
    dir,
    { CONSUMER_ACTION_LOG: log },
  );
  let browser;
  try {
    const url = `http://127.0.0.1:${port}/action`;
    await waitUntilServed(url, output);
    browser = await launchChromium();
    const page = await browser.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(url);
    for (const name of ['Wrapped', 'Direct']) {
      const card = page.getByRole('article', { name: new RegExp(`^${name} `) });
      await card.getByLabel(/^Email/).fill(`${name.toLowerCase()}@example.com`);
      await card.getByRole('button', { name: 'Accept' }).click();
      await card.getByText('You answered.').waitFor({ timeout: 20000 });
    }
    if (problems.length > 0) throw new Error(`the page threw: ${problems.join('; ')}`);
    const calls = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    for (const [via, email, taskId] of [
      ['wrapped', 'wrapped@example.com', 'task-1'],
      ['direct', 'direct@example.com', undefined],
    ]) {
      const matching = calls.filter((call) => call.via === via);
      const [call] = matching;
      if (matching.length !== 1)
        throw new Error(`${matching.length} ${via} calls reached the server: ${JSON.stringify(calls)}`);
      if (call.taskId !== taskId) throw new Error(`the ${via} call came for task ${call.taskId}`);
      if (
        JSON.stringify(call.responses) !== JSON.stringify({ who: { action: 'accept', content: { email } } })
      ) {
        throw new Error(`the ${via} call brought ${JSON.stringify(call.responses)}`);
      }
      if (typeof call.idempotencyKey !== 'string' || call.idempotencyKey === '') {
        throw new Error(`the ${via} call brought no idempotency key`);
      }
    }
    return { seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    throw new Error(`${error.message}\n--- next start said:\n${tail(output())}`);
  } finally {
    await browser?.close();
    server.kill();
  }
}

/** Resolves once `url` answers 200; fails after 30 s with what the server said. */
async function waitUntilServed(url, said) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within 30 s\n${tail(said())}`);
}

/** Runs `tasks` with at most `limit` at a time. */
async function pool(tasks, limit) {
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: Math.max(1, limit) }, async () => {
      while (queue.length > 0) await queue.shift()();
    }),
  );
}

const bin = (name, path) => join(scratch, 'node_modules', name, path);
const tsc5 = bin('typescript', 'bin/tsc');
const tsc7 = bin('typescript7', 'bin/tsc');
const vite = bin('vite', 'bin/vite.js');
const next = bin('next', 'dist/bin/next');

await Promise.all([
  install('shared (React 19, msw 3, Next, TS 5 and 7)', scratch),
  (async () => {
    await install('react-18', react18);
    await install('node-only', nodeOnly);
  })(),
]);
const shared = 'shared (React 19, msw 3, Next, TS 5 and 7)';

await pool(
  [
    // The slowest first, so the pool ends together.
    // The slowest first, so the pool ends together; a build and the check of its output in turn.
    async () => {
      await step(
        shared,
        'next-app: next build (a Server Component imports the root entry; a client page)',
        () => mustRun('node', [next, 'build'], join(scratch, 'next-app')),
      )();
      await step(shared, 'next-app: the prerendered pages hold what the components wrote', async () => {
        const app = join(scratch, 'next-app', '.next', 'server', 'app');
        const home = readFileSync(join(app, 'index.html'), 'utf8');
        for (const text of ['Who are you?', '>true<', '>example.co.uk<']) {
          if (!home.includes(text)) throw new Error(`the Server Component page lacks ${text}`);
        }
        const card = readFileSync(join(app, 'card.html'), 'utf8');
        if (!card.includes('data-state="input-required"')) throw new Error('the client page lacks the card');
        return { seconds: 0 };
      })();
      await step(
        shared,
        'next-app: next start; Server Actions as resume (wrapped, and passed as they are) answer in Chromium',
        () => answerThroughServerActions(join(scratch, 'next-app')),
      )();
    },
    step(shared, 'vite-react (React 19, TS 7): tsc --noEmit', () =>
      typeCheck(tsc7, 'tsconfig.json', join(scratch, 'vite-react')),
    ),
    step(shared, 'vite-react (React 19): vite build', () =>
      mustRun('node', [vite, 'build', '--logLevel', 'warn'], join(scratch, 'vite-react')),
    ),
    step('react-18', 'react-18 (React 18.3, @types/react 18.0, TanStack Query 5.0, TS 7): tsc --noEmit', () =>
      typeCheck(tsc7, 'tsconfig.json', react18),
    ),
    step('react-18', 'react-18: vite build', () =>
      mustRun('node', [vite, 'build', '--logLevel', 'warn'], react18),
    ),
    async () => {
      const types = join(scratch, 'types');
      await step(shared, 'types (TS 5, msw 3, no MCP SDK): every entry with moduleResolution node16', () =>
        typeCheck(tsc5, 'tsconfig.node16.json', types),
      )();
      await step(shared, 'types (TS 5, msw 3, no MCP SDK): every entry with moduleResolution bundler', () =>
        typeCheck(tsc5, 'tsconfig.bundler.json', types),
      )();
      // skipLibCheck: false, so the package's own declarations are checked by TS 5 too (without
      // ./testing: msw 3's type-fest costs TS 5 ten seconds to check, and is not ours).
      await step(shared, 'types (TS 5): the package declarations compile (node16, skipLibCheck off)', () =>
        typeCheck(tsc5, 'tsconfig.declarations.json', types),
      )();
    },
    step(
      'node-only',
      'node-only: brings no React, ./core and ./mcp run, and the React entry names what is missing',
      async () => {
        for (const name of ['react', 'react-dom', '@tanstack/react-query', 'react-hook-form', 'msw']) {
          if (existsSync(join(nodeOnly, 'node_modules', name))) throw new Error(`${name} was installed`);
        }
        return mustRun(
          'node',
          [
            '--input-type=module',
            '-e',
            `const { checkLink } = await import('input-request-cards/core');
           const { createMcpRetrySource } = await import('input-request-cards/mcp');
           if (!checkLink('https://a.example.com').openable || typeof createMcpRetrySource !== 'function')
             throw new Error('the entries do not work');
           // The React entry says what is missing.
           const failure = await import('input-request-cards').then(() => 'loaded', (error) => String(error));
           if (!/Cannot find package '(react|react-dom|react-hook-form|@tanstack\\/react-query)'/.test(failure))
             throw new Error('the React entry: ' + failure);`,
          ],
          nodeOnly,
        );
      },
    ),
  ],
  jobs,
);

console.log(`  timings: ${timings.join('; ')}`);
console.log(
  `  consumer apps took ${((performance.now() - started) / 1000).toFixed(1)} s (${jobs} at a time)`,
);
if (keep) console.log(`  kept in ${scratch} and ${nodeOnly}`);
// Half a gigabyte of node_modules takes a while to delete on a busy disk: a detached `rm` does it
// without holding up the test run.
else spawn('rm', ['-rf', scratch, nodeOnly], { detached: true, stdio: 'ignore' }).unref();
finish();
