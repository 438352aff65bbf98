import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';
import { BIN } from './support/build.js';
import { hasTmux, runInTerminal } from './support/terminal.js';

const e2e = useE2E();
const offer = ['offers', 'create', '--file', fixture('offer.json'), '--credential-type', 'jsonld'];
const env = (extra: Record<string, string> = {}) =>
  e2e.env({
    AGENT_CLI_ORG: DEMO_ORG_ID,
    AGENT_CLI_TOKEN: e2e.sandbox().sandbox.issueToken(),
    LANG: 'C.UTF-8',
    ...extra,
  });
const list = [process.execPath, BIN, 'credentials', 'list'];
const ESC = '\u001b[';

interface Row {
  id: string;
  threadId: string;
  state: string;
  connectionId?: string;
  createdAt: string;
}
let rows: Row[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const created = await e2e.run([...offer, '--cred-def-id', 'badge'], { env: env() });
    expect(created.code).toBe(0);
  }
  // Two more records, as a holder's: one whose ID shares its first 9 characters with the first
  // record's (so 8 are not enough to tell them apart), one in the longest state.
  const { state } = e2e.sandbox().sandbox;
  const [first, second] = [...state.credentials.values()];
  if (!first || !second) throw new Error('the offers made no credential records');
  const twin = `${first.id.slice(0, 9)}${first.id[9] === '0' ? '1' : '0'}${first.id.slice(10)}`;
  state.addCredential({ ...first, id: twin, role: 'holder', state: 'offer-received' });
  state.addCredential({ ...second, id: crypto.randomUUID(), role: 'holder', state: 'credential-received' });
  const json = await e2e.run(['credentials', 'list', '--json'], { env: env() });
  rows = JSON.parse(json.stdout) as Row[];
  expect(rows.length).toBe(4);
}, 120_000);

/** The table's lines on a screen captured with `-J` (a line the terminal wrapped shows as one). */
function tableLines(screen: string): string[] {
  const lines = screen.split('\n').map((line) => line.trimEnd());
  const start = lines.findIndex((line) => line.startsWith('ID'));
  return lines.slice(start, start + 1 + rows.length);
}

describe.skipIf(!hasTmux)('tables on a terminal (tmux; skipped without it)', { timeout: 120_000 }, () => {
  for (const columns of [80, 120]) {
    it(`credentials list fits ${columns} columns: IDs as unique prefixes, states and dates never cut`, async () => {
      const screen = await runInTerminal(list, env({ TZ: 'UTC' }), { columns, rows: 30, capture: ['-J'] });
      expect(screen).toContain('exit=0');
      const lines = tableLines(screen);
      expect(lines).toHaveLength(1 + rows.length);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
      expect(lines.slice(1).join('\n')).not.toContain('…');
      for (const row of rows) {
        // The twin IDs share 9 characters: 10 tell them apart, and every ID shows as many.
        const line = lines.find((text) => text.startsWith(`${row.id.slice(0, 10)}  `));
        expect(line, `no line for ${row.id} in\n${lines.join('\n')}`).toBeDefined();
        expect(line?.split(/ +/)[1]).toBe(row.state);
        // An out-of-band record names no connection: its cell shows -, also when the whole column is
        // empty and its IDs are shortened (issue 20 item 6: blank cells at 80 columns).
        if (!row.connectionId) expect(line?.split(/ +/)[3]).toBe('-');
        // At 80 columns the timestamp shows to the second in local time (UTC here), else whole.
        const date = columns === 80 ? row.createdAt.replace('T', ' ').slice(0, 19) : row.createdAt;
        expect(line?.endsWith(`  ${date}`)).toBe(true);
      }
    });
  }

  it('credentials list --wide prints every value whole on a terminal too', async () => {
    const screen = await runInTerminal([...list, '--wide'], env(), {
      columns: 80,
      rows: 40,
      capture: ['-J'],
    });
    expect(screen).toContain('exit=0');
    const lines = tableLines(screen);
    for (const row of rows) {
      expect(lines.some((line) => line.startsWith(`${row.id}  ${row.state} `))).toBe(true);
      expect(lines.some((line) => line.endsWith(`${row.threadId}  ${row.createdAt}`))).toBe(true);
    }
  });

  it('FORCE_COLOR=0 turns colour off on a terminal (the header is bold without it)', async () => {
    const capture = ['-J', '-e'];
    const coloured = await runInTerminal(list, env(), { columns: 200, rows: 30, capture });
    const plain = await runInTerminal(list, env({ FORCE_COLOR: '0' }), { columns: 200, rows: 30, capture });
    expect(coloured).toContain(`${ESC}1m`);
    expect(plain).toContain('exit=0');
    expect(plain).not.toContain(ESC);
  });
});

describe('tables in a pipe', { timeout: 120_000 }, () => {
  it('print every value in full, however long the line', async () => {
    const piped = await e2e.run(['credentials', 'list'], { env: env() });
    expect(piped.code).toBe(0);
    expect(piped.stdout).not.toContain('…');
    for (const row of rows) expect(piped.stdout).toMatch(new RegExp(`^${row.id}  .*${row.threadId}`, 'm'));
    expect(piped.stdout).not.toContain(ESC);
  });

  it('are coloured with FORCE_COLOR=1 (as chalk and gh do), but not with --no-color as well', async () => {
    const forced = await e2e.run(['credentials', 'list'], { env: env({ FORCE_COLOR: '1' }) });
    expect(forced.stdout).toContain(`${ESC}1m`);
    const flag = await e2e.run(['credentials', 'list', '--no-color'], { env: env({ FORCE_COLOR: '1' }) });
    expect(flag.code).toBe(0);
    expect(flag.stdout).not.toContain(ESC);
  });
});
