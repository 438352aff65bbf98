import CryptoJS from 'crypto-js';
import { describe, expect, it } from 'vitest';
import { md5 } from '../../src/core/crypto/md5.js';
import {
  AbortError,
  AgentClient,
  AgentError,
  decryptPassword,
  encryptPassword,
  PasswordEncryptionError,
  type RequestEvent,
  RequestValidationError,
  TimeoutError,
} from '../../src/index.js';
import { rejectionOf } from '../support/client.js';
import { fakeFetch, json } from '../support/fake-fetch.js';
import { signInResult } from '../support/records.js';

const KEY = 'platform-crypto-key-9f2c';
const PASSWORDS = ['demo-password', 'pässwörd "quoted" \\ ✓ 𝄞', 'x'.repeat(100)];

function hex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('md5', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ])('hashes %j as RFC 1321 says', (text, digest) => {
    expect(hex(md5(new TextEncoder().encode(text)))).toBe(digest);
  });

  it('agrees with crypto-js on inputs around the block boundaries', () => {
    for (const length of [55, 56, 63, 64, 65, 119, 120, 1000]) {
      const text = 'ä'.repeat(length).slice(0, length);
      expect(hex(md5(new TextEncoder().encode(text)))).toBe(CryptoJS.MD5(text).toString());
    }
  });
});

describe('encryptPassword and decryptPassword', () => {
  it.each(PASSWORDS)('encrypt %j in the crypto-js passphrase format crypto-js decrypts', async (password) => {
    const wire = await encryptPassword(password, KEY);
    expect(wire.startsWith('U2FsdGVkX1')).toBe(true);
    expect(CryptoJS.AES.decrypt(wire, KEY).toString(CryptoJS.enc.Utf8)).toBe(JSON.stringify(password));
  });

  it.each(PASSWORDS)('decrypt %j as crypto-js encrypted it', async (password) => {
    const wire = CryptoJS.AES.encrypt(JSON.stringify(password), KEY).toString();
    expect(await decryptPassword(wire, KEY)).toBe(password);
  });

  it('uses a fresh salt each time', async () => {
    const [a, b] = await Promise.all([encryptPassword('same', KEY), encryptPassword('same', KEY)]);
    expect(a).not.toBe(b);
  });

  it('refuses a value encrypted with another key with a typed error that holds no secret', async () => {
    const wire = await encryptPassword('demo-password', KEY);
    const error = await rejectionOf(() => decryptPassword(wire, 'another-key-123'));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.message).not.toContain('another-key-123');
    expect(error.message).not.toContain(wire);
  });

  it('refuses an empty key naming the parameter', async () => {
    const error = await rejectionOf(() => encryptPassword('demo-password', ''));
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'key', message: 'must not be empty', code: 'custom' },
    ]);
  });
});

