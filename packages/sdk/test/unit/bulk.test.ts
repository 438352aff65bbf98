import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  AgentClient,
  type BulkOptions,
  type BulkResult,
  type BulkRow,
  EmailNotSentError,
  PermissionDeniedError,
  type RequestValidationError,
  ServerError,
} from '../../src/index.js';

const ORG = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const COMMON = {
  credentialType: 'indy',
  protocolVersion: 'v1',
  credentialDefinitionId: 'cred-def:1',
  comment: 'Your badge',
} as const;

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A fake service: records each request's holders and how many requests were in flight at once. */
function fakeService(
  answer: (n: number, signal: AbortSignal) => Answer | Promise<Answer> = () => ({ status: 201 }),
) {
  const batches: string[][] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = (await request.json()) as { credentialOffer: { emailId: string }[] };
    batches.push(body.credentialOffer.map((o) => o.emailId));
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise((resolve) => setImmediate(resolve));
      const a = await answer(batches.length, request.signal);
      const payload = a.body ?? { statusCode: a.status, message: 'ok', data: true };
      return new Response(JSON.stringify(payload), {
        status: a.status,
        headers: { 'content-type': 'application/json', ...a.headers },
      });
    } finally {
      inFlight--;
    }
  };
  const client = new AgentClient({ baseUrl: 'http://agent.test', accessToken: 'test-token', fetch });
  return { batches, maxInFlight: () => maxInFlight, offers: client.org(ORG).offers };
}

function holders(count: number, from = 1): BulkRow[] {
  return Array.from({ length: count }, (_, i) => ({
    row: from + i,
    offer: {
      emailId: `holder${from + i}@example.com`,
      attributes: [{ name: 'name', value: `H${from + i}` }],
    },
  }));
}

async function collect(iterable: AsyncIterable<BulkResult>): Promise<BulkResult[]> {
  const out: BulkResult[] = [];
  for await (const r of iterable) out.push(r);
  return out;
}

function byRow(results: BulkResult[]): BulkResult[] {
  return [...results].sort((a, b) => Number(a.row) - Number(b.row));
}

