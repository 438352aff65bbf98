import type { Command, Option } from 'commander';

/** What a Tab should offer: words, or the shell's own file names. */
export interface Candidates {
  words: string[];
  files: boolean;
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

async function optionValues(option: Option, dynamic: DynamicValues): Promise<Candidates> {
  if (option.argChoices) return { words: [...option.argChoices], files: false };
  if (option.long === '--profile') return { words: await dynamic('profile'), files: false };
  return { words: [], files: /<(path|file)>/.test(option.flags) };
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
  let cmd = root;
  let positionals = 0;
  const before = words.slice(0, -1);
  const current = words[words.length - 1] ?? '';
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
  const previous = before[before.length - 1];
  const pending = previous && !previous.includes('=') ? findOption(cmd, previous) : undefined;
  let found: Candidates;
  if (previous?.startsWith('-') && takesValue(pending)) found = await optionValues(pending, dynamic);
  else if (current.startsWith('-')) {
    found = { words: optionsInScope(cmd).flatMap((o) => (o.long ? [o.long] : [])), files: false };
  } else if (cmd.commands.length > 0) {
    found = {
      words: cmd.commands.filter((c) => !(c as { _hidden?: boolean })._hidden).map((c) => c.name()),
      files: false,
    };
  } else {
    const kind = positionals === 0 ? POSITIONAL[path(cmd)] : undefined;
    found = { words: kind ? await dynamic(kind) : [], files: false };
  }
  return { words: found.words.filter((w) => w.startsWith(current)), files: found.files };
}

/** The protocol of the completion scripts: one candidate a line, then `:files` or `:none`. */
export function render(candidates: Candidates): string {
  return [...candidates.words, candidates.files ? ':files' : ':none'].join('\n');
}
