import { readFileSync } from 'node:fs';
import { DEMO_ORG_ID } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { CRED_DEF_ID, fixture } from '../../support/fixtures.js';
import { json, useSandbox } from '../../support/sandbox.js';
import { createOffer } from '../../support/story.js';

const bench = useSandbox();
const OFFER_PATH = `/orgs/${DEMO_ORG_ID}/credentials/oob/offer?credentialType=jsonld`;
const MISSING = '5e4a3c2b-1d0f-4e9a-8b7c-6d5e4f3a2b1c';

describe('agent-cli api', () => {
  it('posts the body of --input and prints the answer as JSON, envelope included', async () => {
    const body = {
      ...JSON.parse(readFileSync(fixture('offer.json'), 'utf8')),
      credentialDefinitionId: CRED_DEF_ID,
      credentialType: 'jsonld',
    };
    const result = await bench.run(['api', 'POST', OFFER_PATH, '--input', '-'], {
      stdin: JSON.stringify(body),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const answer = json<{ statusCode: number; data: { outOfBandRecordId: string } }>(result);
    expect(answer.statusCode).toBe(201);
    expect(bench.sandbox.state.outOfBand.has(answer.data.outOfBandRecordId)).toBe(true);
  });

  it('sends -f as strings and -F typed, in the JSON body of a POST', async () => {
    const offer = await createOffer(bench);
    const path = `/oob/${offer.outOfBandRecordId}/accept-invitation`;
    const result = await bench.run([
      'api',
      'post',
      path,
      '-F',
      'autoAcceptConnection=true',
      '-f',
      'label=42',
    ]);
    expect(result.stderr).toBe('');
    const accepted = json<{ connectionRecord: { id: string; theirLabel?: string } }>(result);
    expect(bench.sandbox.state.connections.has(accepted.connectionRecord.id)).toBe(true);
  });

  it('puts the fields of a GET in the query', async () => {
    await createOffer(bench);
    const sent = await bench.run(['api', 'GET', '/credentials', '-f', 'state=offer-sent']);
    expect(json<unknown[]>(sent)).toHaveLength(1);
    const none = await bench.run(['api', 'GET', '/credentials', '-f', 'state=done']);
    expect(json<unknown[]>(none)).toEqual([]);
  });

  it('prints the status line and headers first with --include', async () => {
    const result = await bench.run(['api', 'GET', '/credentials', '--include']);
    const [head, body] = result.stdout.split('\n\n');
    expect(head).toMatch(/^HTTP 200\n/);
    expect(head).toMatch(/^content-type: application\/json/m);
    expect(JSON.parse(body ?? '')).toEqual([]);
  });

  it("prints the server's error body and one error line, exit 1", async () => {
    const result = await bench.run(['api', 'GET', `/oob/${MISSING}`]);
    expect(result.code).toBe(1);
    expect(json(result)).toEqual({ message: `OutOfBandRecord: record with id ${MISSING} not found.` });
    expect(result.stderr).toBe(`error: OutOfBandRecord: record with id ${MISSING} not found. (HTTP 404)\n`);
  });

  it.each([
    [['api', 'GET'], "error: missing required argument 'path'"],
    [['api', 'GET', '/x', '-f', 'novalue'], 'error: -f novalue: expected key=value'],
    [['api', 'GET', '/x', '-F', '=1'], 'error: -F =1: expected key=value'],
    [
      ['api', 'POST', '/x', '--input', '/nonexistent/body.json'],
      'error: --input /nonexistent/body.json: cannot read it (ENOENT)',
    ],
    [['api', 'POST', '/x', '--input', ''], 'error: --input must not be empty'],
    [
      ['api', 'GET', 'https://evil.test/x'],
      'error: path: must be a path on the base URL, without scheme, host or fragment',
    ],
  ])('refuses %j with a usage error and sends nothing', async (argv, line) => {
    const result = await bench.run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(line);
    expect(bench.sandbox.requestCount()).toBe(0);
  });
});

describe('agent-cli api -F/-f with keys JavaScript treats specially', () => {
  it.each(['__proto__', 'constructor', 'prototype'])(
    'sends a %s field as data, never drops it',
    async (key) => {
      const offer = await createOffer(bench);
      const path = `/oob/${offer.outOfBandRecordId}/accept-invitation`;
      for (const flag of ['-F', '-f']) {
        // The sandbox refuses a field it does not know, naming it: proof that the field was sent.
        const result = await bench.run(['api', 'post', path, flag, `${key}={"polluted":true}`]);
        expect([flag, result.code]).toEqual([flag, 1]);
        expect(result.stdout).toContain(key);
      }
    },
  );
});
