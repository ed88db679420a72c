// esbuild: the bench pages and the bundle-size table. Production React (NODE_ENV=production),
// iife (the size table: ESM with code splitting), es2022, minified, as a user's production build would ship.
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { OPTION_FILES } from './options.mjs';

const REACT = ['react', 'react-dom', 'scheduler', 'react/jsx-runtime'];

function baseOptions(repo) {
  return {
    absWorkingDir: repo,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    jsx: 'automatic',
    legalComments: 'none',
    logLevel: 'warning',
    define: {
      'process.env.NODE_ENV': '"production"',
      __PROFILING__: 'false',
      __CPU_PROFILE__: 'false',
    },
  };
}

const stdin = (repo, contents) => ({
  contents,
  resolveDir: join(repo, 'bench'),
  loader: 'tsx',
  sourcefile: 'entry.tsx',
});

/** The options whose cold first mount is CPU-profiled: ours and (c), the hand-written form. */
export const COLD_PROFILED = ['ours', 'handwritten'];

/** The bench pages: timing, counting (react-dom/profiling), CPU profile (readable names), one cold bundle per option. */
export async function buildPages(repo, outDir, optionIds) {
  mkdirSync(outDir, { recursive: true });
  const base = baseOptions(repo);
  const harness = join(repo, 'bench/page/harness.tsx');
  const builds = [
    esbuild.build({ ...base, entryPoints: [harness], outfile: join(outDir, 'bench.js') }),
    esbuild.build({
      ...base,
      entryPoints: [harness],
      outfile: join(outDir, 'prof.js'),
      alias: { 'react-dom/client': 'react-dom/profiling' },
      define: { ...base.define, __PROFILING__: 'true' },
    }),
    esbuild.build({
      ...base,
      entryPoints: [harness],
      outfile: join(outDir, 'cpu.js'),
      minify: false,
      sourcemap: true,
      define: { ...base.define, __CPU_PROFILE__: 'true' },
    }),
    esbuild.build({
      ...base,
      stdin: stdin(
        repo,
        "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
          "import { coldMain } from './page/cold.ts';\nconst entryStart = performance.now();\n" +
          "createRoot(document.body.appendChild(document.createElement('div'))).render(createElement('pre', null, 'React'));\n" +
          'coldMain(undefined, entryStart);\n',
      ),
      outfile: join(outDir, 'cold-react.js'),
    }),
  ];
  // The cold pages of ours and (c) once more, unminified with source maps, for the CPU profile of
  // a cold first mount (its function names and files readable; not timed).
  const coldEntry = (id) =>
    `import { ${id} as option } from './options/${OPTION_FILES[id]}';\nimport { coldMain } from './page/cold.ts';\n` +
    (id === 'rawdom'
      ? 'coldMain(option, performance.now());\n'
      : "import { flushSync } from 'react-dom';\nimport { createRoot } from 'react-dom/client';\n" +
        'coldMain(option, performance.now(), { createRoot, flushSync });\n');
  for (const id of COLD_PROFILED.filter((id) => optionIds.includes(id))) {
    builds.push(
      esbuild.build({
        ...base,
        stdin: stdin(repo, coldEntry(id)),
        minify: false,
        sourcemap: true,
        outfile: join(outDir, `cold-cpu-${id}.js`),
      }),
    );
  }
  for (const id of optionIds) {
    builds.push(
      esbuild.build({
        ...base,
        stdin: stdin(repo, coldEntry(id)),
        outfile: join(outDir, `cold-${id}.js`),
      }),
    );
  }
  await Promise.all(builds);
}

// ---- bundle sizes ----

const pageOf = (importLine, call) =>
  `${importLine}\nconst element = document.getElementById('root');\n${call}\n`;
const readWire = "JSON.parse(document.getElementById('wire').textContent)";

