import { BadRequestError } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { DEMO_ORG_ID } from '../src/index.js';
import { call, signedInClient, useSandbox } from './support/msw.js';
import { emailParams, offerParams } from './support/params.js';

const ctx = useSandbox({ emailBatchLimit: 3 });

describe('shareable offers', () => {
  it('answers 201 with the invitation, the out-of-band record and the thread of the issuer record', async () => {
    const response = await call(
      ctx.sandbox,
      `/orgs/${DEMO_ORG_ID}/credentials/oob/offer?credentialType=jsonld`,
      {
        token: ctx.sandbox.issueToken(),
        body: offerParams({ isShortenUrl: true }),
      },
    );
    const { statusCode, data } = await response.json();
    expect([response.status, statusCode]).toEqual([201, 201]);
    const oob = ctx.sandbox.state.outOfBand.get(data.outOfBandRecordId);
    expect(oob?.role).toBe('sender');
    expect(data.outOfBandRecord).toEqual(oob);
    expect(data.invitationUrl).toBe(`http://agent.test/url/${data.outOfBandRecordId}`);
    expect(data.deepLinkURL).toMatch(/^didcomm:\/\/invite\?oob=/);
    expect(data.invitation['@type']).toBe('https://didcomm.org/out-of-band/1.1/invitation');
    expect(data.invitationDid).toBe(oob?.outOfBandInvitation.services[0]?.recipientKeys[0]);
    const [issuer] = ctx.sandbox.state.credentials.values();
    expect(issuer).toMatchObject({
      threadId: data.credentialRequestThId,
      state: 'offer-sent',
      role: 'issuer',
    });
    expect(issuer?.credentialAttributes).toEqual([
      { 'mime-type': 'text/plain', name: 'name', value: 'Alice' },
    ]);
  });
});

describe('e-mail offers', () => {
  it('creates one offer and one delivery per holder and answers data: true', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const result = await agent
      .org()
      .offers.sendByEmail(emailParams(['a@example.com', 'b@example.com', 'a@example.com']));
    expect(result).toMatchObject({ statusCode: 201, data: true });
    expect(ctx.sandbox.deliveries('a@example.com')).toBe(2);
    expect(ctx.sandbox.deliveries('B@example.com')).toBe(1);
    expect(ctx.sandbox.deliveries('c@example.com')).toBe(0);
    expect(ctx.sandbox.totalDeliveries()).toBe(3);
    expect(ctx.sandbox.state.outOfBand.size).toBe(3);
    const emailed = ctx.sandbox.state.emails.map(
      (e) => ctx.sandbox.state.outOfBand.get(e.outOfBandId)?.state,
    );
    expect(emailed).toEqual(['await-response', 'await-response', 'await-response']);
  });

  it('refuses more holders than the batch limit with a 400 and delivers nothing', async () => {
    const agent = await signedInClient(ctx.sandbox);
    const holders = ['1', '2', '3', '4'].map((n) => `h${n}@example.com`);
    const error = await agent
      .org()
      .offers.sendByEmail(emailParams(holders))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).body).toMatchObject({
      message: ['credentialOffer must contain no more than 3 elements'],
    });
    expect(ctx.sandbox.totalDeliveries()).toBe(0);
  });
});
