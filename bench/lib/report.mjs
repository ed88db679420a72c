// Turns a run's raw samples (latest.json) into the markdown report (latest.md).
// `node bench/lib/report.mjs bench/results/latest.json` re-renders it without re-running.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lowerQuartile, median } from './stats.mjs';

const C = 'handwritten';
const D = 'rawdom';
const LETTER = { ours: '(ours)', rjsf: '(a)', jsonforms: '(b)', handwritten: '(c)', rawdom: '(d)' };

export function ms(value) {
  if (value === undefined || !Number.isFinite(value)) return '—';
  if (value === 0) return '0';
  if (value < 0.1) return `${Math.round(value * 1000)} µs`;
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  if (value < 10_000) return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(1)} s`;
}

export function ratio(value, base) {
  if (!Number.isFinite(value) || !Number.isFinite(base) || base <= 0) return '—';
  const r = value / base;
  return r >= 10 ? `${r.toFixed(0)}×` : `${r.toFixed(2)}×`;
}

const kib = (bytes) => (bytes === undefined ? '—' : (bytes / 1024).toFixed(1));

function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const pick = (samples, field) => (samples ?? []).map((sample) => sample[field]);
const med = (samples, field) => median(pick(samples, field));

export function renderReport(results) {
  const { meta, options, calibration = {} } = results;
  const ns = results.config.ns;
  const label = (id) =>
    `${LETTER[id] ?? ''} ${options.find((option) => option.id === id)?.label ?? id}`.trim();
  const ids = options.map((option) => option.id);
  const out = [];
  const say = (text = '') => out.push(text);
  const footnotes = new Map();
  const noteFor = (id, n) => {
    const note = calibration[`${id}@${n}`]?.note;
    if (!note) return '';
    if (!footnotes.has(note)) footnotes.set(note, `†${footnotes.size + 1}`);
    return ` ${footnotes.get(note)}`;
  };

  /** A table of medians per option and N, each with its ratio to (c) and (d). */
  const perN = (store, value, { withD = true } = {}) =>
    table(
      ['option', ...ns.map((n) => `N=${n}`)],
      ids.map((id) => [
        label(id),
        ...ns.map((n) => {
          const v = value(store?.[id]?.[n]);
          const c = value(store?.[C]?.[n]);
          const d = value(store?.[D]?.[n]);
          if (!Number.isFinite(v)) return '—';
          const ratios = [`${ratio(v, c)} c`, ...(withD ? [`${ratio(v, d)} d`] : [])].join(', ');
          return `${ms(v)} (${ratios})${noteFor(id, n)}`;
        }),
      ]),
    );

  say('# Benchmark: input-request-cards beside the alternatives');
  say();
  say(
    `Run ${meta.date} · ${meta.durationS?.toFixed(0)} s${meta.quick ? ' · **--quick (smoke run, few samples)**' : ''} · ` +
      `commit ${meta.commit} · Chromium ${meta.chromium} (headless) · Node ${meta.node} · ${meta.cpus} · ` +
      `load average ${meta.loadStart} → ${meta.loadEnd} · crossOriginIsolated=${meta.crossOriginIsolated} · seed ${meta.seed}`,
  );
  say();
  say(
    `Packages: ${Object.entries(meta.packages)
      .map(([name, v]) => `${name}@${v}`)
      .join(', ')}.`,
  );
  say();
  say(
    'Read the **ratios** (same run, options interleaved in a seeded shuffled order every round), ' +
      'not the absolute times: this is a shared 2-core VM. Cells: median (ratio to (c) the hand-written ' +
      'react-hook-form + ajv form, ratio to (d) raw DOM). Method and how to read it: `bench/README.md`.',
  );
  say();
  const cfg = results.config;
  say(
    `Samples: warm mount ${cfg.warm.rounds} rounds (+${cfg.warm.warmup} warm-up); keystrokes ${cfg.keys.rounds}×${cfg.keys.count} ` +
      `per option and N (+${cfg.keys.warmup} warm-up round); submit ${cfg.submit.rounds} per option and answer (+${cfg.submit.warmup}); ` +
      `cold ${Object.entries(cfg.cold.samples)
        .map(([n, count]) => `${count} at N=${n}`)
        .join(
          ', ',
        )} fresh pages; heap ${results.heap?.cycles ?? '—'} cycles (of ${cfg.heap.cycles}, within a ${cfg.heap.budgetMs / 1000} s budget).`,
  );
  say();

  // ---- 1. mount ----
  say('## 1. Mount');
  say();
  say('### 1a. Warm mount (render call → committed DOM with every control present)');
  say();
  say(
    "Ours' timed region starts at `parseSuspension(wire)`, the others' at their render call with the schema object: each starts from what a page receives.",
  );
  say();
  say(perN(results.warm, (s) => med(s, 'mount')));
  say();
  say('### 1b. Mount + forced style/layout (`offsetHeight` read; no CSS loaded)');
  say();
  say(perN(results.warm, (s) => med(s, 'layout')));
  say();
  say('JS in follow-up tasks after the DOM is complete (effects, scheduler renders, idle work; not in 1a):');
  say();
  say(perN(results.warm, (s) => med(s, 'followJs')));
  say();
  say(
    '### 1c. Cold first mount (fresh page, one option per bundle, bundle URL unique per sample: first parse, compile and run of the code)',
  );
  say();
  say(perN(results.cold, (s) => med(s, 'mount')));
  say();
  say(
    'Bundle evaluation before the first render (responseEnd of the bundle → first line of the entry; median):',
  );
  say();
  say(
    table(
      ['option', ...ns.map((n) => `N=${n} page`)],
      [
        ...ids.map((id) => [label(id), ...ns.map((n) => ms(med(results.cold?.[id]?.[n], 'evaluation')))]),
        [
          'React 19 alone (react-dom/client + one element)',
          ...ns.map(() => ms(med(results.cold?.react, 'evaluation'))),
        ],
      ],
    ),
  );
  say();

  // ---- 2. keystroke ----
  say('## 2. Keystroke');
  say();
  say(
    '### 2a. Keystroke JS cost (one character into field 0: native value setter + `input` event inside flushSync, its microtasks, and the JS of the follow-up tasks it causes)',
  );
  say();
  const keyCost = (s) => median((s ?? []).map((k) => k.sync + k.async));
  say(perN(results.keys?.hot, keyCost));
  say();
  say('of which synchronous (dispatch inside `flushSync` + 20 microtask turns):');
  say();
  say(perN(results.keys?.hot, (s) => med(s, 'sync')));
  say();
  say('of which asynchronous (timers, animation frames, idle callbacks, MessagePort tasks after the event):');
  say();
  say(perN(results.keys?.hot, (s) => med(s, 'async')));
  say();
  say('Latency to the last React commit / callback (includes debounce waits, which are idle time):');
  say();
  say(perN(results.keys?.hot, (s) => med(s, 'latency')));
  say();
  say('Keystroke JS cost after 16 ms idle before each keystroke, as between real keystrokes, N=100:');
  say();
  say(
    table(
      ['option', 'N=100'],
      ids.map((id) => {
        const v = keyCost(results.keys?.idle?.[id]?.[100]);
        const c = keyCost(results.keys?.idle?.[C]?.[100]);
        const d = keyCost(results.keys?.idle?.[D]?.[100]);
        return [label(id), `${ms(v)} (${ratio(v, c)} c, ${ratio(v, d)} d)`];
      }),
    ),
  );
  say();
  say(
    '### 2b. Re-renders per keystroke (counting pass on react-dom/profiling; medians): commits / components rendered / other fields re-rendered / React actualDuration',
  );
  say();
  const counts = results.counts ?? {};
  say(
    table(
      ['option', ...ns.map((n) => `N=${n}`)],
      ids.map((id) => [
        label(id),
        ...ns.map((n) => {
          const s = counts.keys?.[id]?.[n];
          if (!s) return '—';
          return `${med(s, 'commits')} / ${med(s, 'components')} / ${med(s, 'otherFields')} / ${ms(med(s, 'actual'))}`;
        }),
      ]),
    ),
  );
  say();
  say(
    '"Other fields re-rendered" counts fields (other than the typed one) whose own component rendered: a component whose host elements hold the controls of exactly one field. A form drawn by one component (c) re-renders no field component.',
  );
  say();
  say('At mount: React components rendered (commits):');
  say();
  say(
    table(
      ['option', ...ns.map((n) => `N=${n}`)],
      ids.map((id) => [
        label(id),
        ...ns.map((n) => {
          const [s] = counts.mount?.[id]?.[n] ?? [];
          return s ? `${s.components} (${s.commits})` : '—';
        }),
      ]),
    ),
  );
  say();
  say(
    'DOM produced (settled): form controls (input/select/textarea) / elements / fields found by their label:',
  );
  say();
  say(
    table(
      ['option', ...ns.map((n) => `N=${n}`)],
      ids.map((id) => [
        label(id),
        ...ns.map((n) => {
          const c = calibration[`${id}@${n}`];
          return c ? `${c.controls} / ${c.elements} / ${c.fieldsFound}${noteFor(id, n)}` : '—';
        }),
      ]),
    ),
  );
  say();

  // ---- 3. submit ----
  say('## 3. Submit a full 100-field answer');
  say();
  say(
    'Each sample mounts a fresh form, fills it as a person would (values typed, boxes clicked, options chosen, each field left with a `focusout`), waits until the page is quiet and idle, then clicks the submit button. ' +
      'JS cost = the click inside `flushSync` + 20 microtask turns + the JS of follow-up tasks until the page is quiet. ' +
      'Latency: valid → until the option called its submit callback (`resume` for ours); invalid → until the last commit/callback. ' +
      '*Invalid* = a third of the fields hold wrong values (too long, not an email, out of range, not a URI) and half the required fields are empty. ' +
      'JSON Forms has no submit step (it validates on every change).',
  );
  say();
  const submitRows = [];
  const submitCost = (s) => median((s ?? []).map((x) => x.sync + x.async));
  for (const id of ids.filter((option) => results.submit?.[option])) {
    const entry = results.submit[id];
    const row = [label(id)];
    for (const which of ['valid', 'invalid']) {
      const v = submitCost(entry[which]);
      const c = submitCost(results.submit[C]?.[which]);
      const d = submitCost(results.submit[D]?.[which]);
      row.push(`${ms(v)} (${ratio(v, c)} c, ${ratio(v, d)} d)`, ms(med(entry[which], 'latency')));
    }
    const first = entry.first ?? {};
    row.push(
      `${ms(first.valid ? first.valid.sync + first.valid.async : Number.NaN)} / ${ms(first.invalid ? first.invalid.sync + first.invalid.async : Number.NaN)}`,
    );
    const check =
      entry.valid?.every((s) => s.submitted === 1) && entry.invalid?.every((s) => s.submitted === 0);
    row.push(`${check ? 'yes' : 'NO'} · ${median(pick(entry.invalid, 'invalidMarks'))}`);
    submitRows.push(row);
  }
  say(
    table(
      [
        'option',
        'valid: JS cost',
        'valid: latency',
        'invalid: JS cost',
        'invalid: latency',
        'first submit in the page (valid / invalid; may include compiling the schema)',
        'valid sent & invalid held · aria-invalid controls',
      ],
      submitRows,
    ),
  );
  say();
  say(
    'Re-renders on submit (counting pass): commits / components rendered / field components rendered / fields whose error changed / **fields re-rendered without a change of their error** (examples):',
  );
  say();
  say(
    table(
      ['option', 'valid', 'invalid'],
      ids
        .filter((id) => counts.submit?.[id])
        .map((id) => [id, counts.submit[id]])
        .map(([id, entry]) => [
          label(id),
          ...['valid', 'invalid'].map((which) => {
            const s = entry[which];
            return `${s.commits} / ${s.components} / ${s.fieldsRendered} / ${s.fieldsChanged} / **${s.unchangedRendered}**${
              s.unchangedExamples.length ? ` (fields ${s.unchangedExamples.join(', ')}…)` : ''
            }`;
          }),
        ]),
    ),
  );
  say();
  say(
    'A field\'s "error" is what a person sees of it besides its value: its text and its controls\' `aria-invalid`. Fields filled with a wrong value already show their error after `focusout` in options that validate on blur, so their submit changes only the empty required fields.',
  );
  say();

  // ---- 4. bundles ----
  say(
    '## 4. Bundle size (esbuild --bundle --minify --splitting, NODE_ENV=production, esm, es2022; gzip -9; what a page loads up front)',
  );
  say();
  const sizes = results.sizes ?? [];
  const size = (id, variant) => sizes.find((row) => row.id === id)?.[variant];
  const cGz = size('handwritten', 'noReact')?.gz;
  say(
    table(
      [
        'bundle',
        'min KiB',
        'min+gz KiB',
        'gz KiB without React',
        'gz KiB own code (without React, react-hook-form, TanStack Query)',
        'gz ÷ (c) without React',
        'lazy chunks, gz KiB without React (loaded when needed, not counted)',
        'largest inputs (min KiB)',
      ],
      sizes.map((row) => {
        const main = row.full ?? row.noReact;
        const noReact = row.noReact?.gz;
        const top = (row.noReact ?? row.full).inputs
          .slice(0, 6)
          .map((input) => `${input.name} ${kib(input.bytes)}`)
          .join(', ');
        return [
          row.label,
          kib(main.min),
          kib(row.full?.gz),
          kib(noReact),
          kib(row.ownCode?.gz),
          noReact === undefined ? '—' : ratio(noReact, cGz),
          (row.noReact ?? row.full).lazyGz ? kib((row.noReact ?? row.full).lazyGz) : '—',
          top,
        ];
      }),
    ),
  );
  say();
  say(
    'Each bundle is "a page that renders it": the form\'s schema or wire message is read from a JSON script tag at run time (data, not code). Sizes are what the page loads up front: the entry chunk and every chunk it imports statically; a module loaded with `import()` (the Public Suffix List, TanStack Query\'s feed for a static card, parts for rarer request kinds) is its own chunk, listed under lazy chunks and counted as test/package/size.mjs counts the budgets. "Without React" marks react, react-dom, scheduler and react/jsx-runtime external. The largest-inputs column is for the up-front bundle without React (raw DOM and React: the full bundle).',
  );
  say();

  // ---- 5. transcript ----
  say('## 5. Chat transcript: 200 answered + 5 pending cards (ours)');
  say();
  const transcript = results.transcript ?? {};
  const full = med(transcript.full, 'mount');
  const five = med(transcript.pendingOnly, 'mount');
  say(
    'Each card is `<InputRequestCard source={createHttpSource(…)} />` in one QueryClientProvider; the pending cards ask the N=10 questions. Each task\'s last state is put in the query cache before the first render (a chat restoring its history holds them; see the ours adapter). Mount = render call → every card (`article`) in the DOM, none of them still `data-state="loading"`.',
  );
  say();
  say(
    table(
      [
        'transcript',
        'mount (median)',
        'of which the synchronous render',
        'follow-up JS',
        'samples',
        'ratio to 5 alone',
      ],
      [
        [
          '200 answered + 5 pending',
          ms(full),
          ms(med(transcript.full, 'sync')),
          ms(med(transcript.full, 'followJs')),
          transcript.full?.length ?? 0,
          ratio(full, five),
        ],
        [
          '5 pending alone',
          ms(five),
          ms(med(transcript.pendingOnly, 'sync')),
          ms(med(transcript.pendingOnly, 'followJs')),
          transcript.pendingOnly?.length ?? 0,
          '1.00×',
        ],
      ],
    ),
  );
  say();
  const requests = transcript.requests;
  if (requests) {
    const perMinute = (count) => ((count * 60_000) / requests.windowMs).toFixed(1);
    say(
      `Requests the page made (its own browser context, running beside the heap cycles): during the mount, answered cards ${requests.atMount.answered}, pending cards ${requests.atMount.pending}; ` +
        `then in a ${(requests.windowMs / 1000).toFixed(0)} s window, answered cards ${requests.inWindow.answered} (${perMinute(requests.inWindow.answered)}/min), ` +
        `pending cards ${requests.inWindow.pending} (${perMinute(requests.inWindow.pending)}/min, all 5 together).`,
    );
    say();
  }

  // ---- 6. heap ----
  say('## 6. Heap after mount/unmount cycles of a 100-field card (ours)');
  say();
  const heap = results.heap;
  if (heap) {
    say(
      table(
        ['point', 'used JS heap (after 2× HeapProfiler.collectGarbage)', 'ratio to start'],
        [
          [
            'page loaded, nothing mounted',
            `${kib(heap.empty.usedSize)} KiB`,
            ratio(heap.empty.usedSize, heap.start.usedSize),
          ],
          ['start: after 20 warm-up cycles', `${kib(heap.start.usedSize)} KiB`, '1.00×'],
          [
            `after ${heap.cycles} more cycles (${ms(heap.elapsedMs)})`,
            `${kib(heap.end.usedSize)} KiB`,
            ratio(heap.end.usedSize, heap.start.usedSize),
          ],
        ],
      ),
    );
    say();
    say(
      `Growth: ${(((heap.end.usedSize - heap.start.usedSize) / 1024) * 1).toFixed(1)} KiB over ${heap.cycles} cycles (${((heap.end.usedSize - heap.start.usedSize) / Math.max(1, heap.cycles)) | 0} B per cycle). Each cycle: a fresh wire message, parseSuspension, createRoot, a flushSync render, unmount.`,
    );
    say();
    const growth = heap.growth;
    if (growth) {
      say(
        `Where it grew (heap snapshots at the start and the end): V8's compiled code ${kib(growth.codeBytes)} KiB (functions compiled and tiered up as the cycles ran); everything else ${kib(growth.otherBytes)} KiB, ${ratio(growth.startOtherBytes + growth.otherBytes, growth.startOtherBytes)} of the start without code. A leak shows as objects that grow with every cycle; the kinds that grew most (an array that grows in bytes but not in number is a hash table replaced by a bigger one, a Map, Set or WeakMap's backing store or V8's number-to-string cache: follow its retainers in the two snapshots to tell which; "system / …" entries are V8's own lists of compiled functions; "Performance…Timing" entries are Chromium's buffers of long tasks):`,
      );
      say();
      say(
        table(
          ['kind (snapshot type and constructor)', 'more of them', 'bytes'],
          growth.grown.map((entry) => [
            shorten(entry.kind).replaceAll('|', '\\|'),
            String(entry.count),
            String(entry.bytes),
          ]),
        ),
      );
      say();
    }
  }

  const control = results.heapControl;
  if (heap && control) {
    const controlGrowth = control.growth;
    say(
      `The same cycles of the hand-written react-hook-form + ajv form (c), in its own browser context: start ${kib(control.start.usedSize)} KiB, after ${control.cycles} cycles ${kib(control.end.usedSize)} KiB, ${ratio(control.end.usedSize, control.start.usedSize)} of its start` +
        (controlGrowth
          ? `; V8's compiled code ${kib(controlGrowth.codeBytes)} KiB of it, everything else ${kib(controlGrowth.otherBytes)} KiB (${ratio(controlGrowth.startOtherBytes + controlGrowth.otherBytes, controlGrowth.startOtherBytes)} of its start without code).`
          : '.'),
    );
    say();
  }

  // ---- 7. hostile ----
  say('## 7. Hostile sizes (ours): parseSuspension → committed DOM that shows the outcome');
  say();
  const hostileRows = Object.entries(results.hostile ?? {}).map(([kind, samples]) => {
    const [first] = samples;
    if (first.failed)
      return [
        HOSTILE_LABEL[kind] ?? kind,
        '—',
        '—',
        samples.length,
        `**bench call failed**: ${first.failed}`,
      ];
    if (first.terminated) {
      return [
        HOSTILE_LABEL[kind] ?? kind,
        `> ${ms(first.capMs)}`,
        '—',
        samples.length,
        `**no outcome within ${ms(first.capMs)}**: its browser was stopped`,
      ];
    }
    const outcome = first.threw
      ? `**threw**: ${first.threw}`
      : first.renderError
        ? `**render error**: ${first.renderError}`
        : `${first.controls} controls, ${first.elements} elements; text: "${first.text.slice(0, 300)}${first.text.length > 300 ? '…' : ''}"`;
    return [
      HOSTILE_LABEL[kind] ?? kind,
      ms(med(samples, 'sync')),
      ms(med(samples, 'total')),
      samples.length,
      outcome,
    ];
  });
  say(
    table(
      [
        'input',
        'to committed outcome (median)',
        'until quiet (last commit/callback)',
        'samples',
        'outcome (first sample)',
      ],
      hostileRows,
    ),
  );
  say();

  // ---- CPU profiles ----
  if (results.cpu) {
    say('## CPU profiles (ours, unminified production bundle, source-mapped to src/)');
    say();
    const cpu = results.cpu;
    say(
      `Sampled at 100 µs with the CDP Profiler around the timed region only (console.profile). Per mount at N=100: ours ${ms(cpu.ours.totalMs)} of samples, (c) ${ms(cpu.handwritten.totalMs)}. The raw profile of one ours mount is in \`bench/results/ours-mount-n100.cpuprofile\` (open it in Chromium DevTools → Performance).`,
    );
    say();
    say('Time per area, per mount at N=100:');
    say();
    const areaOf = (summary, area) => summary.areas.find((row) => row.area === area)?.ms;
    // Time per area, ours beside (c), ours' largest first.
    const areaTable = (ours, c) =>
      table(
        ['area', 'ours', '(c) hand-written'],
        [...new Set([...ours.areas, ...(c?.areas ?? [])].map((row) => row.area))]
          .map((area) => [area, areaOf(ours, area) ?? 0, c ? (areaOf(c, area) ?? 0) : 0])
          .sort((a, b) => b[1] - a[1])
          .map(([area, a, b]) => [area, ms(a), ms(b)]),
      );
    say(areaTable(cpu.ours, cpu.handwritten));
    say();
    const functionTable = (summary, count, filter = () => true, sortBy = 'self') =>
      table(
        ['function', 'where', 'self', 'total'],
        summary.functions
          .filter((row) => row.name !== '(program)' && filter(row))
          .sort((a, b) => b[sortBy] - a[sortBy])
          .slice(0, count)
          .map((row) => [
            `\`${row.name}\``,
            row.file ? `${row.file}:${row.line}` : row.area,
            ms(row.self),
            ms(row.total),
          ]),
      );
    say('Ours at N=100 mount, top functions by self time (per mount):');
    say();
    say(functionTable(cpu.ours, 20));
    say();
    say("Ours at N=100 mount, the library's own functions by total (inclusive) time (per mount):");
    say();
    say(functionTable(cpu.ours, 20, (row) => row.area.startsWith('ours'), 'total'));
    say();
    const cold = results.coldCpu;
    if (cold?.ours?.runs > 0) {
      say(
        `Cold first mount at N=100 (section 1c's region in a fresh page, ${cold.ours.runs} profiled loads each, of the unminified bundles: the code's first parse, compile and run, which V8 counts in the functions it compiles): ours ${ms(cold.ours.totalMs)} of samples, (c) ${ms(cold.handwritten?.totalMs)}. Time per area:`,
      );
      say();
      say(areaTable(cold.ours, cold.handwritten));
      say();
      say("Ours, top functions by self time, then the library's own by total time, then (c) by self time:");
      say();
      say(functionTable(cold.ours, 15));
      say();
      say(functionTable(cold.ours, 15, (row) => row.area.startsWith('ours'), 'total'));
      say();
      if (cold.handwritten) say(functionTable(cold.handwritten, 10));
      say();
    }
    if (cpu.keyOurs?.runs > 0) {
      say(
        `Keystroke at N=100 (${results.config.cpu.keystrokes} keystrokes back to back, each dispatched inside flushSync + its microtasks; per keystroke): ours ${ms(cpu.keyOurs.totalMs)} of samples, (c) ${ms(cpu.keyC?.totalMs)}. Time per area:`,
      );
      say();
      say(areaTable(cpu.keyOurs, cpu.keyC));
      say();
      say('Ours, top functions by self time, then (c):');
      say();
      say(functionTable(cpu.keyOurs, 12));
      say();
      if (cpu.keyC) say(functionTable(cpu.keyC, 8));
      say();
    }
    for (const [key, keyC, title] of [
      ['submitValid', 'submitValidC', 'Submit of a valid 100-field answer'],
      ['submitInvalid', 'submitInvalidC', 'Submit of an invalid 100-field answer'],
    ]) {
      const summary = cpu[key];
      if (!summary || summary.runs === 0) continue;
      say(
        `${title}, click → quiet: ours ${ms(summary.totalMs)} of samples, (c) ${ms(cpu[keyC]?.totalMs)} per submit. Ours, top functions by self time, then the library's own by total time:`,
      );
      say();
      say(functionTable(summary, 10));
      say();
      say(functionTable(summary, 10, (row) => row.area.startsWith('ours'), 'total'));
      say();
    }
    for (const [key, title] of [
      ['transcript', 'Transcript 50 answered + 5 pending (one mount; the 200 case scales it)'],
      [
        'hostileOptions',
        'Hostile: a 1,000-option multi-select (one mount, until quiet; the 10,000 case scales it)',
      ],
      ['hostileMessage', 'Hostile: a 1 MB message (one mount, until quiet)'],
      ['hostileFields', 'Hostile: 10,000 fields (one mount, until quiet)'],
    ]) {
      const summary = cpu[key];
      if (!summary || summary.runs === 0) continue;
      say(
        `${title}: ${ms(summary.totalMs)} of samples; top functions by self time, then ours by total time:`,
      );
      say();
      say(functionTable(summary, 10));
      say();
      say(functionTable(summary, 10, (row) => row.area.startsWith('ours'), 'total'));
      say();
    }
  }

  // ---- sanity ----
  const checks = sanityChecks(results);
  say('## Harness checks');
  say();
  say(
    'What the bench checks about itself (a failed check means the numbers above are suspect, not that an option is slow):',
  );
  say();
  say(
    table(
      ['check', 'result'],
      checks.map((check) => [check.text, check.ok ? 'ok' : '**FAILED**']),
    ),
  );
  say();

  // ---- targets ----
  say('## Targets');
  say();
  say(targetsTable(results));
  say();
  if (footnotes.size > 0) {
    say('Notes:');
    say();
    for (const [note, mark] of footnotes) say(`- ${mark} ${note}.`);
    say();
  }
  return `${out.join('\n')}\n`;
}

