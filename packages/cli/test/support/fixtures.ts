import { fileURLToPath } from 'node:url';

/** The path of a JSON body under test/fixtures. */
export function fixture(
  name: 'offer.json' | 'email-offer.json' | 'proof.json' | 'proof-platform.json',
): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

/** A credential definition id for offers. */
export const CRED_DEF_ID = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK/employee';

/** `agent-cli dids write` for a did:key with an Ed25519 key: the first step of most stories. */
export const WRITE_DID_KEY = ['dids', 'write', '--method', 'key', '--key-type', 'ed25519'] as const;
