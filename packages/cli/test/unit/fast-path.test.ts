import { describe, expect, it } from 'vitest';
import { commandPath } from '../../src/startup/argv.js';
import { type FastIndex, fastAnswer } from '../../src/startup/fast-path.js';

const index: FastIndex = {
  help: {
    '': 'root help\n  --org <id>  the org\n',
    credentials: 'credentials help\n',
    'credentials list': 'credentials list help\n  --state <state>  the state\n  --json  json\n',
    schemas: 'schemas help\n',
    'schemas create': 'schemas create help\n',
  },
  ownVersion: { 'schemas create': ['--version'] },
};
const answer = (...argv: string[]) => fastAnswer(argv, index, '9.9.9');

describe('fastAnswer: what the launcher prints without loading the program', () => {
  it.each([
    [['--help'], 'root help\n  --org <id>  the org\n'],
    [['-h'], 'root help\n  --org <id>  the org\n'],
    [['credentials', '--help'], 'credentials help\n'],
    [['credentials', 'list', '-h'], 'credentials list help\n  --state <state>  the state\n  --json  json\n'],
    [['--version'], '9.9.9\n'],
    [['credentials', 'list', '--json', '--version'], '9.9.9\n'],
    [['credentials', 'list', '--state=x', '--version'], '9.9.9\n'],
    [['-V'], '9.9.9\n'],
    [['--no-color', '--version'], '9.9.9\n'],
    [['credentials', 'list', '--version'], '9.9.9\n'],
    [['--org', 'credentials', 'credentials', 'list', '-V'], '9.9.9\n'],
    [['schemas', '--version'], '9.9.9\n'],
    [['schemas', 'create', '--name', 'x', '-V'], '9.9.9\n'],
    // `help <command…>` is `<command…> --help` (commander's own help command reads one word).
    [['help', 'credentials'], 'credentials help\n'],
    [
      ['help', 'credentials', 'list'],
      'credentials list help\n  --state <state>  the state\n  --json  json\n',
    ],
  ])('%j → %j', (argv, text) => {
    expect(answer(...argv)).toBe(text);
  });

  it.each([
    [[]],
    [['credentials', 'list']],
    [['--no-color', 'credentials', '--help']],
    [['credentials', 'list', '--state', 'x', '--help']],
    [['schemas', 'create', '--version', '1.0.0']],
    // The value of an option that takes one is not the version flag (attack L8).
    [['credentials', 'list', '--state', '--version']],
    [['--org', '-V', 'credentials', 'list']],
    [['--org', 'o', 'schemas', 'create', '--version']],
    [['api', 'GET', '/x', '--', '--version']],
  ])('%j → the program', (argv) => {
    expect(answer(...argv)).toBeUndefined();
  });
});

describe('commandPath', () => {
  const known = (path: string) => Object.hasOwn(index.help, path);
  it.each([
    [[], ''],
    [['credentials', 'list', 'list'], 'credentials list'],
    [['--profile', 'schemas', 'credentials'], 'credentials'],
    [['--json', 'schemas', '--org', 'o', 'create'], 'schemas create'],
    [['frobnicate', 'credentials'], ''],
  ])('%j → %j', (argv, path) => {
    expect(commandPath(argv, known)).toBe(path);
  });
});

describe('completion requests', () => {
  it('never answers `__complete` words with the version, wherever --version or -V is in them', () => {
    expect(answer('__complete', 'schemas', 'create', '--version', '1.0.0', '')).toBeUndefined();
    expect(answer('__complete', 'offers', 'create', '--csv', '--version')).toBeUndefined();
    expect(answer('__complete', '-V')).toBeUndefined();
  });
});
