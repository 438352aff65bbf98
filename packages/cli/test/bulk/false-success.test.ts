import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, holderEmails, INDY_FLAGS, startBulk } from './bin.js';
import { type EmailGateway, emailGateway, type Offer, sendAll } from './gateway.js';
import { holderLines, tempDir, writeCsv } from './support.js';

/** A 2xx answer that is not the service's "sent": nothing is e-mailed. */
type Fake = { status: number; type?: string; body: (offers: Offer[]) => string };

const FAKES: Record<string, Fake> = {
  'an HTML page with 200 (a proxy or SSO page)': {
    status: 200,
    type: 'text/html',
    body: () => '<html><body>Sign in</body></html>',
  },
  'an empty JSON object with 200': { status: 200, body: () => '{}' },
  'a 204 with no body': { status: 204, body: () => '' },
};

/** A gateway that answers every batch with `fake` while it is set, e-mailing nobody. */
async function gateway(): Promise<EmailGateway & { fake?: Fake | undefined }> {
  const server: EmailGateway & { fake?: Fake | undefined } = await emailGateway((offers) => {
    const fake = server.fake;
    if (!fake) return sendAll(offers);
    const headers = { 'content-type': fake.type ?? 'application/json' };
    return { delivered: [], status: fake.status, headers, body: fake.body(offers) };
  });
  return server;
}

const counts = (server: EmailGateway, n: number) => holderEmails(n).map((e) => server.count(e));

describe('agent-cli offers email --csv: a 2xx answer that is not a real "sent"', () => {
  beforeAll(ensureBuilt, 120_000);

  it.each(Object.keys(FAKES))(
    '%s: every row is in doubt (exit 1), and --retry-in-doubt e-mails each holder once',
    async (name) => {
      const server = await gateway();
      server.fake = FAKES[name];
      const dir = await tempDir();
      const csv = await writeCsv(dir, holderLines(20));
      const config = join(dir, 'config');
      const argv = [csv, ...INDY_FLAGS, '--json'];
      const run = startBulk(server, config, argv);
      expect(await run.exit, run.stderr).toBe(1);
      expect(JSON.parse(run.stdout)).toMatchObject({ sent: 0, 'in-doubt': 20 });
      server.fake = undefined;
      const resumed = startBulk(server, config, [...argv, '--resume']);
      expect(await resumed.exit, resumed.stderr).toBe(1);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 0, 'in-doubt': 20 });
      expect(counts(server, 20)).toEqual(Array(20).fill(0));
      const retried = startBulk(server, config, [...argv, '--resume', '--retry-in-doubt']);
      expect(await retried.exit, retried.stderr).toBe(0);
      expect(JSON.parse(retried.stdout)).toMatchObject({ sent: 20 });
      expect(counts(server, 20)).toEqual(Array(20).fill(1));
    },
  );

  it('a 200 with success:false listing every e-mail in its error array: failed, and --resume e-mails each once', async () => {
    const server = await gateway();
    server.fake = {
      status: 200,
      body: (offers) =>
        JSON.stringify({
          statusCode: 200,
          success: false,
          message: 'E-mails could not be sent',
          data: false,
          error: offers.map((o) => ({ email: o.emailId, message: 'SMTP 550' })),
        }),
    };
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(20));
    const config = join(dir, 'config');
    const argv = [csv, ...INDY_FLAGS, '--json'];
    const run = startBulk(server, config, argv);
    expect(await run.exit, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ sent: 0, failed: 20 });
    expect(run.stderr).toContain('E-mails could not be sent');
    server.fake = undefined;
    const resumed = startBulk(server, config, [...argv, '--resume']);
    expect(await resumed.exit, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 20 });
    expect(counts(server, 20)).toEqual(Array(20).fill(1));
  });

  it('a 200 with an error array naming only some e-mails: the batch is in doubt', async () => {
    const server = await gateway();
    server.fake = {
      status: 200,
      body: (offers) =>
        JSON.stringify({
          statusCode: 200,
          message: 'Some e-mails could not be sent',
          data: true,
          error: offers.slice(0, 2).map((o) => ({ email: o.emailId, message: 'SMTP 550' })),
        }),
    };
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(10));
    const run = startBulk(server, join(dir, 'config'), [csv, ...INDY_FLAGS, '--json']);
    expect(await run.exit, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ sent: 0, 'in-doubt': 10 });
  });
});
