import { unknownValue } from '@credential-agent/sdk';
import { describe } from 'vitest';
import { flagsTable } from '../../support/parse-flags.js';

describe('proofs request: flags → options (no server)', () => {
  flagsTable('proofs request', [
    [[], {}],
    [
      ['--connection-id', 'c1', '--request-type', 'indy', '--comment', 'hi', '--goal-code', 'g'],
      { connectionId: 'c1', requestType: 'indy', comment: 'hi', goalCode: 'g' },
    ],
    [
      ['--file', 'p.json', '--protocol-version', 'v2', '--auto-accept-proof', 'never'],
      { file: 'p.json', protocolVersion: 'v2', autoAcceptProof: 'never' },
    ],
    [
      ['--request-type', 'presentationexchange'],
      "error: option '--request-type <type>' argument 'presentationexchange' is invalid",
    ],
    [['--request-type=+dif'], { requestType: unknownValue('dif') }],
    [['--goal-code'], "error: option '--goal-code <code>' argument missing"],
  ]);
});
