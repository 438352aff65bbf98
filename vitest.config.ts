import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.js';

export default defineConfig({
  test: {
    projects,
    // Most test files spend their time waiting on the processes and sockets they start (the built
    // CLI, loopback servers), so one more file than cores runs at once: Vitest's default (cores - 1)
    // left one of CI's two cores idle and the run took over 15 minutes.
    maxWorkers: availableParallelism() + 1,
  },
});
