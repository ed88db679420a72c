// `npm run bench` (`-- --quick` for a smoke run): the side-by-side benchmark.
// Builds the package and the pages, serves them cross-origin isolated on 127.0.0.1, drives
// Debian's Chromium with playwright-core, and writes bench/results/latest.{md,json}.
// All timing happens in the page (performance.now()); this script only sequences the steps.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildPages, buildSizes, COLD_PROFILED } from './lib/build.mjs';
import { decodeSourceMap, summarizeProfiles } from './lib/cpuprofile.mjs';
import { heapGrowth, heapSnapshotSummary } from './lib/heap.mjs';
import { OPTION_IDS } from './lib/options.mjs';
import { renderReport, sanityChecks } from './lib/report.mjs';
import { startServer } from './lib/server.mjs';
import { seeded, shuffled } from './lib/stats.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(repo, 'bench/.out');
const resultsDir = join(repo, 'bench/results');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const skipBuild = args.includes('--no-build');
const seedArg = args.find((arg) => arg.startsWith('--seed='));
const seed = seedArg ? Number(seedArg.slice(7)) : 20261130;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HOSTILE_KINDS = [
  'fields-10k',
  'requests-10k',
  'message-1mb',
  'word-1mb',
  'default-1mb',
  'deep-meta',
  'deep-schema',
  'options-10k',
];
const CONFIG = quick
  ? {
      ns: [10, 100],
      warm: { warmup: 1, rounds: 3 },
      keys: { warmup: 0, rounds: 1, count: 8, idleCount: 5 },
      submit: { warmup: 0, rounds: 1 },
      counts: { keys: 3 },
      cold: { samples: { 10: 1, 100: 2 }, profiles: 1 },
      hostile: { reps: 1, repeatBelowMs: 0, capMs: 3000, kinds: HOSTILE_KINDS },
      transcript: { rounds: 1, budgetMs: 10_000 },
      heap: { cycles: 50, budgetMs: 20_000 },
      requestsWindowMs: 10_000,
      cpu: { warmup: 1, mounts: 2, submits: 1, keystrokes: 100 },
    }
  : {
      ns: [10, 50, 100],
      warm: { warmup: 3, rounds: 12 },
      keys: { warmup: 1, rounds: 2, count: 12, idleCount: 12 },
      submit: { warmup: 1, rounds: 3 },
      counts: { keys: 6 },
      cold: { samples: { 10: 3, 50: 2, 100: 5 }, profiles: 4 },
      hostile: { reps: 3, repeatBelowMs: 3000, capMs: 10_000, kinds: HOSTILE_KINDS },
      transcript: { rounds: 5, budgetMs: 20_000 },
      heap: { cycles: 1000, budgetMs: 100_000 },
      requestsWindowMs: 60_000,
      cpu: { warmup: 1, mounts: 6, submits: 2, keystrokes: 300 },
    };

const LAUNCH = {
  executablePath: chromiumPath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--js-flags=--expose-gc',
    '--disable-renderer-backgrounding',
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
  ],
};

const started = Date.now();
const log = (text) => process.stdout.write(`${text}\n`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

if (!existsSync(chromiumPath)) {
  process.stderr.write(
    `bench: no Chromium at ${chromiumPath}. On Debian/Ubuntu: sudo apt-get install -y chromium; ` +
      'elsewhere set CHROMIUM_PATH=/path/to/chrome.\n',
  );
  process.exit(1);
}

const version = (name) => {
  try {
    return JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
};

const results = {
  meta: {
    date: new Date().toISOString(),
    quick,
    seed,
    node: process.version,
    cpus: `${cpus().length} x ${cpus()[0]?.model ?? '?'}`,
    loadStart: loadavg()
      .map((value) => value.toFixed(2))
      .join(' '),
    commit: (() => {
      try {
        return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo }).toString().trim();
      } catch {
        return '?';
      }
    })(),
    packages: Object.fromEntries(
      [
        'react',
        'react-dom',
        'react-hook-form',
        '@tanstack/react-query',
        'ajv',
        'ajv-formats',
        '@rjsf/core',
        '@rjsf/validator-ajv8',
        '@jsonforms/react',
        '@jsonforms/vanilla-renderers',
        'esbuild',
        'playwright-core',
      ].map((name) => [name, version(name)]),
    ),
    phases: {},
  },
  config: CONFIG,
};

const onlyArg = args.find((arg) => arg.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice(7).split(',')) : undefined;

async function phase(name, run, key) {
  if (only && key && !only.has(key)) return;
  const t = Date.now();
  log(`▶ ${name}`);
  await run();
  results.meta.phases[name] = (Date.now() - t) / 1000;
  log(`  ${name}: ${seconds(Date.now() - t)}`);
}

