import { defineProject } from 'vitest/config';
import { alias } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias },
  test: {
    name: 'repo',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
  },
});
