import { Command } from 'commander';

/** The root options, valid before or after any command. */
export interface GlobalOptions {
  baseUrl?: string | undefined;
  org?: string | undefined;
  profile?: string | undefined;
  /** Timeout per attempt in ms, as given (checked in settings). */
  timeout?: string | undefined;
  /** The agent controller's line, as given (checked in settings). */
  agentLine?: string | undefined;
  /** A tenant of a multi-tenant agent, as given (checked in settings). */
  tenantId?: string | undefined;
  json: boolean;
  verbose: boolean;
  color: boolean;
  insecure: boolean;
}

/** The defaults of the root options. */
export const DEFAULT_GLOBALS: GlobalOptions = { json: false, verbose: false, color: true, insecure: false };

/** Adds the root options to `program`. */
export function addRootOptions(program: Command): Command {
  return program
    .option('--base-url <url>', 'service base URL (env AGENT_CLI_BASE_URL)')
    .option('--org <id>', 'organisation id for org-scoped commands (env AGENT_CLI_ORG)')
    .option('--profile <name>', 'configuration profile (env AGENT_CLI_PROFILE; default "default")')
    .option('--timeout <ms>', 'timeout per request attempt, in ms (env AGENT_CLI_TIMEOUT; default 30000)')
    .option(
      '--agent-line <line>',
      "agent controller's line: 2.0, 2.1 or auto (env AGENT_CLI_AGENT_LINE; default auto: detected)",
    )
    .option('--tenant-id <id>', 'tenant of a multi-tenant agent, line 2.1 (env AGENT_CLI_TENANT_ID)')
    .option('--json', 'print machine-readable JSON on stdout')
    .option('--verbose', 'print the HTTP exchange on stderr (secrets redacted)')
    .option('--no-color', 'disable colour (NO_COLOR is honoured too)')
    .option(
      '--insecure',
      'allow a plain http:// base URL that is not loopback (env AGENT_CLI_INSECURE; config set insecure true)',
    );
}

function globalsOf(root: Command): GlobalOptions {
  const o = root.opts<Partial<GlobalOptions>>();
  return {
    baseUrl: o.baseUrl,
    org: o.org,
    profile: o.profile,
    timeout: o.timeout,
    agentLine: o.agentLine,
    tenantId: o.tenantId,
    json: o.json === true,
    verbose: o.verbose === true,
    color: o.color !== false,
    insecure: o.insecure === true,
  };
}

/**
 * The root options of `argv`, read before the command line is parsed, so the run's context knows
 * them even when parsing fails. Commander reads them as the program will (anywhere before `--`,
 * whatever the command); a value missing at the end is left to the program to report.
 */
export function readRootOptions(argv: readonly string[]): GlobalOptions {
  const root = addRootOptions(new Command())
    .exitOverride()
    .allowUnknownOption()
    .allowExcessArguments()
    .configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} });
  try {
    root.parseOptions([...argv]);
  } catch {
    // `--timeout` with no value after it: the options before it still count.
  }
  return globalsOf(root);
}