// ---- build ----

await phase('build', async () => {
  if (!skipBuild) {
    // The package exactly as users get it: dist/ through package.json "exports".
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  await buildPages(repo, outDir, OPTION_IDS);
  results.sizes = await buildSizes(repo);
});

const server = await startServer({ outDir, hookFile: join(repo, 'bench/page/hook.js') });
const browser = await chromium.launch(LAUNCH);
results.meta.chromium = browser.version();
const context = await browser.newContext();

async function openPage(bundle, ctx = context) {
  const page = await ctx.newPage();
  page.on('pageerror', (error) => log(`  page error (${bundle}): ${error.message}`));
  await page.goto(`${server.origin}/page.html?bundle=${bundle}`);
  await page.waitForFunction(() => 'benchApi' in window);
  return page;
}

const call = (page, name, ...params) =>
  page.evaluate(([fn, values]) => window.benchApi[fn](...values), [name, params]);

const bench = await openPage('bench');
results.meta.crossOriginIsolated = await call(bench, 'crossOriginIsolated');
results.options = await call(bench, 'options');
const ids = results.options.map((option) => option.id);
const submitIds = results.options.filter((option) => option.submit).map((option) => option.id);

// Each round visits every N and, inside it, every option in a seeded shuffled order.
function* rounds(count, salt) {
  for (let round = 0; round < count; round++) {
    const random = seeded(seed + salt * 1000 + round);
    for (const n of CONFIG.ns) for (const id of shuffled(ids, random)) yield { round, n, id };
  }
}
const cell = (store, id, n) => {
  store[id] ??= {};
  store[id][n] ??= [];
  return store[id][n];
};

await phase('calibrate', async () => {
  const ns = [...new Set([...CONFIG.ns, 10, 100])];
  for (const id of ids) for (const n of ns) await call(bench, 'calibrate', id, n);
  results.calibration = await call(bench, 'calibration');
});

await phase(
  'warm mount',
  async () => {
    results.warm = {};
    for (const { round, n, id } of rounds(CONFIG.warm.warmup + CONFIG.warm.rounds, 1)) {
      const sample = await call(bench, 'mountTimed', id, n);
      if (round >= CONFIG.warm.warmup) cell(results.warm, id, n).push(sample);
    }
  },
  'warm',
);

await phase(
  'keystroke',
  async () => {
    results.keys = { hot: {}, idle: {} };
    for (const { round, n, id } of rounds(CONFIG.keys.warmup + CONFIG.keys.rounds, 2)) {
      const samples = await call(bench, 'keysRound', id, n, CONFIG.keys.count, 'hot');
      if (round >= CONFIG.keys.warmup) cell(results.keys.hot, id, n).push(...samples);
    }
    const random = seeded(seed + 2500);
    for (const id of shuffled(ids, random)) {
      cell(results.keys.idle, id, 100).push(
        ...(await call(bench, 'keysRound', id, 100, CONFIG.keys.idleCount, 'idle')),
      );
    }
  },
  'keys',
);

await phase(
  'submit',
  async () => {
    results.submit = {};
    for (let round = 0; round < CONFIG.submit.warmup + CONFIG.submit.rounds; round++) {
      const random = seeded(seed + 3000 + round);
      for (const id of shuffled(submitIds, random)) {
        for (const which of shuffled(['valid', 'invalid'], random)) {
          const sample = await call(bench, 'submitRound', id, 100, which);
          results.submit[id] ??= { valid: [], invalid: [], first: {} };
          if (round < CONFIG.submit.warmup) results.submit[id].first[which] = sample;
          else results.submit[id][which].push(sample);
        }
      }
    }
  },
  'submit',
);

await phase(
  'transcript mount',
  async () => {
    results.transcript ??= {};
    Object.assign(results.transcript, { full: [], pendingOnly: [] });
    const t0 = Date.now();
    for (let round = 0; round < CONFIG.transcript.rounds; round++) {
      const order = shuffled(['full', 'pendingOnly'], seeded(seed + 4000 + round));
      for (const which of order) {
        const answered = which === 'full' ? 200 : 0;
        results.transcript[which].push(
          await call(bench, 'transcriptRound', answered, 5, `/api/tasks/mount-${round}`),
        );
      }
      if (Date.now() - t0 > CONFIG.transcript.budgetMs) break;
    }
  },
  'transcript',
);

await phase(
  'hostile sizes',
  async () => {
    // Each kind in a fresh page of a browser of its own. A render that runs past the cap is
    // stopped by killing that browser (a busy renderer answers no protocol message), and is
    // reported as "no outcome within the cap"; the next kind gets a new browser.
    results.hostile = {};
    let server;
    for (const kind of CONFIG.hostile.kinds) {
      results.hostile[kind] = [];
      log(`  ${kind}`);
      server ??= await chromium.launchServer(LAUNCH);
      const hostileBrowser = await chromium.connect(server.wsEndpoint());
      const page = await openPage('bench', await hostileBrowser.newContext());
      await call(page, 'setCalibration', results.calibration);
      // Warm the card's code first, so the sample measures the size, not the first run.
      for (let i = 0; i < 3; i++) await call(page, 'mountTimed', 'ours', 10);
      let spent = 0;
      for (
        let rep = 0;
        rep < CONFIG.hostile.reps && (rep === 0 || spent < CONFIG.hostile.repeatBelowMs);
        rep++
      ) {
        const t = Date.now();
        let timer;
        const cap = new Promise((resolve) => {
          timer = setTimeout(() => resolve('cap'), CONFIG.hostile.capMs);
        });
        const evaluation = call(page, 'hostile', kind).then(
          (value) => ({ value }),
          (error) => ({ error }),
        );
        const outcome = await Promise.race([evaluation, cap]);
        clearTimeout(timer);
        spent += Date.now() - t;
        if (outcome === 'cap') {
          await server.kill();
          server = undefined;
          await evaluation;
          results.hostile[kind].push({
            terminated: true,
            capMs: CONFIG.hostile.capMs,
            sync: Number.NaN,
            total: Number.NaN,
          });
          break;
        }
        if (outcome.error) {
          results.hostile[kind].push({
            failed: String(outcome.error.message).slice(0, 200),
            sync: Number.NaN,
            total: Number.NaN,
          });
          break;
        }
        results.hostile[kind].push(outcome.value);
      }
      if (server) await hostileBrowser.close();
    }
    await server?.close();
  },
  'hostile',
);

await bench.close();

await phase(
  'cold first mount',
  async () => {
    results.cold = { react: [] };
    const samples = CONFIG.cold.samples;
    const maxSamples = Math.max(...Object.values(samples));
    let version = 0;
    // One page, navigated to each sample: every navigation is a new document whose bundle
    // URL no earlier load used, so neither the HTTP cache nor V8's caches can serve its code.
    const page = await context.newPage();
    // `bundle` other than the option: its unminified build, profiled (`cold-cpu-<option>.js`).
    const load = async (option, n, bundle = option) => {
      version += 1;
      const calibration = results.calibration[`${option}@${n}`];
      const query = new URLSearchParams({
        o: bundle,
        n: String(n),
        v: `${Date.now()}-${version}`,
        controls: String(calibration?.controls ?? 0),
        ...(bundle === option ? {} : { profile: '' }),
      });
      await page.goto(`${server.origin}/cold.html?${query}`);
      await page.waitForFunction(() => '__cold' in window, undefined, { timeout: 60_000, polling: 50 });
      return page.evaluate(() => window.__cold);
    };
    // Discarded loads first: the browser's own first-page costs land there.
    await load('react', 10);
    await load('ours', 10);
    for (let sample = 0; sample < maxSamples; sample++) {
      const random = seeded(seed + 5000 + sample);
      for (const n of CONFIG.ns) {
        if (sample >= (samples[n] ?? 0)) continue;
        for (const id of shuffled(ids, random)) cell(results.cold, id, n).push(await load(id, n));
      }
      if (sample < 3) results.cold.react.push(await load('react', 10));
    }
    // Where a cold first mount's time goes: CPU profiles of the timed region at N=100, after the
    // timed samples (the profiler slows what it samples), of the unminified bundles.
    const cdp = await context.newCDPSession(page);
    const profiles = [];
    cdp.on('Profiler.consoleProfileFinished', (event) => profiles.push(event.profile));
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const profiled = Object.fromEntries(COLD_PROFILED.map((id) => [id, []]));
    for (let sample = 0; sample < CONFIG.cold.profiles; sample++) {
      for (const id of COLD_PROFILED) {
        const count = profiles.length;
        await load(id, 100, `cpu-${id}`);
        // The profile comes as an event of its own: wait for it (a few ms after the page's report).
        for (let waited = 0; profiles.length === count && waited < 5000; waited += 10) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        if (profiles.length > count) profiled[id].push(profiles[profiles.length - 1]);
      }
    }
    await cdp.detach();
    results.coldCpu = Object.fromEntries(
      COLD_PROFILED.map((id) => {
        const map = decodeSourceMap(JSON.parse(readFileSync(join(outDir, `cold-cpu-${id}.js.map`), 'utf8')));
        // Each load's bundle URL is unique (`?v=`): the frames are matched to the map without it.
        for (const profile of profiled[id]) {
          for (const node of profile.nodes) node.callFrame.url = node.callFrame.url.replace(/\?.*$/, '');
        }
        return [id, summarizeProfiles(profiled[id], `/cold-cpu-${id}.js`, map)];
      }),
    );
    await page.close();
  },
  'cold',
);

await phase(
  'CPU profiles (unminified bundle, source-mapped)',
  async () => {
    const page = await openPage('cpu');
    await call(page, 'setCalibration', results.calibration);
    const cdp = await context.newCDPSession(page);
    const profiles = [];
    cdp.on('Profiler.consoleProfileFinished', (event) =>
      profiles.push({ title: event.title, profile: event.profile }),
    );
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    for (let i = 0; i < CONFIG.cpu.warmup + CONFIG.cpu.mounts; i++) {
      for (const id of ['ours', 'handwritten']) await call(page, 'mountTimed', id, 100);
    }
    for (let i = 0; i < CONFIG.cpu.warmup + 1; i++) {
      for (const id of ['ours', 'handwritten']) await call(page, 'keyBurst', id, 100, CONFIG.cpu.keystrokes);
    }
    for (let i = 0; i < CONFIG.cpu.warmup + CONFIG.cpu.submits; i++) {
      for (const id of ['ours', 'handwritten']) {
        for (const which of ['valid', 'invalid']) await call(page, 'submitRound', id, 100, which);
      }
    }
    await call(page, 'transcriptRound', 50, 5, '/api/tasks/cpu');
    await call(page, 'hostile', 'options-1k');
    await call(page, 'hostile', 'message-1mb');
    await call(page, 'hostile', 'fields-10k');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const map = decodeSourceMap(JSON.parse(readFileSync(join(outDir, 'cpu.js.map'), 'utf8')));
    const byTitle = (title, skip = 0) =>
      profiles
        .filter((entry) => entry.title === title)
        .slice(skip)
        .map((entry) => entry.profile);
    // A burst profile holds many keystrokes: scale it to one.
    const perKeystroke = (summary) => {
      const scale = (ms) => ms / CONFIG.cpu.keystrokes;
      return {
        ...summary,
        totalMs: scale(summary.totalMs),
        areas: summary.areas.map((row) => ({ ...row, ms: scale(row.ms) })),
        functions: summary.functions.map((row) => ({
          ...row,
          self: scale(row.self),
          total: scale(row.total),
        })),
      };
    };
    const summarize = (title, skip = 0) => summarizeProfiles(byTitle(title, skip), '/cpu.js', map);
    results.cpu = {
      ours: summarize('ours', CONFIG.cpu.warmup),
      handwritten: summarize('handwritten', CONFIG.cpu.warmup),
      keyOurs: perKeystroke(summarize('keys ours', CONFIG.cpu.warmup)),
      keyC: perKeystroke(summarize('keys handwritten', CONFIG.cpu.warmup)),
      submitValid: summarize('submit ours valid', CONFIG.cpu.warmup),
      submitInvalid: summarize('submit ours invalid', CONFIG.cpu.warmup),
      submitValidC: summarize('submit handwritten valid', CONFIG.cpu.warmup),
      submitInvalidC: summarize('submit handwritten invalid', CONFIG.cpu.warmup),
      transcript: summarize('transcript 50+5'),
      hostileOptions: summarize('hostile options-1k'),
      hostileMessage: summarize('hostile message-1mb'),
      hostileFields: summarize('hostile fields-10k'),
    };
    mkdirSync(resultsDir, { recursive: true });
    const [first] = byTitle('ours', CONFIG.cpu.warmup);
    if (first) writeFileSync(join(resultsDir, 'ours-mount-n100.cpuprofile'), JSON.stringify(first));
    await cdp.detach();
    await page.close();
  },
  'cpu',
);

/**
 * Mount/unmount cycles of one option's 100-field form in its own browser context: the used JS
 * heap when the page loaded, after 20 warm-up cycles (the start) and after the cycles, and heap
 * snapshots that split the growth into V8's compiled code and everything else.
 */
async function measureHeap(id) {
  const heapContext = await browser.newContext();
  try {
    const heapPage = await openPage('bench', heapContext);
    await call(heapPage, 'setCalibration', results.calibration);
    const cdp = await heapContext.newCDPSession(heapPage);
    const usage = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      return cdp.send('Runtime.getHeapUsage');
    };
    const empty = await usage();
    await call(heapPage, 'heapCycles', 20, 100, id);
    const start = await usage();
    const startSnapshot = await heapSnapshotSummary(cdp);
    const t0 = Date.now();
    let cycles = 0;
    while (cycles < CONFIG.heap.cycles && Date.now() - t0 < CONFIG.heap.budgetMs) {
      const chunk = Math.min(100, CONFIG.heap.cycles - cycles);
      await call(heapPage, 'heapCycles', chunk, 100, id);
      cycles += chunk;
    }
    const elapsed = Date.now() - t0;
    const end = await usage();
    const growth = heapGrowth(startSnapshot, await heapSnapshotSummary(cdp));
    await cdp.detach();
    return { id, cycles, n: 100, elapsedMs: elapsed, empty, start, end, growth };
  } finally {
    await heapContext.close();
  }
}

