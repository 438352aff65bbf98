import { type MockInstance, vi } from 'vitest';

/**
 * Runs `test` in a runtime whose `process.getBuiltinModule` throws (a partial Node polyfill), with
 * the modules loaded afresh: `test` imports what it tests itself, after the reset, and is given the
 * look-up's mock to count its calls.
 */
export async function withoutBuiltins(
  test: (lookUp: MockInstance<typeof process.getBuiltinModule>) => Promise<void>,
): Promise<void> {
  const lookUp = vi.spyOn(process, 'getBuiltinModule').mockImplementation(() => {
    throw new Error('not here');
  });
  try {
    vi.resetModules();
    await test(lookUp);
  } finally {
    lookUp.mockRestore();
  }
}
