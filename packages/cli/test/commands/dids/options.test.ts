import { unknownValue } from '@credential-agent/sdk';
import { describe } from 'vitest';
import { flagsTable } from '../../support/parse-flags.js';

describe('dids write: flags → options (no server)', () => {
  flagsTable('dids write', [
    [[], { fields: {} }],
    [
      ['--method', 'key', '--key-type', 'ed25519', '--network', 'bcovrin:testnet', '--role', 'endorser'],
      { fields: { method: 'key', keyType: 'ed25519', network: 'bcovrin:testnet', role: 'endorser' } },
    ],
    [
      [
        '--method',
        'web',
        '--domain',
        'x.example',
        '--did',
        'did:web:x',
        '--endpoint',
        'https://x',
        '--endorser-did',
        'd',
      ],
      {
        fields: {
          method: 'web',
          domain: 'x.example',
          did: 'did:web:x',
          endpoint: 'https://x',
          endorserDid: 'd',
        },
      },
    ],
    [['--seed-stdin'], { fields: {}, seed: { stdin: true } }],
    [['--seed', 'abc', '--file', 'f.json'], { file: 'f.json', fields: {}, seed: { value: 'abc' } }],
    [['--seed', 'abc', '--seed-stdin'], 'error: use either --seed-stdin or --seed, not both'],
    [['--seed-stdin', '--file', '-'], 'error: --seed-stdin and --file - both read stdin: use one'],
    [['--method', 'kye'], "error: option '--method <method>' argument 'kye' is invalid"],
    [['--key-type', '+x25519'], { fields: { keyType: unknownValue('x25519') } }],
  ]);
});
