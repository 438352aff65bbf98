import { createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Decrypts a sign-in password the way the real platform does: crypto-js's passphrase format
 * (OpenSSL `EVP_BytesToKey`, MD5, one round → AES-256-CBC), whose plaintext is
 * `JSON.stringify(password)`. Written on node:crypto, apart from the SDK's WebCrypto version, so
 * each checks the other. Undefined for anything that does not decrypt to a JSON string.
 */
export function decryptPlatformPassword(encrypted: string, key: string): string | undefined {
  const bytes = Buffer.from(encrypted, 'base64');
  if (bytes.length < 32 || bytes.subarray(0, 8).toString('latin1') !== 'Salted__') return undefined;
  const salt = bytes.subarray(8, 16);
  let derived = Buffer.alloc(0);
  let block = Buffer.alloc(0);
  while (derived.length < 48) {
    block = createHash('md5')
      .update(Buffer.concat([block, Buffer.from(key, 'utf8'), salt]))
      .digest();
    derived = Buffer.concat([derived, block]);
  }
  try {
    const decipher = createDecipheriv('aes-256-cbc', derived.subarray(0, 32), derived.subarray(32, 48));
    const plain = Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString('utf8');
    const value: unknown = JSON.parse(plain);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A fresh random key, printable (for the platform's password key and the agent's API key). */
export function randomKey(): string {
  return randomBytes(18).toString('base64url');
}
