import { describe, expect, it } from 'vitest';
import { json, useSandbox } from '../../support/sandbox.js';
import { acceptedOffer, createOffer } from '../../support/story.js';

const bench = useSandbox();

interface RecordJson {
  id: string;
  state: string;
  role: string;
}

describe('agent-cli credentials list', () => {
  it('prints every record as a JSON array with --json', async () => {
    const offer = await createOffer(bench);
    const result = await bench.run(['credentials', 'list', '--json']);
    expect(result.code).toBe(0);
    const records = json<RecordJson[]>(result);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      state: 'offer-sent',
      role: 'issuer',
      threadId: offer.credentialRequestThId,
    });
  });

  it('filters by --role and --state', async () => {
    await acceptedOffer(bench);
    await createOffer(bench);
    const holder = json<RecordJson[]>(await bench.run(['credentials', 'list', '--role', 'holder', '--json']));
    expect(holder.map((r) => [r.role, r.state])).toEqual([['holder', 'offer-received']]);
    const sent = json<RecordJson[]>(
      await bench.run(['credentials', 'list', '--state', 'offer-sent', '--json']),
    );
    expect(sent.map((r) => r.state)).toEqual(['offer-sent', 'offer-sent']);
  });

  it('prints a table with a header on stdout', async () => {
    await createOffer(bench);
    const result = await bench.run(['credentials', 'list']);
    const [header, row] = result.stdout.split('\n');
    expect(header).toMatch(/^ID +STATE +ROLE +CONNECTION +THREAD +CREATED$/);
    expect(row).toMatch(/ offer-sent +issuer /);
  });

  it('says so when there are no records', async () => {
    const result = await bench.run(['credentials', 'list']);
    expect(result.stdout).toBe('No credential records.\n');
  });

  it('lists the known states in its help', async () => {
    const result = await bench.run(['credentials', 'list', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout.replace(/\s+/g, ' ')).toContain(
      '(choices: "proposal-sent", "proposal-received", "offer-sent", "offer-received", "declined", "request-sent", "request-received", "credential-issued", "credential-received", "done", "abandoned")',
    );
    expect(result.stdout).toContain('$ agent-cli credentials list --role holder');
  });
});
