import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type BulkTarget, ensureBuilt, holderEmails, INDY_FLAGS, startBulk } from './bin.js';
import { holderLines, tempDir, writeCsv } from './support.js';

interface Offer {
  emailId: string;
}

/**
 * A gateway on 127.0.0.1 that e-mails holders one by one: its first batch request e-mails the
 * first five holders, then answers `status` (with `Retry-After: 0`) and the documented
 * partial-failure body, an `error` array; every later batch is e-mailed whole. Counts e-mails per
 * holder.
 */
async function partialGateway(status: number): Promise<BulkTarget & { deliveries: Map<string, number> }> {
  const deliveries = new Map<string, number>();
  const deliver = (offers: Offer[]) => {
    for (const o of offers) deliveries.set(o.emailId, (deliveries.get(o.emailId) ?? 0) + 1);
  };
  let batches = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.includes('/credentials/oob/email')) {
        res.writeHead(404).end('{}');
        return;
      }
      const offers = (JSON.parse(body) as { credentialOffer: Offer[] }).credentialOffer;
      res.setHeader('content-type', 'application/json');
      if (++batches === 1) {
        deliver(offers.slice(0, 5));
        const error = offers
          .slice(5)
          .map((o) => ({ statusCode: status, message: 'Too many requests', error: o.emailId }));
        res.writeHead(status, { 'retry-after': '0' });
        res.end(
          JSON.stringify({
            statusCode: status,
            message: 'Unable to create out-of-band credential offer',
            error,
          }),
        );
        return;
      }
      deliver(offers);
      const data = offers.map((o) => ({ emailId: o.emailId, invitationUrl: 'http://x/y', outOfBandId: 'a' }));
      res.end(JSON.stringify({ message: 'ok', data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, sandbox: { issueToken: () => 'token' }, deliveries };
}

describe('agent-cli offers email --csv: a batch the service says it partly sent', () => {
  beforeAll(ensureBuilt, 120_000);

  it.each([429, 503])(
    'is in doubt, not retried, after a %i with an error array and Retry-After',
    async (status) => {
      const gateway = await partialGateway(status);
      const dir = await tempDir();
      const csv = await writeCsv(dir, holderLines(20));
      const argv = [csv, ...INDY_FLAGS, '--concurrency', '1', '--json'];
      const run = startBulk(gateway, join(dir, 'config'), argv);
      expect(await run.exit, run.stderr).toBe(3);
      expect(JSON.parse(run.stdout)).toMatchObject({ sent: 10, 'in-doubt': 10 });
      const counts = holderEmails(20).map((e) => gateway.deliveries.get(e) ?? 0);
      expect(counts).toEqual([...Array(5).fill(1), ...Array(5).fill(0), ...Array(10).fill(1)]);
      const resumed = startBulk(gateway, join(dir, 'config'), [...argv, '--resume']);
      expect(await resumed.exit).toBe(3);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 0, 'already-sent': 10, 'in-doubt': 10 });
      expect(holderEmails(5).map((e) => gateway.deliveries.get(e))).toEqual(Array(5).fill(1));
    },
  );
});
