import type { AgentClient } from '../../src/index.js';
import * as params from './params.js';
import { OOB_ID, ORG_ID } from './records.js';

/** How one method is called (with the per-call options given, if any), and the route it answers from. */
export interface Case {
  call: (agent: AgentClient, options?: unknown) => Promise<unknown>;
  route: string;
}
/** Methods that make no HTTP call (or many), with the reason; they give no `.withResponse()`. */
export type NoResponse = { none: string };

// The argument table: one entry per method of the client's surface, found below by walking it.
// The casts pass what the types forbid, on purpose (a JavaScript caller's options).
export const table: Record<string, Case | NoResponse> = {
  'auth.signIn': {
    call: (a, o) => a.auth.signIn(params.signIn.minimal, o as never),
    route: 'POST /auth/signin',
  },
  'auth.signOut': { none: 'forgets the stored token; sends nothing' },
  'auth.session': { none: 'reads the token store; sends nothing' },
  'oob.get': { call: (a, o) => a.oob.get(OOB_ID, o as never), route: `GET /oob/${OOB_ID}` },
  'oob.acceptInvitation': {
    call: (a, o) => a.oob.acceptInvitation(OOB_ID, {}, o as never),
    route: `POST /oob/${OOB_ID}/accept-invitation`,
  },
  'credentials.list': { call: (a, o) => a.credentials.list({}, o as never), route: 'GET /credentials' },
  'credentials.negotiateOffer': {
    call: (a, o) => a.credentials.negotiateOffer(params.negotiateOffer.minimal, o as never),
    route: 'POST /credentials/negotiate-offer',
  },
  'dids.write': {
    call: (a, o) => a.dids.write(params.didWrite.minimal, o as never),
    route: 'POST /dids/write',
  },
  'schemas.create': {
    call: (a, o) => a.schemas.create(params.schemaCreate.minimal, o as never),
    route: 'POST /schemas',
  },
  'org().offers.create': {
    call: (a, o) => a.org(ORG_ID).offers.create(params.offerCreate.minimal, o as never),
    route: `POST /orgs/${ORG_ID}/credentials/oob/offer`,
  },
  'org().offers.sendByEmail': {
    call: (a, o) => a.org(ORG_ID).offers.sendByEmail(params.offerEmail.minimal, o as never),
    route: `POST /orgs/${ORG_ID}/credentials/oob/email`,
  },
  'org().offers.sendByEmailBulk': { none: 'an async generator of per-row results over many requests' },
  'org().proofs.request': {
    call: (a, o) =>
      a
        .org(ORG_ID)
        .proofs.request(params.proofRequest.minimal, { requestType: 'indy', ...(o as object) } as never),
    route: `POST /orgs/${ORG_ID}/proofs`,
  },
  request: {
    call: (a, o) =>
      a.request({ method: 'POST', path: '/anything/accept-offer', body: { id: 1 } }, o as never),
    route: 'POST /anything/accept-offer',
  },
  requestRaw: {
    call: (a, o) =>
      a.requestRaw({ method: 'POST', path: '/anything/accept-offer', body: { id: 1 } }, o as never),
    route: 'POST /anything/accept-offer',
  },
};

/** Methods that give a scope rather than an answer; the walk goes into what they return. */
const scopes: Record<string, (agent: AgentClient) => object> = { org: (a) => a.org(ORG_ID) };

/** The methods an object's class (and its bases) defines, without the constructor. */
function methodsOf(value: object): string[] {
  const names: string[] = [];
  for (let proto = Object.getPrototypeOf(value); proto && proto !== Object.prototype; ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name !== 'constructor' && typeof Reflect.get(proto, name) === 'function') names.push(name);
    }
    proto = Object.getPrototypeOf(proto);
  }
  return names;
}

/** Own fields that hold the SDK's internals, not a resource (`@internal` in the sources). */
const internal = new Set(['transport']);

/** Every method reachable from a client: its own, its resources', and those of its scopes. */
export function surface(agent: AgentClient): string[] {
  const walk = (value: object, prefix: string, top: boolean): string[] => {
    const own = methodsOf(value).flatMap((name) => {
      const scope = top ? scopes[name] : undefined;
      return scope ? walk(scope(agent), `${prefix}${name}().`, false) : [`${prefix}${name}`];
    });
    const resources = Object.entries(value).filter(
      (entry): entry is [string, object] =>
        typeof entry[1] === 'object' && entry[1] !== null && !internal.has(entry[0]),
    );
    return [...own, ...resources.flatMap(([key, resource]) => walk(resource, `${prefix}${key}.`, false))];
  };
  return walk(agent, '', true);
}

/** The table's methods that send one call, with their cases. */
export const calls = Object.entries(table).filter((entry): entry is [string, Case] => 'call' in entry[1]);