/** Checks of the harness itself: did every option get measured doing what the table says? */
export function sanityChecks(results) {
  const checks = [];
  const check = (text, ok) => checks.push({ text, ok: Boolean(ok) });
  check('the page was cross-origin isolated (5 µs timer)', results.meta.crossOriginIsolated);
  for (const [name, c] of Object.entries(results.calibration ?? {})) {
    const [id, n] = name.split('@');
    // JSON Forms' vanilla renderers have no multi-select widget (a known gap, footnoted).
    const allowed = id === 'jsonforms' ? Math.floor(Number(n) * 0.9) : Number(n);
    if (c.fieldsFound < allowed)
      check(`${id} at N=${n}: every field found by its label (${c.fieldsFound})`, false);
  }
  check(
    'every option at every N: fields found by their labels',
    checks.every((entry) => entry.ok),
  );
  for (const [id, entry] of Object.entries(results.submit ?? {})) {
    check(
      `${id}: a valid answer was sent and an invalid one held back, in every submit sample`,
      entry.valid?.length > 0 &&
        entry.valid.every((sample) => sample.submitted === 1 && sample.missed === 0) &&
        entry.invalid?.every((sample) => sample.submitted === 0),
    );
  }
  for (const [id, byN] of Object.entries(results.cold ?? {})) {
    if (id === 'react') continue;
    for (const [n, samples] of Object.entries(byN)) {
      const expected = results.calibration?.[`${id}@${n}`]?.controls ?? 0;
      if (!samples.every((sample) => sample.controls >= expected)) {
        check(`${id} cold at N=${n}: every control rendered`, false);
      }
    }
  }
  for (const [id, byN] of Object.entries(results.keys?.hot ?? {})) {
    for (const [n, samples] of Object.entries(byN)) {
      if (samples.length === 0) check(`${id} keystrokes at N=${n}: measured`, false);
    }
  }
  if (results.transcript?.full?.length) {
    check(
      'transcript: every card rendered',
      results.transcript.full.every((sample) => sample.cards === 205) &&
        results.transcript.pendingOnly.every((sample) => sample.cards === 5),
    );
  }
  return checks;
}

