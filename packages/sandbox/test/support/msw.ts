import { AgentClient } from '@credential-agent/sdk';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createSandbox, DEMO_ORG_ID, DEMO_USER, type Sandbox, type SandboxOptions } from '../../src/index.js';

/**
 * An msw server for the test file and a fresh sandbox for each test, served with
 * `onUnhandledRequest: 'error'`. Read `sandbox` inside tests (it changes per test).
 */
export function useSandbox(options: SandboxOptions = {}): { readonly sandbox: Sandbox } {
  const server = setupServer();
  let current: Sandbox | undefined;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    current = createSandbox(options);
    server.resetHandlers(...current.handlers);
  });
  afterAll(() => server.close());
  return {
    get sandbox(): Sandbox {
      if (!current) throw new Error('useSandbox: read sandbox inside a test');
      return current;
    },
  };
}

/** An SDK client for the sandbox, without retries, signed in as the demo user. */
export async function signedInClient(sandbox: { baseUrl: string }): Promise<AgentClient> {
  const client = new AgentClient({ baseUrl: sandbox.baseUrl, orgId: DEMO_ORG_ID, retry: false });
  await client.auth.signIn({ email: DEMO_USER.email, password: DEMO_USER.password });
  return client;
}

/** A plain `fetch` of a sandbox path, with a JSON body and the given token. */
export function call(
  sandbox: { baseUrl: string },
  path: string,
  init: { method?: string; token?: string; authorization?: string; body?: unknown; origin?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.origin) headers['Origin'] = init.origin;
  if (init.token) headers['Authorization'] = `Bearer ${init.token}`;
  if (init.authorization) headers['Authorization'] = init.authorization;
  return fetch(`${sandbox.baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}
