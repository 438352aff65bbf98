import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO_ORG_ID, DEMO_USER, type RunningSandbox, startSandbox } from '@credential-agent/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issueFromCsv } from '../issue-from-csv.js';

const HOLDERS = fileURLToPath(new URL('../holders.csv', import.meta.url));
const EMAILS = readFileSync(HOLDERS, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(',')[0]);

describe('examples/issue-from-csv', () => {
  let running: RunningSandbox;
  beforeEach(async () => {
    running = await startSandbox({ port: 0 });
  });
  afterEach(() => running.close());

  it('e-mails exactly one offer to every holder of holders.csv', async () => {
    const summary = await issueFromCsv({
      baseUrl: running.url,
      orgId: DEMO_ORG_ID,
      ...DEMO_USER,
      csvPath: HOLDERS,
    });
    expect(summary).toEqual({ sent: 5, notSent: [] });
    expect(EMAILS.map((e) => running.sandbox.deliveries(e ?? ''))).toEqual([1, 1, 1, 1, 1]);
    expect(running.sandbox.totalDeliveries()).toBe(5);
    expect(running.sandbox.requestCount('POST', '/orgs')).toBe(1);
  });

  it('sends a rate-limited batch again after Retry-After, so no row is lost', async () => {
    running.sandbox.faults.add({
      kind: 'rate-limit',
      method: 'POST',
      path: '/orgs',
      retryAfter: 0,
      times: 1,
    });
    const summary = await issueFromCsv({
      baseUrl: running.url,
      orgId: DEMO_ORG_ID,
      ...DEMO_USER,
      csvPath: HOLDERS,
    });
    expect(summary.sent).toBe(5);
    expect(running.sandbox.totalDeliveries()).toBe(5);
    expect(running.sandbox.requestCount('POST', '/orgs')).toBe(2);
  });
});
