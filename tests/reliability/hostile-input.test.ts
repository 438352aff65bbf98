/**
 * Issue 9, item 8: odd input is a `RequestValidationError` naming the parameter, and nothing is
 * sent: padded ids are refused (not trimmed into another id), lone surrogates are refused (not a
 * raw `URIError`, not silently replaced), and an unknown `list()` filter is named as a filter.
 */
import {
  AgentClient,
  type CredentialListParams,
  RequestValidationError,
  unknownValue,
} from '@credential-agent/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type HostileServer, hostileServer, json } from './support/hostile-server.js';

let server: HostileServer;
let client: AgentClient;
beforeAll(async () => {
  server = await hostileServer((_req, res) => json(res, 200, []));
  client = new AgentClient({ baseUrl: server.url, accessToken: 'token-value' });
});
afterAll(() => server.close());

const ORG = '3f0d6c52-8a4e-4f57-9b1c-2e6a7d9f4b10';

const CASES: { name: string; call: () => unknown; path: string }[] = [
  { name: 'oob.get(" padded ")', call: () => client.oob.get(' padded '), path: 'outOfBandId' },
  { name: 'oob.get("id\\n")', call: () => client.oob.get('abc\n'), path: 'outOfBandId' },
  { name: 'oob.get(lone surrogate)', call: () => client.oob.get('ab\uD800cd'), path: 'outOfBandId' },
  {
    name: 'oob.acceptInvitation(lone surrogate)',
    call: () => client.oob.acceptInvitation('\uDC00'),
    path: 'outOfBandId',
  },
  { name: 'org(" padded ")', call: () => client.org(` ${ORG} `), path: 'orgId' },
  { name: 'org(lone surrogate)', call: () => client.org('\uD800'), path: 'orgId' },
  {
    name: 'credentials.list({ state: unknownValue(" done ") })',
    call: () => client.credentials.list({ state: unknownValue(' done ') }),
    path: 'filters.state',
  },
  {
    name: 'credentials.list({ connectionId: lone surrogate })',
    call: () => client.credentials.list({ connectionId: 'x\uDBFF' }),
    path: 'filters.connectionId',
  },
  {
    name: 'credentials.list({ sate: "done" }) (a typo)',
    call: () => client.credentials.list({ sate: 'done' } as CredentialListParams),
    path: 'filters.sate',
  },
];

it.each(CASES)('$name: RequestValidationError naming $path, nothing sent', async ({ call, path }) => {
  let error: unknown;
  try {
    await call();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(RequestValidationError);
  expect((error as RequestValidationError).issues.map((i) => i.path)).toEqual([path]);
  expect((error as Error).message).toContain(`${path}: `);
  expect(server.received).toEqual([]);
});
