// Builds the package: ESM bundles (vite, lib mode), declarations (tsc), and the theme.
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });

run('npx', ['vite', 'build', '-c', 'vite.lib.config.ts', '--logLevel', 'warn']);
run('npx', ['tsc', '-p', 'tsconfig.build.json']);
copyFileSync('src/styles.css', 'dist/styles.css');
