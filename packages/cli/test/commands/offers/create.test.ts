import { readFileSync } from 'node:fs';
import { OTHER_ORG_ID } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { CRED_DEF_ID, fixture } from '../../support/fixtures.js';
import { json, useSandbox } from '../../support/sandbox.js';

const bench = useSandbox();
const base = ['offers', 'create', '--file', fixture('offer.json'), '--credential-type', 'jsonld'];

describe('agent-cli offers create', () => {
  it('prints the SDK result with the invitation URL and out-of-band id with --json', async () => {
    const result = await bench.run([...base, '--cred-def-id', CRED_DEF_ID, '--json']);
    expect(result.code).toBe(0);
    const body = json<{ statusCode: number; data: { outOfBandRecordId: string; invitationUrl: string } }>(
      result,
    );
    expect(body.statusCode).toBe(201);
    expect(bench.sandbox.state.outOfBand.has(body.data.outOfBandRecordId)).toBe(true);
    expect(body.data.invitationUrl).toMatch(/^http:\/\/localhost:4010\//);
  });

  it('shows the invitation URL first in the summary', async () => {
    const result = await bench.run([...base, '--cred-def-id', CRED_DEF_ID]);
    expect(result.stdout.split('\n')[0]).toMatch(/^Invitation URL: +http:\/\/localhost:4010\//);
  });

  it('lets --comment and --attr override the file', async () => {
    const result = await bench.run([
      ...base,
      '--cred-def-id',
      CRED_DEF_ID,
      '--comment',
      'Flag wins',
      '--attr',
      'name=Alice',
      '--attr',
      'role=Engineer=Lead',
      '--verbose',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('"comment":"Flag wins"');
    expect(result.stderr).toContain(
      '"attributes":[{"name":"name","value":"Alice"},{"name":"role","value":"Engineer=Lead"}]',
    );
  });

  it('reads the body from stdin with --file -', async () => {
    const stdin = readFileSync(fixture('offer.json'), 'utf8');
    const result = await bench.run(
      ['offers', 'create', '--file', '-', '--credential-type', 'jsonld', '--cred-def-id', CRED_DEF_ID],
      { stdin },
    );
    expect(result.code).toBe(0);
  });

  it('is a usage error naming --cred-def-id when it is missing, and sends nothing', async () => {
    const result = await bench.run(base);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: missing --cred-def-id (or "credentialDefinitionId" in --file)\n');
    expect(bench.sandbox.requestCount()).toBe(0);
  });

  it('is a usage error naming --org when no organisation is configured', async () => {
    const result = await bench.run([...base, '--cred-def-id', CRED_DEF_ID], {
      env: { AGENT_CLI_ORG: undefined },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: missing --org');
  });

  it('is a usage error naming the --file field it needs (no credential, attack M8)', async () => {
    const result = await bench.run([
      'offers',
      'create',
      '--credential-type',
      'jsonld',
      '--cred-def-id',
      CRED_DEF_ID,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^error: missing "credential" in --file: the credential to offer, an object with @context/,
    );
  });

  it('is a usage error for --attr without a value', async () => {
    const result = await bench.run([...base, '--attr', 'name']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('expected name=value, got "name"');
  });

  it('is a usage error naming the file when it does not exist', async () => {
    const result = await bench.run(['offers', 'create', '--file', '/no/such/offer.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --file /no/such/offer.json: cannot read it (ENOENT)\n');
  });

  it('is a usage error naming the flag when its value is empty (a variable left empty)', async () => {
    const result = await bench.run(['offers', 'create', '--file', '']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --file must not be empty\n');
  });

  it('reports a foreign organisation with the server message and a hint', async () => {
    const result = await bench.run([...base, '--cred-def-id', CRED_DEF_ID, '--org', OTHER_ORG_ID]);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe('error: User does not have access (HTTP 403)');
    expect(result.stderr).toContain('hint: check --org');
  });
});
