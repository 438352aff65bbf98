import { Command, Help, Option } from 'commander';
import { registerApi } from '../commands/api/index.js';
import { registerLogin, registerLogout, registerWhoami } from '../commands/auth/index.js';
import { COMPLETION_HELP } from '../commands/completion/help.js';
import type { CliIO } from '../terminal/io.js';
import { printable } from '../terminal/printable.js';
import type { Bind } from './actions.js';
import { commandWord } from './argv.js';
import { wrapHelp } from './help-wrap.js';
import { addRootOptions } from './root-options.js';
import { VERSION } from './version.js';

/** A command group's verbs, registered on demand. */
export interface GroupModule {
  register(group: Command, bind: Bind): void;
}

interface Group {
  description: string;
  load: () => Promise<GroupModule>;
}

/**
 * The command groups. Their verbs load only when the group is used (or for `completion`), so
 * `agent-cli --help` reads neither the SDK's schemas nor any other heavy module.
 */
export const GROUPS: Record<string, Group> = {
  oob: { description: 'Out-of-band records and invitations', load: () => import('../commands/oob/index.js') },
  offers: {
    description: 'Out-of-band credential offers of an organisation',
    load: () => import('../commands/offers/index.js'),
  },
  credentials: {
    description: 'Credential exchange records',
    load: () => import('../commands/credentials/index.js'),
  },
  proofs: {
    description: 'Proof requests of an organisation',
    load: () => import('../commands/proofs/index.js'),
  },
  dids: { description: 'DID registration', load: () => import('../commands/dids/index.js') },
  schemas: { description: 'Ledger schemas', load: () => import('../commands/schemas/index.js') },
  config: { description: 'Profiles and settings', load: () => import('../commands/config/index.js') },
  completion: {
    description: 'Print a shell completion script (bash, zsh, fish)',
    load: () => import('../commands/completion/index.js'),
  },
};

/** The groups argv needs: the one it names (also after `help`), or all of them for `completion`. */
export function groupsFor(argv: readonly string[]): string[] {
  let { word, index } = commandWord(argv);
  if (word === 'help') word = commandWord(argv.slice(index + 1)).word;
  if (word === 'completion' || word === '__complete') return Object.keys(GROUPS);
  return word !== undefined && word in GROUPS ? [word] : [];
}

// `--version` and `-V` are the launcher's (src/launcher.ts): it answers them wherever they stand,
// except for a command that takes the flag itself (`schemas create --version <semver>`), which a
// root option would swallow. The program only lists the option in the root help.
const versionOption = new Option('-V, --version', 'print the version');

/**
 * Help is wrapped at 80 columns whatever the terminal: the launcher prints help captured at build
 * time, and the program's own help (`agent-cli help credentials`) must read the same.
 */
const HELP_WIDTH = 80;

/** Builds the root command, the auth commands and the (empty) groups. */
export function createProgram(io: CliIO, bind: Bind): Command {
  const program = new Command('agent-cli')
    .description(`Credential Agent Service from a terminal and from CI (v${VERSION})`)
    .exitOverride()
    .configureOutput({
      // Help (and the version) only: the text after the lists is wrapped too, never mid-word.
      writeOut: (s) => io.out(wrapHelp(s, HELP_WIDTH)),
      writeErr: (s) => io.err(wrapHelp(s, HELP_WIDTH)),
      getOutHelpWidth: () => HELP_WIDTH,
      getErrHelpWidth: () => HELP_WIDTH,
      // Commander echoes what was typed (`unknown option '…'`): keep it on one printable line,
      // and its suggestion on the next.
      outputError: (s) =>
        io.err(`${s.trimEnd().split('\n(Did you mean').map(printable).join('\n(Did you mean')}\n`),
    })
    .configureHelp({
      showGlobalOptions: true,
      visibleOptions(this: Help, cmd: Command): Option[] {
        const shown = Help.prototype.visibleOptions.call(this, cmd);
        return cmd.parent ? shown : [versionOption, ...shown];
      },
    })
    .showSuggestionAfterError();
  addRootOptions(program).addHelpText(
    'after',
    `\nExamples:\n  $ agent-cli login --email issuer@example.com\n  $ agent-cli credentials list --state offer-sent --json\n\nExit codes: 0 ok, 1 failure, 2 usage, 3 partial success, 4 login needed, 5 action needed, 129 hung up (SIGHUP), 130 cancelled (Ctrl-C), 143 terminated (SIGTERM).\n\nFlags with known values (--state, --method, …) refuse others; write +value to send one as is.\n\n${COMPLETION_HELP}`,
  );
  registerLogin(program, bind);
  registerLogout(program, bind);
  registerWhoami(program, bind);
  registerApi(program, bind);
  for (const [name, group] of Object.entries(GROUPS)) program.command(name).description(group.description);
  return program;
}

/** Registers the verbs of the given groups. */
export async function loadGroups(program: Command, bind: Bind, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const group = program.commands.find((c) => c.name() === name);
    const spec = GROUPS[name];
    if (group && spec) (await spec.load()).register(group, bind);
  }
}
