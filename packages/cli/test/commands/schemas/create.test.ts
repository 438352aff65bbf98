import { describe, expect, it } from 'vitest';
import { json, useSandbox } from '../../support/sandbox.js';

const bench = useSandbox();
const ISSUER = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
const create = (...extra: string[]) => [
  'schemas',
  'create',
  '--issuer-id',
  ISSUER,
  '--name',
  'Employee',
  '--attr',
  'name',
  '--attr',
  'role',
  ...extra,
];

describe('agent-cli schemas create', () => {
  it('creates the schema and prints the SDK result with --json', async () => {
    const result = await bench.run(create('--version', '1.0.0', '--json'));
    expect(result.code).toBe(0);
    const body = json<{ state: string; schemaId: string; schema: { attrNames: string[] } }>(result);
    expect(body.state).toBe('finished');
    expect(body.schema.attrNames).toEqual(['name', 'role']);
    expect(bench.sandbox.state.schemas.has(body.schemaId)).toBe(true);
  });

  it('takes --version as the schema version, not the program version', async () => {
    const result = await bench.run(create('--version', '2.1.0'));
    expect(result.stdout).toMatch(/^Version: +2\.1\.0$/m);
    expect(result.stdout).toMatch(/^Attributes: +name, role$/m);
  });

  it('is a usage error naming the version field when it is not like 1.0.0', async () => {
    const result = await bench.run(create('--version', 'one'));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --version: must look like 1.0.0\n');
    expect(bench.sandbox.requestCount()).toBe(0);
  });

  it('is a usage error naming --attr when there are no attributes', async () => {
    const result = await bench.run([
      'schemas',
      'create',
      '--issuer-id',
      ISSUER,
      '--name',
      'E',
      '--version',
      '1.0.0',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: missing --attr (or "attributes" in --file)\n');
  });

  it('reports a duplicate schema as a failure with the server message', async () => {
    await bench.run(create('--version', '1.0.0'));
    const result = await bench.run(create('--version', '1.0.0'));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: Schema Employee 1.0.0 already exists for ${ISSUER} (HTTP 409)\n`);
  });

  it('reports a failed registration with its reason', async () => {
    const result = await bench.run([
      'schemas',
      'create',
      '--issuer-id',
      'not-a-did',
      '--name',
      'E',
      '--version',
      '1.0.0',
      '--attr',
      'a',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: Schema registration failed: issuerId not-a-did is not a DID\n');
  });
});
