import { describe, expect, it } from 'vitest';
import { json, useSandbox } from '../../support/sandbox.js';
import { acceptedOffer } from '../../support/story.js';

const bench = useSandbox();

async function holderRecord(): Promise<{ id: string; connectionId: string }> {
  const records = json<{ id: string; connectionId: string }[]>(
    await bench.run(['credentials', 'list', '--role', 'holder', '--json']),
  );
  const [record] = records;
  if (!record) throw new Error('no holder record');
  return record;
}

/** Accepts an offer, then negotiates the holder's record with `extra` flags. */
async function negotiateHolder(...extra: string[]) {
  await acceptedOffer(bench);
  const holder = await holderRecord();
  const result = await bench.run([
    'credentials',
    'negotiate',
    holder.id,
    '--connection-id',
    holder.connectionId,
    ...extra,
  ]);
  return { holder, result };
}

describe('agent-cli credentials negotiate', () => {
  it('accepts the offer and prints the record in request-sent with --json', async () => {
    const { holder, result } = await negotiateHolder('--format', 'jsonld', '--json');
    expect(result.code).toBe(0);
    expect(json(result)).toMatchObject({ id: holder.id, state: 'request-sent', role: 'holder' });
    expect(bench.sandbox.state.credentials.get(holder.id)?.state).toBe('done');
  });

  it('prints a summary of the record', async () => {
    const { result } = await negotiateHolder();
    expect(result.stdout).toMatch(/^State: +request-sent$/m);
  });

  it('is a usage error naming --connection-id when it is missing and the record is unknown', async () => {
    const result = await bench.run(['credentials', 'negotiate', '9b2f4c1e-0d6a-4a8e-b1c2-3d4e5f607182']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: credential record 9b2f4c1e-0d6a-4a8e-b1c2-3d4e5f607182 was not found\n',
    );
  });

  it('is a usage error naming the <recordId> argument when it is not a UUID', async () => {
    const result = await bench.run([
      'credentials',
      'negotiate',
      'not-a-uuid',
      '--connection-id',
      '1c7e2a90-5b3d-4f6e-8a1b-2c3d4e5f6a7b',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: <recordId>: must be a UUID or a unique prefix of at least 8 of its characters, got "not-a-uuid"\n',
    );
    expect(bench.sandbox.requestCount()).toBe(0);
  });

  it('refuses an unknown --format', async () => {
    const result = await bench.run(['credentials', 'negotiate', 'x', '--format', 'pdf']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: option '--format <format>' argument 'pdf' is invalid");
  });
});
