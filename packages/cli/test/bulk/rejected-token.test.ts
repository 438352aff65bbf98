import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USER, type RunningSandbox } from '@credential-agent/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, holderEmails, INDY_FLAGS, startBulk } from './bin.js';
import { holderLines, sandboxAgent, tempDir, writeCsv } from './support.js';

async function bulk(running: RunningSandbox, dir: string, argv: string[], env: Record<string, string> = {}) {
  const run = startBulk(running, join(dir, 'config'), argv, { env });
  const code = await run.exit;
  return { code, stdout: run.stdout, stderr: run.stderr };
}

// Attack on issue 21, finding 5: a token the service rejects was found out at the first send, after
// the journal was created, so the next identical command was refused ("journal exists").
describe('agent-cli offers email --csv with a token the service rejects', { timeout: 60_000 }, () => {
  beforeAll(ensureBuilt, 120_000);

  it('is refused before the journal is created (exit 4), and the next command with a good token sends every row once', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(30));
    const rejected = await bulk(running, dir, [csv, ...INDY_FLAGS], {
      AGENT_CLI_TOKEN: 'not-a-token-it-issued',
    });
    expect(rejected.code).toBe(4);
    expect(rejected.stderr).toContain('refused');
    expect(rejected.stderr).toContain('nothing was sent');
    expect(existsSync(`${csv}.journal.jsonl`)).toBe(false);
    expect(running.sandbox.requestCount('POST', '/orgs')).toBe(0);
    const again = await bulk(running, dir, [csv, ...INDY_FLAGS]);
    expect(again.code).toBe(0);
    expect(holderEmails(30).map((e) => running.sandbox.deliveries(e))).toEqual(Array(30).fill(1));
  });

  it('signs in with AGENT_CLI_EMAIL and AGENT_CLI_PASSWORD instead when they are set', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(12));
    const env = {
      AGENT_CLI_TOKEN: 'not-a-token-it-issued',
      AGENT_CLI_EMAIL: DEMO_USER.email,
      AGENT_CLI_PASSWORD: DEMO_USER.password,
    };
    const run = await bulk(running, dir, [csv, ...INDY_FLAGS], env);
    expect(run.code).toBe(0);
    expect(holderEmails(12).map((e) => running.sandbox.deliveries(e))).toEqual(Array(12).fill(1));
  });
});