// The phases that time nothing run together at the end: the heap cycles (own browser
// context), the re-render counts, and the requests-per-minute transcript (own context), whose
// window is read when both are done (at least requestsWindowMs).
async function startRequests() {
  const requestsContext = await browser.newContext();
  const page = await openPage('bench', requestsContext);
  await call(page, 'setCalibration', results.calibration);
  const base = '/api/tasks/rpm';
  const beforeMount = Date.now();
  await call(page, 'transcriptStart', 200, 5, base);
  const windowStart = Date.now();
  const mountHits = server.hits(base, beforeMount);
  return {
    async finish() {
      const remaining = CONFIG.requestsWindowMs - (Date.now() - windowStart);
      if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
      const windowMs = Date.now() - windowStart;
      const split = (hits) => ({
        answered: hits.filter(([, path]) => path.includes('/done-')).length,
        pending: hits.filter(([, path]) => path.includes('/open-')).length,
      });
      results.transcript ??= {};
      results.transcript.requests = {
        windowMs,
        atMount: split(mountHits),
        inWindow: split(server.hits(base, windowStart)),
      };
      await page.close();
      await requestsContext.close();
    },
  };
}
const requestsRun = only && !only.has('requests') ? undefined : await startRequests();

await Promise.all([
  phase(
    'heap cycles',
    async () => {
      results.heap = await measureHeap('ours');
      // The same cycles of the hand-written form (c): how much of the growth any React form shows.
      results.heapControl = await measureHeap('handwritten');
    },
    'heap',
  ),
  phase(
    're-render counts (react-dom/profiling)',
    async () => {
      const prof = await openPage('prof');
      await call(prof, 'setCalibration', results.calibration);
      results.counts = { mount: {}, keys: {}, submit: {} };
      for (const n of CONFIG.ns) {
        for (const id of ids) {
          cell(results.counts.mount, id, n).push(await call(prof, 'countMount', id, n));
          cell(results.counts.keys, id, n).push(
            ...(await call(prof, 'countKeys', id, n, CONFIG.counts.keys)),
          );
        }
      }
      for (const id of submitIds) {
        results.counts.submit[id] = {
          valid: await call(prof, 'countSubmit', id, 100, 'valid'),
          invalid: await call(prof, 'countSubmit', id, 100, 'invalid'),
        };
      }
      await prof.close();
    },
    'counts',
  ),
]);

