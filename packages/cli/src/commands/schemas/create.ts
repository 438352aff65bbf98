import type { SchemaCreateParams } from '@credential-agent/sdk';
import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { collect, mergeFlags, readBodyFile, requireFields } from '../../input.js';
import { printData } from '../../output.js';
import { presentSchemaCreated } from '../../presenters/schemas.js';

interface CreateOptions {
  file?: string;
  issuerId?: string;
  name?: string;
  version?: string;
  attr?: string[];
  endorse?: boolean;
  endorserDid?: string;
}

/** `agent-cli schemas create`. */
export function registerCreate(group: Command, ctx: CliContext): void {
  group
    .command('create')
    .description('Create a schema on the ledger')
    .option('--file <path>', 'JSON body; - reads stdin; flags override it')
    .option('--issuer-id <did>', 'DID of the issuer')
    .option('--name <name>', 'schema name')
    .option('--version <semver>', 'schema version, like 1.0.0')
    .option('--attr <name>', 'attribute name; repeat for more', collect)
    .option('--endorse', 'ask an endorser to write it')
    .option('--endorser-did <did>', 'DID of the endorser')
    .addHelpText(
      'after',
      `
Example:
  $ agent-cli schemas create --issuer-id did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK \\
      --name Employee --version 1.0.0 --attr name --attr role --json`,
    )
    .action((opts: CreateOptions) => runCreate(ctx, opts));
}

export async function runCreate(ctx: CliContext, opts: CreateOptions): Promise<void> {
  const { file, attr, ...rest } = opts;
  const body = mergeFlags<SchemaCreateParams>(await readBodyFile(ctx, file), { ...rest, attributes: attr });
  requireFields(body, {
    issuerId: '--issuer-id',
    name: '--name',
    version: '--version',
    attributes: '--attr',
  });
  const sdk = await ctx.sdk();
  const result = await ctx.spinner('Creating the schema', () =>
    sdk.schemas.create(body, { signal: ctx.signal }),
  );
  printData(ctx, result, presentSchemaCreated);
}
