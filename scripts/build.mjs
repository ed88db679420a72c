// Builds the package: one ESM file per source module (vite, lib mode, see vite.lib.config.ts),
// declarations (tsc), and the theme with a type for its side-effect import.
import { execFileSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });

run('npx', ['vite', 'build', '-c', 'vite.lib.config.ts', '--logLevel', 'warn']);
run('npx', ['tsc', '-p', 'tsconfig.build.json']);
copyFileSync('src/styles.css', 'dist/styles.css');
// `import 'input-request-cards/styles.css'` must type-check where side-effect imports are checked
// (TS 7 default, `noUncheckedSideEffectImports`) without the app declaring `*.css` itself; the
// `types` condition of the export points here.
writeFileSync(
  'dist/styles.css.d.ts',
  '// The theme stylesheet: imported for its side effect, it exports nothing.\nexport {};\n',
);
