import { base58, fingerprint, keyBytes } from '../keys.js';
import { now } from './common.js';

/** A verification method of a DID document. */
export interface SandboxVerificationMethod {
  id: string;
  type: string;
  controller: string;
  publicKeyBase58: string;
}

/** A DID document as the agent resolves it. */
export interface SandboxDidDocument {
  '@context': string[];
  id: string;
  verificationMethod: SandboxVerificationMethod[];
  authentication: string[];
  assertionMethod: string[];
}

/** A registered DID. The seed it came from is never kept. */
export interface SandboxDidRecord {
  did: string;
  method: string;
  keyType: string;
  createdAt: string;
  didDocument: SandboxDidDocument;
}

/** What `/dids/write` asks for, once validated. */
export interface DidInput {
  method: string;
  keyType: string;
  seed?: string | undefined;
  network?: string | undefined;
  domain?: string | undefined;
  did?: string | undefined;
}

const KEY_TYPE_NAMES: Readonly<Record<string, string>> = {
  ed25519: 'Ed25519VerificationKey2018',
  x25519: 'X25519KeyAgreementKey2019',
  bls12381g2: 'Bls12381G2Key2020',
  k256: 'EcdsaSecp256k1VerificationKey2019',
};

const CONTEXTS: readonly string[] = [
  'https://w3id.org/did/v1',
  'https://w3id.org/security/suites/ed25519-2018/v1',
];

function identifier(input: DidInput, key: Uint8Array): { did: string; fragment: string } {
  const print = fingerprint(key, input.keyType);
  switch (input.method) {
    case 'key':
      return { did: `did:key:${print}`, fragment: print };
    case 'indy':
      return {
        did: `did:indy:${input.network ?? 'bcovrin:testnet'}:${base58(key.slice(0, 16))}`,
        fragment: 'verkey',
      };
    case 'web':
      return { did: `did:web:${input.domain ?? ''}`, fragment: 'key-1' };
    default: {
      const testnet = input.network === 'polygon:mainnet' ? '' : 'testnet:';
      return {
        did: `did:polygon:${testnet}0x${Buffer.from(key.slice(0, 20)).toString('hex')}`,
        fragment: 'key-1',
      };
    }
  }
}

/** Creates a DID and its document; the same seed always gives the same DID. */
export function didRecord(input: DidInput): SandboxDidRecord {
  const key = keyBytes(input.seed);
  const made = identifier(input, key);
  const did = input.did?.startsWith('did:') ? input.did : made.did;
  const methodId = `${did}#${made.fragment}`;
  return {
    did,
    method: input.method,
    keyType: input.keyType,
    createdAt: now(),
    didDocument: {
      '@context': [...CONTEXTS],
      id: did,
      verificationMethod: [
        {
          id: methodId,
          type: KEY_TYPE_NAMES[input.keyType] ?? 'JsonWebKey2020',
          controller: did,
          publicKeyBase58: base58(key),
        },
      ],
      authentication: [methodId],
      assertionMethod: [methodId],
    },
  };
}