const HOSTILE_LABEL = {
  'options-10k': 'a multi-select of 10,000 options',
  'fields-10k': 'a schema of 10,000 fields (must be refused with a readable reason)',
  'requests-10k': 'a round of 10,000 questions (must be refused as a whole)',
  'message-1mb': 'a 1 MB message string',
  'word-1mb': 'a 1 MB message of one unbroken word',
  'default-1mb': 'a text field whose `default` is 1 MB (must be refused with a readable reason)',
  'deep-meta': 'a wire value nested 10,000 deep (request `params._meta`)',
  'deep-schema': 'a wire value nested 10,000 deep (an `x-` annotation of a field schema)',
};

/** The issue's targets, each as a measured ratio or value; reported, never asserted. */
export function targetsTable(results) {
  const rows = [];
  const add = (target, measured, met) =>
    rows.push([target, measured, met === undefined ? '—' : met ? 'met' : '**missed**']);
  // Each time target: the ratio of medians (what is judged), and in brackets the ratio of
  // lower quartiles, which a busy machine disturbs less: when the two disagree, the run was noisy.
  const samplesOf = {
    warm: (id) => pick(results.warm?.[id]?.[100], 'mount'),
    cold: (id) => pick(results.cold?.[id]?.[100], 'mount'),
    keys: (id) => (results.keys?.hot?.[id]?.[100] ?? []).map((k) => k.sync + k.async),
    submit: (id, which) => (results.submit?.[id]?.[which] ?? []).map((x) => x.sync + x.async),
  };
  const r = (a, b) => a / b;
  const show = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '—');
  const timeTarget = (label, samples, base, limit) => {
    const value = r(median(samples), median(base));
    const quartiles = r(lowerQuartile(samples), lowerQuartile(base));
    add(
      label,
      `${show(value)} (lower quartiles: ${show(quartiles)})`,
      Number.isFinite(value) ? value <= limit : undefined,
    );
  };

  timeTarget('warm mount, N=100: ≤ 1.0× hand-written (c)', samplesOf.warm('ours'), samplesOf.warm(C), 1.0);
  timeTarget('warm mount, N=100: ≤ 0.75× rjsf', samplesOf.warm('ours'), samplesOf.warm('rjsf'), 0.75);
  timeTarget('cold first mount, N=100: ≤ 1.0× hand-written', samplesOf.cold('ours'), samplesOf.cold(C), 1.0);
  timeTarget('keystroke JS cost, N=100: ≤ 1.1× hand-written', samplesOf.keys('ours'), samplesOf.keys(C), 1.1);
  const other = med(results.counts?.keys?.ours?.[100], 'otherFields');
  add(
    'keystroke, N=100: 0 other fields re-rendered',
    Number.isFinite(other) ? String(other) : '—',
    Number.isFinite(other) ? other === 0 : undefined,
  );
  for (const which of ['valid', 'invalid']) {
    timeTarget(
      `submit of a 100-field answer (${which}): ≤ 1.0× hand-written`,
      samplesOf.submit('ours', which),
      samplesOf.submit(C, which),
      1.0,
    );
  }
  const unchanged = ['valid', 'invalid'].map(
    (which) => results.counts?.submit?.ours?.[which]?.unchangedRendered,
  );
  add(
    'submit: no field re-renders that did not change its error',
    `valid ${unchanged[0] ?? '—'}, invalid ${unchanged[1] ?? '—'} fields`,
    unchanged.every((value) => value !== undefined) ? unchanged.every((value) => value === 0) : undefined,
  );
  const sizes = results.sizes ?? [];
  const gz = (id, variant) => sizes.find((row) => row.id === id)?.[variant]?.gz;
  const kibTarget = (label, bytes, limit) =>
    add(
      label,
      bytes === undefined
        ? '—'
        : `${(bytes / 1024).toFixed(1)} KiB (${(bytes / 1024 / limit).toFixed(2)}× budget)`,
      bytes === undefined ? undefined : bytes <= limit * 1024,
    );
  kibTarget(
    'static card, own code (min+gz, without React, react-hook-form, TanStack Query): ≤ 20 KiB',
    gz('ours-static', 'ownCode'),
    20,
  );
  kibTarget('static card with react-hook-form (without React): ≤ 40 KiB', gz('ours-static', 'noReact'), 40);
  kibTarget('live card with TanStack Query (without React): ≤ 52 KiB', gz('ours-live', 'noReact'), 52);
  kibTarget('checkLink alone: ≤ 5 KiB', gz('ours-checklink', 'noReact'), 5);
  const t = results.transcript ?? {};
  timeTarget(
    'transcript 200 answered + 5 pending: mount ≤ 3× the 5 alone',
    pick(t.full, 'mount'),
    pick(t.pendingOnly, 'mount'),
    3,
  );
  const requests = t.requests;
  if (requests) {
    const answered = requests.atMount.answered + requests.inWindow.answered;
    add(
      'answered cards make no requests',
      `${answered} requests (mount + ${(requests.windowMs / 1000).toFixed(0)} s)`,
      answered === 0,
    );
  }
  const heap = results.heap;
  if (heap) {
    const heapRatio = heap.end.usedSize / heap.start.usedSize;
    const control = results.heapControl;
    add(
      `heap after ${heap.cycles} mount/unmount cycles: within 5 % of the start`,
      control
        ? `${show(heapRatio)} ((c): ${show(control.end.usedSize / control.start.usedSize)})`
        : show(heapRatio),
      heapRatio <= 1.05,
    );
  }
  for (const [kind, samples] of Object.entries(results.hostile ?? {})) {
    const [first] = samples;
    if (first.failed) {
      add(
        `hostile: ${HOSTILE_LABEL[kind] ?? kind} → readable outcome in ≤ 100 ms`,
        'bench call failed',
        false,
      );
      continue;
    }
    if (first.terminated) {
      add(
        `hostile: ${HOSTILE_LABEL[kind] ?? kind} → readable outcome in ≤ 100 ms`,
        `> ${ms(first.capMs)} (stopped)`,
        false,
      );
      continue;
    }
    const refused = kind === 'fields-10k' || kind === 'requests-10k' || kind === 'default-1mb';
    const readable = !first.threw && !first.renderError && (!refused || first.controls === 0);
    const time = med(samples, 'sync');
    add(
      `hostile: ${HOSTILE_LABEL[kind] ?? kind} → readable outcome in ≤ 100 ms`,
      `${ms(time)}${readable ? '' : ' (no readable outcome)'}`,
      readable && time <= 100,
    );
  }
  return table(['target', 'measured', 'met / missed'], rows);
}

// CLI: re-render a report from its JSON.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const input = process.argv[2] ?? 'bench/results/latest.json';
  const results = JSON.parse(readFileSync(input, 'utf8'));
  const output = input.replace(/\.json$/, '.md');
  writeFileSync(output, renderReport(results));
  try {
    execFileSync('npx', ['biome', 'format', '--write', output], { stdio: 'ignore' });
  } catch {
    process.stdout.write('could not format the report with Biome\n');
  }
  process.stdout.write(`wrote ${output}\n`);
}

/** A long name (Blink's templated class names run to hundreds of characters) cut to its start. */
function shorten(text, most = 80) {
  return text.length > most ? `${text.slice(0, most - 1)}…` : text;
}
