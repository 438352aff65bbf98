import { DID_METHODS, DID_NETWORKS, DID_ROLES, type DidWriteParams, KEY_TYPES } from '@credential-agent/sdk';
import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors/usage-error.js';
import { presentDid } from '../../presenters/dids.js';
import { type Bind, flagOption, type RawInput, textOption } from '../../startup/actions.js';
import { knownOption, knownOptionValue } from '../../startup/known-values.js';
import { mergeFlags, readBodyFile, requireFields } from '../../terminal/input.js';
import { printData, printWarning } from '../../terminal/output.js';
import { readSecretStdin } from '../../terminal/secret-stdin.js';

/** The body fields `dids write` takes as known-value flags, with the SDK's lists. */
const KNOWN_FLAGS = { method: DID_METHODS, keyType: KEY_TYPES, network: DID_NETWORKS, role: DID_ROLES };
/** The other body fields `dids write` takes as flags, by their names in the body. */
const TEXT_FLAGS = ['domain', 'endorserDid', 'did', 'endpoint'] as const;

/** Options of `dids write`. */
export interface WriteOptions {
  file?: string | undefined;
  /** Body fields given as flags. */
  fields: Partial<Pick<DidWriteParams, keyof typeof KNOWN_FLAGS | (typeof TEXT_FLAGS)[number]>>;
  /** Where the seed comes from: stdin, or `--seed` (visible in `ps`). */
  seed?: { stdin: true } | { value: string } | undefined;
}

/** `agent-cli dids write`. */
export function registerWrite(group: Command, bind: Bind): void {
  group
    .command('write')
    .description('Register a DID (nym registration) and print its DID document')
    .option('--file <path>', 'JSON body (didDocument, …); - reads stdin; flags override it')
    .addOption(knownOption('--method <method>', 'DID method', DID_METHODS))
    .addOption(knownOption('--key-type <type>', 'key type', KEY_TYPES))
    .addOption(knownOption('--network <network>', 'network', DID_NETWORKS))
    .option('--seed <seed>', 'seed of the key (discouraged: it lands in ps and shell history)')
    .option('--seed-stdin', 'read the seed of the key from stdin (a secret: never printed)')
    .option('--domain <domain>', 'domain of a did:web')
    .addOption(knownOption('--role <role>', 'ledger role', DID_ROLES))
    .option('--endorser-did <did>', 'DID of the endorser')
    .option('--did <did>', 'the DID to register, when known')
    .option('--endpoint <url>', 'service endpoint')
    .addHelpText('after', '\nExample:\n  $ agent-cli dids write --method key --key-type ed25519 --json')
    .action(bind(parseWriteOptions, runWrite));
}

/** The seed's source. @throws {@link UsageError} when both are given, or stdin is also `--file -`. */
function seedOf(raw: RawInput): WriteOptions['seed'] {
  const seed = textOption(raw, 'seed');
  if (!flagOption(raw, 'seedStdin')) return seed === undefined ? undefined : { value: seed };
  if (seed !== undefined) throw new UsageError('use either --seed-stdin or --seed, not both');
  if (textOption(raw, 'file') === '-')
    throw new UsageError('--seed-stdin and --file - both read stdin: use one');
  return { stdin: true };
}

export function parseWriteOptions(raw: RawInput): WriteOptions {
  const fields: Record<string, unknown> = {};
  for (const [name, known] of Object.entries(KNOWN_FLAGS)) {
    const value = knownOptionValue(raw, name, known);
    if (value !== undefined) fields[name] = value;
  }
  for (const name of TEXT_FLAGS) {
    const value = textOption(raw, name);
    if (value !== undefined) fields[name] = value;
  }
  return { file: textOption(raw, 'file'), fields: fields as WriteOptions['fields'], seed: seedOf(raw) };
}

/** The seed: read from stdin, or `--seed` with a warning (it is visible in `ps` and shell history). */
async function readSeed(ctx: CliContext, seed: WriteOptions['seed']): Promise<string | undefined> {
  if (seed === undefined) return undefined;
  if ('stdin' in seed) return readSecretStdin(ctx, '--seed-stdin');
  printWarning(ctx, '--seed puts the seed in ps and your shell history; prefer --seed-stdin');
  return seed.value;
}

export async function runWrite(ctx: CliContext, opts: WriteOptions): Promise<void> {
  const seed = await readSeed(ctx, opts.seed);
  const body = mergeFlags<DidWriteParams>(await readBodyFile(ctx, opts.file), { ...opts.fields, seed });
  ctx.secrets.add(body.seed);
  ctx.secrets.add(body.privatekey);
  requireFields(body, { method: '--method', keyType: '--key-type' });
  const result = await ctx.call('Registering the DID', (sdk, signal) => sdk.dids.write(body, { signal }));
  // The seed is a secret: a server that echoes it (in `seed` or any other string) is not printed.
  printData(ctx, ctx.secrets.scrubData(result), presentDid);
}
