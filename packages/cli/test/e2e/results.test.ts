import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const server = useRecorder();
const env = () => ({ AGENT_CLI_ORG: DEMO_ORG_ID, AGENT_CLI_TOKEN: e2e.sandbox().sandbox.issueToken() });
const offer = ['offers', 'create', '--file', fixture('offer.json'), '--credential-type', 'jsonld'];
const ISSUER = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
const schema = (name: string) => [
  ...['schemas', 'create', '--issuer-id', ISSUER, '--name', name, '--version', '1.0.0', '--attr', 'a'],
];

describe('offers create --shorten-url (item 17)', { timeout: 60_000 }, () => {
  it('shows the short URL in the table, not the long deep link', async () => {
    const result = await e2e.run([...offer, '--cred-def-id', 'badge', '--shorten-url'], { env: env() });
    expect(result.code).toBe(0);
    const id = /^Out-of-band ID: +(\S+)$/m.exec(result.stdout)?.[1];
    expect(result.stdout).toMatch(/^Invitation URL: +(\S+)$/m);
    expect(/^Invitation URL: +(\S+)$/m.exec(result.stdout)?.[1]).toBe(`${e2e.sandbox().url}/url/${id}`);
    expect(result.stdout).not.toContain('didcomm://');
    for (const line of result.stdout.split('\n')) expect(line.length).toBeLessThan(200);
  });

  it('keeps both the short URL and the deep link in --json', async () => {
    const result = await e2e.run([...offer, '--cred-def-id', 'badge', '--shorten-url', '--json'], {
      env: env(),
    });
    const { data } = JSON.parse(result.stdout) as {
      data: { invitationUrl: string; deepLinkURL: string; outOfBandRecordId: string };
    };
    expect(data.invitationUrl).toBe(`${e2e.sandbox().url}/url/${data.outOfBandRecordId}`);
    expect(data.deepLinkURL).toMatch(/^didcomm:\/\/invite\?/);
    expect(data.deepLinkURL.length).toBeGreaterThan(1000);
  });
});

describe('schemas create --endorse: an action result is data (item 18)', { timeout: 60_000 }, () => {
  it('prints the action and the schema request on stdout and exits 5', async () => {
    const result = await e2e.run([...schema('Endorsed'), '--endorse'], { env: env() });
    expect(result.code).toBe(5);
    expect(result.stdout).toMatch(/^State: +action$/m);
    expect(result.stdout).toMatch(/^Action: +endorseIndyTransaction$/m);
    expect(result.stdout).toMatch(/^Schema ID: +\S+$/m);
    expect(result.stdout).toMatch(/^Schema request: +\{"operation":\{"type":"101"/m);
    expect(result.stderr).not.toContain('error');
    expect(result.stderr).toMatch(/^note: .*endorseIndyTransaction/m);
    expect(e2e.sandbox().sandbox.state.schemas.size).toBe(0);
  });

  it('prints the same as JSON with --json, still exit 5', async () => {
    const result = await e2e.run([...schema('EndorsedJson'), '--endorse', '--json'], { env: env() });
    expect(result.code).toBe(5);
    const data = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(data).toMatchObject({ state: 'action', action: 'endorseIndyTransaction' });
    expect(JSON.parse(data['schemaRequest'] as string)).toMatchObject({ identifier: ISSUER });
    expect(data['schemaId']).toEqual(expect.any(String));
  });

  it('treats a registration still running the same way (state wait, exit 5)', async () => {
    server.answer({
      jobId: 'job-7',
      schemaState: { state: 'wait' },
      schemaMetadata: {},
      registrationMetadata: {},
    });
    const result = await e2e.run([...schema('Slow'), '--base-url', server.url(), '--json'], { env: env() });
    expect(result.code).toBe(5);
    expect(JSON.parse(result.stdout)).toMatchObject({ state: 'wait', jobId: 'job-7' });
    expect(result.stderr).toMatch(/^note: .*still running.*job-7/m);
  });

  it('documents exit code 5 in --help', async () => {
    const root = await e2e.run(['--help']);
    // Help text is wrapped at 80 columns between words: read it as one line.
    const oneLine = (text: string): string => text.replace(/\s+/g, ' ');
    expect(oneLine(root.stdout)).toMatch(/Exit codes: .*5 action needed/);
    const create = await e2e.run(['schemas', 'create', '--help']);
    expect(oneLine(create.stdout)).toMatch(/exit code 5/i);
  });
});
