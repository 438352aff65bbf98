import { unknownValue } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { flagsTable, parseFlags } from '../../support/parse-flags.js';

describe('an empty known value gives no "send it anyway" hint (attack L4)', () => {
  it.each([[''], ['+'], [' ']])('--state %j', async (value) => {
    const line = String(await parseFlags(['credentials', 'list', '--state', value]));
    expect(line).toMatch(/^error: option '--state <state>' argument '.*' is invalid\. known values: /);
    expect(line).not.toContain('anyway');
  });
});

const ID = '9b2f4c1e-0d6a-4a8e-b1c2-3d4e5f607182';

describe('credentials list: flags → options (no server)', () => {
  flagsTable('credentials list', [
    [[], {}],
    [['--state', 'done'], { state: 'done' }],
    [['--wide', '--state', 'done'], { state: 'done', wide: true }],
    [['--state=+archived'], { state: unknownValue('archived') }],
    [
      ['--role', 'holder', '--thread-id', 't1', '--connection-id', 'c1', '--parent-thread-id', 'p1'],
      { role: 'holder', threadId: 't1', connectionId: 'c1', parentThreadId: 'p1' },
    ],
    [['--state', 'dnoe'], "error: option '--state <state>' argument 'dnoe' is invalid"],
    [['--role'], "error: option '--role <role>' argument missing"],
    [['--page', '2'], "error: unknown option '--page'"],
  ]);
});

describe('credentials negotiate: flags → options (no server)', () => {
  flagsTable('credentials negotiate', [
    [[ID], { recordId: ID }],
    [
      [ID, '--connection-id', 'c1', '--format', 'indy', '--comment', 'hi', '--protocol-version', 'v1'],
      { recordId: ID, connectionId: 'c1', format: 'indy', comment: 'hi', protocolVersion: 'v1' },
    ],
    [
      [ID, '--file', '-', '--auto-accept-credential', 'always'],
      { recordId: ID, file: '-', autoAcceptCredential: 'always' },
    ],
    [[ID, '--format', 'pdf'], "error: option '--format <format>' argument 'pdf' is invalid"],
    [
      [ID, '--auto-accept-credential', 'sometimes'],
      "error: option '--auto-accept-credential <mode>' argument 'sometimes' is invalid",
    ],
    [[], "error: missing required argument 'recordId'"],
  ]);
});
