import { encryptPassword } from '@credential-agent/sdk';
import { DEMO_ORG_ID, DEMO_USER, type Sandbox } from '../../src/index.js';
import { call } from './msw.js';
import { offerParams } from './params.js';

/** Signs in to a platform-flavour sandbox with the password encrypted as its web app does. */
export async function signIn(sandbox: Sandbox, path = '/auth/signin', password: string = DEMO_USER.password) {
  const encrypted = await encryptPassword(password, sandbox.passwordKey ?? '');
  return call(sandbox, path, { body: { email: DEMO_USER.email, password: encrypted, isPasskey: false } });
}

/** A platform access token for the demo user. */
export async function tokenOf(sandbox: Sandbox): Promise<string> {
  return ((await (await signIn(sandbox)).json()) as { data: { access_token: string } }).data.access_token;
}

/**
 * A connection made the way a holder makes one: accepting a shareable offer's invitation on the
 * agent, with its raw key. Answers the holder's connection id.
 */
export async function connection(sandbox: Sandbox, token: string): Promise<string> {
  const offer = await call(sandbox, `/orgs/${DEMO_ORG_ID}/credentials/oob/offer?credentialType=jsonld`, {
    token,
    body: offerParams(),
  });
  const { data } = (await offer.json()) as { data: { outOfBandRecordId: string } };
  const accepted = await call(sandbox, `/oob/${data.outOfBandRecordId}/accept-invitation`, {
    authorization: sandbox.agentKey ?? '',
    body: {},
  });
  return ((await accepted.json()) as { connectionRecord: { id: string } }).connectionRecord.id;
}