await requestsRun?.finish();

await context.close();
await browser.close();
await server.close();

results.meta.durationS = (Date.now() - started) / 1000;
results.meta.loadEnd = loadavg()
  .map((value) => value.toFixed(2))
  .join(' ');

mkdirSync(resultsDir, { recursive: true });
const name = only ? 'partial' : quick ? 'quick' : 'latest';
writeFileSync(join(resultsDir, `${name}.json`), `${JSON.stringify(results, null, 1)}\n`);
const markdown = renderReport(results);
writeFileSync(join(resultsDir, `${name}.md`), markdown);
try {
  // The repository's formatter pads the tables, so the committed report passes `npm test`'s lint.
  execFileSync('npx', ['biome', 'format', '--write', join(resultsDir, `${name}.md`)], {
    cwd: repo,
    stdio: 'ignore',
  });
} catch {
  log('bench: could not format the report with Biome (it is still written)');
}
log(`\n${markdown}`);
log(`bench: wrote bench/results/${name}.md and ${name}.json in ${seconds(Date.now() - started)}`);
const failed = sanityChecks(results).filter((entry) => !entry.ok);
if (failed.length > 0) {
  log(`bench: ${failed.length} harness check(s) FAILED; the numbers are suspect:`);
  for (const entry of failed) log(`  - ${entry.text}`);
  process.exitCode = 1;
}
