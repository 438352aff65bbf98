import { DID_METHODS, DID_NETWORKS, DID_ROLES, type DidWriteParams, KEY_TYPES } from '@credential-agent/sdk';
import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { mergeFlags, readBodyFile, readSecretStdin, requireFields } from '../../input.js';
import { knownOption } from '../../known-values.js';
import { printData, printWarning } from '../../output.js';
import { presentDid } from '../../presenters/dids.js';

interface WriteOptions {
  file?: string;
  method?: string;
  keyType?: string;
  network?: string;
  seed?: string;
  seedStdin?: boolean;
  domain?: string;
  role?: string;
  endorserDid?: string;
  did?: string;
  endpoint?: string;
}

/** `agent-cli dids write`. */
export function registerWrite(group: Command, ctx: CliContext): void {
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
    .action((opts: WriteOptions) => runWrite(ctx, opts));
}

export async function runWrite(ctx: CliContext, opts: WriteOptions): Promise<void> {
  const { file, method, keyType, seedStdin, ...rest } = opts;
  const seed = await readSeed(ctx, opts);
  const body = mergeFlags<DidWriteParams>(await readBodyFile(ctx, file), { method, keyType, ...rest, seed });
  ctx.secrets.add(body.seed);
  ctx.secrets.add(body.privatekey);
  requireFields(body, { method: '--method', keyType: '--key-type' });
  const sdk = await ctx.sdk();
  const result = await ctx.spinner('Registering the DID', () => sdk.dids.write(body, { signal: ctx.signal }));
  printData(ctx, result, presentDid);
}

/** The seed: `--seed-stdin`, or `--seed` with a warning (it is visible in `ps` and shell history). */
async function readSeed(ctx: CliContext, opts: WriteOptions): Promise<string | undefined> {
  if (opts.seedStdin && opts.seed !== undefined)
    throw new UsageError('use either --seed-stdin or --seed, not both');
  if (opts.seedStdin) {
    if (opts.file === '-') throw new UsageError('--seed-stdin and --file - both read stdin: use one');
    return readSecretStdin(ctx, '--seed-stdin');
  }
  if (opts.seed !== undefined) {
    printWarning(ctx, '--seed puts the seed in ps and your shell history; prefer --seed-stdin');
  }
  return opts.seed;
}
