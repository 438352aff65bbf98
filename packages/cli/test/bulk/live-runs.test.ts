import { link, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, holderEmails, INDY_FLAGS, startBulk, until } from './bin.js';
import { holderLines, sandboxAgent, tempDir, writeCsv } from './support.js';

const ROWS = 60;

/** A run of ROWS holders, one request at a time, each taking 700 ms, once its first has arrived. */
async function oneRunUnderway(journal: (dir: string) => string[]) {
  const running = await sandboxAgent({
    // The first run (6 batches) outlives the second's start on a loaded machine: at 250 ms a batch it
    // had ended once at load 8, and the second was refused as a later run, not a concurrent one.
    faults: [{ kind: 'latency', method: 'POST', path: '/orgs', ms: 700 }],
  });
  const dir = await tempDir();
  const csv = await writeCsv(dir, holderLines(ROWS));
  const config = join(dir, 'config');
  const first = startBulk(running, config, [csv, ...INDY_FLAGS, '--concurrency', '1', ...journal(dir)]);
  await until(() => running.sandbox.requestCount('POST', '/orgs') >= 1 || first.child.exitCode !== null);
  const once = async () => {
    expect(await first.exit).toBe(0);
    expect(holderEmails(ROWS).map((e) => running.sandbox.deliveries(e))).toEqual(Array(ROWS).fill(1));
  };
  return { running, dir, csv, config, first, once };
}

describe('agent-cli offers email --csv: one live run per journal file and per content', {
  timeout: 60_000,
}, () => {
  beforeAll(ensureBuilt, 120_000);

  it('refuses a live journal renamed and resumed under its new name', async () => {
    const { running, dir, config, first, once } = await oneRunUnderway((d) => [
      '--journal',
      join(d, 'j.jsonl'),
    ]);
    await rename(join(dir, 'j.jsonl'), join(dir, 'k.jsonl'));
    // Another CSV (one holder more): only the journal's own lock can tell that run is live.
    const other = join(dir, 'other.csv');
    await writeFile(other, `${['email,name,degree', ...holderLines(ROWS + 1)].join('\n')}\n`);
    const argv = [other, ...INDY_FLAGS, '--journal', join(dir, 'k.jsonl'), '--resume'];
    const second = startBulk(running, config, argv);
    expect(await second.exit).toBe(2);
    expect(second.stderr).toBe(
      `error: journal ${join(dir, 'k.jsonl')} is in use by process ${first.child.pid} (as ${join(dir, 'j.jsonl')}): wait for that run to end (or stop it), then pass --resume\n`,
    );
    await once();
  });

  it('refuses the same CSV under another name (hard link) while a run sends it', async () => {
    const { running, dir, csv, config, first, once } = await oneRunUnderway(() => []);
    const other = join(dir, 'other.csv');
    await link(csv, other);
    const second = startBulk(running, config, [other, ...INDY_FLAGS]);
    expect(await second.exit).toBe(2);
    expect(second.stderr).toContain(`process ${first.child.pid}`);
    expect(second.stderr).toContain(`${csv}.journal.jsonl`);
    await once();
  });

  it('refuses a second --journal for the same CSV and target while a run sends it', async () => {
    const { running, dir, csv, config, first, once } = await oneRunUnderway((d) => [
      '--journal',
      join(d, 'j1.jsonl'),
    ]);
    const second = startBulk(running, config, [csv, ...INDY_FLAGS, '--journal', join(dir, 'j2.jsonl')]);
    expect(await second.exit).toBe(2);
    expect(second.stderr).toContain(`process ${first.child.pid}`);
    expect(second.stderr).toContain(join(dir, 'j1.jsonl'));
    await once();
  });

  it('treats a trailing slash, a default port and the host case as the same service', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(5));
    const config = join(dir, 'config');
    expect(await startBulk(running, config, [csv, ...INDY_FLAGS]).exit).toBe(0);
    const url = new URL(running.url);
    const same = `${url.protocol}//${url.hostname.toUpperCase()}:${url.port}${url.pathname.replace(/\/?$/, '/')}`;
    const again = startBulk(running, config, [csv, ...INDY_FLAGS, '--resume', '--json'], {
      env: { AGENT_CLI_BASE_URL: same },
    });
    expect(await again.exit).toBe(0);
    expect(again.stderr).not.toMatch(/target|error|warning|note/);
    expect(JSON.parse(again.stdout)).toMatchObject({ sent: 0, 'already-sent': 5 });
    expect(holderEmails(5).map((e) => running.sandbox.deliveries(e))).toEqual(Array(5).fill(1));
  });

  it('refuses a new journal for rows an earlier run sent under another file name, naming the journal to resume', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(5));
    const config = join(dir, 'config');
    expect(await startBulk(running, config, [csv, ...INDY_FLAGS]).exit).toBe(0);
    const copy = join(dir, 'copy.csv');
    await writeFile(copy, await readFile(csv));
    const again = startBulk(running, config, [copy, ...INDY_FLAGS]);
    expect(await again.exit).toBe(2);
    const journal = `${csv}.journal.jsonl`;
    expect(again.stderr).toBe(
      `error: journal ${journal} is from an earlier run of the same rows as --csv ${copy} to this target: to continue it, pass --journal ${journal} --resume; to e-mail every holder again deliberately, pass --new-run (or delete ${journal})\n`,
    );
    const resumed = startBulk(running, config, [
      copy,
      ...INDY_FLAGS,
      '--journal',
      journal,
      '--resume',
      '--json',
    ]);
    expect(await resumed.exit).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ sent: 0, 'already-sent': 5 });
    expect(holderEmails(5).map((e) => running.sandbox.deliveries(e))).toEqual(Array(5).fill(1));
  });

  // Attack on issue 21: nothing overrode that refusal when the user means to send again.
  it('sends the same rows again with --new-run, warning about the earlier journal; --new-run with --resume is refused', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(5));
    const config = join(dir, 'config');
    expect(await startBulk(running, config, [csv, ...INDY_FLAGS]).exit).toBe(0);
    const copy = join(dir, 'copy.csv');
    await writeFile(copy, await readFile(csv));
    const both = startBulk(running, config, [copy, ...INDY_FLAGS, '--new-run', '--resume']);
    expect(await both.exit).toBe(2);
    expect(both.stderr).toContain('--new-run and --resume do not go together');
    const again = startBulk(running, config, [copy, ...INDY_FLAGS, '--new-run', '--json']);
    expect(await again.exit).toBe(0);
    expect(again.stderr).toContain(`warning: ${csv}.journal.jsonl is from an earlier run`);
    expect(JSON.parse(again.stdout)).toMatchObject({ sent: 5 });
    expect(holderEmails(5).map((e) => running.sandbox.deliveries(e))).toEqual(Array(5).fill(2));
  });
});

