import { vi } from 'vitest';

/** Where the console as the runtime made it is kept: files that share a worker run the setup again. */
const asMadeKey = Symbol.for('input-request-cards:console-as-made');

/**
 * Makes `console.error` and `console.warn` fail the test that calls them (after printing): React's
 * act() and key warnings, our own dev warnings and an unhandled request all point at real
 * defects. Call it before every test (`beforeEach(failOnConsole)`): a test that restores its own
 * console spy restores the console as made, and the next test must fail on it again.
 */
export function failOnConsole(): void {
  const store = globalThis as unknown as Record<symbol, Pick<Console, 'error' | 'warn'> | undefined>;
  const asMade = store[asMadeKey] ?? { error: console.error, warn: console.warn };
  store[asMadeKey] = asMade;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      asMade[level].apply(console, args);
      throw new Error(`console.${level} was called: ${args.map(String).join(' ')}`);
    });
  }
}
