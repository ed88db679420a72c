// esbuild: the bench pages and the bundle-size table. Production React (NODE_ENV=production),
// iife, es2022, minified, as a user's production build would ship.
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
  for (const id of optionIds) {
    builds.push(
      esbuild.build({
        ...base,
        stdin: stdin(
          repo,
          `import { ${id} as option } from './options/${OPTION_FILES[id]}';\nimport { coldMain } from './page/cold.ts';\n` +
            (id === 'rawdom'
              ? 'coldMain(option, performance.now());\n'
              : "import { flushSync } from 'react-dom';\nimport { createRoot } from 'react-dom/client';\n" +
                'coldMain(option, performance.now(), { createRoot, flushSync });\n'),
        ),
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
        "import { staticCardPage } from './options/ours.tsx';",
        `staticCardPage(element, ${readWire});`,
      ),
      variants: ['full', 'noReact', 'ownCode'],
    },
    {
      id: 'ours-live',
      label: 'ours: live card (<InputRequestCard source={createHttpSource(…)}> in QueryClientProvider)',
      contents: pageOf(
        "import { liveCardPage } from './options/ours.tsx';",
        "liveCardPage(element, '/tasks/42', '/tasks/42/resume');",
      ),
      variants: ['full', 'noReact', 'ownCode'],
    },
    {
      id: 'ours-core',
      label: 'ours: input-request-cards/core alone (parseSuspension + validateAnswer)',
      contents: pageOf(
        "import { corePage } from './options/ours.tsx';",
        `window.benchResult = corePage(${readWire}, {});`,
      ),
      variants: ['noReact'],
    },
    {
      id: 'ours-checklink',
      label: 'ours: checkLink alone (from input-request-cards/core)',
      contents: pageOf(
        "import { checkLinkPage } from './options/ours.tsx';",
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

export async function buildSizes(repo) {
  const base = baseOptions(repo);
  const results = [];
  for (const entry of sizeEntries()) {
    const row = { id: entry.id, label: entry.label };
    for (const variant of entry.variants) {
      const result = await esbuild.build({
        ...base,
        stdin: stdin(repo, entry.contents),
        external: EXTERNALS[variant],
        write: false,
        metafile: true,
        outfile: join(repo, 'bench/.out/size.js'),
      });
      const code = result.outputFiles[0].contents;
      const byPackage = new Map();
      for (const output of Object.values(result.metafile.outputs)) {
        for (const [path, info] of Object.entries(output.inputs)) {
          const name = packageOf(relative(repo, join(repo, path)));
          byPackage.set(name, (byPackage.get(name) ?? 0) + info.bytesInOutput);
        }
      }
      row[variant] = {
        min: code.length,
        gz: gzipSync(code, { level: 9 }).length,
        inputs: [...byPackage].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => ({ name, bytes })),
      };
    }
    results.push(row);
  }
  return results;
}
