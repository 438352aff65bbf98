import { defineProject } from 'vitest/config';
import { sourceResolution } from '../vitest.shared.js';

export default defineProject({
  ...sourceResolution,
  test: {
    name: 'repo',
    // These tests spawn the shipped bins and servers; a loaded 2-core machine can take seconds per spawn.
    testTimeout: 60_000,
    include: ['**/*.test.ts'],
    // The interop suite is a project of its own (tests/interop/vitest.config.ts).
    exclude: ['**/node_modules/**', 'interop/**'],
  },
});
