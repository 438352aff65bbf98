import { defineProject } from 'vitest/config';
import { alias } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias },
  test: {
    name: 'sandbox',
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: false, include: ['test/types/**/*.test-d.ts'] },
  },
});
