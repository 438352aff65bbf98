import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../support/fixtures.js';
import { json, useSandbox } from '../../support/sandbox.js';
import { acceptedOffer } from '../../support/story.js';

const bench = useSandbox();
const base = ['proofs', 'request', '--file', fixture('proof.json'), '--request-type', 'presentationExchange'];

describe('agent-cli proofs request', () => {
  it('sends the proof request to the connection and prints the SDK result with --json', async () => {
    const { connectionId } = await acceptedOffer(bench);
    const result = await bench.run([...base, '--connection-id', connectionId, '--json']);
    expect(result.code).toBe(0);
    const body = json<{ statusCode: number; data: { id: string; state: string } }>(result);
    expect(body.statusCode).toBe(201);
    expect(body.data.state).toBe('request-sent');
    expect(bench.sandbox.state.proofs.has(body.data.id)).toBe(true);
  });

  it('prints the proof record id and state in the summary', async () => {
    const { connectionId } = await acceptedOffer(bench);
    const result = await bench.run([...base, '--connection-id', connectionId]);
    const [proof] = [...bench.sandbox.state.proofs.values()];
    expect(result.stdout).toMatch(new RegExp(`^Proof record: +${proof?.id}$`, 'm'));
    expect(result.stdout).toMatch(/^State: +request-sent$/m);
  });

  it('is a usage error naming --request-type when it is missing', async () => {
    const result = await bench.run([
      'proofs',
      'request',
      '--file',
      fixture('proof.json'),
      '--connection-id',
      'c',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: missing --request-type\n');
  });

  it('is a usage error naming --connection-id when it is missing', async () => {
    const result = await bench.run(base);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: missing --connection-id (or "connectionId" in --file)\n');
  });

  it('is a usage error naming --file when there are no proof formats', async () => {
    const result = await bench.run(['proofs', 'request', '--request-type', 'indy', '--connection-id', 'c']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^error: missing --file: the proof request body, a JSON object whose "proofFormats" \(or, for the platform, a top-level "presentationDefinition"\) says what the holder must prove \(an example: \/.*\/examples\/proof\.json\)\n$/,
    );
  });

  it('names the --file given when it says nothing to prove (not "missing --file")', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'agent-cli-proof-')), 'empty.json');
    await writeFile(file, '{"comment":"hi"}');
    const result = await bench.run([
      'proofs',
      'request',
      '--file',
      file,
      '--request-type',
      'indy',
      '--connection-id',
      'c',
    ]);
    await rm(dirname(file), { recursive: true, force: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^error: --file ${file} says nothing to prove: the body must be a JSON object`),
    );
  });

  it('reports an unknown connection with the server message', async () => {
    const result = await bench.run([...base, '--connection-id', 'no-such-connection']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: Connection not found (HTTP 404)\n');
  });
});
