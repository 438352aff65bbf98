import { describe } from 'vitest';
import { flagsTable } from '../../support/parse-flags.js';

describe('completion bash|zsh|fish: flags → options (no server)', () => {
  for (const shell of ['bash', 'zsh', 'fish']) {
    flagsTable(`completion ${shell}`, [
      [[], {}],
      [['--install'], "error: unknown option '--install'"],
    ]);
  }
});
