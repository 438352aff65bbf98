import { defineProject } from 'vitest/config';
import { sourceResolution } from '../vitest.shared.js';

export default defineProject({
  ...sourceResolution,
  // The examples run as child processes against a sandbox; a loaded machine can take seconds per run.
  test: { name: 'examples', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
