import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';

const e2e = useE2E();
const token = () => e2e.sandbox().sandbox.issueToken();
const CONNECTION = '1c7e2a90-5b3d-4f6e-8a1b-2c3d4e5f6a7b';
const cred = ['--credential-type', 'indy', '--cred-def-id', 'cd-1', '--org', DEMO_ORG_ID];

describe('messages name what the user gave (item 13)', { timeout: 60_000 }, () => {
  it('names --email, not the SDK field', async () => {
    const login = await e2e.run(['login', '--email', 'not-an-email', '--password-stdin'], { stdin: 'pw' });
    expect(login.stderr).toBe('error: --email: must be an e-mail address\n');
    const email = await e2e.run(['offers', 'email', '--email', 'bad', '--attr', 'name=A', ...cred], {
      env: { AGENT_CLI_TOKEN: token() },
    });
    expect(email.stderr).toBe('error: --email (credentialOffer[0].emailId): must be an e-mail address\n');
    expect([login.code, email.code]).toEqual([2, 2]);
  });

  it('names the flag of the missing value (--attr), not a flag typed for another field', async () => {
    const result = await e2e.run(['offers', 'email', '--email', 'a@example.com', ...cred], {
      env: { AGENT_CLI_TOKEN: token() },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^error: --attr \(credentialOffer\[0\]\.attributes\): is required for an indy offer/,
    );
    const fromFile = join(e2e.configDir(), 'no-attributes.json');
    writeFileSync(fromFile, JSON.stringify({ credentialOffer: [{ emailId: 'a@example.com' }] }));
    const file = await e2e.run(['offers', 'email', '--file', fromFile, ...cred], {
      env: { AGENT_CLI_TOKEN: token() },
    });
    expect(file.stderr).toMatch(
      new RegExp(
        `^error: --file ${fromFile}: "credentialOffer\\[0\\]\\.attributes" is required for an indy offer`,
      ),
    );
  });

  it('names the --file field in plain words', async () => {
    const file = join(e2e.configDir(), 'numbers.json');
    writeFileSync(file, JSON.stringify({ credentialOffer: [{ emailId: 'a@example.com' }], comment: 5 }));
    const result = await e2e.run(['offers', 'email', '--file', file, ...cred], {
      env: { AGENT_CLI_TOKEN: token() },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: --file ${file}: "comment" must be a string (got a number)\n`);
  });

  it('names AGENT_CLI_TIMEOUT when the variable is wrong', async () => {
    const result = await e2e.run(['whoami'], { env: { AGENT_CLI_TIMEOUT: '-5' } });
    expect(result.stderr).toBe(
      'error: AGENT_CLI_TIMEOUT must be a whole number of milliseconds from 1 to 2147483647, got "-5"\n',
    );
  });
});

describe('AGENT_CLI_TOKEN (item 14)', { timeout: 60_000 }, () => {
  it('says the variable was refused instead of hinting at login', async () => {
    const result = await e2e.run(['credentials', 'list'], { env: { AGENT_CLI_TOKEN: 'garbage-token' } });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'error: Unauthorized (HTTP 401)\nhint: the service refused AGENT_CLI_TOKEN: set a valid token, or unset it to use the profile\n',
    );
  });

  it('refuses a token with a control character, naming the variable, also with --verbose', async () => {
    const result = await e2e.run(['credentials', 'list', '--verbose'], {
      env: { AGENT_CLI_TOKEN: 'ab\u0001cdef' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: AGENT_CLI_TOKEN contains a control character or a space\n');
  });

  it('whoami does not claim to check a token it never sends', async () => {
    const result = await e2e.run(['whoami'], { env: { AGENT_CLI_TOKEN: 'garbage-token' } });
    expect(result.stdout).toMatch(/^Token: +from AGENT_CLI_TOKEN$/m);
    expect(result.stdout).toMatch(/^Expires: +not checked \(whoami sends no request\)$/m);
    const help = await e2e.run(['whoami', '--help']);
    expect(help.stdout).not.toContain('valid');
  });
});

describe('positional arguments are named as the usage shows them (attack F14)', { timeout: 60_000 }, () => {
  it.each([
    [
      ['credentials', 'negotiate', 'not-a-uuid', '--connection-id', CONNECTION],
      '<recordId>: must be a UUID or a unique prefix of at least 8 of its characters, got "not-a-uuid"',
    ],
    [['oob', 'get', ' x'], '<id>: must not start or end with white space'],
    [['oob', 'accept', ''], '<id>: must not be empty'],
  ])('%j', async (argv, message) => {
    const result = await e2e.run(argv, { env: { AGENT_CLI_TOKEN: token() } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: ${message}\n`);
  });
});

describe('known values inside --file follow the flag rule (attack F6)', { timeout: 60_000 }, () => {
  const write = (name: string, body: unknown) => {
    const file = join(e2e.configDir(), name);
    writeFileSync(file, JSON.stringify(body));
    return file;
  };
  const offer = JSON.parse(readFileSync(fixture('offer.json'), 'utf8')) as Record<string, unknown>;
  const proof = JSON.parse(readFileSync(fixture('proof.json'), 'utf8')) as Record<string, unknown>;

  it.each([
    [
      'dids write',
      ['dids', 'write'],
      'dids.json',
      { method: 'foo', keyType: 'ed25519' },
      'method',
      'foo',
      undefined,
    ],
    [
      'offers create',
      ['offers', 'create', '--cred-def-id', 'cd-1'],
      'offer-type.json',
      { ...offer, credentialType: 'jsnld' },
      'credentialType',
      'jsnld',
      'jsonld',
    ],
    [
      'proofs request',
      ['proofs', 'request', '--connection-id', CONNECTION, '--request-type', 'presentationExchange'],
      'proof-version.json',
      { ...proof, protocolVersion: 'v9' },
      'protocolVersion',
      'v9',
      'v1',
    ],
  ])(
    '%s: a value outside the known list is a usage error naming the file and field',
    async (_name, argv, name, body, field, value, guess) => {
      const file = write(name, body);
      const before = e2e.sandbox().sandbox.requestCount();
      const result = await e2e.run([...argv, '--file', file, '--org', DEMO_ORG_ID], {
        env: { AGENT_CLI_TOKEN: token() },
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(
          `^error: --file ${file}: "${field}" is "${value}": known values: [^\\n]+; to send it anyway write "\\+${value}"\\n$`,
        ),
      );
      if (guess) expect(result.stderr).toContain(`(did you mean ${guess}?)`);
      expect(e2e.sandbox().sandbox.requestCount()).toBe(before);
    },
  );

  it('sends a "+value" of the file as it is, and a flag given over the file wins', async () => {
    const escaped = await e2e.run(
      ['dids', 'write', '--file', write('plus.json', { method: '+foo', keyType: 'ed25519' }), '--verbose'],
      { env: { AGENT_CLI_TOKEN: token() } },
    );
    expect(escaped.stderr).toContain('> POST ');
    expect(escaped.stderr).toContain('"method":"foo"');
    const overridden = await e2e.run(
      [
        'dids',
        'write',
        '--file',
        write('over.json', { method: 'foo', keyType: 'ed25519' }),
        '--method',
        'key',
      ],
      { env: { AGENT_CLI_TOKEN: token() } },
    );
    expect(overridden.code).toBe(0);
  });
});
