import { parseArgs } from 'node:util';
import { parseFaultSpecs } from './faults/parse.js';
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
  --url-file <path>    once listening and the banner is printed, write what a script needs to
                       this file (owner-only, whole at once): JSON with url, baseUrl, agentUrl,
                       orgId, email, password and the keys; see --url-file-format
  --url-file-format <f>  json (default) or url: only the URL and a newline, as before 0.2
  --public-url <url>   base URL the records and invitation URLs link to (default: the URL it
                       prints; e.g. http://192.168.1.20:4010 for a phone on the same network);
                       with a path (http://host/sb) it answers there, directly or behind a proxy
                       that takes the path off
  -V, --version        print the version
  --flavor <name>      spec (default), or platform: behave like the real platform and agent
                       (encrypted sign-in password with the key printed at start, /v1 routes,
                       relayed agent errors nested, comment "" refused)
  --agent-key          agent routes want the agent's API key (generated, printed at start)
                       instead of the bearer token, as the real agent does
  --agent-line <line>  with --agent-key, the agent controller's line: 2.1 (default; the key only
                       at POST /agent/token, its token elsewhere, /didcomm and /anoncreds paths)
                       or 2.0 (the raw key on every agent route, root paths)
  -h, --help           show this help

GET /__sandbox/deliveries lists the offer e-mails delivered so far, per address (JSON).
`;

/** What the command line asks for. */
export type SandboxCommand =
  | { help: true }
  | { version: true }
  | { help: false; options: StartSandboxOptions; urlFile?: string; urlFileFormat?: UrlFileFormat };

/** What `--url-file` holds: the JSON description (default) or the bare URL line. */
export type UrlFileFormat = 'json' | 'url';

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`);
  return n;
}

function publicUrl(value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new Error('--public-url must be an http(s) URL');
  }
  return value;
}

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  faults: { type: 'string' },
  'token-ttl': { type: 'string' },
  'email-limit': { type: 'string' },
  'url-file': { type: 'string' },
  'url-file-format': { type: 'string' },
  'public-url': { type: 'string' },
  version: { type: 'boolean', short: 'V' },
  flavor: { type: 'string' },
  'agent-key': { type: 'boolean' },
  'agent-line': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Edit distance of two short words (for "did you mean"). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        (row[j] ?? 0) + 1,
        (next[j - 1] ?? 0) + 1,
        (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

/** parseArgs over {@link OPTIONS}; an unknown option is named with the closest known one. */
function parseKnown(args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options: OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    const unknown = /^Unknown option '(--[^'=]+)/.exec((error as Error).message)?.[1];
    if (unknown === undefined) throw error;
    const [closest] = Object.keys(OPTIONS)
      .map((name) => ({ name: `--${name}`, d: distance(unknown, `--${name}`) }))
      .sort((a, b) => a.d - b.d);
    const suggestion = closest && closest.d <= 3 ? ` (did you mean ${closest.name}?)` : '';
    throw new Error(`unknown option ${unknown}${suggestion}`);
  }
}

/**
 * Parses the arguments of `agent-sandbox` (without node and the script).
 * @throws {@link Error} for an unknown option or a bad value.
 */
export function parseSandboxArgs(args: readonly string[]): SandboxCommand {
  const { values } = parseKnown(args);
  if (values.help) return { help: true };
  if (values.version) return { version: true };
  const port = integer('port', values.port);
  const tokenTtlSeconds = integer('token-ttl', values['token-ttl']);
  const emailBatchLimit = integer('email-limit', values['email-limit']);
  const { flavor } = values;
  if (flavor !== undefined && flavor !== 'spec' && flavor !== 'platform') {
    throw new Error('--flavor must be spec or platform');
  }
  const agentLine = values['agent-line'];
  if (agentLine !== undefined && agentLine !== '2.0' && agentLine !== '2.1') {
    throw new Error('--agent-line must be 2.0 or 2.1');
  }
  if (agentLine !== undefined && !values['agent-key']) {
    throw new Error(
      '--agent-line needs --agent-key (without an agent key the agent routes take the bearer token and have no line)',
    );
  }
  const urlFileFormat = values['url-file-format'];
  if (urlFileFormat !== undefined && urlFileFormat !== 'json' && urlFileFormat !== 'url') {
    throw new Error('--url-file-format must be json or url');
  }
  return {
    help: false,
    options: {
      ...(port === undefined ? {} : { port }),
      ...(values.host === undefined ? {} : { host: values.host }),
      ...(values.faults === undefined ? {} : { faults: parseFaultSpecs(values.faults) }),
      ...(tokenTtlSeconds === undefined ? {} : { tokenTtlSeconds }),
      ...(emailBatchLimit === undefined ? {} : { emailBatchLimit }),
      ...(values['public-url'] === undefined ? {} : { baseUrl: publicUrl(values['public-url']) }),
      ...(flavor === undefined ? {} : { flavor }),
      ...(values['agent-key'] ? { agentKey: true as const } : {}),
      ...(agentLine === undefined ? {} : { agentLine }),
    },
    ...(values['url-file'] === undefined ? {} : { urlFile: values['url-file'] }),
    ...(urlFileFormat === undefined ? {} : { urlFileFormat }),
  };
}
