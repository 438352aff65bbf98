import { CREDENTIAL_ROLES, CREDENTIAL_STATES, type CredentialListParams } from '@credential-agent/sdk';
import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { presentCredentialList } from '../../presenters/credentials.js';
import { TABLE_WIDTH_HELP, WIDE_OPTION, wide } from '../../presenters/layout.js';
import { type Bind, flagOption, type RawInput, textOption } from '../../startup/actions.js';
import { knownOption, knownOptionValue } from '../../startup/known-values.js';
import { printData } from '../../terminal/output.js';

/** Options of `credentials list`: the filters that were given. */
export interface ListOptions {
  state?: NonNullable<CredentialListParams['state']>;
  role?: NonNullable<CredentialListParams['role']>;
  threadId?: string;
  connectionId?: string;
  parentThreadId?: string;
  /** `--wide`: every value whole, also on a narrow terminal. */
  wide?: boolean;
}

const FILTERS = ['threadId', 'connectionId', 'parentThreadId'] as const;

/** `agent-cli credentials list`. */
export function registerList(group: Command, bind: Bind): void {
  group
    .command('list')
    .description('List credential exchange records (all of them: the service has no paging)')
    .addOption(knownOption('--state <state>', 'only records in this state', CREDENTIAL_STATES))
    .addOption(knownOption('--role <role>', 'only records with this role', CREDENTIAL_ROLES))
    .option('--thread-id <id>', 'only records of this thread')
    .option('--connection-id <id>', 'only records of this connection')
    .option('--parent-thread-id <id>', 'only records of this parent thread')
    .option(...WIDE_OPTION)
    .addHelpText(
      'after',
      `\n${TABLE_WIDTH_HELP}\n\nExample:\n  $ agent-cli credentials list --role holder --state offer-received --json`,
    )
    .action(bind(parseListOptions, runList));
}

export function parseListOptions(raw: RawInput): ListOptions {
  const opts: ListOptions = {};
  const state = knownOptionValue(raw, 'state', CREDENTIAL_STATES);
  const role = knownOptionValue(raw, 'role', CREDENTIAL_ROLES);
  if (state !== undefined) opts.state = state;
  if (role !== undefined) opts.role = role;
  for (const name of FILTERS) {
    const value = textOption(raw, name);
    if (value !== undefined) opts[name] = value;
  }
  if (flagOption(raw, 'wide')) opts.wide = true;
  return opts;
}

export async function runList(ctx: CliContext, opts: ListOptions): Promise<void> {
  const { wide: whole, ...filters } = opts;
  const records = await ctx.call('Fetching credential records', (sdk, signal) =>
    sdk.credentials.list(filters, { signal }),
  );
  printData(ctx, records, (data, style) => presentCredentialList(data, wide(style, whole === true)));
}
