import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';
import type { BulkTarget } from './bin.js';

/** One offer of an e-mail batch, as the CLI sends it. */
export interface Offer {
  emailId: string;
}

/** How the gateway answers one batch: the holders it e-mailed, and its HTTP answer. */
export interface BatchAnswer {
  delivered: readonly Offer[];
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/** The gateway's usual answer (real-deployments.md): every holder e-mailed, 201 with `data: true`. */
export const sendAll = (offers: readonly Offer[]): BatchAnswer => ({
  delivered: offers,
  status: 201,
  body: JSON.stringify({ statusCode: 201, message: 'Offers sent', data: true }),
});

/** A loopback e-mail gateway that records what each holder got. */
export interface EmailGateway extends BulkTarget {
  /** What each holder was sent, one JSON text per e-mail. */
  sent: Map<string, string[]>;
  /** How many e-mails went to `email`. */
  count(email: string): number;
  /** How many batch requests arrived (answered or not). */
  batches(): number;
}

/**
 * A gateway on 127.0.0.1 that e-mails holders one by one and records each e-mail: `answer` decides
 * each batch (numbered from 1) and may hold it by returning later. A GET (the run's sign-in check)
 * gets an empty list; any other request a 404. Closed when the test ends.
 */
export async function emailGateway(
  answer: (offers: Offer[], batch: number) => BatchAnswer | Promise<BatchAnswer> = sendAll,
): Promise<EmailGateway> {
  const sent = new Map<string, string[]>();
  let batches = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      const json = { 'content-type': 'application/json' };
      if (req.method === 'GET') return res.writeHead(200, json).end('[]');
      if (req.method !== 'POST' || !req.url?.includes('/credentials/oob/email')) {
        return res.writeHead(404, json).end('{}');
      }
      const offers = (JSON.parse(body) as { credentialOffer: Offer[] }).credentialOffer;
      const reply = await answer(offers, ++batches);
      for (const o of reply.delivered)
        sent.set(o.emailId, [...(sent.get(o.emailId) ?? []), JSON.stringify(o)]);
      res.writeHead(reply.status, { ...json, ...reply.headers }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sandbox: { issueToken: () => 'token' },
    sent,
    count: (email) => sent.get(email)?.length ?? 0,
    batches: () => batches,
  };
}
