// A tiny test runner for the Node suites that `npm test` runs outside Vitest (the built package,
// the end-to-end pages): named checks, and the closing `N passed, N failed` line it sums up.
let passed = 0;
let failed = 0;

/** Runs one named check; a thrown error fails it, with its stack when `verbose`. */
export async function check(name, body, { verbose = false } = {}) {
  try {
    await body();
    passed += 1;
    console.log(`  ✓ ${name}`);
  } catch (error) {
    failed += 1;
    const detail = error instanceof Error ? (verbose ? error.stack : error.message) : String(error);
    console.log(`  ✗ ${name}\n    ${detail}`);
  }
}

/** Counts a failure that happened outside any check (e.g. the setup). */
export function failOutside(name, error) {
  failed += 1;
  console.log(`  ✗ ${name}: ${error instanceof Error ? error.message : String(error)}`);
}

/** Prints the closing line and exits with the suite's outcome. */
export function finish() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
