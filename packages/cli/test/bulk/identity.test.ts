import { execFileSync, spawn } from 'node:child_process';
import { link, readdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DEMO_USER, type RunningSandbox } from '@credential-agent/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, holderEmails, INDY_FLAGS, startBulk, until } from './bin.js';
import { holderLines, sandboxAgent, tempDir, writeCsv, writeJsonldTemplate } from './support.js';

/** Runs `offers email --csv <argv…>` to its end against `running`. */
async function bulk(
  running: RunningSandbox,
  dir: string,
  argv: string[],
  env: Record<string, string | undefined> = {},
) {
  const run = startBulk(running, join(dir, 'config'), argv, { env });
  const code = await run.exit;
  return { code, stdout: run.stdout, stderr: run.stderr };
}

const deliveries = (running: RunningSandbox, count: number, from = 1) =>
  holderEmails(count, from).map((e) => running.sandbox.deliveries(e));

describe('agent-cli offers email --csv: a row is its content', { timeout: 60_000 }, () => {
  beforeAll(ensureBuilt, 120_000);

  it('resumes a finished run after a blank line was removed and a holder appended: the new holder only', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const rows = holderLines(200);
    const csv = await writeCsv(dir, [...rows.slice(0, 100), '', ...rows.slice(100)]);
    expect((await bulk(running, dir, [csv, ...INDY_FLAGS])).code).toBe(0);
    await writeCsv(dir, [...rows, ...holderLines(1, 201)]);
    const resumed = await bulk(running, dir, [csv, ...INDY_FLAGS, '--resume', '--json']);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 1, 'already-sent': 200, total: 201 });
    expect(deliveries(running, 201)).toEqual(Array(201).fill(1));
  });

  it('recognises rows reordered, re-quoted and moved to another file, and refuses a changed one', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(30));
    const journal = join(dir, 'run.jsonl');
    expect((await bulk(running, dir, [csv, ...INDY_FLAGS, '--journal', journal])).code).toBe(0);
    const moved = join(dir, 'moved.csv');
    const edited = holderLines(30)
      .reverse()
      .map((l) => l.replace('Holder 7,', 'Holder Seven,'))
      .map((l) => l.replace(/^([^,]+),([^,]+),/, '"$1","$2",'));
    await writeFile(moved, `email,name,degree\r\n${[...edited, ...holderLines(2, 31)].join('\r\n')}\r\n`);
    const resumed = await bulk(running, dir, [
      moved,
      ...INDY_FLAGS,
      '--journal',
      journal,
      '--resume',
      '--json',
    ]);
    expect(resumed.code).toBe(3);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 2, 'already-sent': 29, invalid: 1 });
    expect(resumed.stderr).toContain('(holder7@example.com): invalid: changed since an earlier run e-mailed');
    expect(deliveries(running, 32)).toEqual(Array(32).fill(1));
  });
});

