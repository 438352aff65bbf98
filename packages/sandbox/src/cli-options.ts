import { parseArgs } from 'node:util';
import { parseFaultSpecs } from './fault-spec.js';
import type { StartSandboxOptions } from './server.js';

/** The usage text of `agent-sandbox`. */
export const USAGE = `Usage: agent-sandbox [options]

Serves a fake Credential Agent Service on loopback for tests and demos.

Options:
  --port <n>           port to listen on; 0 picks a free one (default 0)
  --host <host>        interface to listen on (default 127.0.0.1)
  --faults <spec>      faults to inject, e.g. "status:503:path=/credentials:times=2,latency:ms=200"
                       or JSON '[{"kind":"rate-limit","retryAfter":2}]'; kinds: latency, status,
                       rate-limit, reset-before-response, reset-after-headers, truncated-body,
                       malformed-json, html-error, slow-body; keys: method, path, status, rate,
                       times, ms, retryAfter
  --token-ttl <s>      lifetime of issued tokens in seconds (default 86400)
  --email-limit <n>    most holders per e-mail offer request (default 10)
  -h, --help           show this help
`;

/** What the command line asks for. */
export type SandboxCommand = { help: true } | { help: false; options: StartSandboxOptions };

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`);
  return n;
}

/**
 * Parses the arguments of `agent-sandbox` (without node and the script).
 * @throws {@link Error} for an unknown option or a bad value.
 */
export function parseSandboxArgs(args: readonly string[]): SandboxCommand {
  const { values } = parseArgs({
    args: [...args],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      faults: { type: 'string' },
      'token-ttl': { type: 'string' },
      'email-limit': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return { help: true };
  const port = integer('port', values.port);
  const tokenTtlSeconds = integer('token-ttl', values['token-ttl']);
  const emailBatchLimit = integer('email-limit', values['email-limit']);
  return {
    help: false,
    options: {
      ...(port === undefined ? {} : { port }),
      ...(values.host === undefined ? {} : { host: values.host }),
      ...(values.faults === undefined ? {} : { faults: parseFaultSpecs(values.faults) }),
      ...(tokenTtlSeconds === undefined ? {} : { tokenTtlSeconds }),
      ...(emailBatchLimit === undefined ? {} : { emailBatchLimit }),
    },
  };
}
