import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addCsvOptions } from '../../../src/bulk/flags.js';
import { parseFlags } from '../../support/parse-flags.js';

// The bulk flags are the options addCsvOptions adds (known by identity, not by their help text).
const added = addCsvOptions(new Command('email'));

describe('offers email: every bulk flag needs --csv', () => {
  it('knows the bulk flags as the options it added', () => {
    expect(added.map((o) => o.long)).toContain('--dry-run');
    expect(added.map((o) => o.long)).toContain('--delimiter');
  });

  it.each(added.filter((o) => o.long !== '--csv').map((o) => [o.long ?? '', o.required || o.optional]))(
    'refuses %s without --csv',
    async (flag, takesValue) => {
      const args = ['offers', 'email', '--email', 'a@x.com', flag, ...(takesValue ? ['1'] : [])];
      expect(await parseFlags(args)).toBe(`error: ${flag} needs --csv (it is a bulk flag)`);
    },
  );
});
