import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';
import { BIN } from './support/build.js';
import { decodeQr, hasTmux, qrLines, runInTerminal } from './support/terminal.js';

const e2e = useE2E();
const offer = ['offers', 'create', '--file', fixture('offer.json'), '--credential-type', 'jsonld'];
const env = () =>
  e2e.env({ AGENT_CLI_ORG: DEMO_ORG_ID, AGENT_CLI_TOKEN: e2e.sandbox().sandbox.issueToken() });

describe.skipIf(!hasTmux)(
  '--qr on a terminal (tmux; skipped when tmux is not installed)',
  { timeout: 60_000 },
  () => {
    it('offers create --shorten-url --qr draws the invitation URL in half blocks within 80 columns', async () => {
      const screen = await runInTerminal(
        [process.execPath, BIN, ...offer, '--cred-def-id', 'badge', '--shorten-url', '--qr'],
        { ...env(), LANG: 'C.UTF-8' },
        { columns: 80, rows: 60 },
      );
      expect(screen).toContain('exit=0');
      const id = /Out-of-band ID:\s+(\S+)/.exec(screen)?.[1];
      const url = `${e2e.sandbox().url}/url/${id}`;
      const lines = qrLines(screen);
      expect(lines.length).toBeGreaterThan(10);
      for (const line of lines) expect(line.trimEnd().length).toBeLessThanOrEqual(80);
      expect(decodeQr(lines)).toBe(url);
    });

    it('oob get --qr draws the didcomm invitation when it fits the terminal, and says so when not', async () => {
      const created = await e2e.run([...offer, '--cred-def-id', 'badge', '--json'], { env: env() });
      const { data } = JSON.parse(created.stdout) as { data: { outOfBandRecordId: string } };
      const id = data.outOfBandRecordId;
      const invitation = e2e.sandbox().sandbox.state.outOfBand.get(id)?.outOfBandInvitation;
      const words = [process.execPath, BIN, 'oob', 'get', id, '--qr'];

      const wide = await runInTerminal(words, { ...env(), LANG: 'C.UTF-8' }, { columns: 220, rows: 130 });
      const decoded = decodeQr(qrLines(wide)) as string;
      expect(decoded).toMatch(/^didcomm:\/\/invite\?oob=/);
      const oob = new URL(decoded).searchParams.get('oob') as string;
      expect(JSON.parse(Buffer.from(oob, 'base64url').toString('utf8'))).toEqual(invitation);

      const narrow = await runInTerminal(
        words,
        { ...env(), LANG: 'C.UTF-8' },
        { columns: 80, rows: 40, capture: ['-J'] },
      );
      expect(narrow).toContain('exit=0');
      expect(qrLines(narrow)).toEqual([]);
      // The hint says what works now (issue 20, item 11): a wider terminal, or the invitation itself.
      expect(narrow).toMatch(
        /--qr: the QR code needs a terminal \d+ columns wide, this one has 80: widen it/,
      );
      expect(narrow).toContain(`agent-cli oob get ${id} --json prints it`);
      expect(narrow).not.toContain('offers create');
    });

    it('oob get --qr prints a short invitation at 80 columns, in the smallest code, and it scans', async () => {
      const { state } = e2e.sandbox().sandbox;
      const created = await e2e.run([...offer, '--cred-def-id', 'badge', '--json'], { env: env() });
      const { data } = JSON.parse(created.stdout) as { data: { outOfBandRecordId: string } };
      const record = state.outOfBand.get(data.outOfBandRecordId);
      if (!record) throw new Error('no out-of-band record');
      // A connection invitation with a DID service and no offer attached: 365 bytes as a link, a
      // code of 69 columns at error correction L (81 at M, which would not fit).
      const invitation = {
        '@type': 'https://didcomm.org/out-of-band/1.1/invitation',
        '@id': crypto.randomUUID(),
        label: 'Demo Issuer',
        accept: [],
        handshake_protocols: ['https://didcomm.org/didexchange/1.1'],
        services: ['did:web:issuer.example'],
        'requests~attach': [],
      };
      const id = crypto.randomUUID();
      const outOfBandInvitation = invitation as unknown as typeof record.outOfBandInvitation;
      state.addOutOfBand({ ...record, id, outOfBandInvitation });
      const screen = await runInTerminal(
        [process.execPath, BIN, 'oob', 'get', id, '--qr'],
        { ...env(), LANG: 'C.UTF-8' },
        { columns: 80, rows: 60 },
      );
      expect(screen).toContain('exit=0');
      expect(screen).not.toContain('--qr:');
      const lines = qrLines(screen);
      for (const line of lines) expect(line.trimEnd().length).toBeLessThanOrEqual(80);
      const decoded = decodeQr(lines) as string;
      expect(decoded).toMatch(/^didcomm:\/\/invite\?oob=/);
      const oob = new URL(decoded).searchParams.get('oob') as string;
      expect(JSON.parse(Buffer.from(oob, 'base64url').toString('utf8'))).toEqual(invitation);
    });
  },
);

describe('--qr in a pipe or with --json', { timeout: 60_000 }, () => {
  it('prints no QR code: data stays data, one line on stderr says why', async () => {
    const piped = await e2e.run([...offer, '--cred-def-id', 'badge', '--qr'], { env: env() });
    expect(piped.code).toBe(0);
    expect(piped.stdout).not.toMatch(/[█▀▄]/);
    expect(piped.stderr).toMatch(/--qr: stdout is not a terminal/);

    const json = await e2e.run([...offer, '--cred-def-id', 'badge', '--qr', '--json'], { env: env() });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toHaveProperty('data.invitationUrl');
    expect(json.stderr).not.toMatch(/[█▀▄]/);
  });
});