describe('agent-cli offers email --csv: a journal belongs to one target and one file', {
  timeout: 60_000,
}, () => {
  beforeAll(ensureBuilt, 120_000);

  it('refuses to resume against another service (sandbox → "production") or org, naming the difference', async () => {
    const sandbox = await sandboxAgent();
    const production = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(200));
    expect((await bulk(sandbox, dir, [csv, ...INDY_FLAGS])).code).toBe(0);
    const resumed = await bulk(production, dir, [csv, ...INDY_FLAGS, '--resume']);
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain(
      `is for another target: the service ${sandbox.url} (this run: ${production.url})`,
    );
    const otherOrg = await bulk(sandbox, dir, [csv, ...INDY_FLAGS, '--resume'], {
      AGENT_CLI_ORG: 'b8e2a1f4-5c3d-4e6b-8f7a-9d0c1b2e3f45',
    });
    expect(otherOrg.code).toBe(2);
    expect(otherOrg.stderr).toContain(
      'the organisation 3f0d6c52-8a4e-4f57-9b1c-2e6a7d9f4b10 (this run: b8e2a1f4',
    );
    expect(production.sandbox.totalDeliveries()).toBe(0);
    expect(deliveries(sandbox, 200)).toEqual(Array(200).fill(1));
  });

  it("refuses a hard link to a live run's journal: nobody is e-mailed twice", async () => {
    const running = await sandboxAgent({
      faults: [{ kind: 'latency', method: 'POST', path: '/orgs', ms: 300 }],
    });
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(120));
    const first = startBulk(running, join(dir, 'config'), [csv, ...INDY_FLAGS, '--concurrency', '2']);
    await until(() => running.sandbox.requestCount('POST', '/orgs') >= 2 || first.child.exitCode !== null);
    const other = join(dir, 'other.jsonl');
    await link(`${csv}.journal.jsonl`, other);
    const second = await bulk(running, dir, [csv, ...INDY_FLAGS, '--journal', other, '--resume']);
    expect(second.code).toBe(2);
    // The journal file's own lock (by device and inode) refuses it before its link count does.
    expect(second.stderr).toContain(`journal ${other} is in use by process ${first.child.pid}`);
    expect(await first.exit).not.toBe(null);
    expect(deliveries(running, 120).every((n) => n <= 1)).toBe(true);
  });

  it('never takes over a live lock of another machine with the same host name', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(5));
    const lock = {
      pid: 999_999,
      start: '1',
      host: hostname(),
      machine: 'another-machine',
      boot: 'b',
      pidns: 'p',
    };
    await writeFile(`${csv}.journal.jsonl.lock`, JSON.stringify(lock));
    const result = await bulk(running, dir, [csv, ...INDY_FLAGS]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`locked by process 999999 on another machine (${hostname()})`);
    expect(running.sandbox.totalDeliveries()).toBe(0);
  });
});

