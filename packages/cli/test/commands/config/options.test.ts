import { describe, expect, it } from 'vitest';
import { flagsTable, parseFlags } from '../../support/parse-flags.js';

describe('a mistyped config key suggests the closest (attack L4)', () => {
  it.each([
    [['config', 'set', 'bas-url', 'x'], 'base-url'],
    [['config', 'get', 'orgg'], 'org'],
    [['config', 'unset', 'agent_key'], 'agent-key'],
  ])('%j', async (argv, guess) => {
    expect(String(await parseFlags(argv))).toMatch(new RegExp(`\\(did you mean ${guess}\\?\\)$`));
  });
});

describe('config get: flags → options (no server)', () => {
  flagsTable('config get', [
    [['base-url'], { key: 'base-url' }],
    [['agent-key'], { key: 'agent-key' }],
    [['token'], `error: command-argument value 'token' is invalid for argument 'key'. unknown key "token"`],
    [[], "error: missing required argument 'key'"],
  ]);
});

describe('config set: flags → options (no server)', () => {
  flagsTable('config set', [
    [['base-url', 'https://agent.example.com'], { key: 'base-url', given: 'https://agent.example.com' }],
    [['agent-key', '-'], { key: 'agent-key', given: '-' }],
    [
      ['org', ' '],
      'error: config set org: the value is empty (to remove the setting: agent-cli config unset org)',
    ],
    [
      ['password-key', 'k'],
      'error: password-key is a secret: pipe it to stdin instead (agent-cli config set password-key -)',
    ],
    [['org'], "error: missing required argument 'value'"],
  ]);
});

describe('config unset: flags → options (no server)', () => {
  flagsTable('config unset', [
    [['org'], { key: 'org' }],
    [['orgs'], `error: command-argument value 'orgs' is invalid for argument 'key'`],
  ]);
});

describe('config list: flags → options (no server)', () => {
  flagsTable('config list', [
    [[], { wide: false }],
    [['--wide'], { wide: true }],
    [['--all'], "error: unknown option '--all'"],
  ]);
});

describe('config use: flags → options (no server)', () => {
  flagsTable('config use', [
    [['staging'], { name: 'staging', create: false }],
    [['staging', '--create'], { name: 'staging', create: true }],
    [[''], 'error: config use: invalid profile name ""'],
    [[], "error: missing required argument 'profile'"],
  ]);
});

describe('config delete: flags → options (no server)', () => {
  flagsTable('config delete', [
    [['staging'], { name: 'staging', force: false }],
    [['staging', '--force'], { name: 'staging', force: true }],
    [['a/b'], 'error: config delete: invalid profile name "a/b"'],
  ]);
});
