// Reading argv before any parser loads: the launcher (for --version and --help) and the program
// (to load only the command group it needs) both find the command this way. Imports nothing.

/** Root options that take a value, so the command can be found in argv. */
export const VALUE_OPTIONS: ReadonlySet<string> = new Set([
  '--base-url',
  '--org',
  '--profile',
  '--timeout',
  '--agent-line',
  '--tenant-id',
]);

/** The first word of argv that is not a root option (nor its value): the command, if any. */
export function commandWord(argv: readonly string[]): { word: string | undefined; index: number } {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (VALUE_OPTIONS.has(arg)) i++;
    else if (arg === '--') return { word: undefined, index: i };
    else if (!arg.startsWith('-')) return { word: arg, index: i };
  }
  return { word: undefined, index: argv.length };
}

/**
 * argv with `help <command…>` read as `<command…> --help`: commander's help command only looks at
 * the first word, so `help offers create` would show the help of `offers`.
 */
export function helpAsFlag(argv: readonly string[]): readonly string[] {
  const { word, index } = commandWord(argv);
  if (word !== 'help' || index + 1 >= argv.length) return argv;
  return [...argv.slice(0, index), ...argv.slice(index + 1), '--help'];
}

/**
 * The command path argv names (`'credentials list'`, `''` for the root): its words, root options
 * and their values skipped, as long as each step is one of `known` paths.
 */
export function commandPath(argv: readonly string[], known: (path: string) => boolean): string {
  const path: string[] = [];
  let rest = argv;
  for (;;) {
    const { word, index } = commandWord(rest);
    if (word === undefined || !known([...path, word].join(' '))) return path.join(' ');
    path.push(word);
    rest = rest.slice(index + 1);
  }
}
