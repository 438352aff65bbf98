import { describe, expect, it } from 'vitest';
import { json, useSandbox } from '../../support/sandbox.js';
import { createOffer } from '../../support/story.js';

const bench = useSandbox();

describe('agent-cli oob get', () => {
  it('prints the out-of-band record as JSON with --json', async () => {
    const offer = await createOffer(bench);
    const result = await bench.run(['oob', 'get', offer.outOfBandRecordId, '--json']);
    expect(result.code).toBe(0);
    const record = json<{ id: string; _tags: { state: string; role: string } }>(result);
    expect(record.id).toBe(offer.outOfBandRecordId);
    expect(record._tags).toMatchObject({ state: 'await-response', role: 'sender' });
  });

  it('prints a readable summary without --json', async () => {
    const offer = await createOffer(bench);
    const result = await bench.run(['oob', 'get', offer.outOfBandRecordId]);
    expect(result.stdout).toMatch(new RegExp(`^ID: +${offer.outOfBandRecordId}\\n`));
    expect(result.stdout).toMatch(/^State: +await-response$/m);
    expect(result.stderr).toBe('');
  });

  it('reports an unknown id with the server message and exit 1', async () => {
    const result = await bench.run(['oob', 'get', 'no-such-record']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: OutOfBandRecord: record with id no-such-record not found. (HTTP 404)\n',
    );
  });

  it('asks to log in (exit 4) without a token', async () => {
    const result = await bench.runAnonymous(['oob', 'get', 'any-id']);
    expect(result.code).toBe(4);
    expect(result.stderr).toBe('error: not signed in\nhint: run: agent-cli login\n');
    expect(bench.sandbox.requestCount()).toBe(0);
  });

  it('is a usage error when the id is missing', async () => {
    const result = await bench.run(['oob', 'get']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: missing required argument 'id'");
  });
});
