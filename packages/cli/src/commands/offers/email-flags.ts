import { CREDENTIAL_TYPES, PROTOCOL_VERSIONS } from '@credential-agent/sdk';
import type { CsvFlags } from '../../bulk/flags.js';
import { UsageError } from '../../errors/usage-error.js';
import {
  flagOption,
  listOption,
  numberOption,
  omitUndefined,
  type RawInput,
  textOption,
} from '../../startup/actions.js';
import { knownOptionValue } from '../../startup/known-values.js';
import { attrOption } from '../../terminal/input.js';
import type { EmailBodyFlags } from './email-body.js';

/** Options of `offers email`. */
export interface EmailOptions extends EmailBodyFlags, CsvFlags {
  file?: string;
}

/** The service's cap of holders per request on the deployments we know (see `--max-batch-size`). */
const SERVICE_CAP = 10;

function bodyFlags(raw: RawInput): EmailBodyFlags & { file?: string } {
  return omitUndefined<EmailBodyFlags & { file?: string }>({
    file: textOption(raw, 'file'),
    email: listOption(raw, 'email'),
    credentialType: knownOptionValue(raw, 'credentialType', CREDENTIAL_TYPES),
    credDefId: textOption(raw, 'credDefId'),
    comment: textOption(raw, 'comment'),
    protocolVersion: knownOptionValue(raw, 'protocolVersion', PROTOCOL_VERSIONS),
    attr: attrOption(raw.opts['attr']),
  });
}

function csvFlags(raw: RawInput): CsvFlags {
  return omitUndefined<CsvFlags>({
    csv: textOption(raw, 'csv'),
    emailColumn: textOption(raw, 'emailColumn'),
    attrColumns: listOption(raw, 'attrColumns'),
    subjectColumns: listOption(raw, 'subjectColumns'),
    batchSize: numberOption(raw, 'batchSize'),
    maxBatchSize: numberOption(raw, 'maxBatchSize'),
    concurrency: numberOption(raw, 'concurrency'),
    dryRun: flagOption(raw, 'dryRun'),
    journal: textOption(raw, 'journal'),
    resume: flagOption(raw, 'resume'),
    retryInDoubt: flagOption(raw, 'retryInDoubt'),
    newRun: flagOption(raw, 'newRun'),
    report: textOption(raw, 'report'),
    junit: textOption(raw, 'junit'),
    shard: textOption(raw, 'shard'),
    delimiter: textOption(raw, 'delimiter'),
  });
}

/** With `--csv`: flags that conflict. @throws {@link UsageError} naming them. */
function checkCsvFlags(opts: EmailOptions): void {
  if (opts.csv === '-') {
    throw new UsageError(
      '--csv - (stdin) is not supported: give the path of the CSV file (a run is resumed from it)',
    );
  }
  if (opts.email) throw new UsageError('--email and --csv do not go together: the CSV names the holders');
  if (opts.retryInDoubt && !opts.resume) throw new UsageError('--retry-in-doubt needs --resume');
  if (opts.newRun && opts.resume)
    throw new UsageError(
      '--new-run and --resume do not go together: --resume continues a run, --new-run starts one',
    );
  const cap = opts.maxBatchSize ?? SERVICE_CAP;
  if ((opts.batchSize ?? 10) > cap) {
    throw new UsageError(
      `--batch-size ${opts.batchSize} is above the service's cap of ${cap} holders per request: the service would refuse every batch (pass --max-batch-size ${opts.batchSize} if your deployment allows more)`,
    );
  }
}

/**
 * The flags of `offers email`. `bulkFlags` are the bulk-only options (attribute name → flag):
 * without `--csv` they would be ignored, so typing one is a usage error.
 */
export function parseEmailOptions(raw: RawInput, bulkFlags: ReadonlyMap<string, string>): EmailOptions {
  const opts: EmailOptions = { ...bodyFlags(raw), ...csvFlags(raw) };
  if (opts.csv !== undefined) {
    checkCsvFlags(opts);
    return opts;
  }
  for (const [name, flag] of bulkFlags) {
    if (raw.typed.has(name)) throw new UsageError(`${flag} needs --csv (it is a bulk flag)`);
  }
  // One request carries every --email: above the cap the service refuses it, so nothing is sent.
  if ((opts.email?.length ?? 0) > SERVICE_CAP) {
    throw new UsageError(
      `--email was given ${opts.email?.length} times, above the service's cap of ${SERVICE_CAP} holders per request: nothing was sent`,
      'put the holders in a CSV file (one "email" column) and pass --csv holders.csv: it sends in batches and can resume',
    );
  }
  return opts;
}
