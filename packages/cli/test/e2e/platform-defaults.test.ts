import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ORG_ID, DEMO_USER } from '@credential-agent/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';
import { storySteps } from './support/story.js';

// The CLI's defaults pass a real platform: the shipped bin against the platform flavour of the
// sandbox, which refuses `comment: ""`, a jsonld offer over v1 and a presentation definition that
// is only inside proofFormats, as the platform does.
const e2e = useE2E({ flavor: 'platform' });
const env = () => ({ AGENT_CLI_ORG: DEMO_ORG_ID, AGENT_CLI_PASSWORD_KEY: e2e.sandbox().sandbox.passwordKey });
const step = storySteps(e2e, env);
const dir = mkdtempSync(join(tmpdir(), 'agent-cli-platform-defaults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, body: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(body));
  return path;
}

describe('the defaults of agent-cli against a platform', { timeout: 60_000 }, () => {
  it('offers email and offers create without --comment send no comment, and are accepted', async () => {
    await step(['login', '--email', DEMO_USER.email, '--password-stdin'], DEMO_USER.password);
    const before = e2e.sandbox().sandbox.totalDeliveries();
    await step([
      ...['offers', 'email', '--email', 'ada@example.com', '--credential-type', 'indy'],
      ...['--cred-def-id', 'cred-def-1', '--attr', 'name=Ada', '--json'],
    ]);
    expect(e2e.sandbox().sandbox.totalDeliveries()).toBe(before + 1);
    const { comment: _, ...offer } = (await import(fixture('offer.json'), { with: { type: 'json' } }))
      .default;
    const created = await step<{ data: { outOfBandRecordId: string } }>([
      ...['offers', 'create', '--file', file('offer.json', offer), '--credential-type', 'jsonld'],
      ...['--cred-def-id', 'cred-def-1', '--json'],
    ]);
    const record = e2e.sandbox().sandbox.state.outOfBand.get(created.data.outOfBandRecordId);
    expect(JSON.stringify(record?.outOfBandInvitation)).not.toContain('"comment"');
  });

  it('--dry-run of a bulk run refuses an empty comment before anything is sent', async () => {
    const csv = file('holders.csv', null);
    writeFileSync(csv, 'email,name\nbo@example.com,Bo\n');
    const before = e2e.sandbox().sandbox.totalDeliveries();
    const result = await e2e.run(
      [
        ...['offers', 'email', '--csv', csv, '--credential-type', 'indy', '--cred-def-id', 'cred-def-1'],
        ...['--comment', '', '--dry-run'],
      ],
      { env: env() },
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/comment/);
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(e2e.sandbox().sandbox.totalDeliveries()).toBe(before);
    const fine = await e2e.run(
      [
        ...['offers', 'email', '--csv', csv, '--credential-type', 'indy', '--cred-def-id', 'cred-def-1'],
        '--dry-run',
      ],
      { env: env() },
    );
    expect(fine.stderr).not.toMatch(/error/);
    expect(fine.code).toBe(0);
    expect(fine.stdout).not.toContain('"comment"');
  });

  it('a bulk template whose offer part belongs to the other credential type is refused, not dropped', async () => {
    const csv = file('typed.csv', null);
    writeFileSync(csv, 'email,name\nbo@example.com,Bo\n');
    const jsonld = {
      credential: { '@context': ['https://www.w3.org/2018/credentials/v1'], type: ['VerifiableCredential'] },
      options: { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' },
    };
    const cases: [string[], RegExp][] = [
      [
        ['--file', file('jsonld-template.json', jsonld), '--credential-type', 'indy'],
        /^error: --credential-type indy: the template's credential, options are for jsonld offers/,
      ],
      [
        ['--file', file('indy-template.json', { attributes: [{ name: 'degree', value: 'BSc' }] })],
        /^error: --credential-type jsonld: the template's attributes is for indy offers/,
      ],
    ];
    for (const [args, message] of cases) {
      const flags = args.includes('--credential-type') ? [] : ['--credential-type', 'jsonld'];
      const result = await e2e.run(
        ['offers', 'email', '--csv', csv, ...args, ...flags, '--cred-def-id', 'cred-def-1', '--dry-run'],
        { env: env() },
      );
      expect(result.stderr).toMatch(message);
      expect(result.code).toBe(2);
    }
  });

  it('proofs request --file takes the top-level presentationDefinition the platform reads', async () => {
    const created = await step<{ data: { outOfBandRecordId: string } }>([
      ...['offers', 'create', '--file', fixture('offer.json'), '--credential-type', 'jsonld'],
      ...['--cred-def-id', 'cred-def-1', '--json'],
    ]);
    const accepted = await step<{ connectionRecord: { id: string } }>([
      ...['api', 'POST', `/oob/${created.data.outOfBandRecordId}/accept-invitation`],
      ...['-F', 'autoAcceptConnection=true'],
    ]);
    // As the README tells platform users: the definition at the top level, beside proofFormats.
    const proof = await step<{ data: { state: string } }>([
      ...[
        'proofs',
        'request',
        '--file',
        fixture('proof-platform.json'),
        '--request-type',
        'presentationExchange',
      ],
      ...['--connection-id', accepted.connectionRecord.id, '--json'],
    ]);
    expect(proof.data.state).toBe('request-sent');
  });
});
