import { routeMatches } from './faults/controller.js';
import { randomToken } from './keys.js';
import type { SandboxConnectionRecord } from './records/connection.js';
import type { SandboxCredentialRecord } from './records/credential.js';
import type { SandboxDidRecord } from './records/did.js';
import type { SandboxOutOfBandRecord } from './records/oob.js';
import type { SandboxProofRecord } from './records/proof.js';
import type { SandboxSchemaRecord } from './records/schema.js';

/** The seeded user. The password is a published demo value, not a secret. */
export const DEMO_USER = { email: 'issuer@example.com', password: 'demo-password' } as const;
/** The seeded organisation; {@link DEMO_USER} is a member. */
export const DEMO_ORG_ID = '3f0d6c52-8a4e-4f57-9b1c-2e6a7d9f4b10';
/** An organisation that exists but {@link DEMO_USER} is not a member of (403). */
export const OTHER_ORG_ID = 'b8e2a1f4-5c3d-4e6b-8f7a-9d0c1b2e3f45';

/** A user who can sign in. */
export interface UserRecord {
  id: string;
  email: string;
  password: string;
}

/** An organisation and the e-mails of its members. */
export interface OrgRecord {
  id: string;
  name: string;
  members: string[];
}

/** An issued bearer token; `expiresAt` is epoch ms. */
export interface TokenRecord {
  email: string;
  expiresAt: number;
}

/** An offer e-mail the sandbox "sent" (one per holder of an e-mail offer). */
export interface SentEmail {
  to: string;
  orgId: string;
  outOfBandId: string;
  invitationUrl: string;
  sentAt: string;
}

/** One request the sandbox received (method upper-case, path relative to the base URL). */
export interface ReceivedRequest {
  method: string;
  path: string;
}

/** The token table as tests see it: read it, or revoke tokens (`delete`, `clear`) as a server would. */
export type TokenTable = ReadonlyMap<string, TokenRecord> &
  Pick<Map<string, TokenRecord>, 'delete' | 'clear'>;

/**
 * Everything the sandbox knows, in memory. Maps keep insertion order, which is the storage order
 * `GET /credentials` answers in. The collections are read-only views: handlers change them through
 * the methods below. Tests may read them, change a record they read, and revoke tokens.
 */
export class SandboxState {
  readonly #users = new Map<string, UserRecord>();
  readonly #orgs = new Map<string, OrgRecord>();
  readonly #tokens = new Map<string, TokenRecord>();
  readonly #outOfBand = new Map<string, SandboxOutOfBandRecord>();
  readonly #connections = new Map<string, SandboxConnectionRecord>();
  readonly #credentials = new Map<string, SandboxCredentialRecord>();
  readonly #proofs = new Map<string, SandboxProofRecord>();
  readonly #dids = new Map<string, SandboxDidRecord>();
  readonly #schemas = new Map<string, SandboxSchemaRecord>();
  readonly #emails: SentEmail[] = [];
  /** Deliveries per lower-cased address, kept by {@link deliver}. */
  readonly #deliveries = new Map<string, number>();
  readonly #requests: ReceivedRequest[] = [];
  readonly #tokenTtlSeconds: number;

  /** Users by lower-case e-mail. */
  readonly users: ReadonlyMap<string, UserRecord> = this.#users;
  /** Organisations by id. */
  readonly orgs: ReadonlyMap<string, OrgRecord> = this.#orgs;
  /** Issued bearer tokens (access and refresh) by token. */
  readonly tokens: TokenTable = this.#tokens;
  /** Out-of-band records by id. */
  readonly outOfBand: ReadonlyMap<string, SandboxOutOfBandRecord> = this.#outOfBand;
  /** Connection records (both ends of each connection) by id. */
  readonly connections: ReadonlyMap<string, SandboxConnectionRecord> = this.#connections;
  /** Credential exchange records (issuer and holder sides) by id. */
  readonly credentials: ReadonlyMap<string, SandboxCredentialRecord> = this.#credentials;
  /** Proof exchange records by id. */
  readonly proofs: ReadonlyMap<string, SandboxProofRecord> = this.#proofs;
  /** Registered DIDs by DID. */
  readonly dids: ReadonlyMap<string, SandboxDidRecord> = this.#dids;
  /** Registered schemas by schema id. */
  readonly schemas: ReadonlyMap<string, SandboxSchemaRecord> = this.#schemas;
  /** Offer e-mails delivered, in order. */
  readonly emails: readonly SentEmail[] = this.#emails;
  /** Requests received, in order. */
  readonly requests: readonly ReceivedRequest[] = this.#requests;

