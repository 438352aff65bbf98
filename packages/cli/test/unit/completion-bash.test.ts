import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { bashReplies, splitLine } from '../../src/commands/completion/bash.js';

const BREAKS = ' \t\n"\'@><=;|&(:';

function program(): Command {
  const root = new Command('agent-cli').option('--org <id>');
  const write = root.command('dids').command('write').option('--file <path>');
  write.addOption(new Option('--network <network>').choices(['polygon:mainnet', 'polygon:testnet']));
  return root;
}

const ask = (line: string, breaks = BREAKS, type = '9') =>
  bashReplies(program(), [type, breaks, line], async () => []).then((out) => out.split('\n'));

describe('splitLine', () => {
  it.each([
    ["a 'my org' b", ['a', 'my org', 'b']],
    ['a sub\\ dir/', ['a', 'sub dir/']],
    ['a "sub dir/', ['a', 'sub dir/']],
    ['a "x\\"y" \'\\n\'', ['a', 'x"y', '\\n']],
    ['a ', ['a', '']],
    ['a $(rm -rf x)', ['a', '$(rm', '-rf', 'x)']],
  ])('%s', (line, words) => {
    expect(splitLine(line, BREAKS).map((w) => w.value)).toEqual(words);
  });

  it('marks the last unquoted word-break character and an open quote', () => {
    expect(splitLine('x --n=polygon:', BREAKS).at(-1)).toEqual({ value: '--n=polygon:', kept: 12, open: '' });
    expect(splitLine("x 'a:b", BREAKS).at(-1)).toEqual({ value: 'a:b', kept: 0, open: "'" });
  });
});

describe('bashReplies', () => {
  it('offers values relative to the part readline replaces, whole when listing', async () => {
    expect(await ask('agent-cli dids write --network polygon:')).toEqual([':words', 'mainnet', 'testnet']);
    expect(await ask('agent-cli dids write --network=polygon:m')).toEqual([':words', 'mainnet']);
    expect(await ask('agent-cli dids write --network polygon:', BREAKS, '63')).toEqual([
      ':words',
      'polygon:mainnet',
      'polygon:testnet',
    ]);
    expect(await ask('agent-cli dids write --network po', ' ')).toEqual([
      ':words',
      'polygon:mainnet',
      'polygon:testnet',
    ]);
  });

  it('walks past a quoted global value', async () => {
    expect(await ask("agent-cli --org 'my org' dids wr")).toEqual([':words', 'write']);
  });

  it('asks for files with the unquoted name, what to strip and what to put back', async () => {
    expect(await ask('agent-cli dids write --file sub\\ dir/')).toEqual([':files', 'sub dir/', '', '']);
    expect(await ask('agent-cli dids write --file=pl')).toEqual([':files', 'pl', '', '']);
    expect(await ask('agent-cli dids write --file=pl', ' ')).toEqual([':files', 'pl', '', '--file=']);
    expect(await ask('agent-cli dids write --file a:b')).toEqual([':files', 'a:b', 'a:', '']);
  });
});
