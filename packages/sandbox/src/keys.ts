import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 (bitcoin alphabet), as DIDs and verification keys are written. */
export function base58(bytes: Uint8Array): string {
  const digits: number[] = [];
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i++) {
      carry += (digits[i] ?? 0) << 8;
      digits[i] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let out = '';
  for (const byte of bytes) {
    if (byte !== 0) break;
    out += '1';
  }
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i] ?? 0];
  return out;
}

/**
 * 32 bytes of key material: derived from the seed when one is given (the same seed gives the same
 * DID, as on a real ledger), random otherwise. Nothing here is real cryptography.
 */
export function keyBytes(seed?: string): Uint8Array {
  return seed === undefined ? randomBytes(32) : createHash('sha256').update(seed).digest();
}

/** Multicodec prefixes of the key types a `did:key` can carry. */
const MULTICODEC: Readonly<Record<string, readonly number[]>> = {
  ed25519: [0xed, 0x01],
  x25519: [0xec, 0x01],
  bls12381g2: [0xeb, 0x01],
};

/** Whether `did:key` supports the key type. */
export function isDidKeyType(keyType: string): boolean {
  return MULTICODEC[keyType] !== undefined;
}

/** The multibase fingerprint of a public key (`z6Mk…` for Ed25519). */
export function fingerprint(publicKey: Uint8Array, keyType = 'ed25519'): string {
  const prefix = MULTICODEC[keyType] ?? MULTICODEC['ed25519'] ?? [];
  return `z${base58(Uint8Array.from([...prefix, ...publicKey]))}`;
}

/** A fresh `did:key` for an invitation's recipient key. */
export function randomDidKey(): string {
  return `did:key:${fingerprint(keyBytes())}`;
}

/** A fresh `did:peer` (numalgo 1 look-alike) for one side of a connection. */
export function randomPeerDid(): string {
  return `did:peer:1zQm${base58(keyBytes()).slice(0, 44)}`;
}

/** An opaque bearer token. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}
