import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared.js';

export default defineProject({
  ...sourceResolution,
  test: {
    name: 'sdk',
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/types/**/*.test-d.ts'] },
  },
});
