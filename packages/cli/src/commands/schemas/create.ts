import { type SchemaCreateParams, SchemaRegistrationError } from '@credential-agent/sdk';
import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { ExitWith } from '../../errors/cli-errors.js';
import { exitCodeOf, PENDING } from '../../errors/render.js';
import { presentSchemaCreated, presentSchemaPending, type SchemaPending } from '../../presenters/schemas.js';
import { type Bind, flagOption, listOption, type RawInput, textOption } from '../../startup/actions.js';
import { collect, mergeFlags, readBodyFile, requireFields } from '../../terminal/input.js';
import { printData, printNote } from '../../terminal/output.js';

/** Options of `schemas create`. */
export interface CreateOptions {
  file?: string | undefined;
  /** Body fields given as flags (`--attr` as `attributes`). */
  fields: {
    issuerId?: string;
    name?: string;
    version?: string;
    attributes?: string[];
    endorse?: true;
    endorserDid?: string;
  };
}

/** `agent-cli schemas create`. */
export function registerCreate(group: Command, bind: Bind): void {
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
      --name Employee --version 1.0.0 --attr name --attr role --json

When the service cannot finish at once (--endorse without --endorser-did: an endorser must sign
the schema request; or a registration still running), the result is printed as data (state,
action, schema request, job id) with exit code 5.`,
    )
    .action(bind(parseCreateOptions, runCreate));
}

export function parseCreateOptions(raw: RawInput): CreateOptions {
  const fields: CreateOptions['fields'] = {};
  for (const name of ['issuerId', 'name', 'version', 'endorserDid'] as const) {
    const value = textOption(raw, name);
    if (value !== undefined) fields[name] = value;
  }
  const attributes = listOption(raw, 'attr');
  if (attributes) fields.attributes = attributes;
  if (flagOption(raw, 'endorse')) fields.endorse = true;
  return { file: textOption(raw, 'file'), fields };
}

export async function runCreate(ctx: CliContext, opts: CreateOptions): Promise<void> {
  const body = mergeFlags<SchemaCreateParams>(await readBodyFile(ctx, opts.file), { ...opts.fields });
  requireFields(body, {
    issuerId: '--issuer-id',
    name: '--name',
    version: '--version',
    attributes: '--attr',
  });
  const result = await ctx
    .call('Creating the schema', (sdk, signal) => sdk.schemas.create(body, { signal }))
    .catch((error: unknown) => {
      if (!(error instanceof SchemaRegistrationError) || !PENDING.has(error.state)) throw error;
      return error;
    });
  if (!(result instanceof SchemaRegistrationError)) return printData(ctx, result, presentSchemaCreated);
  const pending = pendingOf(result);
  printData(ctx, pending, presentSchemaPending);
  printNote(ctx, pendingNote(pending));
  throw new ExitWith(exitCodeOf(result));
}

/** What an unfinished registration said: its state, action, schema request and ids, as the error carries them. */
function pendingOf(error: SchemaRegistrationError): SchemaPending {
  const { state, action, schemaId, schemaRequest, jobId, result } = error;
  return { state, action, schemaId, schemaRequest, jobId, raw: result };
}

function pendingNote(pending: SchemaPending): string {
  const job = pending.jobId ? ` (job ${pending.jobId})` : '';
  if (pending.state === 'wait')
    return `the schema is not on the ledger yet: registration is still running${job}`;
  const what =
    pending.action === 'endorseIndyTransaction' ? ': an endorser must sign the schema request' : '';
  return `the schema is not on the ledger yet: registration needs the action ${pending.action ?? '(unnamed)'}${what}`;
}
