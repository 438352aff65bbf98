import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEMO_ORG_ID, DEMO_USER, type RunningSandbox, startSandbox } from '@credential-agent/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_CONDITION } from '../../scripts/source-condition.mjs';
import { issueOffer } from '../quickstart.js';

describe('examples/quickstart', () => {
  let running: RunningSandbox;
  beforeAll(async () => {
    running = await startSandbox({ port: 0 });
  });
  afterAll(() => running.close());

  it('signs in, registers a DID and returns the invitation URL of a new offer', async () => {
    const result = await issueOffer({ baseUrl: running.url, orgId: DEMO_ORG_ID, ...DEMO_USER });
    expect(result.did).toMatch(/^did:key:/);
    expect(result.invitationUrl).toMatch(/^https?:\/\//);
    expect(running.sandbox.requestCount('POST', '/orgs')).toBe(1);
  });

  it('fails with the server message when the password is wrong', async () => {
    await expect(
      issueOffer({ baseUrl: running.url, orgId: DEMO_ORG_ID, email: DEMO_USER.email, password: 'wrong' }),
    ).rejects.toMatchObject({ name: 'AuthenticationError', message: 'Invalid Credentials' });
  });

  it('run without its environment, says which variable is missing in one line and exits 2', async () => {
    const script = fileURLToPath(new URL('../quickstart.ts', import.meta.url));
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const env = { PATH: process.env['PATH'], HOME: process.env['HOME'] };
      const node = [`--conditions=${SOURCE_CONDITION}`, '--import', 'tsx'];
      execFile(process.execPath, [...node, script], { env }, (error, _stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, stderr }),
      );
    });
    expect(stderr).toBe(
      'quickstart: AGENT_BASE_URL is not set (the base URL of the service or the sandbox)\n',
    );
    expect(code).toBe(2);
  });
});
