import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, INDY_FLAGS, startBulk } from './bin.js';
import { emailGateway } from './gateway.js';
import { holderLines, tempDir, writeCsv } from './support.js';

// helper-82 F1: a bulk row's message (stderr, --report, the journal) had no scrub of the CLI's own:
// a server that echoed a password only the CLI knows, in a form only the CLI knows (HTML entities),
// in an error body over the size the CLI's fetch scrubs whole, had it printed in full.
const PASSWORD = 'demo-Pass-w0rd';
const ENTITIES = [...PASSWORD].map((c) => `&#${c.charCodeAt(0)};`).join('');

describe('agent-cli offers email --csv: a server that echoes a secret in a failed batch', {
  timeout: 60_000,
}, () => {
  beforeAll(ensureBuilt, 120_000);

  it.for([
    ['plain text, 70 KB', 70_000, false],
    ['plain text, 1.1 MB', 1_100_000, false],
    ['JSON, 1.1 MB', 1_100_000, true],
  ] as const)('keeps it out of stderr, --report and the journal (%s)', async ([, size, json]) => {
    const words = `${'E'.repeat(100)}${ENTITIES} tail`;
    const pad = 'x'.repeat(size);
    const server = await emailGateway(() => ({
      delivered: [],
      status: 400,
      body: json ? JSON.stringify({ message: words, pad }) : `${words} ${pad}`,
    }));
    const dir = await tempDir();
    const csv = await writeCsv(dir, holderLines(2));
    const report = join(dir, 'r.json');
    const run = startBulk(server, join(dir, 'config'), [csv, ...INDY_FLAGS, '--report', report], {
      env: { AGENT_CLI_EMAIL: 'issuer@example.com', AGENT_CLI_PASSWORD: PASSWORD },
    });
    expect(await run.exit).toBe(1);
    expect(run.stderr).toContain('failed: EEEE');
    const journal = await readFile(`${csv}.journal.jsonl`, 'utf8');
    for (const text of [run.stderr, run.stdout, await readFile(report, 'utf8'), journal]) {
      expect(text).not.toContain('&#100;&#101;&#109;');
      expect(text).not.toContain(PASSWORD);
    }
  });
});