/** Each entry is "a page that renders it", with its data read at run time (data, not code). */
function sizeEntries() {
  const optionPage = (id, file) =>
    pageOf(
      `import { ${id} as option } from './options/${file}';\nimport { renderOptionPage } from './page/option-page.tsx';`,
      'renderOptionPage(option, element);',
    );
  return [
    {
      id: 'react',
      label: 'React 19 alone (react + react-dom/client + scheduler)',
      contents: pageOf(
        "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';",
        "createRoot(element).render(createElement('pre', null, 'React'));",
      ),
      variants: ['full'],
    },
    {
      id: 'ours-static',
      label: 'ours: static card (README: parseSuspension + <InputRequestCard suspension resume>)',
      contents: pageOf(
        "import { staticCardPage } from './options/ours-pages.tsx';",
        `staticCardPage(element, ${readWire});`,
      ),
      variants: ['full', 'noReact', 'ownCode'],
    },
    {
      id: 'ours-live',
      label: 'ours: live card (<InputRequestCard source={createHttpSource(…)}> in QueryClientProvider)',
      contents: pageOf(
        "import { liveCardPage } from './options/ours-live.tsx';",
        "liveCardPage(element, '/tasks/42', '/tasks/42/resume');",
      ),
      variants: ['full', 'noReact', 'ownCode'],
    },
    {
      id: 'ours-core',
      label: 'ours: input-request-cards/core alone (parseSuspension + validateAnswer)',
      contents: pageOf(
        "import { corePage } from './options/ours-pages.tsx';",
        `window.benchResult = corePage(${readWire}, {});`,
      ),
      variants: ['noReact'],
    },
    {
      id: 'ours-checklink',
      label: 'ours: checkLink alone (from input-request-cards/core)',
      contents: pageOf(
        "import { checkLinkPage } from './options/ours-pages.tsx';",
        'window.benchResult = checkLinkPage(location.href);',
      ),
      variants: ['noReact'],
    },
    {
      id: 'rjsf',
      label: '@rjsf/core + validator-ajv8',
      contents: optionPage('rjsf', 'rjsf.tsx'),
      variants: ['full', 'noReact'],
    },
    {
      id: 'jsonforms',
      label: '@jsonforms/react + vanilla-renderers',
      contents: optionPage('jsonforms', 'jsonforms.tsx'),
      variants: ['full', 'noReact'],
    },
    {
      id: 'handwritten',
      label: 'hand-written react-hook-form + ajv',
      contents: optionPage('handwritten', 'handwritten.tsx'),
      variants: ['full', 'noReact'],
    },
    {
      id: 'rawdom',
      label: 'raw DOM, no React (floor)',
      contents: pageOf(
        "import { rawdom } from './options/rawdom.ts';\nimport { mountDomPage } from './page/dom-page.ts';",
        'mountDomPage(rawdom, element);',
      ),
      variants: ['full'],
    },
  ];
}

const EXTERNALS = {
  full: [],
  noReact: REACT,
  ownCode: [...REACT, 'react-hook-form', '@tanstack/react-query', '@tanstack/query-core'],
};

/** Package (or area) an input file belongs to, for the "largest inputs" column. */
function packageOf(path) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (match) return match[1];
  if (path.startsWith('dist/')) return 'input-request-cards (dist)';
  return '(bench page code)';
}

/**
 * The bundle table. Each page is bundled as an app's bundler would ship it: ESM with code
 * splitting, so a module the library imports lazily (`import()`) becomes its own chunk. `min`/`gz`
 * are what the page loads up front (the entry chunk and every chunk it imports statically); the
 * lazy chunks are reported apart (`lazyGz`), the way test/package/size.mjs counts the budgets.
 */
export async function buildSizes(repo) {
  const base = baseOptions(repo);
  const results = [];
  for (const entry of sizeEntries()) {
    const row = { id: entry.id, label: entry.label };
    for (const variant of entry.variants) {
      const result = await esbuild.build({
        ...base,
        format: 'esm',
        splitting: true,
        stdin: stdin(repo, entry.contents),
        external: EXTERNALS[variant],
        write: false,
        metafile: true,
        outdir: join(repo, 'bench/.out/size'),
      });
      const files = new Map(result.outputFiles.map((file) => [relative(repo, file.path), file.contents]));
      const outputs = result.metafile.outputs;
      const entryPath = Object.keys(outputs).find((path) => outputs[path].entryPoint);
      const upFront = new Set();
      const lazy = new Set();
      const visit = (path, into) => {
        if (upFront.has(path) || lazy.has(path)) return;
        into.add(path);
        for (const imported of outputs[path].imports) {
          if (!imported.external) visit(imported.path, imported.kind === 'dynamic-import' ? lazy : into);
        }
      };
      visit(entryPath, upFront);
      const sum = (paths, measure) => [...paths].reduce((total, path) => total + measure(files.get(path)), 0);
      const gz = (code) => gzipSync(code, { level: 9 }).length;
      const byPackage = new Map();
      for (const path of upFront) {
        for (const [input, info] of Object.entries(outputs[path].inputs)) {
          const name = packageOf(relative(repo, join(repo, input)));
          byPackage.set(name, (byPackage.get(name) ?? 0) + info.bytesInOutput);
        }
      }
      row[variant] = {
        min: sum(upFront, (code) => code.length),
        gz: sum(upFront, gz),
        lazyGz: sum(lazy, gz),
        inputs: [...byPackage].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => ({ name, bytes })),
      };
    }
    results.push(row);
  }
  return results;
}
