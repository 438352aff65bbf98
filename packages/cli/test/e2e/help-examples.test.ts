import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

// Issue 20, item 12: every body file a `--help` example names is shipped (examples/ of the
// repository and dist/examples of the CLI package) and is accepted by the sandbox.
const e2e = useE2E();
const root = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));
const shipped = (name: string) => fileURLToPath(new URL(`../../dist/examples/${name}`, import.meta.url));
const env = () => ({ AGENT_CLI_TOKEN: e2e.sandbox().sandbox.issueToken(), AGENT_CLI_ORG: DEMO_ORG_ID });

/** The files named by `--file`/`--csv` in the examples of every help page (docs/cli.md is generated from them). */
function namedFiles(): string[] {
  const text = readFileSync(root('docs/cli.md'), 'utf8').replace(/\\\n\s+/g, ' ');
  return [
    ...new Set([...text.matchAll(/--(?:file|csv) +([\w.-]+\.(?:json|csv))/g)].map((m) => m[1] as string)),
  ];
}

describe('the body files the help examples name', { timeout: 60_000 }, () => {
  it('are in examples/ and shipped with the CLI', () => {
    const names = namedFiles();
    expect(names).toEqual(
      expect.arrayContaining([
        'email-offer.json',
        'offer.json',
        'proof.json',
        'holders.csv',
        'template.json',
      ]),
    );
    for (const name of names) {
      expect(existsSync(root(`examples/${name}`)), `examples/${name}`).toBe(true);
      expect(readFileSync(shipped(name), 'utf8')).toBe(readFileSync(root(`examples/${name}`), 'utf8'));
    }
  });

  it('are accepted as the examples use them', async () => {
    const created = await e2e.run(
      ['offers', 'create', '--file', shipped('offer.json'), '--credential-type', 'jsonld', '--json'],
      { env: env() },
    );
    expect([created.code, created.stderr]).toEqual([0, '']);
    const oobId = (JSON.parse(created.stdout) as { data: { outOfBandRecordId: string } }).data
      .outOfBandRecordId;

    const emailed = await e2e.run(
      [
        'offers',
        'email',
        '--file',
        shipped('email-offer.json'),
        '--email',
        'alice@example.com',
        '--email',
        'bob@example.com',
        '--credential-type',
        'jsonld',
        '--json',
      ],
      { env: env() },
    );
    expect([emailed.code, emailed.stderr]).toEqual([0, '']);

    const bulk = await e2e.run(
      [
        'offers',
        'email',
        '--csv',
        root('examples/holders.csv'),
        '--file',
        shipped('template.json'),
        '--credential-type',
        'indy',
        '--dry-run',
      ],
      { env: env() },
    );
    expect(bulk.code, bulk.stderr).toBe(0);

    const accepted = await e2e.run(['oob', 'accept', oobId, '--json'], { env: env() });
    expect([accepted.code, accepted.stderr]).toEqual([0, '']);
    const connectionId = (JSON.parse(accepted.stdout) as { connectionRecord: { id: string } })
      .connectionRecord.id;
    const proof = await e2e.run(
      [
        'proofs',
        'request',
        '--file',
        shipped('proof.json'),
        '--connection-id',
        connectionId,
        '--request-type',
        'presentationExchange',
        '--json',
      ],
      { env: env() },
    );
    expect([proof.code, proof.stderr]).toEqual([0, '']);
  });

  it('proofs request without --file says what the body is and where an example is', async () => {
    const result = await e2e.run(
      ['proofs', 'request', '--connection-id', 'c-1', '--request-type', 'presentationExchange'],
      { env: env() },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: missing --file: the proof request body, a JSON object whose "proofFormats" (or, for the platform, a top-level "presentationDefinition") says what the holder must prove (an example: ${shipped('proof.json')})\n`,
    );
  });
});
