import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared.js';

export default defineProject({
  ...sourceResolution,
  test: {
    name: 'interop',
    // Two real Credo agents per file, DIDComm over loopback and the built CLI spawned: slow on a loaded machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
  },
});
