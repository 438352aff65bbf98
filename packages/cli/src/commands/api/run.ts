import { ApiError } from '@credential-agent/sdk';
import { redactHeaders } from '@credential-agent/sdk/redact';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors/usage-error.js';
import { toJson } from '../../terminal/output.js';
import { printable } from '../../terminal/printable.js';
import { parseInputJson, readInputText } from '../../terminal/read-input.js';
import { asQuery, fieldsOf } from './fields.js';

/** Options of `agent-cli api`. */
export interface ApiOptions {
  method: string;
  path: string;
  rawField?: string[] | undefined;
  field?: string[] | undefined;
  input?: string | undefined;
  include: boolean;
}

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);

/** The JSON of `--input file|-`. @throws {@link UsageError} naming the file. */
async function readInput(ctx: CliContext, file: string): Promise<unknown> {
  return parseInputJson('--input', file, await readInputText(ctx, '--input', file));
}

/**
 * The status line and headers of `--include`: cookies and auth headers redacted, and the run's
 * secrets scrubbed from the others (a server may echo the token in any header).
 */
function head(ctx: CliContext, status: number, headers: Headers | undefined): string {
  const lines = [`HTTP ${status}`];
  const shown = redactHeaders(headers ?? new Headers());
  for (const [name, value] of Object.entries(shown))
    lines.push(printable(ctx.secrets.scrub(`${name}: ${value}`)));
  // A blank line between the head and the body, as in HTTP.
  return `${lines.join('\n')}\n\n`;
}

function print(
  ctx: CliContext,
  opts: ApiOptions,
  status: number,
  headers: Headers | undefined,
  body: unknown,
) {
  if (opts.include) ctx.io.out(head(ctx, status, headers));
  if (body !== undefined) ctx.io.out(toJson(body));
}

/** Sends one request with the profile's auth and prints the answer (or the error answer) as JSON. */
export async function runApi(ctx: CliContext, opts: ApiOptions): Promise<void> {
  const { method, path } = opts;
  const fields = fieldsOf(opts.rawField, opts.field);
  const verb = method.toUpperCase();
  if (opts.input !== undefined && (verb === 'GET' || verb === 'HEAD')) {
    throw new UsageError(`--input ${opts.input}: ${verb} cannot carry a body; use -f/-F for query fields`);
  }
  const hasFields = Object.keys(fields).length > 0;
  const fieldsInQuery = opts.input !== undefined || BODYLESS.has(verb);
  const body =
    opts.input !== undefined ? await readInput(ctx, opts.input) : fieldsInQuery ? undefined : fields;
  try {
    const raw = await ctx.call(`${verb} ${printable(path)}`, (sdk, signal) =>
      sdk.requestRaw(
        {
          method: verb,
          path,
          ...(fieldsInQuery && hasFields ? { query: asQuery(fields) } : {}),
          ...(body === undefined ? {} : { body }),
        },
        { signal },
      ),
    );
    print(ctx, opts, raw.status, raw.headers, raw.body);
  } catch (error) {
    // Like `gh api`: the server's error body is the data; the error line follows on stderr. A
    // server may echo what it got (a secret in the path): scrubbed of every form the CLI knows.
    if (error instanceof ApiError && error.body !== undefined)
      print(ctx, opts, error.status, error.headers, ctx.secrets.scrubData(error.body));
    throw error;
  }
}
