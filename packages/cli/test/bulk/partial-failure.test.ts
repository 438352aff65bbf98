import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type BulkTarget, ensureBuilt, holderEmails, INDY_FLAGS, startBulk } from './bin.js';
import { holderLines, tempDir, writeCsv } from './support.js';

interface Offer {
  emailId: string;
}

/** The first batch's answer: the holders it e-mails before failing, and the failure's body. */
type FirstAnswer = (offers: Offer[]) => { delivered: Offer[]; body: unknown };

/** A partial failure as documented: the e-mails not sent listed in an `error` array. */
const partial =
  (status: number): FirstAnswer =>
  (offers) => ({
    delivered: offers.slice(0, 5),
    body: {
      statusCode: status,
      message: 'Unable to create out-of-band credential offer',
      error: offers
        .slice(5)
        .map((o) => ({ statusCode: status, message: 'Too many requests', error: o.emailId })),
    },
  });

/**
 * A gateway on 127.0.0.1 that e-mails holders one by one: its first batch request answers `status`
 * (with `Retry-After: 0`) and `first`'s body after e-mailing `first`'s holders; every later batch is
 * e-mailed whole. Counts e-mails per holder.
 */
async function gateway(
  status: number,
  first: FirstAnswer,
): Promise<BulkTarget & { deliveries: Map<string, number> }> {
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
        const answer = first(offers);
        deliver(answer.delivered);
        res.writeHead(status, { 'retry-after': '0' });
        res.end(JSON.stringify(answer.body));
        return;
      }
      deliver(offers);
      // The gateway's answer (docs: real-deployments.md): `data: true`.
      res.end(JSON.stringify({ statusCode: 201, message: 'ok', data: true }));
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
      const server = await gateway(status, partial(status));
      const dir = await tempDir();
      const csv = await writeCsv(dir, holderLines(20));
      const argv = [csv, ...INDY_FLAGS, '--concurrency', '1', '--json'];
      const run = startBulk(server, join(dir, 'config'), argv);
      expect(await run.exit, run.stderr).toBe(3);
      expect(JSON.parse(run.stdout)).toMatchObject({ sent: 10, 'in-doubt': 10 });
      const counts = holderEmails(20).map((e) => server.deliveries.get(e) ?? 0);
      expect(counts).toEqual([...Array(5).fill(1), ...Array(5).fill(0), ...Array(10).fill(1)]);
      const resumed = startBulk(server, join(dir, 'config'), [...argv, '--resume']);
      expect(await resumed.exit).toBe(3);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 0, 'already-sent': 10, 'in-doubt': 10 });
      expect(holderEmails(5).map((e) => server.deliveries.get(e))).toEqual(Array(5).fill(1));
    },
  );

  it('escapes control characters of server messages and CSV cells in its per-row lines', async () => {
    const evil = 'bad \u001b[31mRED\u001b[0m\r\n\u001b]0;pwned\u0007 done: sent 40 \u0000\u009b';
    const server = await gateway(400, () => ({
      delivered: [],
      body: { statusCode: 400, message: evil, error: evil },
    }));
    const dir = await tempDir();
    const csv = await writeCsv(dir, [...holderLines(1), 'x\u001b[2J@example.com,Eve,BSc']);
    const run = startBulk(server, join(dir, 'config'), [csv, ...INDY_FLAGS]);
    expect(await run.exit).toBe(1);
    const shown = 'bad \\x1b[31mRED\\x1b[0m\\r\\n\\x1b]0;pwned\\x07 done: sent 40 \\x00\\x9b';
    expect(run.stderr.split('\n').filter((l) => l.startsWith('line '))).toEqual([
      `line 3 (x\\x1b[2J@example.com): invalid: column email holds U+001B (a control character) in --csv ${csv}: remove it from the file; invalid e-mail "x\\x1b[2J@example.com"`,
      `line 2 (holder1@example.com): failed: ${shown}`,
    ]);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may reach stderr.
    expect(run.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });
});
