// `npm test`: every check the project has, in one run, ending with one line
// `N passed, N failed` that sums them all (CI reads that line).
//
// Steps: type-check, lint, unit + component tests (jsdom, plain and under StrictMode), browser
// tests and Storybook stories (real Chromium), end-to-end pages in Chromium (Storybook, the chat
// demo with its real MCP server, and the AI SDK example), then the built package: build,
// publint, are-the-types-wrong, plain-Node import and the shape of dist/, README's examples
// type-checked against dist/, a form under a strict
// Content-Security-Policy in Chromium, the size budget, consumer apps built on the packed
// tarball, and the official MCP conformance client scenarios.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let passed = 0;
let failed = 0;
const failures = [];

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function step(name, command, args, env = {}) {
  process.stdout.write(`\n▶ ${name}: ${command} ${args.join(' ')}\n`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  process.stdout.write(`  (${name}: ${seconds(started)})\n`);
  return result.status === 0;
}

function check(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

function finish() {
  if (failures.length > 0)
    process.stdout.write(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}\n`);
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exit(failed === 0 ? 0 : 1);
}

if (!existsSync(chromium)) {
  process.stderr.write(
    `\ninput-request-cards: browser tests need Chromium, and there is none at ${chromium}.\n` +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chrome\n',
  );
  check('chromium present', false);
  finish();
}

check('type-check', step('type-check', 'npx', ['tsc', '-p', 'tsconfig.json']));
check(
  'type-check the chat demo',
  step('type-check the chat demo', 'npx', ['tsc', '-p', 'examples/chat/tsconfig.json']),
);
check(
  'type-check the AI SDK example',
  step('type-check the AI SDK example', 'npx', ['tsc', '-p', 'examples/ai-sdk/tsconfig.json']),
);
check('lint', step('lint', 'npx', ['biome', 'check', '.']));

const reportDir = mkdtempSync(join(tmpdir(), 'irc-vitest-'));
const report = join(reportDir, 'report.json');
const vitestOk = step(
  'unit, component, browser and story tests',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { STORYBOOK_DISABLE_TELEMETRY: '1' },
);
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  // Name each failed test (file and title): CI shows only the end of this output, so the last
  // lines must say which tests failed, not just how many.
  for (const file of results.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${relative(process.cwd(), file.name)} › ${test.fullName}`);
    }
  }
  // A suite that fails to load has no failed *tests*, but must still fail the run.
  if (!vitestOk && results.numFailedTests === 0) check('vitest suites', false);
  if (results.numTotalTests === 0) check('vitest ran no test', false);
} else {
  check('vitest (no report written)', false);
}
rmSync(reportDir, { recursive: true, force: true });

/** Runs a Node suite that ends with its own `N passed, N failed` line, and adds it in. */
function countedSuite(name, args) {
  process.stdout.write(`\n▶ ${name}: node ${args.join(' ')}\n`);
  const started = performance.now();
  const result = spawnSync('node', args, {
    encoding: 'utf8',
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(`${result.stdout}${result.stderr}  (${name}: ${seconds(started)})\n`);
  const lines = result.stdout.trim().split('\n');
  const counts = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1] ?? '');
  if (counts) {
    passed += Number(counts[1]);
    failed += Number(counts[2]);
    if (Number(counts[2]) > 0) failures.push(name);
  }
  // A crash after the count line, or an exit code that disagrees with it, still fails the run.
  if (!counts || (result.status !== 0 && Number(counts[2]) === 0))
    check(`${name} (exit ${result.status})`, false);
}

countedSuite('end to end in Chromium (built Storybook)', ['test/e2e/run.mjs']);
countedSuite('end to end in Chromium (chat demo on a real MCP server)', ['test/e2e/chat.e2e.mjs']);
countedSuite('end to end in Chromium (AI SDK example: useChat, @ai-sdk/mcp, the bridge)', [
  'test/e2e/ai-sdk.e2e.mjs',
]);

const built = step('build', 'npm', ['run', 'build', '--silent']);
check('build', built);
if (built) {
  check('publint', step('publint', 'npx', ['publint', '--strict']));
  // ESM only (Node ^20.19 || >=22.12 `require()`s it): the CommonJS and node10 resolutions are
  // out of this profile; test/consumers type-checks node16 and bundler projects for real.
  check(
    'are the types wrong',
    step('are the types wrong', 'npx', [
      'attw',
      '--pack',
      '--profile',
      'esm-only',
      '--format',
      'table-flipped',
    ]),
  );
  countedSuite('built package in plain Node', ['test/package/built-package.mjs']);
  countedSuite("README's examples compile (tsc, strict, against dist/)", ['test/readme/snippets.mjs']);
  countedSuite('strict CSP in Chromium (built package)', ['test/e2e/csp.e2e.mjs']);
  countedSuite('size budget (esbuild, min+gzip, React external)', ['test/package/size.mjs']);
  countedSuite('consumer apps (packed tarball: Vite + React 19/18, Next.js, TS 5, msw 3)', [
    'test/consumers/run.mjs',
  ]);
  countedSuite('MCP conformance: official client scenarios', ['scripts/conformance.mjs']);
}

finish();
