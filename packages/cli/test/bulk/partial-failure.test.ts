import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, holderEmails, INDY_FLAGS, startBulk } from './bin.js';
import { emailGateway, type Offer, sendAll } from './gateway.js';
import { holderLines, tempDir, writeCsv } from './support.js';

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

/** A gateway whose first batch answers `status` (with `Retry-After: 0`) and `first`'s body after e-mailing `first`'s holders. */
const gateway = (status: number, first: FirstAnswer) =>
  emailGateway((offers, batch) => {
    if (batch > 1) return sendAll(offers);
    const answer = first(offers);
    return { ...answer, status, headers: { 'retry-after': '0' }, body: JSON.stringify(answer.body) };
  });

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
      const counts = holderEmails(20).map((e) => server.count(e));
      expect(counts).toEqual([...Array(5).fill(1), ...Array(5).fill(0), ...Array(10).fill(1)]);
      const resumed = startBulk(server, join(dir, 'config'), [...argv, '--resume']);
      expect(await resumed.exit).toBe(3);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 0, 'already-sent': 10, 'in-doubt': 10 });
      expect(holderEmails(5).map((e) => server.count(e))).toEqual(Array(5).fill(1));
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