describe('AgentClient passwordEncryption', () => {
  it('signs in with the password encrypted by the key, and hooks never see it', async () => {
    const events: RequestEvent[] = [];
    const { fetch, requests } = fakeFetch(json(signInResult()));
    const client = new AgentClient({
      baseUrl: 'http://agent.test',
      fetch,
      passwordEncryption: { key: KEY },
      hooks: { onRequest: (event) => events.push(event) },
    });
    await client.auth.signIn({ email: 'issuer@example.com', password: 'demo-password' });
    const sent = (await requests[0]?.json()) as { password: string };
    expect(sent.password).toMatch(/^U2FsdGVkX1/);
    expect(CryptoJS.AES.decrypt(sent.password, KEY).toString(CryptoJS.enc.Utf8)).toBe('"demo-password"');
    const seen = JSON.stringify(events);
    expect(seen).not.toContain('demo-password');
    expect(seen).not.toContain(sent.password);
    expect(seen).not.toContain(KEY);
  });

  it('accepts a function that encrypts the password itself', async () => {
    const { fetch, requests } = fakeFetch(json(signInResult()));
    const passwordEncryption = async (password: string) => `enc(${password.length})`;
    const client = new AgentClient({ baseUrl: 'http://agent.test', fetch, passwordEncryption });
    await client.auth.signIn({ email: 'issuer@example.com', password: 'demo-password' });
    expect(await requests[0]?.json()).toMatchObject({ password: 'enc(13)' });
  });

  it('keeps the clear and the encrypted password out of an error the server echoes them in', async () => {
    let wire = '';
    const { fetch } = fakeFetch(async (request) => {
      wire = ((await request.json()) as { password: string }).password;
      return Response.json(
        { statusCode: 400, message: `Invalid Credentials ${wire} demo-password` },
        { status: 400 },
      );
    });
    const client = new AgentClient({ baseUrl: 'http://agent.test', fetch, passwordEncryption: { key: KEY } });
    const error = await rejectionOf(() =>
      client.auth.signIn({ email: 'issuer@example.com', password: 'demo-password' }),
    );
    expect(error.message).toBe('Invalid Credentials [REDACTED] [REDACTED]');
    expect(JSON.stringify((error as unknown as { body: unknown }).body)).not.toContain(wire);
  });

  it('refuses an empty key when the client is made', () => {
    const make = () => new AgentClient({ baseUrl: 'http://agent.test', passwordEncryption: { key: '' } });
    expect(make).toThrow(RequestValidationError);
    expect(make).toThrow(/passwordEncryption\.key/);
  });

  it.each([
    ['number', 42],
    ['undefined', undefined],
    ['object', {}],
    ["''", ''],
    ['null', null],
  ])('refuses a function that returns %s, naming the option, and sends nothing', async (what, value) => {
    const { fetch, requests } = fakeFetch(json(signInResult()));
    const passwordEncryption = (() => value) as unknown as (password: string) => string;
    const client = new AgentClient({ baseUrl: 'http://agent.test', fetch, passwordEncryption });
    const error = await rejectionOf(() =>
      client.auth.signIn({ email: 'issuer@example.com', password: 'demo-password' }),
    );
    expect(error).toBeInstanceOf(PasswordEncryptionError);
    expect(AgentError.is(error)).toBe(true);
    expect(error.message).toBe(`passwordEncryption must return a non-empty string, not ${what}`);
    expect(requests).toHaveLength(0);
  });

  it('wraps what the function throws in a PasswordEncryptionError whose message and cause hold no password', async () => {
    const { fetch, requests } = fakeFetch(json(signInResult()));
    const passwordEncryption = async (password: string): Promise<string> => {
      throw new TypeError(`cannot encrypt ${password} with the HSM`);
    };
    const client = new AgentClient({ baseUrl: 'http://agent.test', fetch, passwordEncryption });
    const error = await rejectionOf(() =>
      client.auth.signIn({ email: 'issuer@example.com', password: 'demo-password' }),
    );
    expect(error).toBeInstanceOf(PasswordEncryptionError);
    expect(error.message).toBe('passwordEncryption failed: cannot encrypt [REDACTED] with the HSM');
    const cause = error.cause as Error;
    expect([cause.name, cause.message]).toEqual(['TypeError', 'cannot encrypt [REDACTED] with the HSM']);
    expect(`${cause.stack} ${JSON.stringify(error)}`).not.toContain('demo-password');
    expect(requests).toHaveLength(0);
  });

  const messageGetter = new Error('x');
  Object.defineProperty(messageGetter, 'message', {
    get() {
      throw new Error('getter boom');
    },
  });
  const numericMessage = Object.assign(new Error('x'), { message: 42 });
  it.each([
    ['a null-prototype object', () => Promise.reject(Object.create(null))],
    [
      'an object whose toString throws',
      () => {
        throw {
          toString() {
            throw new Error('toString boom');
          },
        };
      },
    ],
    ['an Error whose message getter throws', () => Promise.reject(messageGetter)],
    ['an Error whose message is a number', () => Promise.reject(numericMessage)],
    [
      'a thenable rejecting with a null-prototype object',
      // biome-ignore lint/suspicious/noThenProperty: a thenable is what this case is about
      () => ({ then: (_: unknown, reject: (e: unknown) => void) => reject(Object.create(null)) }),
    ],
    [
      'a synchronous throw of a null-prototype object',
      () => {
        throw Object.create(null);
      },
    ],
  ])('wraps %s in a PasswordEncryptionError and sends nothing', async (_what, hook) => {
    const { fetch, requests } = fakeFetch(json(signInResult()));
    const passwordEncryption = hook as unknown as (password: string) => string;
    const client = new AgentClient({ baseUrl: 'http://agent.test', fetch, passwordEncryption });
    const error = await rejectionOf(() =>
      client.auth.signIn({ email: 'issuer@example.com', password: 'demo-password' }),
    );
    expect(error).toBeInstanceOf(PasswordEncryptionError);
    expect(error.message).toMatch(/^passwordEncryption failed: /);
    expect(requests).toHaveLength(0);
  });

  it('keeps the password out of the name of what the function throws', async () => {
    const passwordEncryption = (password: string): string => {
      throw Object.assign(new Error('no'), { name: `Bad${password}` });
    };
    const client = new AgentClient({ baseUrl: 'http://agent.test', passwordEncryption });
    const error = await rejectionOf(() =>
      client.auth.signIn({ email: 'issuer@example.com', password: 'demo-password' }),
    );
    expect(error).toBeInstanceOf(PasswordEncryptionError);
    expect(JSON.stringify({ name: (error.cause as Error).name, m: error.message })).not.toContain(
      'demo-password',
    );
  });

  it('ends a function that never settles at the call timeout, and sends nothing', async () => {
    const { fetch, requests } = fakeFetch(json(signInResult()));
    const passwordEncryption = () => new Promise<string>(() => {});
    const client = new AgentClient({ baseUrl: 'http://agent.test', fetch, passwordEncryption, timeout: 20 });
    const error = await rejectionOf(() =>
      client.auth.signIn({ email: 'issuer@example.com', password: 'demo-password' }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe('POST /auth/signin timed out after 20 ms');
    expect(requests).toHaveLength(0);
  });

  it("ends a function that never settles when the call's signal aborts, and sends nothing", async () => {
    const { fetch, requests } = fakeFetch(json(signInResult()));
    const passwordEncryption = () => new Promise<string>(() => {});
    const client = new AgentClient({
      baseUrl: 'http://agent.test',
      fetch,
      passwordEncryption,
      timeout: false,
    });
    const controller = new AbortController();
    const pending = rejectionOf(() =>
      client.auth.signIn(
        { email: 'issuer@example.com', password: 'demo-password' },
        { signal: controller.signal },
      ),
    );
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(AbortError);
    expect(requests).toHaveLength(0);
  });
});
