import { afterEach, beforeEach } from 'vitest';
import { type RunningSandbox, type StartSandboxOptions, startSandbox } from '../../src/index.js';

/** A sandbox served on 127.0.0.1 on a free port for each test, closed after it. */
export function useRunningSandbox(options: StartSandboxOptions = {}): { readonly running: RunningSandbox } {
  let current: RunningSandbox | undefined;
  beforeEach(async () => {
    current = await startSandbox(options);
  });
  afterEach(async () => {
    await current?.close();
  });
  return {
    get running(): RunningSandbox {
      if (!current) throw new Error('useRunningSandbox: read running inside a test');
      return current;
    },
  };
}
