import { randomUUID } from 'node:crypto';
import { NotFoundError, ServerError } from '@credential-agent/sdk';
import { describe, expect, it } from 'vitest';
import { keyIsDue } from './support/controller.js';
import { didcommPrefix, STORY_LINES, until, useNetwork } from './support/network.js';
import { employeeCredential, employeeDefinition } from './support/story-data.js';

interface Record_ {
  id: string;
  state: string;
  connectionId?: string;
  isVerified?: boolean;
}

describe.each(STORY_LINES)('the SDK against two real Credo agents (credo-controller v%s)', (line) => {
  const network = useNetwork(line);
  // `request()` and `agent-cli api` paths are literal: v2.1 has the DIDComm routes under /didcomm.
  const didcomm = didcommPrefix(line);

  it('issues a JSON-LD credential over an out-of-band offer and verifies a presentation-exchange proof', async () => {
    const { issuer, holder } = network();
    const { did: issuerDid } = await issuer.sdk.dids.write({ method: 'key', keyType: 'ed25519' });
    const { did: holderDid } = await holder.sdk.dids.write({
      method: 'key',
      keyType: 'ed25519',
      seed: 'interop-holder-seed-000000000000',
    });
    expect(issuerDid).toMatch(/^did:key:z6Mk/);
    expect(holderDid).toMatch(/^did:key:z6Mk/);

    const offer = (await issuer.sdk.request({
      method: 'POST',
      path: `${didcomm}/credentials/create-offer-oob`,
      body: {
        protocolVersion: 'v2',
        credentialFormats: { jsonld: employeeCredential(issuerDid, holderDid) },
        label: 'Issuer',
      },
    })) as { invitationUrl: string; outOfBandRecordId: string; invitation: unknown };
    expect(offer.invitationUrl).toMatch(/\?oob=/);

    const received = (await holder.sdk.request({
      method: 'POST',
      path: `${didcomm}/oob/receive-invitation-url`,
      body: { invitationUrl: offer.invitationUrl, autoAcceptInvitation: false },
    })) as { outOfBandRecord: { id: string } };
    const oob = await holder.sdk.oob.get(received.outOfBandRecord.id);
    expect(oob._tags?.['state'] ?? oob['state']).toBe('initial');
    expect(oob.outOfBandInvitation).toEqual(offer.invitation);

    const { connectionRecord } = await holder.sdk.oob.acceptInvitation(oob.id, {
      label: 'Holder',
      autoAcceptConnection: true,
    });
    expect(connectionRecord?.id).toBeDefined();

    const [offered] = await until(
      () => holder.sdk.credentials.list({ role: 'holder', state: 'offer-received' }),
      (records) => records.length === 1,
    );
    const requested = (await holder.sdk.request({
      method: 'POST',
      path: `${didcomm}/credentials/accept-offer`,
      body: { credentialRecordId: offered?.id },
    })) as Record_;
    expect(requested.state).toBe('request-sent');
    await until(
      () => holder.sdk.credentials.list({ role: 'holder', state: 'done' }),
      (records) => records.length === 1,
    );
    const [issued] = await until(
      () => issuer.sdk.credentials.list({ role: 'issuer', state: 'done' }),
      (records) => records.length === 1,
    );
    expect(await holder.sdk.credentials.list({ role: 'holder', state: 'offer-received' })).toEqual([]);

    const proof = (await issuer.sdk.request({
      method: 'POST',
      path: `${didcomm}/proofs/request-proof`,
      body: {
        connectionId: issued?.connectionId,
        protocolVersion: 'v2',
        comment: 'Are you an employee?',
        autoAcceptProof: 'contentApproved',
        proofFormats: { presentationExchange: { presentationDefinition: employeeDefinition } },
      },
    })) as Record_;
    expect(proof.state).toBe('request-sent');
    const [asked] = await until(
      () =>
        holder.sdk.request({ method: 'GET', path: `${didcomm}/proofs?state=request-received` }) as Promise<
          Record_[]
        >,
      (records) => records.length === 1,
    );
    await holder.sdk.request({
      method: 'POST',
      path: `${didcomm}/proofs/${asked?.id}/accept-request`,
      body: {},
    });
    const verified = await until(
      () => issuer.sdk.request({ method: 'GET', path: `${didcomm}/proofs/${proof.id}` }) as Promise<Record_>,
      (record) => record.state === 'done',
    );
    expect(verified.isVerified).toBe(true);
  });

  it("maps Credo's own error answers to the SDK's error classes", async () => {
    const { holder } = network();
    const missing = randomUUID();
    const unknown = await holder.sdk.oob.get(missing).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect((unknown as NotFoundError).message).toContain(missing);
    const accept = await holder.sdk.oob
      .acceptInvitation(missing, { label: 'Holder' })
      .catch((e: unknown) => e);
    expect(accept).toBeInstanceOf(NotFoundError);
    const [done] = await holder.sdk.credentials.list({ role: 'holder', state: 'done' });
    const wrongState = await holder.sdk
      .request({
        method: 'POST',
        path: `${didcomm}/credentials/accept-offer`,
        body: { credentialRecordId: done?.id },
      })
      .catch((error: unknown) => error);
    expect(wrongState).toBeInstanceOf(ServerError);
    expect((wrongState as ServerError).message).toMatch(/CredoError: .*state/i);
  });

  it('sent the raw agent key where the line wants it and nowhere else', () => {
    for (const { controller } of Object.values(network())) {
      expect(controller.calls.length).toBeGreaterThan(3);
      for (const call of controller.calls) {
        const sentKey = call.authorization === controller.apiKey;
        expect(sentKey, `${call.method} ${call.path}`).toBe(keyIsDue(controller.line, call));
      }
    }
  });
});
