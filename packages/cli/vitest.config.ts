import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared.js';
import { VERSION_DEFINE } from './build/version.js';

export default defineProject({
  ...sourceResolution,
  // The version src/startup/version.ts reads, as the build inlines it.
  define: VERSION_DEFINE,
  test: {
    name: 'cli',
    // These tests spawn the shipped bins and servers; a loaded 2-core machine can take seconds per spawn.
    testTimeout: 60_000,
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: false, include: ['test/types/**/*.test-d.ts'] },
  },
});
