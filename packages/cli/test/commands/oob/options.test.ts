import { describe } from 'vitest';
import { flagsTable } from '../../support/parse-flags.js';

describe('oob get: flags → options (no server)', () => {
  flagsTable('oob get', [
    [['r1'], { id: 'r1', qr: false }],
    [['r1', '--qr'], { id: 'r1', qr: true }],
    [[], "error: missing required argument 'id'"],
    [['r1', 'r2'], 'error: too many arguments for'],
  ]);
});

describe('oob accept: flags → options (no server)', () => {
  flagsTable('oob accept', [
    [['r1'], { id: 'r1', flags: {} }],
    [
      ['r1', '--label', 'Alice', '--alias', 'a', '--image-url', 'https://x/i.png', '--mediator-id', 'm1'],
      { id: 'r1', flags: { label: 'Alice', alias: 'a', imageUrl: 'https://x/i.png', mediatorId: 'm1' } },
    ],
    [
      ['r1', '--file', 'body.json', '--auto-accept-connection', '--reuse-connection'],
      { id: 'r1', file: 'body.json', flags: { autoAcceptConnection: true, reuseConnection: true } },
    ],
    [['r1', '--label'], "error: option '--label <label>' argument missing"],
    [['r1', '--auto-accept'], "error: unknown option '--auto-accept'"],
  ]);
});
