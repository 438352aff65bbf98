import { describe } from 'vitest';
import { flagsTable } from '../../support/parse-flags.js';

describe('schemas create: flags → options (no server)', () => {
  flagsTable('schemas create', [
    [[], { fields: {} }],
    [
      [
        '--issuer-id',
        'did:key:z',
        '--name',
        'Employee',
        '--version',
        '1.0.0',
        '--attr',
        'name',
        '--attr',
        'role',
      ],
      { fields: { issuerId: 'did:key:z', name: 'Employee', version: '1.0.0', attributes: ['name', 'role'] } },
    ],
    [
      ['--file', '-', '--endorse', '--endorser-did', 'did:e'],
      { file: '-', fields: { endorse: true, endorserDid: 'did:e' } },
    ],
    [['--version'], "error: option '--version <semver>' argument missing"],
    [['--attrs', 'a'], "error: unknown option '--attrs'"],
  ]);
});
