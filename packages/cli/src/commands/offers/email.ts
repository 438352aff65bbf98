import { CREDENTIAL_TYPES, PROTOCOL_VERSIONS } from '@credential-agent/sdk';
import type { Command } from 'commander';
// bulk (--csv): flags only here; the engine loads in runEmail when --csv is given.
import { addCsvOptions } from '../../bulk/flags.js';
import type { CliContext } from '../../context.js';
import { presentOffersEmailed } from '../../presenters/offers.js';
import type { Bind } from '../../startup/actions.js';
import { EXAMPLES_HELP } from '../../startup/examples.js';
import { knownOption } from '../../startup/known-values.js';
import { collect, collectAttr, readBodyFile } from '../../terminal/input.js';
import { printData } from '../../terminal/output.js';
import { emailBody, recipients } from './email-body.js';
import { type EmailOptions, parseEmailOptions } from './email-flags.js';

/** `agent-cli offers email`. */
export function registerEmail(group: Command, bind: Bind): void {
  const command = group
    .command('email')
    .description('Create credential offers and e-mail them to holders')
    .option('--file <path>', 'JSON body (credentialOffer template, credentialDefinitionId, …); - reads stdin')
    .option(
      '--email <address>',
      "holder's e-mail address; repeat for more (replaces the file's list)",
      collect,
    )
    .addOption(knownOption('--credential-type <type>', 'credential type', CREDENTIAL_TYPES))
    .option('--cred-def-id <id>', 'credential definition id')
    .option('--comment <text>', 'comment shown to the holders (left out when not given)')
    .addOption(
      knownOption(
        '--protocol-version <version>',
        'protocol version (default v2, which carries indy and jsonld)',
        PROTOCOL_VERSIONS,
      ),
    )
    .option('--attr <name=value>', 'indy credential attribute; repeat for more', collectAttr)
    .addHelpText(
      'after',
      `
Example:
  $ agent-cli offers email --org 3fa85f64-5717-4562-b3fc-2c963f66afa6 --file email-offer.json \\
      --email alice@example.com --email bob@example.com --credential-type jsonld

${EXAMPLES_HELP}`,
    );
  // bulk: the options addCsvOptions added are the bulk flags (refused without --csv).
  const bulkFlags = new Map(
    addCsvOptions(command).flatMap((o) => (o.long ? [[o.attributeName(), o.long] as const] : [])),
  );
  command.action(bind((raw) => parseEmailOptions(raw, bulkFlags), runEmail));
}

export async function runEmail(ctx: CliContext, opts: EmailOptions): Promise<void> {
  // bulk: `--csv` hands over to email-csv.ts, imported only then.
  if (opts.csv !== undefined)
    return (await import('./email-csv.js')).runEmailCsv(ctx, { ...opts, csv: opts.csv });
  const orgId = await ctx.org();
  const body = emailBody(await readBodyFile(ctx, opts.file), opts);
  const result = await ctx.call('Sending the offers', (sdk, signal) =>
    sdk.org(orgId).offers.sendByEmail(body, { signal }),
  );
  printData(ctx, result, (data, style) => presentOffersEmailed(data, recipients(body), style));
}
