import { defineProject } from 'vitest/config';
import { alias } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias },
  test: {
    name: 'sdk',
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/types/**/*.test-d.ts'] },
  },
});
