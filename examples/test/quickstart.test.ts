import { DEMO_ORG_ID, DEMO_USER, type RunningSandbox, startSandbox } from '@credential-agent/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
