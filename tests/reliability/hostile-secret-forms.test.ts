/**
 * Attack F26: a server that echoes the password it received in another form (JSON-escaped, as in
 * a body it repeats; percent-encoded; base64) must not get it into an error, a hook argument, or
 * the CLI's `--verbose` and error lines.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect, promisify } from 'node:util';
import { AgentClient } from '@credential-agent/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type HostileServer, hostileServer, json } from './support/hostile-server.js';

const PASSWORD = 'Tr0ub4dor"&3\\SECRET+/= x';
const FORMS = {
  raw: (body: string) => `Invalid request body: ${body}`,
  url: () => `pw=${encodeURIComponent(PASSWORD)}`,
  form: () => `pw=${new URLSearchParams({ p: PASSWORD }).toString().slice(2)}`,
  base64: () => `basic ${Buffer.from(PASSWORD).toString('base64')}`,
  base64url: () => `b64u ${Buffer.from(PASSWORD).toString('base64url')}`,
};
type Form = keyof typeof FORMS;
const CLI = join(__dirname, '../../packages/cli/dist/agent-cli.cjs');

/** No recognisable piece of the password: its distinctive middle, in any of the forms. */
function expectNoPassword(text: string, what: string): void {
  for (const piece of ['4dor', 'SECRET', Buffer.from(PASSWORD).toString('base64').slice(4, 20)])
    expect(text, what).not.toContain(piece);
}

let server: HostileServer;
beforeAll(async () => {
  server = await hostileServer((req, res, body) => {
    const form = (req.url ?? '').split('/')[1] as Form;
    json(res, 400, { statusCode: 400, message: FORMS[form](body), echo: FORMS[form](body) });
  });
});
afterAll(() => server.close());

it.each(Object.keys(FORMS) as Form[])(
  'SDK: a %s echo of the password is scrubbed from the error and hooks',
  async (form) => {
    const events: unknown[] = [];
    const client = new AgentClient({
      baseUrl: `${server.url}/${form}`,
      retry: false,
      hooks: { onRequest: (e) => events.push(e), onResponse: (e) => events.push(e) },
    });
    const error = await client.auth.signIn({ email: 'a@b.co', password: PASSWORD }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('[REDACTED]');
    expectNoPassword(inspect(error, { depth: 20 }), 'util.inspect(error)');
    expectNoPassword(JSON.stringify((error as { body: unknown }).body), 'error.body');
    expectNoPassword(inspect(events, { depth: 20 }), 'hook events');
  },
);

it.each(['raw', 'url', 'base64'] as Form[])(
  'CLI: a %s echo of the password is scrubbed from --verbose and the error line',
  async (form) => {
    const home = mkdtempSync(join(tmpdir(), 'agent-cli-f26-'));
    const env = {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: home,
      AGENT_CLI_PASSWORD: PASSWORD,
      NO_COLOR: '1',
    };
    const args = [CLI, '--base-url', `${server.url}/${form}`, '--verbose', 'login', '--email', 'a@b.co'];
    const run = await promisify(execFile)(process.execPath, args, { env })
      .catch((e: { code: number; stdout: string; stderr: string }) => e)
      .finally(() => rmSync(home, { recursive: true, force: true }));
    expect('code' in run && run.code).toBe(1);
    expect(run.stderr).toContain('[REDACTED]');
    expectNoPassword(run.stdout + run.stderr, 'CLI output');
  },
);
