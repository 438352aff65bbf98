import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BIN } from '../../packages/cli/test/e2e/support/build.js';
import { decodeQr, hasTmux, qrLines, runInTerminal } from '../../packages/cli/test/e2e/support/terminal.js';
import { useCli } from './support/cli.js';
import { didcommPrefix, STORY_LINES, until, useNetwork } from './support/network.js';
import { employeeCredential, employeeDefinition } from './support/story-data.js';

interface Exchange {
  id: string;
  state: string;
  connectionId?: string;
  isVerified?: boolean;
}

function invitationOf(url: string): unknown {
  const oob = new URL(url).searchParams.get('oob') ?? '';
  return JSON.parse(Buffer.from(oob, 'base64url').toString('utf8'));
}

describe.each(STORY_LINES)('the shipped CLI against two real Credo agents (credo-controller v%s)', (line) => {
  const network = useNetwork(line);
  // `request()` and `agent-cli api` paths are literal: v2.1 has the DIDComm routes under /didcomm.
  const didcomm = didcommPrefix(line);
  const cli = useCli();

  it('writes DIDs, takes an out-of-band offer through to a done credential, and gets a verified proof', async () => {
    const { issuer, holder } = network();
    const writeKey = ['dids', 'write', '--method', 'key', '--key-type', 'ed25519', '--json'];
    const { did: issuerDid } = await cli.json<{ did: string }>(issuer, writeKey);
    const { did: holderDid } = await cli.json<{ did: string }>(holder, writeKey);
    expect(issuerDid).toMatch(/^did:key:z6Mk/);

    const offerBody = {
      protocolVersion: 'v2',
      credentialFormats: { jsonld: employeeCredential(issuerDid, holderDid) },
    };
    const offer = await cli.json<{ invitationUrl: string; invitation: unknown }>(
      issuer,
      ['api', 'POST', `${didcomm}/credentials/create-offer-oob`, '--input', '-'],
      JSON.stringify(offerBody),
    );
    expect(invitationOf(offer.invitationUrl)).toEqual(offer.invitation);

    const received = await cli.json<{ outOfBandRecord: { id: string } }>(holder, [
      ...[
        'api',
        'POST',
        `${didcomm}/oob/receive-invitation-url`,
        '-f',
        `invitationUrl=${offer.invitationUrl}`,
      ],
      ...['-F', 'autoAcceptInvitation=false'],
    ]);
    const oobId = received.outOfBandRecord.id;
    const shown = await cli.json<{ outOfBandInvitation: unknown; state: string }>(holder, [
      'oob',
      'get',
      oobId,
      '--json',
    ]);
    expect(shown.state).toBe('initial');
    expect(shown.outOfBandInvitation).toEqual(invitationOf(offer.invitationUrl));

    if (hasTmux) {
      const screen = await runInTerminal(
        [process.execPath, BIN, 'oob', 'get', oobId, '--qr'],
        { ...cli.env(holder), LANG: 'C.UTF-8' },
        { columns: 250, rows: 150 },
      );
      expect(screen).toContain('exit=0');
      const decoded = decodeQr(qrLines(screen)) ?? '';
      expect(decoded).toMatch(/^didcomm:\/\/invite\?oob=/);
      expect(invitationOf(decoded)).toEqual(invitationOf(offer.invitationUrl));
    }

    const accepted = await cli.json<{ connectionRecord: { id: string } }>(holder, [
      ...['oob', 'accept', oobId, '--label', 'Holder', '--auto-accept-connection', '--json'],
    ]);
    expect(accepted.connectionRecord.id).toBeDefined();

    const list = (side: typeof holder, role: string, state: string) =>
      cli.json<Exchange[]>(side, ['credentials', 'list', '--role', role, '--state', state, '--json']);
    const [offered] = await until(
      () => list(holder, 'holder', 'offer-received'),
      (records) => records.length === 1,
    );
    expect(offered?.connectionId).toBe(accepted.connectionRecord.id);
    const requested = await cli.json<Exchange>(holder, [
      ...['api', 'POST', `${didcomm}/credentials/accept-offer`, '-f', `credentialRecordId=${offered?.id}`],
    ]);
    expect(requested.state).toBe('request-sent');
    const [held] = await until(
      () => list(holder, 'holder', 'done'),
      (records) => records.length === 1,
    );
    expect(held?.id).toBe(offered?.id);
    expect(await list(holder, 'holder', 'offer-received')).toEqual([]);
    const [issued] = await until(
      () => list(issuer, 'issuer', 'done'),
      (records) => records.length === 1,
    );
    expect(await list(issuer, 'holder', 'done')).toEqual([]);

    const proofBody = {
      connectionId: issued?.connectionId,
      protocolVersion: 'v2',
      comment: 'Are you an employee?',
      autoAcceptProof: 'contentApproved',
      proofFormats: { presentationExchange: { presentationDefinition: employeeDefinition } },
    };
    const proof = await cli.json<Exchange>(
      issuer,
      ['api', 'POST', `${didcomm}/proofs/request-proof`, '--input', '-'],
      JSON.stringify(proofBody),
    );
    const [asked] = await until(
      () => cli.json<Exchange[]>(holder, ['api', 'GET', `${didcomm}/proofs`, '-f', 'state=request-received']),
      (records) => records.length === 1,
    );
    await cli.json(
      holder,
      ['api', 'POST', `${didcomm}/proofs/${asked?.id}/accept-request`, '--input', '-'],
      '{}',
    );
    const verified = await until(
      () => cli.json<Exchange>(issuer, ['api', 'GET', `${didcomm}/proofs/${proof.id}`]),
      (record) => record.state === 'done',
    );
    expect(verified.isVerified).toBe(true);
  });

  it("prints Credo's own error answers in one line and exits 1", async () => {
    const { holder } = network();
    const missing = randomUUID();
    const unknown = await cli.run(holder, ['oob', 'get', missing]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(new RegExp(`^error: .*record with id ${missing} not found.*404`));
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    const [done] = await cli.json<Exchange[]>(holder, ['credentials', 'list', '--state', 'done', '--json']);
    const wrongState = await cli.run(holder, [
      ...['api', 'POST', `${didcomm}/credentials/accept-offer`, '-f', `credentialRecordId=${done?.id}`],
    ]);
    expect(wrongState.code).toBe(1);
    expect(wrongState.stderr).toMatch(/^error: CredoError: .*state/);
    expect(`${unknown.stdout}${unknown.stderr}${wrongState.stderr}`).not.toContain(holder.controller.apiKey);
  });
});
