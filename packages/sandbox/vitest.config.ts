import { defineProject } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared.js';

export default defineProject({
  ...sourceResolution,
  test: {
    name: 'sandbox',
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: false, include: ['test/types/**/*.test-d.ts'] },
  },
});