describe('offers.sendByEmailBulk', () => {
  it('splits the rows into requests of batchSize holders and reports every row sent', async () => {
    const service = fakeService();
    const results = await collect(service.offers.sendByEmailBulk(holders(25), COMMON, { batchSize: 10 }));
    expect(service.batches.map((b) => b.length).sort()).toEqual([10, 10, 5]);
    expect(service.batches.flat().sort()).toEqual(
      holders(25)
        .map((h) => h.offer.emailId)
        .sort(),
    );
    expect(byRow(results).map((r) => [r.row, r.status])).toEqual(holders(25).map((h) => [h.row, 'sent']));
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const service = fakeService();
    await collect(service.offers.sendByEmailBulk(holders(60), COMMON, { batchSize: 5, concurrency: 3 }));
    expect(service.batches).toHaveLength(12);
    expect(service.maxInFlight()).toBe(3);
  });

  it('pulls rows from the source only as request slots free up', async () => {
    let pulled = 0;
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const service = fakeService(async () => {
      await blocked;
      return { status: 201 };
    });
    function* source() {
      for (const h of holders(1000)) {
        pulled++;
        yield h;
      }
    }
    const run = collect(service.offers.sendByEmailBulk(source(), COMMON, { batchSize: 5, concurrency: 2 }));
    while (service.batches.length < 2) await new Promise((resolve) => setImmediate(resolve));
    expect(pulled).toBe(10);
    release();
    expect(await run).toHaveLength(1000);
  });

  it('sends a rate-limited batch again after backing off, with or without Retry-After', async () => {
    const service = fakeService((n) =>
      n === 1
        ? { status: 429, headers: { 'retry-after': '0' }, body: 'slow down' }
        : n === 2
          ? { status: 429, body: 'slow down' }
          : { status: 201 },
    );
    const results = await collect(
      service.offers.sendByEmailBulk(holders(3), COMMON, { retry: { baseDelay: 1, maxDelay: 2 } }),
    );
    expect(service.batches).toHaveLength(3);
    expect(results.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('reports a batch answered 503 without Retry-After as failed and in doubt, without resending it', async () => {
    const service = fakeService(() => ({ status: 503, body: { statusCode: 503, message: 'Unavailable' } }));
    const results = await collect(service.offers.sendByEmailBulk(holders(2), COMMON));
    expect(service.batches).toHaveLength(1);
    expect(results.map((r) => [r.status, r.inDoubt, r.error?.constructor])).toEqual([
      ['failed', true, ServerError],
      ['failed', true, ServerError],
    ]);
  });

  it('reports invalid rows as failed with the field named and never sends them', async () => {
    const service = fakeService();
    const rows: BulkRow[] = [
      ...holders(1, 1),
      { row: 'line 3', offer: { emailId: 'not-an-email', attributes: [{ name: 'name', value: 'x' }] } },
      { row: 'line 4', offer: { emailId: 'no-attrs@example.com' } },
      ...holders(1, 5),
    ];
    const results = byRow(await collect(service.offers.sendByEmailBulk(rows, COMMON)));
    expect(service.batches).toEqual([['holder1@example.com', 'holder5@example.com']]);
    const failed = results.filter((r) => r.status === 'failed');
    expect(failed.map((r) => [r.row, r.email, r.inDoubt])).toEqual([
      ['line 3', 'not-an-email', false],
      ['line 4', 'no-attrs@example.com', false],
    ]);
    expect(failed.map((r) => (r.error as RequestValidationError).issues[0]?.path)).toEqual([
      'offer.emailId',
      'offer.attributes',
    ]);
  });

  it('runs the batch hooks before the request is sent and after it settled', async () => {
    const events: string[] = [];
    const service = fakeService((n) => {
      events.push(`request ${n}`);
      return { status: 201 };
    });
    const options: BulkOptions = {
      batchSize: 2,
      concurrency: 1,
      onBatchStart: (rows, batch) => {
        events.push(`start ${batch} ${rows.map((r) => r.row).join(',')}`);
      },
      onBatchEnd: (results, batch) => {
        events.push(`end ${batch} ${results.map((r) => r.status).join(',')}`);
      },
    };
    await collect(service.offers.sendByEmailBulk(holders(3), COMMON, options));
    expect(events).toEqual([
      'start 1 1,2',
      'request 1',
      'end 1 sent,sent',
      'start 2 3',
      'request 2',
      'end 2 sent',
    ]);
  });

  it('cancels the request in flight at an abort, reports its rows in doubt, and throws AbortError', async () => {
    const controller = new AbortController();
    const service = fakeService((_, signal) => {
      controller.abort();
      return Promise.reject<Answer>(signal.reason);
    });
    const results: BulkResult[] = [];
    const run = async () => {
      const options = { batchSize: 2, concurrency: 1, signal: controller.signal };
      for await (const r of service.offers.sendByEmailBulk(holders(10), COMMON, options)) results.push(r);
    };
    await expect(run()).rejects.toBeInstanceOf(AbortError);
    expect(service.batches).toHaveLength(1);
    expect(results.map((r) => [r.row, r.status, r.inDoubt, r.error?.name])).toEqual([
      [1, 'failed', true, 'AbortError'],
      [2, 'failed', true, 'AbortError'],
    ]);
  });

  it('lets the request in flight finish at a stop, skips the rest and throws AbortError', async () => {
    const stop = new AbortController();
    const service = fakeService(() => {
      stop.abort();
      return { status: 201 };
    });
    const results: BulkResult[] = [];
    const run = async () => {
      const options = { batchSize: 2, concurrency: 1, stop: stop.signal };
      for await (const r of service.offers.sendByEmailBulk(holders(6), COMMON, options)) results.push(r);
    };
    await expect(run()).rejects.toBeInstanceOf(AbortError);
    expect(service.batches).toHaveLength(1);
    expect(results.filter((r) => r.status === 'sent').map((r) => r.row)).toEqual([1, 2]);
    expect(results.filter((r) => r.status !== 'sent').every((r) => r.status === 'skipped')).toBe(true);
  });

  it("leaves nothing tied to the caller's signal and stop, however many requests and waits", async () => {
    // Each AbortSignal.any() over two long-lived signals stays reachable from them until a finalizer
    // runs (68 MB after 200,000 on Node 22 when the finalizers get no turn): none is made any more.
    const signal = new AbortController().signal;
    const stop = new AbortController().signal;
    const any = AbortSignal.any.bind(AbortSignal);
    let tied = 0;
    const spy = vi.spyOn(AbortSignal, 'any').mockImplementation((signals) => {
      if ([...signals].some((s) => s === signal || s === stop)) tied++;
      return any(signals);
    });
    try {
      // The first ten requests are refused with a 429: the run waits, under both, before retrying.
      const service = fakeService((n) => (n <= 10 ? { status: 429 } : { status: 201 }));
      const retry = { limit: 10, baseDelay: 1, maxDelay: 2 };
      for (let run = 0; run < 2; run++) {
        const options = { batchSize: 2, concurrency: 2, signal, stop, retry };
        const results = await collect(service.offers.sendByEmailBulk(holders(40), COMMON, options));
        expect(results.filter((r) => r.status === 'sent')).toHaveLength(40);
      }
      expect(service.batches.length).toBeGreaterThanOrEqual(45);
      expect(tied).toBe(0);
      // Nor a listener: the same two signals can serve run after run.
      expect(getEventListeners(signal, 'abort')).toHaveLength(0);
      expect(getEventListeners(stop, 'abort')).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
  });

  describe('a wait before a retry (a 429 asking for 30 s) ends at once', () => {
    /** The second request is refused with a 429 asking for 30 s; `then` runs once the run waits. */
    const waiting = (then: () => void = () => undefined) => {
      let answered = 0;
      return fakeService(() => {
        if (++answered !== 2) return { status: 201 };
        setTimeout(then, 20);
        return { status: 429, headers: { 'retry-after': '30' } };
      });
    };

    it.each(['signal', 'stop'] as const)(
      'when the %s is aborted: the rows waiting are skipped',
      async (which) => {
        const controller = new AbortController();
        const service = waiting(() => controller.abort());
        const options = { batchSize: 2, concurrency: 2, [which]: controller.signal };
        const results: BulkResult[] = [];
        const run = async () => {
          for await (const r of service.offers.sendByEmailBulk(holders(4), COMMON, options)) results.push(r);
        };
        // Every row has its result, so the run ends normally (it throws when rows are left unread).
        await run();
        expect(byRow(results).map((r) => [r.row, r.status])).toEqual([
          [1, 'sent'],
          [2, 'sent'],
          [3, 'skipped'],
          [4, 'skipped'],
        ]);
        expect(service.batches).toHaveLength(2);
      },
    );

    it('when the consumer leaves the loop: nothing more is sent', async () => {
      const service = waiting();
      for await (const r of service.offers.sendByEmailBulk(holders(4), COMMON, {
        batchSize: 2,
        concurrency: 2,
      })) {
        expect(r.status).toBe('sent');
        break;
      }
      expect(service.batches).toHaveLength(2);
    });
  });

  it('reports rows pulled but not yet sent at an abort as skipped', async () => {
    const controller = new AbortController();
    const service = fakeService();
    function* source() {
      yield* holders(3);
      controller.abort();
      yield* holders(3, 4);
    }
    const results: BulkResult[] = [];
    const run = async () => {
      const options = { batchSize: 2, concurrency: 2, signal: controller.signal };
      for await (const r of service.offers.sendByEmailBulk(source(), COMMON, options)) results.push(r);
    };
    await expect(run()).rejects.toBeInstanceOf(AbortError);
    expect(service.batches).toHaveLength(1);
    expect(results.filter((r) => r.status === 'skipped').map((r) => r.row)).toEqual([3, 4]);
    expect(results.map((r) => r.row).sort()).toEqual([1, 2, 3, 4]);
  });

  it('stops after a 403: no further request is sent, and the error is thrown after the results', async () => {
    const service = fakeService(() => ({
      status: 403,
      body: { statusCode: 403, message: 'User does not have access', error: 'Forbidden Resource' },
    }));
    const results: BulkResult[] = [];
    const run = async () => {
      const options = { batchSize: 2, concurrency: 1 };
      for await (const r of service.offers.sendByEmailBulk(holders(10), COMMON, options)) results.push(r);
    };
    await expect(run()).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(service.batches).toHaveLength(1);
    expect(results.map((r) => [r.row, r.status, r.inDoubt])).toEqual([
      [1, 'failed', false],
      [2, 'failed', false],
    ]);
  });

  it('refuses an invalid common body before sending anything', async () => {
    const service = fakeService();
    const run = collect(
      service.offers.sendByEmailBulk(holders(2), { ...COMMON, credentialDefinitionId: '' }),
    );
    await expect(run).rejects.toMatchObject({
      name: 'RequestValidationError',
      issues: [{ path: 'credentialDefinitionId', message: 'must not be empty' }],
    });
    expect(service.batches).toHaveLength(0);
  });

  it.each([
    ['timeout', { timeout: 0 }],
    ['timeout', { timeout: Number.NaN }],
    ['retry', { retry: { limit: Number.POSITIVE_INFINITY } }],
    ['retry', { retry: -1 }],
  ] as const)(
    'refuses an out-of-range %s (%j) before any row or request (attack on issue 23)',
    async (name, options) => {
      const service = fakeService();
      const run = collect(service.offers.sendByEmailBulk(holders(25), COMMON, options));
      await expect(run).rejects.toMatchObject({ name: 'RequestValidationError' });
      await expect(run).rejects.toThrow(name);
      expect(service.batches).toHaveLength(0);
    },
  );
});

describe('e-mail offers: a 2xx answer that does not say "sent"', () => {
  /** A client whose every e-mail request gets `status`, `body` and `type`. */
  function answering(status: number, body: (emails: string[]) => string | null, type = 'application/json') {
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const sent = (await request.json()) as { credentialOffer: { emailId: string }[] };
      const text = body(sent.credentialOffer.map((o) => o.emailId));
      return new Response(text, { status, headers: { 'content-type': type } });
    };
    return new AgentClient({ baseUrl: 'http://agent.test', accessToken: 'test-token', fetch }).org(ORG)
      .offers;
  }
  const allFailed = (emails: string[]) =>
    JSON.stringify({
      statusCode: 200,
      success: false,
      message: 'E-mails could not be sent',
      data: false,
      error: emails.map((email) => ({ email, message: 'SMTP 550' })),
    });
  const someFailed = (emails: string[]) =>
    JSON.stringify({ statusCode: 200, data: true, error: [{ email: emails[0], message: 'SMTP 550' }] });

  it.each([
    ['an HTML page with 200', true, answering(200, () => '<html>Sign in</html>', 'text/html')],
    ['{} with 200', true, answering(200, () => '{}')],
    ['a 204 with no body', true, answering(204, () => null)],
    ['success:false naming every e-mail', false, answering(200, allFailed)],
    ['an error array naming some e-mails', true, answering(200, someFailed)],
  ])('%s: no row is sent; in doubt: %s', async (_name, inDoubt, offers) => {
    const results = await collect(offers.sendByEmailBulk(holders(3), COMMON));
    expect(results.map((r) => [r.status, r.inDoubt])).toEqual(Array(3).fill(['failed', inDoubt]));
  });

  it('sendByEmail throws EmailNotSentError for success:false, with the failures and inDoubt', async () => {
    const offers = answering(200, allFailed);
    const error = await offers
      .sendByEmail({ ...COMMON, credentialOffer: holders(2).map((h) => h.offer) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailNotSentError);
    expect(error).toMatchObject({
      inDoubt: false,
      status: 200,
      message: expect.stringContaining('could not'),
    });
    expect((error as EmailNotSentError).failures).toHaveLength(2);
  });

  it('sendByEmail resolves for the gateway answer data: true and the spec answer data: {…}', async () => {
    const one = { ...COMMON, credentialOffer: holders(1).map((h) => h.offer) };
    await expect(
      answering(201, () => '{"statusCode":201,"data":true}').sendByEmail(one),
    ).resolves.toBeTruthy();
    await expect(answering(201, () => '{"data":{"id":"x"}}').sendByEmail(one)).resolves.toBeTruthy();
  });
});

describe('offers.sendByEmailBulk: a source that throws', () => {
  it('throws its error after the results of the rows it gave (the run did not end normally)', async () => {
    const service = fakeService();
    async function* source() {
      yield* holders(4);
      throw new Error('the CSV changed');
    }
    const results: BulkResult[] = [];
    const error = await (async () => {
      for await (const r of service.offers.sendByEmailBulk(source(), COMMON, { batchSize: 2 }))
        results.push(r);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('the CSV changed');
    expect(results.filter((r) => r.status === 'sent')).toHaveLength(4);
  });
});

describe('the fields of a row result', () => {
  it('come in one order, row first, whatever the outcome (reports written from them keep it)', async () => {
    // Batch 1 is sent, batch 2 fails in doubt (a 500), and the run stops on batch 3's 403.
    const answers = [{ status: 201 }, { status: 500 }, { status: 403 }];
    const { offers } = fakeService((n) => answers[n - 1] ?? { status: 201 });
    const results: BulkResult[] = [];
    await expect(
      (async () => {
        for await (const r of offers.sendByEmailBulk(holders(40), COMMON, { batchSize: 10, concurrency: 1 }))
          results.push(r);
      })(),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    const shapes = new Set(results.map((r) => Object.keys(r).join(',')));
    expect([...shapes].sort()).toEqual(['row,email,batch,status', 'row,email,batch,status,inDoubt,error']);
    expect(results.filter((r) => r.status === 'failed').map((r) => r.inDoubt)).toContain(true);
  });
});
