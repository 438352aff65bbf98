import {
  AUTO_ACCEPT_VALUES,
  PROOF_REQUEST_TYPES,
  PROTOCOL_VERSIONS,
  type ProofRequestOptions,
  type ProofRequestParams,
  type RequestEnum,
} from '@credential-agent/sdk';
import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors/usage-error.js';
import { presentProofRequested } from '../../presenters/proofs.js';
import { type Bind, type RawInput, textOption } from '../../startup/actions.js';
import { EXAMPLES_HELP, examplePath } from '../../startup/examples.js';
import { knownOption, knownOptionValue } from '../../startup/known-values.js';
import { mergeFlags, readBodyFile, requireFields, requireFlag } from '../../terminal/input.js';
import { printData } from '../../terminal/output.js';

/** Options of `proofs request`. */
export interface RequestOptions {
  file?: string | undefined;
  connectionId?: string | undefined;
  /** Required; checked after the org, which is named first when both are missing. */
  requestType?: ProofRequestOptions['requestType'] | undefined;
  comment?: string | undefined;
  protocolVersion?: ProofRequestParams['protocolVersion'];
  goalCode?: string | undefined;
  autoAcceptProof?: RequestEnum<typeof AUTO_ACCEPT_VALUES> | undefined;
}

/** `agent-cli proofs request`. */
export function registerRequest(group: Command, bind: Bind): void {
  group
    .command('request')
    .description('Send a proof request to a connection')
    .option('--file <path>', 'JSON body (proofFormats, …); - reads stdin; flags override it')
    .option('--connection-id <id>', 'connection to ask')
    .addOption(knownOption('--request-type <type>', 'request type', PROOF_REQUEST_TYPES))
    .option('--comment <text>', 'comment for the holder')
    .addOption(knownOption('--protocol-version <version>', 'protocol version', PROTOCOL_VERSIONS))
    .option('--goal-code <code>', 'goal code')
    .addOption(knownOption('--auto-accept-proof <mode>', 'when to accept', AUTO_ACCEPT_VALUES))
    .addHelpText(
      'after',
      `
Example:
  $ agent-cli proofs request --org 3fa85f64-5717-4562-b3fc-2c963f66afa6 --file proof.json \\
      --connection-id 1c7e2a90-5b3d-4f6e-8a1b-2c3d4e5f6a7b --request-type presentationExchange

${EXAMPLES_HELP}`,
    )
    .action(bind(parseRequestOptions, runRequest));
}

export function parseRequestOptions(raw: RawInput): RequestOptions {
  return {
    file: textOption(raw, 'file'),
    connectionId: textOption(raw, 'connectionId'),
    requestType: knownOptionValue(raw, 'requestType', PROOF_REQUEST_TYPES),
    comment: textOption(raw, 'comment'),
    protocolVersion: knownOptionValue(raw, 'protocolVersion', PROTOCOL_VERSIONS),
    goalCode: textOption(raw, 'goalCode'),
    autoAcceptProof: knownOptionValue(raw, 'autoAcceptProof', AUTO_ACCEPT_VALUES),
  };
}

export async function runRequest(ctx: CliContext, opts: RequestOptions): Promise<void> {
  const orgId = await ctx.org();
  const file = await readBodyFile(ctx, opts.file);
  // The request type is a query parameter: a body key of that name would be refused as unknown.
  if (Object.hasOwn(file, 'requestType')) {
    throw new UsageError(
      `--file ${opts.file}: "requestType" is not a body field: give it as --request-type (it is sent in the query)`,
    );
  }
  const requestType = requireFlag(opts.requestType, '--request-type');
  const body = mergeFlags<ProofRequestParams>(file, {
    connectionId: opts.connectionId,
    comment: opts.comment,
    protocolVersion: opts.protocolVersion,
    goalCode: opts.goalCode,
    autoAcceptProof: opts.autoAcceptProof,
  });
  requireFields(body, { connectionId: '--connection-id' });
  // The platform takes the definition at the top level; the agent inside proofFormats.
  if (body.proofFormats === undefined && body.presentationDefinition === undefined) {
    const what = `a JSON object whose "proofFormats" (or, for the platform, a top-level "presentationDefinition") says what the holder must prove (an example: ${examplePath('proof.json')})`;
    throw new UsageError(
      opts.file === undefined
        ? `missing --file: the proof request body, ${what}`
        : `--file ${opts.file} says nothing to prove: the body must be ${what}`,
    );
  }
  const result = await ctx.call('Sending the proof request', (sdk, signal) =>
    sdk.org(orgId).proofs.request(body, { requestType, signal }),
  );
  printData(ctx, result, presentProofRequested);
}
