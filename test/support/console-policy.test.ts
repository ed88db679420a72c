import { expect, it, vi } from 'vitest';

// The setup makes a console error or warning fail the test. A test that spies on the console and
// restores its spy (as secret.test.tsx does) must not switch that off for the tests after it, nor,
// since files share a worker, for the files after it.

it('a test may spy on the console and restore its spy', () => {
  const spy = vi.spyOn(console, 'error');
  spy.mockRestore();
  expect(console.error).not.toBe(spy);
});

it('the next test still fails on console.error and console.warn', () => {
  expect(() => console.error('an act() warning')).toThrow('console.error was called: an act() warning');
  expect(() => console.warn('a dev warning')).toThrow('console.warn was called: a dev warning');
});
