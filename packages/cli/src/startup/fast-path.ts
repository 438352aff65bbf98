import { commandPath, helpAsFlag } from './argv.js';

/** What the launcher knows of the command tree, captured from the built program at build time. */
export interface FastIndex {
  /** Every help text, by command path (`''`, `'credentials'`, `'credentials list'`). */
  help: Record<string, string>;
  /** The commands whose own options include `--version` or `-V` (`schemas create`): there it is theirs. */
  ownVersion: Record<string, string[]>;
}

const VERSION_FLAGS = new Set(['--version', '-V']);

/** The options of command `path` and the root that take a value (`  -o, --org <id>` in their help). */
function valueOptions(index: FastIndex, path: string): Set<string> {
  const text = `${index.help[''] ?? ''}\n${index.help[path] ?? ''}`;
  const names = new Set<string>();
  for (const m of text.matchAll(/^ +(?:(-\w), )?(--[\w-]+) [<[]/gm)) {
    if (m[1]) names.add(m[1]);
    if (m[2]) names.add(m[2]);
  }
  return names;
}

/**
 * The text the launcher prints for argv without loading the program, or `undefined` to run it:
 * the help of a command (`… --help`/`-h` as the last word after the command path alone), or the
 * version for `--version`/`-V` anywhere before `--`, unless the command takes that flag itself.
 */
export function fastAnswer(typed: readonly string[], index: FastIndex, version: string): string | undefined {
  // Completion (`__complete WORDS…`): the words are what the user typed (or a file name), never a request.
  if (typed[0] === '__complete') return undefined;
  const argv = helpAsFlag(typed);
  const known = (path: string) => Object.hasOwn(index.help, path);
  const last = argv[argv.length - 1];
  const helpOf = argv.slice(0, -1).join(' ');
  if ((last === '--help' || last === '-h') && known(helpOf)) return index.help[helpOf];
  const end = argv.indexOf('--');
  const words = end < 0 ? argv : argv.slice(0, end);
  const path = commandPath(words, known);
  // `--comment --version`: the word is the value of `--comment`, not the version flag.
  const takesValue = valueOptions(index, path);
  const asked = words.filter((word, i) => VERSION_FLAGS.has(word) && !takesValue.has(words[i - 1] ?? ''));
  if (asked.length === 0) return undefined;
  const own = index.ownVersion[path] ?? [];
  return asked.some((flag) => !own.includes(flag)) ? `${version}\n` : undefined;
}
