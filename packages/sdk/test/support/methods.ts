import type { AgentClient } from '../../src/index.js';
import type { Kind } from './mutations.js';
import * as params from './params.js';
import { OOB_ID, ORG_ID } from './records.js';

type Params = Record<string, unknown>;

/** One SDK method that takes a params object, with its required-only and full params. */
export interface MethodSpec {
  name: string;
  minimal: Params;
  full: Params;
  call: (client: AgentClient, p: unknown) => Promise<unknown>;
  /** Fields that accept more than one kind of value. */
  kinds?: Record<string, Kind[]>;
}

/** Every SDK method that takes a params object. The casts pass what the types forbid, on purpose. */
export const methods: MethodSpec[] = [
  { name: 'auth.signIn', ...params.signIn, call: (c, p) => c.auth.signIn(p as never) },
  {
    name: 'oob.acceptInvitation',
    ...params.acceptInvitation,
    call: (c, p) => c.oob.acceptInvitation(OOB_ID, p as never),
  },
  {
    name: 'org(id).offers.create',
    ...params.offerCreate,
    call: (c, p) => c.org(ORG_ID).offers.create(p as never),
  },
  {
    name: 'org(id).offers.sendByEmail',
    ...params.offerEmail,
    call: (c, p) => c.org(ORG_ID).offers.sendByEmail(p as never),
  },
  {
    name: 'credentials.negotiateOffer',
    ...params.negotiateOffer,
    call: (c, p) => c.credentials.negotiateOffer(p as never),
  },
  {
    name: 'credentials.list',
    minimal: {},
    full: { threadId: 't', parentThreadId: 'p', connectionId: 'c', state: 'done', role: 'holder' },
    call: (c, p) => c.credentials.list(p as never),
  },
  {
    name: 'org(id).proofs.request',
    ...params.proofRequest,
    call: (c, p) => c.org(ORG_ID).proofs.request(p as never, { requestType: 'indy' }),
    kinds: { autoAcceptProof: ['string', 'object'] },
  },
  { name: 'dids.write', ...params.didWrite, call: (c, p) => c.dids.write(p as never) },
  { name: 'schemas.create', ...params.schemaCreate, call: (c, p) => c.schemas.create(p as never) },
];