  constructor(tokenTtlSeconds: number) {
    this.#tokenTtlSeconds = tokenTtlSeconds;
    this.#seed();
  }

  /** How long issued tokens live, in seconds (`expires_in`). */
  get tokenTtlSeconds(): number {
    return this.#tokenTtlSeconds;
  }

  /** Forgets every record, token and counter, and seeds the demo user and organisations again. */
  reset(): void {
    for (const map of [this.#users, this.#orgs, this.#tokens, this.#outOfBand, this.#connections])
      map.clear();
    for (const map of [this.#credentials, this.#proofs, this.#dids, this.#schemas]) map.clear();
    this.#emails.length = 0;
    this.#deliveries.clear();
    this.#requests.length = 0;
    this.#seed();
  }

  /** Records a request (upper-case method, path relative to the base URL). */
  receive(request: ReceivedRequest): void {
    this.#requests.push(request);
  }

  /** Requests received, optionally only those of one method and/or at or below one path. */
  requestCount(method?: string, pathPrefix?: string): number {
    const filter = { ...(method ? { method } : {}), ...(pathPrefix ? { path: pathPrefix } : {}) };
    return this.#requests.filter((r) => routeMatches(filter, r.method, r.path)).length;
  }

  /** Records an offer e-mail as delivered. */
  deliver(email: SentEmail): void {
    this.#emails.push(email);
    const key = email.to.toLowerCase();
    this.#deliveries.set(key, (this.#deliveries.get(key) ?? 0) + 1);
  }

  /** How many offer e-mails went to an address (case-insensitive). */
  deliveriesTo(address: string): number {
    return this.#deliveries.get(address.toLowerCase()) ?? 0;
  }

  /** Issues a token for a user that lives {@link tokenTtlSeconds}. */
  issueToken(email: string): string {
    const token = randomToken();
    this.#tokens.set(token, { email, expiresAt: Date.now() + this.#tokenTtlSeconds * 1000 });
    return token;
  }

  /** The user a live token belongs to, or undefined for an unknown or expired token. */
  userForToken(token: string): UserRecord | undefined {
    const record = this.#tokens.get(token);
    if (!record || Date.now() >= record.expiresAt) return undefined;
    return this.#users.get(record.email);
  }

  /** Whether the user is a member of the organisation (false for unknown organisations). */
  isMember(email: string, orgId: string): boolean {
    return this.#orgs.get(orgId)?.members.includes(email) ?? false;
  }

  /** Stores an out-of-band record. */
  addOutOfBand(record: SandboxOutOfBandRecord): void {
    this.#outOfBand.set(record.id, record);
  }

  /** Stores connection records. */
  addConnections(...records: SandboxConnectionRecord[]): void {
    for (const record of records) this.#connections.set(record.id, record);
  }

  /** Stores a credential exchange record. */
  addCredential(record: SandboxCredentialRecord): void {
    this.#credentials.set(record.id, record);
  }

  /** The issuer's exchange record on a thread: the offer an invitation or a holder record answers. */
  issuerRecord(threadId: string | undefined): SandboxCredentialRecord | undefined {
    if (threadId === undefined) return undefined;
    for (const record of this.#credentials.values()) {
      if (record.role === 'issuer' && record.threadId === threadId) return record;
    }
    return undefined;
  }

  /** Stores a proof exchange record. */
  addProof(record: SandboxProofRecord): void {
    this.#proofs.set(record.id, record);
  }

  /** Registers a DID. */
  addDid(record: SandboxDidRecord): void {
    this.#dids.set(record.did, record);
  }

  /** Registers a schema. */
  addSchema(record: SandboxSchemaRecord): void {
    this.#schemas.set(record.schemaId, record);
  }

  #seed(): void {
    this.#users.set(DEMO_USER.email, {
      id: '5d9a7c3e-1b2f-4a6d-8e0c-7f1b3a5d9c21',
      email: DEMO_USER.email,
      password: DEMO_USER.password,
    });
    this.#orgs.set(DEMO_ORG_ID, { id: DEMO_ORG_ID, name: 'Demo Issuer', members: [DEMO_USER.email] });
    this.#orgs.set(OTHER_ORG_ID, { id: OTHER_ORG_ID, name: 'Other Org', members: [] });
  }
}
