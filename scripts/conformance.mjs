// Runs the official MCP conformance scenarios for clients against scripts/conformance-client.mjs
// (which uses the BUILT package: run `npm run build` first), prints each check, and ends with
// one line `N passed, N failed` counting checks. Exits non-zero when any check fails.
//
// The suite (@modelcontextprotocol/conformance) needs Node >= 22, so it runs on Node 24 from the
// npm registry (`npx -p node@24`); the client under test runs on that Node too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CONFORMANCE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const SCENARIOS = [
  // SEP-1034: an accepted elicitation carries every default, typed (MCP 2025-11-25).
  'elicitation-sep1034-client-defaults',
  // SEP-2322: requestState echoed byte-exact, left out when none was sent, never leaked into other
  // calls, a new JSON-RPC id per retry, a missing resultType read as complete (MCP 2026-07-28).
  'sep-2322-client-request-state',
];

if (!existsSync('dist/mcp/index.js')) {
  process.stderr.write('input-request-cards: dist/mcp/index.js is missing. Run `npm run build` first.\n');
  process.stdout.write('\n0 passed, 1 failed\n');
  process.exit(1);
}

let passed = 0;
let failed = 0;
const outRoot = mkdtempSync(join(tmpdir(), 'irc-conformance-'));

for (const scenario of SCENARIOS) {
  const outDir = join(outRoot, scenario);
  const run = spawnSync(
    'npx',
    [
      '-y',
      '-p',
      'node@24',
      '-p',
      CONFORMANCE,
      'conformance',
      'client',
      '--command',
      'node scripts/conformance-client.mjs',
      '--scenario',
      scenario,
      '--output-dir',
      outDir,
    ],
    { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
  );
  const checks = readChecks(outDir);
  process.stdout.write(`\n▶ ${scenario}\n`);
  if (checks === undefined) {
    failed += 1;
    process.stdout.write(`  ✗ no results were written (exit ${run.status})\n${run.stdout}${run.stderr}\n`);
    continue;
  }
  let scenarioFailed = 0;
  for (const check of checks) {
    // INFO entries log traffic; WARNING and SKIPPED are shown but neither pass nor fail.
    if (check.status === 'INFO') continue;
    if (check.status === 'SUCCESS') passed += 1;
    else if (check.status === 'FAILURE') {
      failed += 1;
      scenarioFailed += 1;
    }
    const mark = check.status === 'SUCCESS' ? '✓' : check.status === 'FAILURE' ? '✗' : '!';
    const why =
      check.status === 'SUCCESS'
        ? ''
        : ` — ${check.status}: ${check.errorMessage ?? JSON.stringify(check.details ?? {})}`;
    process.stdout.write(`  ${mark} ${check.id}${why}\n`);
  }
  if (run.status !== 0 && scenarioFailed === 0) {
    // The suite failed without a failing check (e.g. the client crashed): count the scenario.
    failed += 1;
    process.stdout.write(`  ✗ the suite exited with ${run.status}\n${run.stdout}${run.stderr}\n`);
  } else if (scenarioFailed > 0) {
    process.stdout.write(`${clientOutput(outDir)}\n`);
  }
}

rmSync(outRoot, { recursive: true, force: true });
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);

/** The checks.json the suite wrote for one scenario (it adds a timestamped folder inside outDir). */
function readChecks(outDir) {
  if (!existsSync(outDir)) return undefined;
  for (const entry of readdirSync(outDir)) {
    const file = join(outDir, entry, 'checks.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  }
  return undefined;
}

/** What the client printed, to explain a failing check. */
function clientOutput(outDir) {
  const texts = [];
  for (const entry of readdirSync(outDir)) {
    for (const name of ['stdout.txt', 'stderr.txt']) {
      const file = join(outDir, entry, name);
      if (existsSync(file))
        texts.push(`  client ${name}:\n${readFileSync(file, 'utf8').replace(/^/gm, '    ')}`);
    }
  }
  return texts.join('\n');
}
