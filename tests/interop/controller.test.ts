import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CredoAgent, startCredoAgent } from './support/agent.js';
import { type AgentLine, type Controller, startController } from './support/controller.js';

// The REST layer the stories run against holds each line's auth and routes, as credo-controller
// v2.0.x and v2.1+ do (../shared/reference/real-deployments.md): checked here on its own, so a
// story that passes on the wrong line cannot go unnoticed.
let agent: CredoAgent;
const controllers = new Map<AgentLine, Controller>();

beforeAll(async () => {
  agent = await startCredoAgent();
  for (const line of ['2.0', '2.1'] as const)
    controllers.set(line, await startController(agent, line, 'Agent'));
});
afterAll(async () => {
  for (const controller of controllers.values()) await controller.close();
  await agent.shutdown();
});

function controller(line: AgentLine): Controller {
  const found = controllers.get(line);
  if (!found) throw new Error(`no ${line} controller`);
  return found;
}

async function call(line: AgentLine, method: string, path: string, authorization?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== undefined) headers['authorization'] = authorization;
  const response = await fetch(`${controller(line).url}${path}`, {
    method,
    headers,
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

describe('credo-controller v2.0 shapes', () => {
  it('takes the raw API key on root routes and refuses it as Bearer', async () => {
    const { apiKey } = controller('2.0');
    expect((await call('2.0', 'GET', '/credentials', apiKey)).status).toBe(200);
    expect(await call('2.0', 'GET', '/credentials', `Bearer ${apiKey}`)).toMatchObject({
      status: 401,
      text: '{"message":"Unauthorized"}',
    });
    expect((await call('2.0', 'GET', '/credentials')).status).toBe(401);
  });

  it('has no token route and no /didcomm prefix: 404 HTML pages', async () => {
    const { apiKey } = controller('2.0');
    for (const [method, path] of [
      ['POST', '/agent/token'],
      ['GET', '/didcomm/credentials'],
    ] as const) {
      const answer = await call('2.0', method, path, apiKey);
      expect(answer.status).toBe(404);
      expect(answer.type).toMatch(/^text\/html/);
    }
  });
});

describe('credo-controller v2.1 shapes', () => {
  it('exchanges the raw key for a JWT at POST /agent/token only', async () => {
    const { apiKey } = controller('2.1');
    const exchanged = await call('2.1', 'POST', '/agent/token', apiKey);
    expect(exchanged.status).toBe(200);
    const { token } = JSON.parse(exchanged.text) as { token: string };
    expect(token.split('.')).toHaveLength(3);
    expect(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    expect((await call('2.1', 'POST', '/agent/token', `Bearer ${apiKey}`)).status).toBe(401);
    expect((await call('2.1', 'POST', '/agent/token', 'wrong')).status).toBe(401);

    for (const authorization of [token, `Bearer ${token}`]) {
      expect((await call('2.1', 'GET', '/didcomm/credentials', authorization)).status).toBe(200);
      expect((await call('2.1', 'GET', '/agent', authorization)).status).toBe(200);
    }
    expect(await call('2.1', 'GET', '/didcomm/credentials', apiKey)).toMatchObject({
      status: 401,
      text: '{"message":"Unauthorized"}',
    });
    const forged = `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    expect((await call('2.1', 'GET', '/didcomm/credentials', forged)).status).toBe(401);
  });

  it('serves the DIDComm routes under /didcomm only; /dids/write stays at the root', async () => {
    const { token } = JSON.parse(
      (await call('2.1', 'POST', '/agent/token', controller('2.1').apiKey)).text,
    ) as {
      token: string;
    };
    for (const [method, path] of [
      ['GET', '/credentials'],
      ['GET', '/oob/6f1c2d3e-4a5b-4c6d-8e7f-901234567890'],
      ['POST', '/proofs/request-proof'],
      ['POST', '/didcomm/dids/write'],
    ] as const) {
      const answer = await call('2.1', method, path, token);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.type).toMatch(/^text\/html/);
    }
    const written = await call('2.1', 'POST', '/dids/write', token);
    expect(written.status).toBe(422);
    expect(JSON.parse(written.text)).toMatchObject({ message: 'Validation Failed' });
  });
});
