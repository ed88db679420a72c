// README's examples compile as pasted. Every ```ts / ```tsx block that README marks with an HTML
// comment `<!-- checked: app/chat/page.tsx -->` on the line before it (invisible where README is
// rendered) is written to that path in a scratch project and type-checked, strict, against the
// BUILT package (its dist/ declarations, entry by entry as package.json exports them) and the
// peers this repository has installed. Names an example leaves to the reader (`wire`, `taskId`,
// your own `saveChat`) are declared in placeholders.d.ts beside this file. Unmarked blocks are
// fragments (one prop, one call) and are not checked. Run by `npm test` after the build.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, failOutside, finish } from '../support/node-suite.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(repo, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));

/** The marked blocks: their file, language, code, and the README line the code starts on. */
const examples = [];
const marked = /<!-- checked: (\S+) -->\n```(ts|tsx)\n([\s\S]*?)\n```/g;
for (const match of readme.matchAll(marked)) {
  const line = readme.slice(0, match.index).split('\n').length + 2;
  examples.push({ file: match[1], code: `${match[3]}\n`, line });
}
// A marker README still has but this pattern missed (a typo, another fence) would go unchecked.
const markers = readme.match(/<!-- checked:/g)?.length ?? 0;

await check('README marks its complete examples, and each marker sits on a ts or tsx block', () => {
  if (examples.length < 10) throw new Error(`only ${examples.length} marked examples found`);
  if (markers !== examples.length) {
    throw new Error(
      `${markers} "<!-- checked:" markers, but ${examples.length} sit right above a ts/tsx block`,
    );
  }
  const files = examples.map((example) => example.file);
  const twice = files.filter((file, index) => files.indexOf(file) !== index);
  if (twice.length > 0) throw new Error(`two examples write ${twice.join(', ')}`);
});

const scratch = mkdtempSync(join(tmpdir(), 'irc-readme-'));
try {
  symlinkSync(join(repo, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  copyFileSync(
    fileURLToPath(new URL('placeholders.d.ts', import.meta.url)),
    join(scratch, 'placeholders.d.ts'),
  );
  for (const example of examples) {
    mkdirSync(dirname(join(scratch, example.file)), { recursive: true });
    writeFileSync(join(scratch, example.file), example.code);
  }
  // The package by its name, resolved to dist/ entry by entry, as an app sees it.
  const paths = { '@/*': ['./*'] };
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object' || !target.types) continue;
    paths[`input-request-cards${subpath.slice(1)}`] = [join(repo, target.types)];
  }
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        lib: ['es2023', 'dom', 'dom.iterable'],
        module: 'esnext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        // What strict apps turn on too: a snippet must compile in them as pasted.
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        // And what create-vite's tsconfig turns on (there, a name declared and never used fails).
        noUnusedLocals: true,
        noUnusedParameters: true,
        verbatimModuleSyntax: true,
        erasableSyntaxOnly: true,
        noFallthroughCasesInSwitch: true,
        noUncheckedSideEffectImports: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        paths,
      },
      include: ['**/*.ts', '**/*.tsx'],
      exclude: ['node_modules'],
    }),
  );
} catch (error) {
  failOutside('scratch project', error);
  finish();
}

const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
// From inside the project, so tsc names each file by its path there.
const result = spawnSync('node', [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
  cwd: scratch,
  encoding: 'utf8',
});
const output = `${result.stdout}${result.stderr}`;
const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));

for (const example of examples) {
  await check(`README line ${example.line}: ${example.file} compiles`, () => {
    const own = errors.filter((line) => line.startsWith(`${example.file}(`));
    if (own.length === 0) return;
    // tsc names a line of the file: say which README line that is.
    const lines = own.map((line) =>
      line.replace(
        /^[^(]+\((\d+),(\d+)\)/,
        (_, row, column) => `README line ${example.line + Number(row) - 1}:${column}`,
      ),
    );
    throw new Error(lines.join('\n    '));
  });
}

await check('nothing else in the scratch project fails to compile', () => {
  const stray = errors.filter((line) => !examples.some((example) => line.startsWith(`${example.file}(`)));
  if (stray.length > 0 || (result.status !== 0 && errors.length === 0)) {
    throw new Error(stray.length > 0 ? stray.join('\n    ') : output.slice(-2000));
  }
});

rmSync(scratch, { recursive: true, force: true });
finish();
