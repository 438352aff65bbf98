import { defineProject } from 'vitest/config';
import { alias } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias },
  // The examples run as child processes against a sandbox; a loaded machine can take seconds per run.
  test: { name: 'examples', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
