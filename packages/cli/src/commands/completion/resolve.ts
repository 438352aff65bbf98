import type { Command, Option } from 'commander';

/**
 * What a Tab should offer: whole words for the word being typed, or the shell's own file names
 * (after `prefix`, the `--opt=` of a value typed attached to its option).
 */
export interface Candidates {
  words: string[];
  files: boolean;
  prefix: string;
}

/** Values of a positional argument or an option value the CLI knows only at run time (profiles, keys). */
export type DynamicValues = (kind: 'profile' | 'config-key') => Promise<string[]>;

/** Positional arguments that take a known kind of value, by command path. */
const POSITIONAL: Record<string, 'profile' | 'config-key'> = {
  'config use': 'profile',
  'config delete': 'profile',
  'config get': 'config-key',
  'config set': 'config-key',
  'config unset': 'config-key',
};

function optionsInScope(cmd: Command): Option[] {
  const all: Option[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) all.push(...c.options.filter((o) => !o.hidden));
  return all;
}

function findOption(cmd: Command, word: string): Option | undefined {
  const name = word.split('=')[0];
  return optionsInScope(cmd).find((o) => o.long === name || o.short === name);
}

function takesValue(option: Option | undefined): option is Option {
  return option !== undefined && (option.required || option.optional);
}

function path(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

async function optionValues(option: Option, dynamic: DynamicValues, prefix = ''): Promise<Candidates> {
  if (option.argChoices) return { words: [...option.argChoices], files: false, prefix };
  if (option.long === '--profile') return { words: await dynamic('profile'), files: false, prefix };
  return { words: [], files: /<(path|file)>/.test(option.flags), prefix };
}

/** The command the words before the current one reach, and how many positionals it has so far. */
function walk(root: Command, before: readonly string[]): { cmd: Command; positionals: number } {
  let cmd = root;
  let positionals = 0;
  for (let i = 0; i < before.length; i++) {
    const word = before[i] as string;
    if (word.startsWith('-')) {
      if (!word.includes('=') && takesValue(findOption(cmd, word))) i++;
      continue;
    }
    const sub = cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub && positionals === 0) cmd = sub;
    else positionals++;
  }
  return { cmd, positionals };
}

/** Values for `--opt=partial`, offered whole (`--opt=value`). */
async function attachedValues(cmd: Command, current: string, dynamic: DynamicValues): Promise<Candidates> {
  const prefix = current.slice(0, current.indexOf('=') + 1);
  const option = findOption(cmd, current);
  if (!takesValue(option)) return { words: [], files: false, prefix };
  const found = await optionValues(option, dynamic, prefix);
  return { ...found, words: found.words.map((w) => prefix + w) };
}

/**
 * What to offer for the last of `words` (the word being typed; the others come before it, the
 * program name left out), walking `root`'s command tree.
 */
export async function resolve(
  root: Command,
  words: readonly string[],
  dynamic: DynamicValues,
): Promise<Candidates> {
  const before = words.slice(0, -1);
  const current = words[words.length - 1] ?? '';
  const { cmd, positionals } = walk(root, before);
  const previous = before[before.length - 1];
  const pending = previous && !previous.includes('=') ? findOption(cmd, previous) : undefined;
  let found: Candidates;
  if (previous?.startsWith('-') && takesValue(pending)) found = await optionValues(pending, dynamic);
  else if (current.startsWith('--') && current.includes('=')) {
    found = await attachedValues(cmd, current, dynamic);
  } else if (current.startsWith('-')) {
    found = { words: optionsInScope(cmd).flatMap((o) => (o.long ? [o.long] : [])), files: false, prefix: '' };
  } else if (cmd.commands.length > 0) {
    const visible = cmd.commands.filter((c) => !(c as { _hidden?: boolean })._hidden);
    found = { words: visible.map((c) => c.name()), files: false, prefix: '' };
  } else {
    const kind = positionals === 0 ? POSITIONAL[path(cmd)] : undefined;
    found = { words: kind ? await dynamic(kind) : [], files: false, prefix: '' };
  }
  return { ...found, words: found.words.filter((w) => w.startsWith(current)) };
}

/**
 * The protocol of the zsh and fish scripts: one candidate a line, then `:none`, or `:files` (with
 * ` --opt=` when the file name is typed attached to its option).
 */
export function render(candidates: Candidates): string {
  const directive = candidates.files ? `:files ${candidates.prefix}`.trimEnd() : ':none';
  return [...candidates.words, directive].join('\n');
}
