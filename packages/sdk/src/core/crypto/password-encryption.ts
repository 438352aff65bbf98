import { AbortError, invalidField, PasswordEncryptionError, TimeoutError } from '../errors.js';
import { scrub, toBase64 } from '../redact.js';
import { Deadline } from '../transport/deadline.js';
import { md5 } from './md5.js';

/**
 * How the client encrypts the sign-in password before sending it: `{ key }` for the platform's
 * crypto-js passphrase format (see {@link encryptPassword}), or a function that returns the value to
 * send in place of the password.
 */
export type PasswordEncryption = { key: string } | ((password: string) => string | Promise<string>);

const MAGIC = new TextEncoder().encode('Salted__');
const utf8 = new TextEncoder();

function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key === '') throw invalidField('key', 'must not be empty');
  return key;
}

/** OpenSSL's EVP_BytesToKey with MD5 and one round: 32 bytes of AES key, then 16 of IV. */
async function deriveKey(passphrase: string, salt: Uint8Array, usage: KeyUsage) {
  const secret = utf8.encode(passphrase);
  const out = new Uint8Array(48);
  let block: Uint8Array = new Uint8Array(0);
  for (let filled = 0; filled < 48; filled += 16) {
    block = md5(new Uint8Array([...block, ...secret, ...salt]));
    out.set(block, filled);
  }
  const key = await crypto.subtle.importKey('raw', out.slice(0, 32), 'AES-CBC', false, [usage]);
  return { key, iv: out.slice(32) };
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/**
 * Encrypts a sign-in password as the platform gateway expects it: crypto-js's passphrase format
 * (OpenSSL `EVP_BytesToKey`, MD5, one round, a random 8-byte salt → AES-256-CBC with PKCS#7) over
 * `JSON.stringify(password)`, as base64 of `"Salted__" ‖ salt ‖ ciphertext`. Runs on WebCrypto, so
 * in Node 20+ and browsers alike.
 * @throws {@link RequestValidationError} when `key` is empty.
 * @example
 * const password = await encryptPassword('demo-password', platformCryptoKey); // 'U2FsdGVkX1…'
 */
export async function encryptPassword(password: string, key: string): Promise<string> {
  const passphrase = checkKey(key);
  const salt = crypto.getRandomValues(new Uint8Array(8));
  const derived = await deriveKey(passphrase, salt, 'encrypt');
  const plain = utf8.encode(JSON.stringify(password));
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-CBC', iv: derived.iv }, derived.key, plain),
  );
  return toBase64(new Uint8Array([...MAGIC, ...salt, ...cipher]));
}

/**
 * The reverse of {@link encryptPassword} (and of crypto-js `AES.encrypt(JSON.stringify(p), key)`):
 * for tests and for servers that check what a client sent.
 * @throws {@link RequestValidationError} when `key` is empty or the value was not encrypted with it.
 * @example
 * const password = await decryptPassword(body.password, platformCryptoKey);
 */
export async function decryptPassword(encrypted: string, key: string): Promise<string> {
  const passphrase = checkKey(key);
  const refused = invalidField('password', 'is not a value encrypted with this key');
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(encrypted);
  } catch {
    throw refused;
  }
  if (bytes.length < 32 || !MAGIC.every((b, i) => bytes[i] === b)) throw refused;
  const derived = await deriveKey(passphrase, bytes.slice(8, 16), 'decrypt');
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-CBC', iv: derived.iv },
      derived.key,
      bytes.slice(16),
    );
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
    if (typeof value === 'string') return value;
  } catch {
    // Bad padding or garbage: the same answer as any other wrong value, with no detail to leak.
  }
  throw refused;
}

/** What a caller's function threw, as an Error safe to keep: no getter or toString runs outside a try. */
function safeCause(thrown: unknown, password: string): Error {
  const cause = new Error('it threw a value that cannot be shown');
  try {
    const e = thrown as { name?: unknown; message?: unknown } | null | undefined;
    const isObject = thrown !== null && typeof thrown === 'object';
    const message = isObject ? e?.message : String(thrown);
    if (typeof message === 'string') cause.message = scrub(message, [password]);
    if (isObject && typeof e?.name === 'string') cause.name = scrub(e.name, [password]);
  } catch {
    // A getter that throws: the placeholder stays.
  }
  return cause;
}

/** When a caller's function must have settled: the call's signal and timeout. */
export type EncryptLimits = { signal?: AbortSignal | undefined; timeout?: number | false | undefined };

/**
 * A caller's encryption function, checked: a non-empty string out, an {@link AgentError} thrown,
 * and a function that never settles ended by the call's timeout or signal.
 */
function checkedEncrypter(
  encrypt: (password: string) => unknown,
  defaultTimeout: number | false,
): (password: string, limits?: EncryptLimits) => Promise<string> {
  return async (password, limits) => {
    const deadline = new Deadline(limits?.signal, limits?.timeout ?? defaultTimeout);
    let value: unknown;
    try {
      value = await deadline.race(Promise.resolve().then(() => encrypt(password)));
    } catch (error) {
      const target = { method: 'POST', path: 'auth/signin' };
      if (limits?.signal?.aborted) throw new AbortError('POST /auth/signin was aborted', target);
      if (deadline.timedOut) {
        const timeout = deadline.timeout || 0;
        throw new TimeoutError(`POST /auth/signin timed out after ${timeout} ms`, { ...target, timeout });
      }
      // Its message may quote the password: the cause is a copy with it scrubbed.
      const cause = safeCause(error, password);
      throw new PasswordEncryptionError(`passwordEncryption failed: ${cause.message}`, { cause });
    } finally {
      deadline.dispose();
    }
    if (typeof value === 'string' && value) return value;
    throw new PasswordEncryptionError(
      `passwordEncryption must return a non-empty string, not ${value === '' ? "''" : value === null ? 'null' : typeof value}`,
    );
  };
}

/**
 * Checks a {@link PasswordEncryption} option and returns the function that applies it.
 * The function throws a {@link PasswordEncryptionError} when a caller's function fails or returns
 * anything but a non-empty string, and a {@link TimeoutError} or {@link AbortError} when it has not
 * settled within the call's timeout (`timeout` unless the call gives one) or before its signal aborts.
 */
export function passwordEncrypter(
  option: PasswordEncryption,
  timeout: number | false,
): (password: string, limits?: EncryptLimits) => Promise<string> {
  if (typeof option === 'function') return checkedEncrypter(option, timeout);
  if (typeof option?.key !== 'string' || option.key === '') {
    throw invalidField('passwordEncryption.key', 'must be a non-empty string', 'client options');
  }
  const { key } = option;
  return (password) => encryptPassword(password, key);
}
