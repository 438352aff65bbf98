import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../support/fixtures.js';
import { json, useSandbox } from '../../support/sandbox.js';

const bench = useSandbox();
const base = ['offers', 'email', '--file', fixture('email-offer.json')];

describe('agent-cli offers email', () => {
  it('e-mails one offer to each --email address', async () => {
    const result = await bench.run([...base, '--email', 'alice@example.com', '--email', 'bob@example.com']);
    expect(result.code).toBe(0);
    expect(bench.sandbox.deliveries('alice@example.com')).toBe(1);
    expect(bench.sandbox.deliveries('bob@example.com')).toBe(1);
    expect(bench.sandbox.deliveries('holder@example.com')).toBe(0);
    expect(result.stdout).toMatch(/^Sent to: +2 holders: alice@example.com, bob@example.com$/m);
  });

  it('sends to the file’s holders when no --email is given', async () => {
    const result = await bench.run(base);
    expect(result.code).toBe(0);
    expect(bench.sandbox.deliveries('holder@example.com')).toBe(1);
  });

  it('prints the SDK result with --json', async () => {
    const result = await bench.run([...base, '--email', 'alice@example.com', '--json']);
    expect(json(result)).toEqual({
      statusCode: 201,
      message: 'Out-of-band credential offers sent by e-mail',
      data: true,
    });
  });

  it('is a usage error naming --email when there is no holder', async () => {
    const result = await bench.run(['offers', 'email', '--credential-type', 'jsonld', '--cred-def-id', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: missing --email (or "credentialOffer" in --file)\n');
    expect(bench.sandbox.requestCount()).toBe(0);
  });

  it('refuses more --email flags than one request may carry, before sending', async () => {
    const emails = Array.from({ length: 11 }, (_, i) => ['--email', `h${i}@example.com`]).flat();
    const result = await bench.run([...base, ...emails]);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      "error: --email was given 11 times, above the service's cap of 10 holders per request: nothing was sent",
    );
    expect(bench.sandbox.state.requests).toHaveLength(0);
  });

  it('reports the server refusing more holders than one request may carry (from --file)', async () => {
    const file = join(bench.configDir(), 'eleven.json');
    const credentialOffer = Array.from({ length: 11 }, (_, i) => ({ emailId: `h${i}@example.com` }));
    const body = JSON.parse(readFileSync(fixture('email-offer.json'), 'utf8')) as object;
    writeFileSync(file, JSON.stringify({ ...body, credentialOffer }));
    const result = await bench.run(['offers', 'email', '--file', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: credentialOffer must contain no more than 10 elements (HTTP 400)\n');
    expect(bench.sandbox.totalDeliveries()).toBe(0);
  });
});
