import { commandPath } from './argv.js';

/** What the launcher knows of the command tree, captured from the built program at build time. */
export interface FastIndex {
  /** Every help text, by command path (`''`, `'credentials'`, `'credentials list'`). */
  help: Record<string, string>;
  /** The commands whose own options include `--version` or `-V` (`schemas create`): there it is theirs. */
  ownVersion: Record<string, string[]>;
}

const VERSION_FLAGS = new Set(['--version', '-V']);

/**
 * The text the launcher prints for argv without loading the program, or `undefined` to run it:
 * the help of a command (`… --help`/`-h` as the last word after the command path alone), or the
 * version for `--version`/`-V` anywhere before `--`, unless the command takes that flag itself.
 */
export function fastAnswer(argv: readonly string[], index: FastIndex, version: string): string | undefined {
  const known = (path: string) => Object.hasOwn(index.help, path);
  const last = argv[argv.length - 1];
  const helpOf = argv.slice(0, -1).join(' ');
  if ((last === '--help' || last === '-h') && known(helpOf)) return index.help[helpOf];
  const end = argv.indexOf('--');
  const words = end < 0 ? argv : argv.slice(0, end);
  const asked = words.filter((word) => VERSION_FLAGS.has(word));
  if (asked.length === 0) return undefined;
  const own = index.ownVersion[commandPath(words, known)] ?? [];
  return asked.some((flag) => !own.includes(flag)) ? `${version}\n` : undefined;
}
