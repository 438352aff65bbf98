import { CREDENTIAL_ROLES, CREDENTIAL_STATES, type CredentialListParams } from '@credential-agent/sdk';
import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { knownOption } from '../../known-values.js';
import { printData } from '../../output.js';
import { presentCredentialList } from '../../presenters/credentials.js';

interface ListOptions {
  state?: string;
  role?: string;
  threadId?: string;
  connectionId?: string;
  parentThreadId?: string;
}

/** `agent-cli credentials list`. */
export function registerList(group: Command, ctx: CliContext): void {
  group
    .command('list')
    .description('List credential exchange records (all of them: the service has no paging)')
    .addOption(knownOption('--state <state>', 'only records in this state', CREDENTIAL_STATES))
    .addOption(knownOption('--role <role>', 'only records with this role', CREDENTIAL_ROLES))
    .option('--thread-id <id>', 'only records of this thread')
    .option('--connection-id <id>', 'only records of this connection')
    .option('--parent-thread-id <id>', 'only records of this parent thread')
    .addHelpText(
      'after',
      '\nExample:\n  $ agent-cli credentials list --role holder --state offer-received --json',
    )
    .action((opts: ListOptions) => runList(ctx, opts));
}

export async function runList(ctx: CliContext, opts: ListOptions): Promise<void> {
  const filters: CredentialListParams = Object.fromEntries(
    Object.entries(opts).filter(([, v]) => v !== undefined),
  ) as CredentialListParams;
  const sdk = await ctx.sdk();
  const records = await ctx.spinner('Fetching credential records', () =>
    sdk.credentials.list(filters, { signal: ctx.signal }),
  );
  printData(ctx, records, presentCredentialList);
}