describe('agent-cli offers email --csv: the CSV is a regular UTF-8 file', { timeout: 60_000 }, () => {
  beforeAll(ensureBuilt, 120_000);

  // Attack helper-73 (C): an address that is not one counted as a holder, so two unrelated CSVs
  // holding the same typo refused each other ("pass --new-run") though neither e-mails it.
  it('counts only valid addresses as holders: two CSVs sharing only an invalid one both run; a shared valid one is still refused', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const first = join(dir, 'first.csv');
    const second = join(dir, 'second.csv');
    const third = join(dir, 'third.csv');
    const header = 'email,name,degree';
    const typo = 'not-an-email,Typo,BSc';
    await writeFile(first, `${[header, ...holderLines(3, 1), typo].join('\n')}\n`);
    await writeFile(second, `${[header, typo, ...holderLines(3, 4)].join('\n')}\n`);
    await writeFile(third, `${[header, ...holderLines(1, 6)].join('\n')}\n`);
    const one = await bulk(running, dir, [first, ...INDY_FLAGS, '--json']);
    expect(one.code).toBe(3);
    expect(JSON.parse(one.stdout)).toMatchObject({ sent: 3, invalid: 1 });
    const two = await bulk(running, dir, [second, ...INDY_FLAGS, '--json']);
    expect(two.stderr).toContain('invalid e-mail "not-an-email"');
    expect(two.code).toBe(3);
    expect(JSON.parse(two.stdout)).toMatchObject({ sent: 3, invalid: 1 });
    const three = await bulk(running, dir, [third, ...INDY_FLAGS]);
    expect(three.code).toBe(2);
    expect(three.stderr).toContain('is for 1 holder(s) this run would e-mail too');
    expect(deliveries(running, 6)).toEqual(Array(6).fill(1));
  });

  it('refuses a 6,000-row pipe (FIFO or <(…)) before sending anything', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(6000));
    const fifo = join(dir, 'holders.fifo');
    execFileSync('mkfifo', [fifo]);
    const named = await bulk(running, dir, [fifo, ...INDY_FLAGS]);
    expect([named.code, named.stderr]).toEqual([
      2,
      expect.stringContaining(`--csv ${fifo} is a FIFO, not a regular file`),
    ]);
    const args = [BIN, 'offers', 'email', ...INDY_FLAGS].map((a) => `'${a}'`).join(' ');
    const env = {
      ...process.env,
      AGENT_CLI_BASE_URL: running.url,
      AGENT_CLI_TOKEN: running.sandbox.issueToken(),
      AGENT_CLI_ORG: '3f0d6c52-8a4e-4f57-9b1c-2e6a7d9f4b10',
      AGENT_CLI_CONFIG_DIR: join(dir, 'config'),
    };
    const child = spawn('bash', ['-c', `exec "${process.execPath}" ${args} --csv <(cat '${csv}')`], { env });
    let stderr = '';
    child.stderr.on('data', (c) => {
      stderr += String(c);
    });
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/--csv \/dev\/fd\/\d+ is a FIFO, not a regular file/);
    expect(running.sandbox.totalDeliveries()).toBe(0);
  });

  it('refuses bytes that are not UTF-8 with their line, in a dry run too', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = join(dir, 'cp1252.csv');
    await writeFile(
      csv,
      Buffer.concat([
        Buffer.from('email,name\na@example.com,Ada\nb@example.com,Ad'),
        Buffer.from([0xe9]),
        Buffer.from('le\n'),
      ]),
    );
    for (const extra of [['--dry-run'], []]) {
      const result = await bulk(running, dir, [csv, ...INDY_FLAGS, ...extra]);
      expect([result.code, result.stderr]).toEqual([
        2,
        `error: cannot read --csv ${csv}: line 3, field 2: not UTF-8 (an invalid byte, or the replacement character U+FFFD): save the file as UTF-8\n`,
      ]);
    }
    expect(running.sandbox.totalDeliveries()).toBe(0);
  });

  it('names another separator and sends with --delimiter', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(
      dir,
      holderLines(3).map((l) => l.replaceAll(',', ';')),
      'email;name;degree',
    );
    const refused = await bulk(running, dir, [csv, ...INDY_FLAGS]);
    expect([refused.code, refused.stderr]).toEqual([
      2,
      `error: --csv ${csv} is separated by semicolons (";"), not by ",": pass --delimiter ";"\n`,
    ]);
    expect((await bulk(running, dir, [csv, ...INDY_FLAGS, '--delimiter', ';'])).code).toBe(0);
    expect(deliveries(running, 3)).toEqual([1, 1, 1]);
  });

  it('exits 1 for a header-only CSV', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, []);
    const result = await bulk(running, dir, [csv, ...INDY_FLAGS]);
    expect([result.code, result.stderr]).toEqual([
      1,
      `error: --csv ${csv} has a header and no rows: nothing to send\n`,
    ]);
  });

  it('refuses a __proto__ column as a credentialSubject field, naming it; keeps it as an indy attribute', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, ['a@example.com,x,y'], 'email,__proto__,constructor');
    const template = await writeJsonldTemplate(dir);
    const jsonld = await bulk(running, dir, [csv, '--file', template]);
    expect([jsonld.code, jsonld.stderr]).toEqual([
      2,
      expect.stringContaining('column __proto__ cannot be a credentialSubject field'),
    ]);
    const indy = await bulk(running, dir, [csv, ...INDY_FLAGS]);
    expect(indy.code).toBe(0);
    expect(running.sandbox.deliveries('a@example.com')).toBe(1);
  });

  it.each([
    ['credential.credentialSubject.__proto__', '"credentialSubject":{"__proto__":"s","fixed":"f"}', ''],
    ['credential.__proto__', '"credentialSubject":{},"__proto__":{"evil":1}', ''],
    ['options.__proto__', '"credentialSubject":{}', ',"__proto__":"o"'],
  ])('refuses a template with %s, naming it; nothing sent', async (field, subject, option) => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, ['a@example.com,Alice'], 'email,name');
    const template = join(dir, 'template.json');
    // Written as text: an object literal's __proto__ key would set its prototype, not a field.
    await writeFile(
      template,
      `{"credentialType":"jsonld","credentialDefinitionId":"cd","credential":{"@context":["https://www.w3.org/2018/credentials/v1"],"type":["VerifiableCredential"],"issuer":{"id":"did:key:z6Mk"},"issuanceDate":"2025-01-01T00:00:00Z",${subject}},"options":{"proofType":"Ed25519Signature2018"${option}}}`,
    );
    const result = await bulk(running, dir, [csv, '--file', template]);
    expect([result.code, result.stderr]).toEqual([2, expect.stringContaining(`template: ${field} `)]);
    expect(running.sandbox.deliveries('a@example.com')).toBe(0);
  });
});

