// Builds the package: one ESM file per source module (vite, lib mode, see vite.lib.config.ts),
// declarations (tsc), and the theme with a type for its side-effect import.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });

run('npx', ['vite', 'build', '-c', 'vite.lib.config.ts', '--logLevel', 'warn']);
run('npx', ['tsc', '-p', 'tsconfig.build.json']);
portableDeclarations('dist');
copyFileSync('src/styles.css', 'dist/styles.css');
// `import 'input-request-cards/styles.css'` must type-check where side-effect imports are checked
// (TS 7 default, `noUncheckedSideEffectImports`) without the app declaring `*.css` itself; the
// `types` condition of the export points here.
writeFileSync(
  'dist/styles.css.d.ts',
  '// The theme stylesheet: imported for its side effect, it exports nothing.\nexport {};\n',
);

/**
 * tsc writes the inferred return type of a component as `import("react").JSX.Element`, and
 * `React.JSX` only exists from @types/react 18.2.7 on: with 18.0 every such declaration fails.
 * `JSX.Element` is by definition a `React.ReactElement`, which every @types/react has, so the
 * declarations say that instead (test/consumers builds an app against @types/react 18.0).
 */
function portableDeclarations(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const portable = text.replaceAll('import("react").JSX.Element', 'import("react").ReactElement');
    if (portable !== text) writeFileSync(file, portable);
  }
}