// Attack on issue 21: localhost and 127.0.0.1 (or an org id in capitals) were other targets, so a
// new journal for the same rows e-mailed every holder again.
describe('agent-cli offers email --csv: one service under two names', { timeout: 60_000 }, () => {
  beforeAll(ensureBuilt, 120_000);

  it('refuses a new journal for rows an earlier run sent to localhost when this run names 127.0.0.1 or the org in capitals, naming both', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(5));
    const config = join(dir, 'config');
    const port = new URL(running.url).port;
    const first = startBulk(running, config, [csv, ...INDY_FLAGS], {
      env: { AGENT_CLI_BASE_URL: `http://localhost:${port}` },
    });
    expect(await first.exit).toBe(0);
    for (const env of [
      { AGENT_CLI_BASE_URL: `http://127.0.0.1:${port}/` },
      { AGENT_CLI_BASE_URL: `http://localhost:${port}`, AGENT_CLI_ORG: DEMO_ORG_ID.toUpperCase() },
    ]) {
      const other = join(dir, `other-${Object.keys(env).length}.jsonl`);
      const again = startBulk(running, config, [csv, ...INDY_FLAGS, '--journal', other], { env });
      expect(await again.exit).toBe(2);
      expect(again.stderr).toContain(`http://localhost:${port}`);
      expect(again.stderr).toContain(env.AGENT_CLI_BASE_URL.replace(/\/$/, ''));
      expect(again.stderr).toContain('--new-run');
    }
    expect(holderEmails(5).map((e) => running.sandbox.deliveries(e))).toEqual(Array(5).fill(1));
  });
});
