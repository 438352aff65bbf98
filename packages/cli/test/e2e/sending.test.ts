import { DEMO_ORG_ID, DEMO_USER } from '@credential-agent/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';

const e2e = useE2E();
const email = ['offers', 'email', '--org', DEMO_ORG_ID, '--file', fixture('email-offer.json')];

beforeAll(async () => {
  const login = await e2e.run(['login', '--email', DEMO_USER.email, '--password-stdin'], {
    stdin: DEMO_USER.password,
  });
  expect(login.code).toBe(0);
}, 60_000);

describe('offers email without --csv', { timeout: 60_000 }, () => {
  it('never sends with --dry-run (item 1)', async () => {
    const result = await e2e.run([...email, '--dry-run', '--email', 'dry@example.com']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --dry-run needs --csv (it is a bulk flag)\n');
    expect(e2e.sandbox().sandbox.deliveries('dry@example.com')).toBe(0);
  });

  it.each([
    ['--resume', []],
    ['--journal', ['j.jsonl']],
    ['--report', ['r.json']],
    ['--attr-columns', ['a,b']],
    ['--batch-size', ['5']],
  ])('refuses the bulk flag %s (item 1)', async (flag, value) => {
    const result = await e2e.run([...email, flag, ...value, '--email', 'bulkflag@example.com']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: ${flag} needs --csv (it is a bulk flag)\n`);
    expect(e2e.sandbox().sandbox.deliveries('bulkflag@example.com')).toBe(0);
  });

  it('refuses a holder given twice instead of e-mailing them twice (item 8)', async () => {
    const result = await e2e.run([...email, '--email', 'twice@example.com', '--email', 'Twice@example.com']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --email Twice@example.com is given more than once\n');
    expect(e2e.sandbox().sandbox.deliveries('twice@example.com')).toBe(0);
  });
});

describe('dids write seed (item 9)', { timeout: 60_000 }, () => {
  const write = ['dids', 'write', '--method', 'key', '--key-type', 'ed25519', '--json'];

  it('warns when the seed is on the command line', async () => {
    const result = await e2e.run([...write, '--seed', '00000000000000000000000000seed01']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning: --seed puts the seed in ps and your shell history');
  });

  it('reads the seed from stdin with --seed-stdin, without printing it', async () => {
    const seed = '00000000000000000000000000seed02';
    const result = await e2e.run([...write, '--seed-stdin'], { stdin: `${seed}\n` });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain(seed);
  });
});
