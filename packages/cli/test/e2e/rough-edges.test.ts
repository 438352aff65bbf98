import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ORG_ID, DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';

// Rough edges a new user found (issue 20, section 4), each through the shipped bin.
const e2e = useE2E();
const token = () => e2e.sandbox().sandbox.issueToken();
const cred = ['--credential-type', 'indy', '--cred-def-id', 'cd-1', '--org', DEMO_ORG_ID];

describe('rough edges of a first session', { timeout: 60_000 }, () => {
  it('a --file JSON with a UTF-8 byte order mark is read like a CSV with one (item 6)', async () => {
    const file = join(e2e.configDir(), 'bom.json');
    const body = {
      credentialOffer: [{ emailId: 'holder@example.com', attributes: [{ name: 'name', value: 'Ada' }] }],
      comment: 'with a BOM',
    };
    writeFileSync(file, `\uFEFF${JSON.stringify(body)}`);
    const result = await e2e.run(['offers', 'email', '--file', file, ...cred, '--json'], {
      env: { AGENT_CLI_TOKEN: token() },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('login --base-url "URL " stores the URL without the space (item 7)', async () => {
    const url = e2e.sandbox().url;
    const login = await e2e.run(
      ['login', '--base-url', `${url} `, '--email', DEMO_USER.email, '--password-stdin'],
      {
        stdin: DEMO_USER.password,
        env: { AGENT_CLI_BASE_URL: undefined },
      },
    );
    expect(login.stderr).toMatch(/^✓ Signed in as /);
    expect(login.code).toBe(0);
    const stored = readFileSync(join(e2e.configDir(), 'config.json'), 'utf8');
    expect(stored).toContain(JSON.stringify(url));
    expect(stored).not.toContain(`${url} `);
  });

  it('more --email flags than one request may carry are refused before anything is sent, pointing at --csv (item 14)', async () => {
    const before = e2e.sandbox().sandbox.state.requests.length;
    const emails = Array.from({ length: 11 }, (_, i) => ['--email', `h${i}@example.com`]).flat();
    const result = await e2e.run(['offers', 'email', ...emails, ...cred], {
      env: { AGENT_CLI_TOKEN: token() },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^error: --email was given 11 times, above the service's cap of 10 holders per request: nothing was sent\nhint: .*--csv/,
    );
    expect(e2e.sandbox().sandbox.state.requests.length).toBe(before);
  });
});

describe('agent-sandbox', () => {
  it('names the closest option for a misspelt one: --flavour → --flavor (item 16)', () => {
    const bin = fileURLToPath(new URL('../../../sandbox/bin/agent-sandbox.js', import.meta.url));
    const result = spawnSync(process.execPath, [bin, '--flavour', 'platform'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      'agent-sandbox: unknown option --flavour (did you mean --flavor?)',
    );
  });
});

describe('credentials negotiate without --connection-id (item 14)', { timeout: 60_000 }, () => {
  it('takes the connection from the record', async () => {
    const env = { AGENT_CLI_TOKEN: token(), AGENT_CLI_ORG: DEMO_ORG_ID };
    const offer = await e2e.run(
      [
        'offers',
        'create',
        '--file',
        fixture('offer.json'),
        '--credential-type',
        'jsonld',
        '--cred-def-id',
        'cd-1',
        '--json',
      ],
      { env },
    );
    const { outOfBandRecordId } = (JSON.parse(offer.stdout) as { data: { outOfBandRecordId: string } }).data;
    expect((await e2e.run(['oob', 'accept', outOfBandRecordId], { env })).code).toBe(0);
    const records = JSON.parse(
      (await e2e.run(['credentials', 'list', '--role', 'holder', '--json'], { env })).stdout,
    ) as {
      id: string;
      connectionId: string;
    }[];
    const holder = records.at(-1);
    const result = await e2e.run(['credentials', 'negotiate', holder?.id ?? '', '--json'], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: holder?.id, state: 'request-sent' });
    expect(e2e.sandbox().sandbox.state.credentials.get(holder?.id ?? '')?.connectionId).toBe(
      holder?.connectionId,
    );
  });

  it('says so when the record is unknown', async () => {
    const missing = '9b2f4c1e-0d6a-4a8e-b1c2-3d4e5f607182';
    const result = await e2e.run(['credentials', 'negotiate', missing], {
      env: { AGENT_CLI_TOKEN: token() },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: credential record ${missing} was not found\n`);
  });
});
