import type { Command } from 'commander';
import {
  argument,
  type Bind,
  flagOption,
  listOption,
  type RawInput,
  textOption,
} from '../../startup/actions.js';
import type { ApiOptions } from './run.js';

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** `agent-cli api <method> <path>`: any route, in the manner of `gh api`. */
export function registerApi(program: Command, bind: Bind): void {
  program
    .command('api')
    .description("Call any route of the service with the profile's auth; prints the answer as JSON")
    .argument('<method>', 'HTTP method: GET, POST, PUT, PATCH, DELETE, …')
    .argument('<path>', 'path on the base URL, e.g. /credentials/accept-offer (may carry ?query)')
    .option(
      '-f, --raw-field <key=value>',
      'a string field (repeatable); in the query for GET, else the JSON body',
      collect,
    )
    .option(
      '-F, --field <key=value>',
      'a typed field: true, false, null, numbers and JSON are parsed (repeatable)',
      collect,
    )
    .option('--input <file>', 'the JSON body from a file, - reads stdin (fields then go to the query)')
    .option('--include', 'print the HTTP status and the response headers before the body')
    .addHelpText(
      'after',
      `
Examples:
  $ agent-cli api GET /credentials -f state=offer-sent
  $ agent-cli api POST /credentials/accept-offer -f credentialRecordId=6f1c… -f autoAcceptCredential=always
  $ agent-cli api POST /schemas --input schema.json --include`,
    )
    .action(bind(parseApiOptions, async (ctx, opts) => (await import('./run.js')).runApi(ctx, opts)));
}

export function parseApiOptions(raw: RawInput): ApiOptions {
  return {
    method: argument(raw, 0),
    path: argument(raw, 1),
    rawField: listOption(raw, 'rawField'),
    field: listOption(raw, 'field'),
    input: textOption(raw, 'input'),
    include: flagOption(raw, 'include'),
  };
}
