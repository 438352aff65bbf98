import { describe, expect, it } from 'vitest';
import { json, useSandbox } from '../../support/sandbox.js';
import { createOffer } from '../../support/story.js';

const bench = useSandbox();

interface Accepted {
  connectionRecord: { id: string; outOfBandId?: string };
  outOfBandRecord: { id: string; state?: string };
}

describe('agent-cli oob accept', () => {
  it('accepts the invitation and prints the new connection as JSON', async () => {
    const offer = await createOffer(bench);
    const result = await bench.run(['oob', 'accept', offer.outOfBandRecordId, '--label', 'Alice', '--json']);
    expect(result.code).toBe(0);
    const accepted = json<Accepted>(result);
    expect(accepted.outOfBandRecord.id).toBe(offer.outOfBandRecordId);
    expect(bench.sandbox.state.connections.has(accepted.connectionRecord.id)).toBe(true);
    expect(bench.sandbox.state.outOfBand.get(offer.outOfBandRecordId)?.state).toBe('done');
  });

  it('prints the connection id in the summary', async () => {
    const offer = await createOffer(bench);
    const result = await bench.run(['oob', 'accept', offer.outOfBandRecordId]);
    const [connection] = [...bench.sandbox.state.connections.values()].filter((c) => c.role === 'requester');
    expect(result.stdout).toMatch(new RegExp(`^Connection: +${connection?.id}$`, 'm'));
    expect(result.stdout).toMatch(new RegExp(`^Out-of-band: +${offer.outOfBandRecordId}$`, 'm'));
  });

  it('reads the body from stdin with --file -', async () => {
    const offer = await createOffer(bench);
    const result = await bench.run(['oob', 'accept', offer.outOfBandRecordId, '--file', '-', '--verbose'], {
      stdin: '{"alias":"from-stdin"}',
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('> {"alias":"from-stdin"}');
  });

  it('fails with the agent message when the invitation was already accepted', async () => {
    const offer = await createOffer(bench);
    await bench.run(['oob', 'accept', offer.outOfBandRecordId]);
    const result = await bench.run(['oob', 'accept', offer.outOfBandRecordId]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^error: CredoError: Out-of-band record .* is in state done, expected await-response\. \(HTTP 500\)\n$/,
    );
  });
});