describe('agent-cli offers email --csv: checks before the first byte', { timeout: 60_000 }, () => {
  beforeAll(ensureBuilt, 120_000);

  it('refuses a run without a sign-in before creating the journal; the same command works once signed in', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(20));
    const refused = await bulk(running, dir, [csv, ...INDY_FLAGS], { AGENT_CLI_TOKEN: undefined });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain(`not signed in for ${running.url}: nothing was sent`);
    expect(await readdir(dir)).not.toContain('holders.csv.journal.jsonl');
    expect((await bulk(running, dir, [csv, ...INDY_FLAGS])).code).toBe(0);
    expect(deliveries(running, 20)).toEqual(Array(20).fill(1));
  });

  it('signs in again when the token expires mid-run, with AGENT_CLI_EMAIL and AGENT_CLI_PASSWORD', async () => {
    const running = await sandboxAgent({
      tokenTtlSeconds: 1,
      faults: [{ kind: 'latency', method: 'POST', path: '/orgs', ms: 150 }],
    });
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(160));
    const env = {
      AGENT_CLI_TOKEN: undefined,
      AGENT_CLI_EMAIL: DEMO_USER.email,
      AGENT_CLI_PASSWORD: DEMO_USER.password,
    };
    const result = await bulk(running, dir, [csv, ...INDY_FLAGS, '--concurrency', '2', '--json'], env);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ sent: 160 });
    expect(running.sandbox.requestCount('POST', '/auth/signin')).toBeGreaterThan(1);
    expect(deliveries(running, 160)).toEqual(Array(160).fill(1));
  });

  it('never hangs on FIFOs at the lock or among the *.jsonl files next to the CSV', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(5));
    execFileSync('mkfifo', [join(dir, 'old-run.jsonl')]);
    expect((await bulk(running, dir, [csv, ...INDY_FLAGS])).code).toBe(0);
    const other = await writeCsv(await tempDir(), holderLines(3, 50));
    execFileSync('mkfifo', [`${other}.journal.jsonl.lock`]);
    const locked = await bulk(running, dir, [other, ...INDY_FLAGS]);
    expect([locked.code, locked.stderr]).toEqual([
      2,
      `error: the lock ${other}.journal.jsonl.lock is not a regular file: remove it\n`,
    ]);
    expect(deliveries(running, 5)).toEqual(Array(5).fill(1));
    expect(running.sandbox.deliveries('holder50@example.com')).toBe(0);
  });
});

describe('agent-cli offers email --csv: a TLS handshake failure is not in doubt', { timeout: 90_000 }, () => {
  beforeAll(ensureBuilt, 120_000);

  it('https:// at a plain-HTTP port: rows not sent (not in doubt); after fixing the URL --resume sends each once', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(30));
    const https = running.url.replace(/^http:/, 'https:');
    const failed = await bulk(running, dir, [csv, ...INDY_FLAGS, '--json'], { AGENT_CLI_BASE_URL: https });
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({ 'in-doubt': 0, sent: 0 });
    const resumed = await bulk(running, dir, [csv, ...INDY_FLAGS, '--resume', '--json']);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 30 });
    expect(deliveries(running, 30)).toEqual(Array(30).fill(1));
  });
});
