import { describe } from 'vitest';
import { flagsTable } from '../../support/parse-flags.js';

describe('offers create: flags → options (no server)', () => {
  flagsTable('offers create', [
    [[], { qr: false }],
    [
      ['--credential-type', 'jsonld', '--cred-def-id', 'd1', '--attr', 'name=Alice', '--attr', 'age= 30'],
      {
        credentialType: 'jsonld',
        credDefId: 'd1',
        attr: [
          { name: 'name', value: 'Alice' },
          { name: 'age', value: ' 30' },
        ],
        qr: false,
      },
    ],
    [
      [
        '--file',
        'o.json',
        '--comment',
        'c',
        '--protocol-version',
        'v2',
        '--label',
        'l',
        '--goal-code',
        'g',
        '--shorten-url',
        '--qr',
      ],
      {
        file: 'o.json',
        comment: 'c',
        protocolVersion: 'v2',
        label: 'l',
        goalCode: 'g',
        shortenUrl: true,
        qr: true,
      },
    ],
    [
      ['--attr', 'name'],
      `error: option '--attr <name=value>' argument 'name' is invalid. expected name=value, got "name"`,
    ],
    [
      ['--credential-type', 'jsonId'],
      "error: option '--credential-type <type>' argument 'jsonId' is invalid",
    ],
  ]);
});

describe('offers email: flags → options (no server)', () => {
  const defaults = {
    batchSize: 10,
    concurrency: 4,
    dryRun: false,
    newRun: false,
    resume: false,
    retryInDoubt: false,
  };
  flagsTable('offers email', [
    [[], defaults],
    [
      [
        '--email',
        'a@x.com',
        '--email',
        'b@x.com',
        '--credential-type',
        'indy',
        '--cred-def-id',
        'd1',
        '--attr',
        'n=v',
      ],
      {
        ...defaults,
        email: ['a@x.com', 'b@x.com'],
        credentialType: 'indy',
        credDefId: 'd1',
        attr: [{ name: 'n', value: 'v' }],
      },
    ],
    [
      [
        '--csv',
        'h.csv',
        '--file',
        't.json',
        '--attr-columns',
        'a, b',
        '--batch-size',
        '5',
        '--dry-run',
        '--shard',
        '1/2',
      ],
      {
        ...defaults,
        csv: 'h.csv',
        file: 't.json',
        attrColumns: ['a', 'b'],
        batchSize: 5,
        dryRun: true,
        shard: '1/2',
      },
    ],
    [
      ['--csv', 'h.csv', '--resume', '--retry-in-doubt', '--max-batch-size', '50', '--batch-size', '20'],
      { ...defaults, csv: 'h.csv', resume: true, retryInDoubt: true, maxBatchSize: 50, batchSize: 20 },
    ],
    [['--dry-run'], 'error: --dry-run needs --csv (it is a bulk flag)'],
    [['--email', 'a@x.com', '--batch-size', '5'], 'error: --batch-size needs --csv (it is a bulk flag)'],
    [['--csv', 'h.csv', '--email', 'a@x.com'], 'error: --email and --csv do not go together'],
    [['--csv', '-'], 'error: --csv - (stdin) is not supported: give the path of the CSV file'], // attack L6
    [['--csv', 'h.csv', '--retry-in-doubt'], 'error: --retry-in-doubt needs --resume'],
    [['--csv', 'h.csv', '--batch-size', '11'], "error: --batch-size 11 is above the service's cap of 10"],
    [['--csv', 'h.csv', '--concurrency', '0'], "error: option '--concurrency <n>' argument '0' is invalid"],
  ]);
});
